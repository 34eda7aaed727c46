"""Named cases of the metrics that compare two labelings.

Every one of these scores is read off the contingency table of the two labelings, so
the cases are chosen by the shape of that table: one cluster on either side, all
singletons, a cluster of one sample, one sample, no samples, identical and independent
labelings; and by the ids (negative, non-contiguous, float, string), which must not
matter (the corpus stores numbers only, so there are no string ids).  A case that tells scikit-learn apart from a wrong reading carries
``wrong-reading-<name>``; generators/clustering/readings.py checks each claim.
"""

from __future__ import annotations

from generators.clustering._common import AVERAGED, PAIR_METRICS, WITH_BETA, each_pair, pair_case

ALL = PAIR_METRICS
MI = ("mutual_info_score",)

# (slug, labels_true, labels_pred, tags, description): scikit-learn's docstring examples and the
# classic shapes of a contingency table.
SHAPES = (
    ("relabelled-perfect", [0, 0, 1, 1], [1, 1, 0, 0], ["worked-example"],
     "The same partition under swapped ids: every agreement score is perfect."),
    ("split-class", [0, 0, 1, 2], [0, 0, 1, 1], ["worked-example"],
     "Two true classes merged into one cluster: complete but not homogeneous."),
    ("merged-cluster", [0, 0, 1, 1], [0, 0, 1, 2], ["worked-example"],
     "One class split into two clusters: homogeneous but not complete."),
    ("discordant", [0, 0, 1, 1], [0, 1, 0, 1], ["worked-example"],
     "Each cluster takes one sample of each class: ARI reaches -0.5, MI is 0."),
    ("homogeneity-example", [0, 0, 1, 1, 2, 2], [0, 0, 1, 2, 2, 2], ["worked-example"],
     "scikit-learn's homogeneity_completeness_v_measure example."),
    ("unequal-entropies", [0, 0, 0, 0, 0, 1, 1, 2, 3, 3], [0, 0, 1, 1, 1, 1, 1, 1, 2, 2], [],
     "Labelings of unequal entropy (4 classes, 3 clusters), partly agreeing: every average_method "
     "gives another NMI and AMI."),
    ("independent", [0, 0, 0, 1, 1, 1, 2, 2, 2], [0, 1, 2, 0, 1, 2, 0, 1, 2], [],
     "Independent labelings: every cell of the 3 x 3 table is 1, the mutual information is exactly 0 (terms "
     "below machine epsilon are dropped), ARI is negative."),
    ("identical", [2, 0, 1, 1, 0, 2, 2, 1, 0, 0], [2, 0, 1, 1, 0, 2, 2, 1, 0, 0], [],
     "Identical labelings of three clusters."),
)

# Degenerate tables: one cluster, all singletons, one sample, no samples.
DEGENERATE = (
    ("one-cluster-each", [3, 3, 3, 3], [7, 7, 7, 7], ["one-cluster"],
     "Both labelings put every sample in one cluster (ids differ): scikit-learn's conventions say 1.0 for "
     "ARI, Rand, NMI, AMI, homogeneity, completeness and V; MI is 0; FMI is 1 (every pair together in both)."),
    ("one-true-cluster", [0, 0, 0, 0], [0, 0, 1, 1], ["one-cluster"],
     "labels_true is one cluster, labels_pred two: ARI 0, AMI 0 (one side has no information), NMI 0 "
     "(MI is 0), homogeneity 1 (H(true) is 0), completeness 0."),
    ("one-pred-cluster", [0, 0, 1, 1], [5, 5, 5, 5], ["one-cluster"],
     "labels_pred is one cluster, labels_true two: the mirror of one-true-cluster."),
    ("all-singletons", [0, 1, 2, 3], [3, 2, 1, 0], ["singletons"],
     "Both labelings put each sample alone: identical partitions (ARI 1, NMI 1), but no pair is together in "
     "either, so FMI's 0/0 is 0."),
    ("singletons-vs-one-cluster", [0, 0, 0, 0], [0, 1, 2, 3], ["singletons", "one-cluster"],
     "scikit-learn's example of a totally incomplete assignment: ARI 0, homogeneity 1, completeness 0."),
    ("a-cluster-of-one", [0, 0, 0, 1, 1], [0, 0, 1, 1, 1], [],
     "A cluster of one sample on the predicted side."),
    ("one-sample", [4], [9], ["single-sample"],
     "One sample: one cluster each, no pairs; ARI, Rand, NMI, AMI, H, C, V are 1.0, FMI and MI 0."),
    ("two-samples-apart", [0, 1], [0, 0], [],
     "Two samples, apart in labels_true, together in labels_pred."),
)

IDS = (
    ("negative-ids", [-1, -1, 5, 5, -3, -3], [2, 2, -7, -7, -7, 0], ["negative-labels"],
     "Negative ids: only the partition matters."),
    ("non-contiguous-ids", [0, 0, 10, 10, 100, 100], [7, 7, 7, 300, 300, 300], ["non-contiguous-labels"],
     "Ids with gaps (0, 10, 100): a port that sizes its table by the largest id still counts three classes."),
    ("float-ids", [0.5, 0.5, 1.5, 1.5, 2.5], [1.0, 1.0, 1.0, 2.0, 2.0], ["float-ids"],
     "Float-coded ids; scikit-learn warns (continuous values) but compares them by value."),
    ("large-ids", [10**12, 10**12, 3, 3, -(10**12)], [1, 1, 2, 2, 2], ["large-ids"],
     "Ids of 10^12: an index-by-id table does not fit; a sort does."),
)


def shapes():
    for group in (SHAPES, DEGENERATE, IDS):
        for slug, a, b, tags, text in group:
            degenerate = ["degenerate"] if group is DEGENERATE else []
            yield from each_pair(ALL, slug, a, b, tags=[*tags, *degenerate], description=text)


def empty():
    for metric in ALL:
        yield pair_case(metric, "empty", [], [], tags=["empty", "degenerate", *(["error"] if metric in MI else [])],
                        description="No samples. scikit-learn's conventions: ARI, Rand, NMI, AMI, H, C, V are 1.0, "
                        "FMI 0.0, the pair confusion matrix is all zeros, the contingency table is 0 x 0; "
                        "mutual_info_score raises (its log of a zero total).")


def refusals():
    for metric in ALL:
        yield pair_case(metric, "mismatched-lengths", [0, 0, 1], [0, 1], tags=["error", "mismatched-lengths"],
                        description="Labelings of different lengths are refused.")
        yield pair_case(metric, "two-dimensional", [[0, 1], [1, 1]], [[0, 1], [1, 0]], tags=["error", "shape"],
                        description="A labeling is a 1-D vector; a 2-D array is refused.")
    for metric in PAIR_METRICS:
        if metric == "contingency_matrix":
            continue  # it does not check its labels (np.unique takes NaN)
        yield pair_case(metric, "nan-label", [0.0, float("nan"), 1.0], [0, 1, 1], tags=["error", "nan-input"],
                        description="A NaN label is refused.")


def keywords():
    a, b = [0, 0, 0, 0, 0, 1, 1, 2, 3, 3], [0, 0, 1, 1, 1, 1, 1, 1, 2, 2]
    for method in ("arithmetic", "geometric", "max", "min"):
        yield from each_pair(AVERAGED, f"unequal-entropies/average_method={method}", a, b,
                             {"average_method": method}, tags=["average-method"],
                             description=f"average_method={method!r}: the normaliser is the {method} of H(true) "
                             "and H(pred).")
    for method in ("arithmetic", "geometric"):
        yield from each_pair(AVERAGED, f"one-cluster-each/average_method={method}", [1, 1, 1], [2, 2, 2],
                             {"average_method": method}, tags=["average-method", "one-cluster", "degenerate"],
                             description="One cluster each: 1.0 whatever the average (the normaliser is 0).")
    yield from each_pair(AVERAGED, "average_method=bogus", a, b, {"average_method": "bogus"},
                         tags=["average-method", "error", "keyword"],
                         description="An unknown average_method is refused.")
    for beta in (0.0, 0.5, 2.0):
        yield from each_pair(WITH_BETA, f"unequal-entropies/beta={beta}", a, b, {"beta": beta},
                             tags=["beta"],
                             description=f"beta={beta}: V = (1 + beta) h c / (beta h + c); beta 0 is homogeneity.")
    yield from each_pair(WITH_BETA, "beta=-1", a, b, {"beta": -1.0}, tags=["beta", "error", "keyword"],
                         description="A negative beta is refused.")
    yield pair_case("contingency_matrix", "split-class/eps=0.5", [0, 0, 1, 2], [0, 0, 1, 1], {"eps": 0.5},
                    tags=["contingency"], description="eps is added to every cell (the table becomes float).")
    yield pair_case("contingency_matrix", "eps=-1", [0, 0, 1, 2], [0, 0, 1, 1], {"eps": -1.0},
                    tags=["error", "keyword"], description="A negative eps is refused.")
    contingency = [[2, 0, 1], [0, 3, 1]]
    yield pair_case("mutual_info_score", "contingency", [0, 1], [0, 1], {"contingency": contingency},
                    tags=["contingency"],
                    description="A given contingency table replaces the labelings, which are not read: the MI "
                    "of [[2, 0, 1], [0, 3, 1]], not of the two labels passed.")
    yield pair_case("mutual_info_score", "contingency/float", [0, 1], [0, 1],
                    {"contingency": [[2.7, 0.0], [0.0, 1.2]]}, tags=["contingency", "quirk"],
                    description="A float contingency table is cast to integers (truncated: 2.7 -> 2, 1.2 -> 1) "
                    "before use, as scikit-learn's input check does.")
    yield pair_case("mutual_info_score", "contingency/one-row", [0, 1], [0, 1], {"contingency": [[2, 3, 1]]},
                    tags=["contingency", "one-cluster"],
                    description="A one-row table: one true cluster, MI 0.")
    yield pair_case("mutual_info_score", "contingency/1-D", [0, 1], [0, 1], {"contingency": [1, 2]},
                    tags=["contingency", "error", "keyword"], description="A 1-D contingency is refused.")


def cases():
    for part in (shapes, empty, refusals, keywords):
        yield from part()
