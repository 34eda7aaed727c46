"""Helpers shared by the ranking-family generators.

:func:`case` builds the id ``<metric>/<slug>``, calls scikit-learn through
:func:`generators.oracle.make_case`, and checks that a case tagged ``error`` is one in
scikit-learn and the other way round, as every family does.  :data:`CLAIMS` lists, in one
table, the cases that claim to catch a wrong reading (generators/ranking/readings.py checks
each claim).
"""

from __future__ import annotations

from generators.counts._common import wrong
from generators.oracle import make_case

# Graded relevances (y_true any non-negative matrix) and the DCG keywords.
GAIN_METRICS = ("dcg_score", "ndcg_score")
# Indicator matrices: which labels are relevant.
LABEL_METRICS = ("label_ranking_average_precision_score", "label_ranking_loss", "coverage_error")
METRICS = GAIN_METRICS + LABEL_METRICS

CLAIMS = {
    "dcg_score/docstring": ["natural-log-discount"],
    "dcg_score/docstring/log_base=10": ["log-base-ignored"],
    "dcg_score/docstring/log_base=e": ["log-base-ignored"],
    "dcg_score/docstring/k=2": ["k-before-sorting"],
    "ndcg_score/docstring/k=2": ["k-before-sorting", "ideal-without-k"],
    "ndcg_score/docstring/k=1": ["ideal-without-k"],
    "dcg_score/ties/averaged": ["ties-by-position"],
    "ndcg_score/ties/averaged": ["ties-by-position"],
    "ndcg_score/ties/k-cuts-a-tie": ["ties-by-position", "ideal-without-k"],
    "dcg_score/ties/k-cuts-a-tie": ["ties-by-position"],
    "label_ranking_average_precision_score/row-with-no-relevant-label": ["lrap-empty-row-zero"],
    "label_ranking_average_precision_score/all-zero": ["lrap-empty-row-zero"],
    "label_ranking_loss/docstring": ["ranking-loss-unnormalised"],
    "label_ranking_loss/two-rows": ["ranking-loss-unnormalised"],
    "coverage_error/docstring": ["coverage-minus-one"],
    "coverage_error/two-rows": ["coverage-minus-one"],
}


def _checked(made: dict, tags) -> dict:
    if ("error" in tags) != ("error" in made["expected"]):
        raise AssertionError(f"{made['id']}: tagged {'an error' if 'error' in tags else 'a value'} but "
                             f"scikit-learn gave {made['expected']}")
    return made


def case(metric, slug, y_true, y_score, params=None, *, sample_weight=None, tags=(), description=None):
    """One case; scikit-learn supplies ``expected``."""
    params = dict(params or {})
    tags = set(tags)
    if sample_weight is not None:
        tags.add("sample-weight")
    case_id = f"{metric}/{slug}"
    tags |= set(wrong(*CLAIMS.get(case_id, ())))
    inputs = {"y_true": y_true, "y_score": y_score, "sample_weight": sample_weight}
    return _checked(make_case(case_id, metric, inputs, params, sorted(tags), description), tags)


def each(metrics, slug, y_true, y_score, params=None, *, sample_weight=None, tags=(), only=(), description=None):
    """The same described case for each of ``metrics``; ``only`` is a list of ``(metrics, tags)`` pairs
    for tags that apply to some of them."""
    for metric in metrics:
        extra = [t for some, ts in only if metric in some for t in ts]
        yield case(metric, slug, y_true, y_score, params, sample_weight=sample_weight, tags=[*tags, *extra],
                   description=description)
