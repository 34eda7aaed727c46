"""The classification extras: hinge_loss, class_likelihood_ratios, det_curve, auc,
confusion_matrix_at_thresholds and metric_at_thresholds (scikit-learn).

``cases()`` is the family's entry point (see generators/__init__.py):

* :mod:`.hinge` -- hinge_loss, binary and multiclass (Crammer-Singer);
* :mod:`.likelihood` -- class_likelihood_ratios and replace_undefined_by;
* :mod:`.thresholds` -- det_curve, confusion_matrix_at_thresholds and metric_at_thresholds,
  whose metric_func is the name of a corpus metric (docs/decisions/0030);
* :mod:`.area` -- auc.

:mod:`.readings` is not a generator: it holds the misreadings the cases catch
(``python -m generators.extras.readings``).
"""

from __future__ import annotations

from generators.extras import area, hinge, likelihood, thresholds
from generators.parts import parts


def cases():
    for part in parts(__name__, (hinge, likelihood, thresholds, area)):
        yield from part.cases()
