"""The agreement family: more metrics read off the counts, and multilabel input.

``cases()`` is the family's entry point (see generators/__init__.py), one module per part:

* :mod:`.balanced` -- balanced_accuracy_score;
* :mod:`.matthews` -- matthews_corrcoef;
* :mod:`.kappa` -- cohen_kappa_score (arrays ``y1``, ``y2``);
* :mod:`.report` -- classification_report(output_dict=True), a JSON object per case;
* :mod:`.jaccard` -- jaccard_score, label vectors and indicator matrices;
* :mod:`.losses` -- hamming_loss, zero_one_loss, and accuracy_score on indicator matrices;
* :mod:`.mcm` -- multilabel_confusion_matrix;
* :mod:`.multilabel_prf` -- the five precision/recall/F functions on indicator matrices.

Every case on indicator matrices carries the tag ``multilabel``.  Tags
``wrong-reading-<name>`` name the readings of generators/agreement/readings.py.
"""

from __future__ import annotations

from generators.agreement import balanced, jaccard, kappa, losses, matthews, mcm, multilabel_prf, report
from generators.parts import parts


# cohen_kappa_score's arrays are y1 and y2, scikit-learn's names (docs/format.md).
PARTS = (balanced, matthews, kappa, report, jaccard, losses, mcm, multilabel_prf)


def cases():
    for part in parts(__name__, PARTS):  # then any new module
        yield from part.cases()
