"""The strings family: string class labels, across the classification and clustering metrics (issue 30).

scikit-learn takes string labels wherever it takes class labels, and orders them as ``np.unique``
does: by Unicode code point ("B" before "a", "～" before "😀").  That order fixes per-class outputs,
the rows of every confusion matrix and which score column belongs to which class, so a port that
sorts case-insensitively, by locale or by UTF-16 code units gives other numbers
(docs/spec/confusion_matrix.md#string-labels, docs/decisions/0033).  Every case is tagged
``string-labels``; ids are ``<metric>/strings/<slug>``.

* :mod:`.pairs` -- two label vectors (counts, agreement, class_likelihood_ratios);
* :mod:`.scores` -- labels and scores (the score family, d2_brier_score, d2_log_loss_score,
  hinge_loss, the threshold metrics);
* :mod:`.clustering` -- two labelings, or points and their labels.

``cases()`` is the family's entry point (see generators/__init__.py).
"""

from __future__ import annotations

from generators.strings import clustering, pairs, scores


def cases():
    for part in (pairs, scores, clustering):
        yield from part.cases()
