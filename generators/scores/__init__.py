"""The score family: metrics that read scores or probabilities, not only labels.

top_k_accuracy_score, log_loss, brier_score_loss, roc_curve,
precision_recall_curve, average_precision_score, roc_auc_score,
calibration_curve (scikit-learn) and expected_calibration_error
(spec-derived: docs/spec/expected_calibration_error.md; its oracle is
:mod:`.ece_oracle`, built on scikit-learn's calibration_curve).

``cases()`` is the family's entry point (see generators/__init__.py):

* :mod:`.topk` -- top_k_accuracy_score;
* :mod:`.probabilities` -- log_loss and brier_score_loss;
* :mod:`.ranking` -- the ROC and precision-recall curves and their areas;
* :mod:`.calibration` -- calibration_curve and expected_calibration_error.

:mod:`.readings` is not a generator: it holds one small wrong implementation
per plausible misreading of the specs and checks that the corpus catches each
(``python -m generators.scores.readings``).
"""

from __future__ import annotations

from generators.scores import calibration, probabilities, ranking, topk
from generators.parts import parts


def cases():
    for part in parts(__name__, (topk, probabilities, ranking, calibration)):  # then any new module
        yield from part.cases()
