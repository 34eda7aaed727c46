"""confusion_matrix: named cases, then seeded random cases over labels x normalize x weights."""

from __future__ import annotations

from generators.counts._common import (
    LABEL_MODE_TAGS,
    WEIGHT_MODE_TAGS,
    case,
    draw_targets,
    draw_weights,
    fmt,
    wrong,
)
from generators.counts.prf_named import EXERCISE, EXERCISE_BINARY, KOTLIN
from generators.oracle import rng_for

M = "confusion_matrix"
NORMALIZE = (None, "true", "pred", "all")


def cm(slug, y_true, y_pred, params=None, **kw):
    return case(M, slug, y_true, y_pred, params, **kw)


def worked_examples():
    yield cm("worked-example/kotlin-fixture", *KOTLIN, tags=["worked-example", *wrong("cm-transposed")],
             description="Kotlin reference fixture (y_true = targets [2, 1, 1, 0], y_pred = preds [2, 0, 1, 2]): "
             "rows are true classes, columns predicted classes.")
    yield cm("worked-example/exercise-labels-0011-preds-0111", *EXERCISE,
             tags=["worked-example", *wrong("cm-transposed")],
             description="Exercise 002 example: [[1, 1], [0, 2]] -- true labels in rows.")
    yield cm("worked-example/exercise-binary-tp6-fp2-fn4", *EXERCISE_BINARY,
             tags=["worked-example", *wrong("cm-transposed")],
             description="Exercise 002 binary counts: [[TN, FP], [FN, TP]] = [[3, 2], [4, 6]].")


def labels():
    yt, yp = [0, 1, 2, 2, 1, 0], [0, 2, 2, 1, 1, 1]
    yield cm("labels/user-order", yt, yp, {"labels": [2, 0, 1]}, tags=["labels-order", *wrong("labels-sorted")],
             description="Rows and columns follow the order of labels ([2, 0, 1]), not sorted order.")
    yield cm("labels/absent-class", yt, yp, {"labels": [0, 1, 2, 3]},
             tags=["absent-class", "labels-declared", *wrong("absent-labels-dropped")],
             description="A requested label that occurs nowhere gets a row and a column of zeros.")
    yield cm("labels/absent-class-in-the-middle", yt, yp, {"labels": [0, 5, 2, 1]},
             tags=["absent-class", "labels-order", *wrong("absent-labels-dropped", "labels-sorted")],
             description="An absent label keeps its position in the given order.")
    subset = ([0, 0, 1, 2, 1, 0], [2, 0, 1, 1, 0, 0])
    yield cm("labels/subset-drops-samples", *subset, {"labels": [0, 1]},
             tags=["labels-subset", *wrong("labels-ignored")],
             description="labels [0, 1]: samples whose true or predicted class is 2 are left out of the 2x2 matrix "
             "(unlike precision/recall with labels, which keep them in the denominators).")
    yield cm("labels/one-label-in-y_true-one-absent", [0, 1, 1], [0, 1, 0], {"labels": [1, 7]},
             tags=["labels-subset", "absent-class"],
             description="Only label 1 occurs in y_true; that is enough.")
    yield cm("errors/labels-none-in-y_true", [0, 1, 1], [0, 1, 0], {"labels": [5, 6]},
             tags=["error", "absent-class", *wrong("labels-not-in-y-true-accepted")],
             description="No requested label occurs in y_true: ValueError, not a matrix of zeros.")
    yield cm("errors/labels-only-in-y_pred", [0, 0, 1], [0, 2, 1], {"labels": [2]},
             tags=["error", "labels-subset", *wrong("labels-not-in-y-true-accepted")],
             description="Label 2 occurs in y_pred but not y_true: still a ValueError (the rule looks at y_true only).")
    yield cm("errors/labels-empty-list", [0, 1, 1], [0, 1, 0], {"labels": []}, tags=["error", "empty-labels"],
             description="labels=[] is a ValueError for confusion_matrix.")


def normalize():
    # Class 2 occurs only in y_true (a zero column), class 3 only in y_pred (a zero row).
    yt, yp = [0, 1, 1, 1, 2, 2, 0], [0, 1, 0, 1, 1, 3, 3]
    for norm in NORMALIZE:
        readings = ["cm-transposed"]
        readings += ["normalize-axis-swapped", "normalize-zero-row-nan"] if norm in ("true", "pred") else []
        yield cm(f"normalize={fmt(norm)}/zero-row-and-column", yt, yp, {"normalize": norm},
                 tags=["normalize", "zero-division", *wrong(*readings)],
                 description="Class 2 is never predicted (a zero column), class 3 never true (a zero row). "
                 "normalize='true' divides each row by its sum, 'pred' each column, 'all' the whole matrix; a row "
                 "or column of zeros stays 0 (0/0 -> 0, not NaN).")
    subset = ([0, 0, 1, 2, 1, 0], [2, 0, 1, 1, 0, 0])
    for norm in NORMALIZE[1:]:
        yield cm(f"normalize={norm}/after-labels-drop-samples", *subset, {"labels": [0, 1], "normalize": norm},
                 tags=["normalize", "labels-subset", *wrong("normalize-counts-dropped-samples")],
                 description="With labels [0, 1] the samples involving class 2 are dropped first; normalization "
                 "divides by the sums of the 2x2 matrix that is left.")
    weights = [0.5, 1.5, 2.25, 1.0, 0.25, 3.0]
    for norm in NORMALIZE[1:]:
        yield cm(f"normalize={norm}/fractional-weights", [0, 1, 1, 2, 2, 0], [0, 1, 2, 2, 1, 1], {"normalize": norm},
                 sample_weight=weights, tags=["normalize", "fractional-weight", *wrong("weights-truncated-to-int")],
                 description="Normalization of weighted cells: sums are sums of weights.")


def sample_weights():
    yt, yp = [0, 1, 1, 2, 2, 0], [0, 1, 2, 2, 1, 1]
    yield cm("sample-weight/int", yt, yp, sample_weight=[1, 2, 3, 1, 2, 1], tags=wrong("weights-ignored"),
             description="Each cell is the sum of its samples' weights (an integer matrix for integer weights).")
    yield cm("sample-weight/fractional", yt, yp, sample_weight=[0.5, 1.5, 2.25, 1.0, 0.25, 3.0],
             tags=["fractional-weight", *wrong("weights-ignored", "weights-truncated-to-int")],
             description="Fractional weights are summed as they are.")
    yield cm("sample-weight/weight-2", [0, 1, 1, 2], [0, 1, 2, 2], sample_weight=[1, 1, 2, 1],
             tags=["weight-2-duplicate", *wrong("weights-ignored")],
             description="Weight 2 equals a duplicated sample: same matrix as sample-weight/duplicated-sample.")
    yield cm("sample-weight/duplicated-sample", [0, 1, 1, 1, 2], [0, 1, 2, 2, 2], tags=["weight-2-duplicate"],
             description="Companion of sample-weight/weight-2.")
    yield cm("sample-weight/zero-weight-keeps-class", [0, 1, 2], [0, 1, 2], sample_weight=[1, 1, 0],
             tags=["zero-weight", *wrong("zero-weight-drops-class")],
             description="Class 2 occurs only in a weight-0 sample: it still has a row and a column (of zeros).")
    yield cm("errors/all-zero-weights", [0, 1, 1], [0, 1, 0], sample_weight=[0, 0, 0],
             tags=["error", "zero-weight", *wrong("all-zero-weights-accepted")],
             description="All weights 0: ValueError.")
    yield cm("errors/sample-weight-length-mismatch", [0, 1, 1], [0, 1, 0], sample_weight=[1, 2],
             tags=["error", "mismatched-lengths", *wrong("lengths-truncated")],
             description="sample_weight of the wrong length: ValueError.")


def label_values_and_degenerate():
    yield cm("float-ids/y_true-float-y_pred-int", [0.0, 1.0, 2.0, 1.0], [0, 2, 2, 1],
             tags=["float-ids", *wrong("float-ids-distinct")],
             description="1.0 and 1 are the same class: a 3x3 matrix.")
    yield cm("float-ids/float-data-int-labels", [0.0, 1.0, 2.0, 1.0], [0.0, 2.0, 2.0, 1.0], {"labels": [2, 0, 1]},
             tags=["float-ids", "labels-order", *wrong("float-ids-distinct")],
             description="Float class IDs in the data, integer IDs in labels.")
    yield cm("class-set/negative-labels", [-1, 0, 1, -1], [-1, 1, 1, 0],
             tags=["negative-labels", *wrong("declared-range-classes")],
             description="Labels {-1, 0, 1}: a 3x3 matrix in sorted order, -1 first.")
    yield cm("class-set/non-contiguous-labels", [1, 5, 9, 9, 5, 1], [1, 9, 9, 5, 5, 5],
             tags=["non-contiguous-labels", *wrong("declared-range-classes")],
             description="Labels {1, 5, 9}: a 3x3 matrix, not 10x10.")
    yield cm("single-class/one-class-only", [3, 3], [3, 3], tags=["single-class"],
             description="One class occurs: a 1x1 matrix (scikit-learn warns that labels= would fix the shape).")
    yield cm("single-class/one-class-with-labels", [3, 3], [3, 3], {"labels": [3, 4]},
             tags=["single-class", "absent-class"], description="The same with labels [3, 4]: 2x2, no warning.")
    yield cm("all-wrong/cycle", [0, 1, 2], [1, 2, 0], tags=["all-wrong", *wrong("cm-transposed")],
             description="Every prediction wrong: a zero diagonal.")
    yield cm("errors/empty", [], [], tags=["error", "empty", "degenerate", *wrong("empty-is-zero")],
             description="Empty input: ValueError in scikit-learn 1.9.1.")
    yield cm("errors/mismatched-lengths", [0, 1, 1], [0, 1], tags=["error", "mismatched-lengths",
                                                                   *wrong("lengths-truncated")],
             description="y_true and y_pred of different lengths: ValueError.")


# --- grid -----------------------------------------------------------------------------------

LABEL_MODES = ("none", "reordered", "absent", "subset")
WEIGHT_MODES = ("none", "int", "float")
PER_COMBINATION = 2


def _labels_for(rng, mode, n_classes, y_true, y_pred):
    """labels for the grid; a subset always keeps one class of y_true (else scikit-learn raises)."""
    present = sorted(set(y_true) | set(y_pred))
    if mode == "none":
        return None
    if mode == "reordered":
        return [int(v) for v in rng.permutation(present)]
    if mode == "absent":
        return sorted(present + [n_classes + int(rng.integers(0, 3))])
    anchor = int(rng.choice(sorted(set(y_true))))
    others = [c for c in present if c != anchor]
    extra = int(rng.integers(0, len(others))) if others else 0
    return sorted([anchor] + [int(v) for v in rng.choice(others, extra, replace=False)]) if extra else [anchor]


def grid():
    for mode in LABEL_MODES:
        for norm in NORMALIZE:
            for weights in WEIGHT_MODES:
                for i in range(PER_COMBINATION):
                    slug = f"grid/labels={mode}/normalize={fmt(norm)}/weights={weights}/{i}"
                    rng = rng_for(f"{M}/{slug}")
                    n_classes = int(rng.integers(2, 6))
                    yt, yp = draw_targets(rng, n_classes)
                    params = {}
                    lab = _labels_for(rng, mode, n_classes, yt, yp)
                    if lab is not None:
                        params["labels"] = lab
                    if norm is not None:
                        params["normalize"] = norm
                    tags = ["grid", *LABEL_MODE_TAGS[mode], *WEIGHT_MODE_TAGS[weights]]
                    tags += ["normalize"] if norm else []
                    yield cm(slug, yt, yp, params, sample_weight=draw_weights(rng, weights, len(yt)), tags=tags)


def cases():
    for group in (worked_examples, labels, normalize, sample_weights, label_values_and_degenerate, grid):
        yield from group()
