"""Helpers shared by the clustering-family generators.

:func:`pair_case` (two labelings) and :func:`points_case` (points and their labels)
build the id ``<metric>/<slug>``, call scikit-learn through
:func:`generators.oracle.make_case`, and check that a case tagged ``error`` is one in
scikit-learn and the other way round, as every family does.
"""

from __future__ import annotations

from generators.counts._common import wrong
from generators.oracle import make_case

# The scores of two labelings, and what they return.
PAIR_SCORES = ("adjusted_rand_score", "rand_score", "mutual_info_score", "adjusted_mutual_info_score",
               "normalized_mutual_info_score", "homogeneity_score", "completeness_score", "v_measure_score",
               "fowlkes_mallows_score")
PAIR_TABLES = ("pair_confusion_matrix", "contingency_matrix", "homogeneity_completeness_v_measure")
PAIR_METRICS = PAIR_SCORES + PAIR_TABLES
# The scores of points and their labels.
POINT_METRICS = ("silhouette_score", "silhouette_samples", "calinski_harabasz_score", "davies_bouldin_score")
METRICS = PAIR_METRICS + POINT_METRICS
# Symmetric by definition: swapping the two labelings changes nothing.
SYMMETRIC = ("adjusted_rand_score", "rand_score", "mutual_info_score", "adjusted_mutual_info_score",
             "normalized_mutual_info_score", "v_measure_score", "fowlkes_mallows_score")
AVERAGED = ("normalized_mutual_info_score", "adjusted_mutual_info_score")
WITH_BETA = ("v_measure_score", "homogeneity_completeness_v_measure")


# The cases that claim to catch a wrong reading (generators/clustering/readings.py checks each claim):
# case id -> readings.  Kept in one table so that a reader sees at once which case catches what.
CLAIMS = {
    "mutual_info_score/split-class": ["log2-mutual-information"],
    "mutual_info_score/identical": ["log2-mutual-information"],
    "mutual_info_score/unequal-entropies": ["log2-mutual-information"],
    "mutual_info_score/contingency": ["log2-mutual-information", "contingency-ignored"],
    "normalized_mutual_info_score/unequal-entropies": ["geometric-normalisation"],
    "adjusted_mutual_info_score/unequal-entropies": ["geometric-normalisation"],
    "normalized_mutual_info_score/long/n=100000/clusters=300": ["geometric-normalisation"],
    "adjusted_mutual_info_score/long/n=100000/clusters=300": ["geometric-normalisation",
                                                              "naive-expected-mutual-information"],
    "adjusted_rand_score/split-class": ["unadjusted-rand"],
    "adjusted_rand_score/discordant": ["unadjusted-rand"],
    "adjusted_rand_score/independent": ["unadjusted-rand"],
    "adjusted_rand_score/long/n=60000": ["unadjusted-rand", "int32-pair-counts"],
    "rand_score/long/n=60000": ["int32-pair-counts"],
    "pair_confusion_matrix/long/n=60000": ["int32-pair-counts"],
    "silhouette_score/three-blobs": ["squared-euclidean-silhouette"],
    "silhouette_samples/three-blobs": ["squared-euclidean-silhouette"],
    "silhouette_score/three-blobs/mixed": ["squared-euclidean-silhouette"],
    "silhouette_samples/three-blobs/scale=1e+100": ["squared-euclidean-silhouette"],
    "calinski_harabasz_score/three-blobs": ["calinski-harabasz-over-n"],
    "calinski_harabasz_score/two-clusters": ["calinski-harabasz-over-n"],
    "davies_bouldin_score/three-blobs": ["davies-bouldin-mean"],
    "davies_bouldin_score/three-blobs/mixed": ["davies-bouldin-mean"],
}


def _claimed(case_id: str, tags) -> list[str]:
    return sorted(set(tags) | set(wrong(*CLAIMS.get(case_id, ()))))


def _checked(made: dict, tags) -> dict:
    if ("error" in tags) != ("error" in made["expected"]):
        raise AssertionError(f"{made['id']}: tagged {'an error' if 'error' in tags else 'a value'} but "
                             f"scikit-learn gave {made['expected']}")
    return made


def pair_case(metric, slug, labels_true, labels_pred, params=None, *, tags=(), description=None):
    """One case of a two-labeling metric; scikit-learn supplies ``expected``."""
    inputs = {"labels_true": labels_true, "labels_pred": labels_pred}
    case_id = f"{metric}/{slug}"
    return _checked(make_case(case_id, metric, inputs, params, _claimed(case_id, tags), description), tags)


def points_case(metric, slug, X, labels, params=None, *, tags=(), description=None):
    """One case of a points metric; scikit-learn supplies ``expected``."""
    params = dict(params or {})
    tags = set(tags)
    if params.get("metric") is not None:
        tags.add("distance-metric")
    case_id = f"{metric}/{slug}"
    return _checked(make_case(case_id, metric, {"X": X, "labels": labels}, params, _claimed(case_id, tags),
                              description), tags)


def each_pair(metrics, slug, labels_true, labels_pred, params=None, *, tags=(), only=(), description=None):
    """The same described case for each of ``metrics``; ``only`` is a list of ``(metrics, tags)``
    pairs for tags that apply to some of them."""
    for metric in metrics:
        extra = [t for some, ts in only if metric in some for t in ts]
        yield pair_case(metric, slug, labels_true, labels_pred, params, tags=[*tags, *extra], description=description)


def each_points(metrics, slug, X, labels, params=None, *, tags=(), only=(), description=None):
    for metric in metrics:
        extra = [t for some, ts in only if metric in some for t in ts]
        yield points_case(metric, slug, X, labels, params, tags=[*tags, *extra], description=description)
