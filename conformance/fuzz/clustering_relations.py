"""Metamorphic relations of the clustering metrics (issue 25), in the form of relations.py's.

Each function takes a call as a corpus case stores it (metric, inputs, params: JSON-level) and
an rng, and returns :class:`conformance.fuzz.relations.Variant` objects: the transformed call
and how its answer follows from the original's.

* **relabel-each** -- renaming the ids of ``labels_true`` and of ``labels_pred``, each by its own
  bijection, leaves every score unchanged (the pair confusion matrix too; not the contingency
  matrix, whose rows and columns follow the ids' order);
* **swap-symmetric** -- exchanging the two labelings leaves ARI, Rand, MI, NMI, AMI, FMI and
  V-measure (β = 1) unchanged, transposes the pair confusion matrix's off-diagonal and the
  contingency matrix, and turns homogeneity into completeness (:data:`SWAPPED_METRIC`);
* **permute-samples** -- shuffling the samples (both labelings, or X's rows and the labels,
  alike) leaves every score unchanged, and permutes silhouette_samples' answer alike.  A
  precomputed distance matrix is permuted on both axes.

Not yet wired into ``parity fuzz``'s campaign (conformance/fuzz/relations.py draws calls of the
metrics it lists); tests/test_clustering_relations.py checks that each holds for scikit-learn.
"""

from __future__ import annotations

import copy

import numpy as np

from conformance.fuzz.relations import PERMUTE, SWAP, Variant

RELABEL = "relabel-each"
PAIR_METRICS = frozenset({
    "adjusted_rand_score", "rand_score", "pair_confusion_matrix", "contingency_matrix", "mutual_info_score",
    "adjusted_mutual_info_score", "normalized_mutual_info_score", "homogeneity_score", "completeness_score",
    "v_measure_score", "homogeneity_completeness_v_measure", "fowlkes_mallows_score"})
POINT_METRICS = frozenset({"silhouette_score", "silhouette_samples", "calinski_harabasz_score",
                           "davies_bouldin_score"})
SYMMETRIC = frozenset({"adjusted_rand_score", "rand_score", "mutual_info_score", "adjusted_mutual_info_score",
                       "normalized_mutual_info_score", "fowlkes_mallows_score", "v_measure_score"})
#: swap-symmetric across two functions: f(a, b) == SWAPPED_METRIC[f](b, a).
SWAPPED_METRIC = {"homogeneity_score": "completeness_score", "completeness_score": "homogeneity_score"}


def _ints(values) -> bool:
    return isinstance(values, list) and all(isinstance(v, int) and not isinstance(v, bool) for v in values)


def relabel_each(metric: str, inputs: dict, params: dict, rng: np.random.Generator) -> list[Variant]:
    if metric not in PAIR_METRICS - {"contingency_matrix"} or "contingency" in params:
        return []
    new = copy.deepcopy(inputs)
    for name in ("labels_true", "labels_pred"):
        ids = inputs.get(name)
        if not _ints(ids) or not ids:
            return []
        old = sorted(set(ids))
        fresh = [int(v) for v in rng.choice(np.arange(-3 * len(old) - 3, 3 * len(old) + 4), len(old), replace=False)]
        mapping = dict(zip(old, fresh))
        new[name] = [mapping[v] for v in ids]
    return [Variant(RELABEL, new, copy.deepcopy(params), detail="each labeling renamed by its own bijection")]


def swap(metric: str, inputs: dict, params: dict, rng=None) -> list[Variant]:
    """The swapped call; for homogeneity/completeness the variant is a call of the other metric
    (its ``detail`` names it), whose answer equals the original's."""
    if metric not in SYMMETRIC | set(SWAPPED_METRIC) | {"pair_confusion_matrix", "contingency_matrix"}:
        return []
    if metric == "v_measure_score" and params.get("beta", 1.0) != 1.0:
        return []  # beta weighs completeness against homogeneity
    if "labels_true" not in inputs or "labels_pred" not in inputs or "contingency" in params:
        return []
    new = copy.deepcopy(inputs)
    new["labels_true"], new["labels_pred"] = new["labels_pred"], new["labels_true"]
    transform = None
    if metric == "pair_confusion_matrix":
        transform = lambda m: [[m[0][0], m[1][0]], [m[0][1], m[1][1]]]  # noqa: E731
    elif metric == "contingency_matrix":
        transform = lambda m: [list(r) for r in zip(*m)] if m else m  # noqa: E731
    detail = f"labelings exchanged; call {SWAPPED_METRIC[metric]}" if metric in SWAPPED_METRIC else \
        "labelings exchanged"
    return [Variant(SWAP, new, copy.deepcopy(params), detail=detail, transform=transform)]


def permute(metric: str, inputs: dict, params: dict, rng: np.random.Generator) -> list[Variant]:
    names = ("labels_true", "labels_pred") if metric in PAIR_METRICS else ("X", "labels")
    if metric not in PAIR_METRICS | POINT_METRICS or "contingency" in params:
        return []
    lengths = {len(inputs[n]) if isinstance(inputs.get(n), list) else -1 for n in names}
    if len(lengths) != 1 or -1 in lengths or lengths == {0} or lengths == {1}:
        return []
    n = lengths.pop()
    order = [int(i) for i in rng.permutation(n)]
    new = {k: copy.deepcopy(v) for k, v in inputs.items()}
    for name in names:
        new[name] = [copy.deepcopy(inputs[name][i]) for i in order]
    if params.get("metric") == "precomputed":
        new["X"] = [[inputs["X"][i][j] for j in order] for i in order]
    transform = None
    if metric == "silhouette_samples":
        def transform(value, order=order):
            return [value[i] for i in order]
    return [Variant(PERMUTE, new, copy.deepcopy(params), detail=f"order {order}", transform=transform)]


RELATIONS = {RELABEL: relabel_each, SWAP: swap, PERMUTE: permute}
