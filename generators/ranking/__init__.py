"""The ranking family: ``dcg_score``, ``ndcg_score``, ``label_ranking_average_precision_score``,
``label_ranking_loss`` and ``coverage_error`` of ``sklearn.metrics``.

``cases()`` is the family's entry point (see generators/__init__.py).  Parts:

* :mod:`.gains` -- DCG and NDCG over graded relevances: scikit-learn's docstring examples,
  ``k``, ``log_base``, ``ignore_ties``, weights, ties, rows with no relevant item, refusals;
* :mod:`.labels` -- the three label-ranking metrics over indicator matrices: docstring
  examples, ties, rows with no or only relevant labels, one column, weights, refusals;
* :mod:`.large` -- 10⁵ rows, rankings of 2,000 items, score magnitudes and offsets.

:mod:`.readings` generates nothing: it lists the family's wrong readings and checks that a
tagged case catches each (``python -m generators.ranking.readings``).
"""

from __future__ import annotations

from generators.ranking import gains, labels, large


def cases():
    for part in (gains, labels, large):
        yield from part.cases()
