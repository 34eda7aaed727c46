"""Named cases of the metrics that score one labeling of points: silhouette_score,
silhouette_samples, calinski_harabasz_score and davies_bouldin_score.

The points are small integer grids, so every distance the cases rest on is easy to
check by hand; the labels take 2 to n - 1 clusters (scikit-learn refuses the rest).
``silhouette_score``'s ``sample_size`` is not covered: it draws a random subsample
(docs/decisions/0022).
"""

from __future__ import annotations

import numpy as np

from generators.clustering._common import POINT_METRICS, each_points, points_case

SILHOUETTE = ("silhouette_score", "silhouette_samples")
CH, DB = ("calinski_harabasz_score",), ("davies_bouldin_score",)

# Three clusters of three points in the plane, integer coordinates.
BLOBS = [[0, 0], [1, 0], [0, 2], [6, 5], [7, 6], [6, 7], [0, 9], [1, 8], [2, 9]]
BLOB_LABELS = [0, 0, 0, 1, 1, 1, 2, 2, 2]
# The same points, one of the third cluster's points moved to the first: a poorer labeling.
MIXED_LABELS = [0, 0, 0, 1, 1, 1, 2, 0, 2]
DISTANCES = ("euclidean", "manhattan", "cosine")


def _manhattan(points) -> list:
    p = np.asarray(points)
    return np.abs(p[:, None, :] - p[None, :, :]).sum(axis=2).tolist()


def shapes():
    for slug, labels, text in (
        ("three-blobs", BLOB_LABELS, "Three well-separated clusters of three points each (integer coordinates)."),
        ("three-blobs/mixed", MIXED_LABELS, "The three clusters with one point given to the wrong cluster."),
    ):
        yield from each_points(POINT_METRICS, slug, BLOBS, labels, tags=["worked-example"], description=text)
    yield from each_points(
        POINT_METRICS, "two-clusters", [[0.0], [1.0], [2.0], [10.0], [11.5]], [0, 0, 0, 1, 1],
        description="Two clusters on a line: for k = 2, Davies-Bouldin's max over the other clusters is the "
        "one other cluster.")
    yield from each_points(
        POINT_METRICS, "a-cluster-of-one", BLOBS[:7], [0, 0, 0, 1, 1, 1, 2], tags=["singletons"],
        description="The seventh point is alone in its cluster: its silhouette is 0 by convention (a = 0/0), "
        "not 1; it adds nothing within clusters.")
    yield from each_points(
        POINT_METRICS, "ids", BLOBS, [-5, -5, -5, 100, 100, 100, 7, 7, 7], tags=["negative-labels",
                                                                              "non-contiguous-labels"],
        description="Negative and non-contiguous ids: only the partition matters.")
    yield from each_points(
        POINT_METRICS, "repeated-points", [[0, 0], [0, 0], [3, 4], [3, 4], [3, 4]], [0, 0, 1, 1, 1],
        tags=["degenerate"],
        description="Each cluster is one point repeated: no spread within clusters. Calinski-Harabasz is 1.0 "
        "(scikit-learn's value for a zero within-cluster dispersion), Davies-Bouldin 0.0, silhouettes 1.")


def distances():
    for metric in DISTANCES:
        for slug, labels, which in (("three-blobs", BLOB_LABELS, "the three blobs"),
                                    ("three-blobs/mixed", MIXED_LABELS, "the blobs with one point mislabelled")):
            yield from each_points(
                SILHOUETTE, f"{slug}/metric={metric}", BLOBS, labels, {"metric": metric},
                description=f"The silhouette of {which} under the {metric} distance.")
    yield from each_points(
        SILHOUETTE, "cosine/zero-vector", [[0, 0], [1, 0], [2, 0], [0, 1], [0, 3]], [0, 0, 0, 1, 1],
        {"metric": "cosine"}, tags=["degenerate"],
        description="A zero vector has no direction: its cosine distance to every other point is 1.")
    for slug, labels, which in (("three-blobs", BLOB_LABELS, "the three blobs"),
                                ("three-blobs/mixed", MIXED_LABELS, "the blobs with one point mislabelled")):
        yield from each_points(
            SILHOUETTE, f"{slug}/metric=precomputed", _manhattan(BLOBS), labels, {"metric": "precomputed"},
            description=f"X is the matrix of manhattan distances between the points of {which}: the same value "
            "as metric='manhattan' on the points.")
    bad = _manhattan(BLOBS)
    bad[2][2] = 1
    yield from each_points(
        SILHOUETTE, "precomputed/non-zero-diagonal", bad, BLOB_LABELS, {"metric": "precomputed"},
        tags=["error"], description="A precomputed matrix with a non-zero diagonal is refused.")
    yield from each_points(
        SILHOUETTE, "metric=bogus", BLOBS, BLOB_LABELS, {"metric": "bogus"}, tags=["error"],
        description="An unknown distance is refused.")


def refusals():
    for slug, X, labels, tags, text in (
        ("one-cluster", BLOBS, [4] * 9, ["one-cluster"], "One cluster: refused (2 to n - 1 labels are needed)."),
        ("all-singletons", BLOBS[:4], [0, 1, 2, 3], ["singletons"],
         "Every point its own cluster: refused (n labels for n samples)."),
        ("one-sample", [[1.0, 2.0]], [0], ["single-sample"], "One sample: refused."),
        ("empty", [], [], ["empty"], "No samples (an empty list: the corpus cannot give it a second dimension): refused."),
        ("mismatched-lengths", BLOBS, BLOB_LABELS[:-1], ["mismatched-lengths"],
         "X and labels of different lengths: refused."),
        ("nan-feature", [[0, 0], [1, float("nan")], [5, 5], [6, 6]], [0, 0, 1, 1], ["nan-input"],
         "A NaN feature: refused."),
        ("one-dimensional-X", [0.0, 1.0, 5.0, 6.0], [0, 0, 1, 1], ["shape"], "X must be 2-D."),
    ):
        yield from each_points(POINT_METRICS, slug, X, labels, tags=["error", *tags], description=text)


def cases():
    for part in (shapes, distances, refusals):
        yield from part()
