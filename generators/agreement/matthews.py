"""matthews_corrcoef: named cases (every zero-denominator shape), then a seeded grid."""

from __future__ import annotations

from generators.agreement._common import EXERCISE_BINARY, KOTLIN, case, wrong
from generators.counts._common import WEIGHT_MODE_TAGS, draw_targets, draw_weights
from generators.oracle import rng_for

M = "matthews_corrcoef"


def mcc(slug, y_true, y_pred, **kw):
    return case(M, slug, y_true, y_pred, **kw)


def worked_examples():
    yield mcc("worked-example/scikit-learn-docstring", [1, 1, 1, -1], [1, -1, 1, 1],
              tags=["worked-example", "negative-labels"],
              description="scikit-learn's example, labels {-1, 1}: -1/3.")
    yield mcc("worked-example/exercise-binary-tp6-fp2-fn4", *EXERCISE_BINARY, tags=["worked-example"],
              description="TP=6, FP=2, FN=4, TN=3: (TP*TN - FP*FN) / sqrt((TP+FP)(TP+FN)(TN+FP)(TN+FN)) = "
              "10 / sqrt(8*10*5*7).")
    yield mcc("worked-example/kotlin-fixture", *KOTLIN, tags=["worked-example", *wrong("mcc-mean-of-one-vs-rest")],
              description="Multiclass: one correlation of the whole K x K matrix, (c*s - t.p) / sqrt((s^2 - p.p)"
              "(s^2 - t.t)) with c correct, s samples, t and p the true and predicted class counts -- not the mean "
              "of the three one-vs-rest binary MCCs.")
    yield mcc("multiclass/three-classes", [0, 0, 1, 1, 2, 2, 2], [0, 1, 1, 2, 2, 2, 0],
              tags=wrong("mcc-mean-of-one-vs-rest"), description="A second multiclass matrix.")
    yield mcc("multiclass/all-wrong-cycle", [0, 1, 2], [1, 2, 0], tags=["all-wrong"],
              description="Every prediction wrong with balanced marginals: -0.5, the K-class minimum -1/(K-1).")
    yield mcc("binary/all-wrong", [0, 1, 0, 1], [1, 0, 1, 0], tags=["all-wrong"], description="Binary: -1.0.")


def zero_denominator():
    shapes = {
        "y_pred-one-class": ([0, 1, 1, 0], [1, 1, 1, 1], ["mcc-undefined-is-nan"],
                             "y_pred holds a single class (its variance is 0)"),
        "y_true-one-class": ([1, 1, 1, 1], [0, 1, 1, 0], ["mcc-undefined-is-nan"],
                             "y_true holds a single class"),
        "both-one-class-all-right": ([2, 2, 2], [2, 2, 2], ["mcc-undefined-is-nan", "mcc-undefined-by-agreement"],
                                     "a perfect prediction of a single class"),
        "both-one-class-all-wrong": ([0, 0, 0], [1, 1, 1], ["mcc-undefined-is-nan", "mcc-undefined-by-agreement"],
                                     "every sample of class 0 predicted as class 1"),
        "multiclass-y_pred-one-class": ([0, 1, 2, 0], [2, 2, 2, 2], ["mcc-undefined-is-nan"],
                                        "three true classes, one predicted"),
        "one-sample": ([1], [1], ["mcc-undefined-is-nan", "mcc-undefined-by-agreement"], "a single sample"),
    }
    for slug, (yt, yp, readings, what) in shapes.items():
        yield mcc(f"zero-denominator/{slug}", yt, yp, tags=["zero-division", "degenerate", *wrong(*readings)],
                  description=f"Zero denominator: {what}. The numerator is 0 too, and scikit-learn returns 0.0 -- "
                  "not NaN, not 1.0 for a perfect prediction or -1.0 for an all-wrong one -- and emits no "
                  "UndefinedMetricWarning in 1.9.1 (only confusion_matrix's single-label UserWarning, if any).")
    yield mcc("zero-denominator/one-class-by-weight", [0, 1, 1, 0, 1], [0, 1, 1, 0, 0], sample_weight=[1, 0, 0, 1, 0],
              tags=["zero-division", "zero-weight", "degenerate", *wrong("mcc-undefined-is-nan", "weights-ignored")],
              description="Only class-0 samples have weight: by weight y_true and y_pred each hold one class, so "
              "0.0 (unweighted the value would be 2/3).")


def weights_and_errors():
    yt, yp = [0, 1, 2, 2, 1, 0], [0, 2, 2, 1, 1, 1]
    yield mcc("sample-weight/int", yt, yp, sample_weight=[1, 2, 3, 1, 2, 1], tags=wrong("weights-ignored"),
              description="Weights enter the matrix; the formula reads the weighted counts.")
    yield mcc("sample-weight/fractional", yt, yp, sample_weight=[0.5, 1.5, 2.25, 1.0, 0.25, 3.0],
              tags=["fractional-weight", *wrong("weights-ignored")], description="Fractional weights.")
    yield mcc("float-ids/y_true-float-y_pred-int", [0.0, 1.0, 2.0, 1.0], [0, 2, 2, 1], tags=["float-ids"],
              description="1.0 and 1 are one class.")
    yield mcc("class-set/non-contiguous-labels", [1, 5, 9, 9, 5, 1], [1, 9, 9, 5, 5, 5],
              tags=["non-contiguous-labels"], description="Label values play no part, only which samples agree.")
    yield mcc("errors/empty", [], [], tags=["error", "empty", "degenerate"], description="Empty input: ValueError.")
    yield mcc("errors/mismatched-lengths", [0, 1, 1], [0, 1], tags=["error", "mismatched-lengths"],
              description="Different lengths: ValueError.")
    yield mcc("errors/multilabel-input", [[0, 1], [1, 1]], [[0, 1], [1, 0]], tags=["error"],
              description="Indicator matrices: ValueError (multilabel-indicator is not supported).")


WEIGHT_MODES = ("none", "int", "float", "zeros")
PER_COMBINATION = 3


def grid():
    for classes in ("binary", "multiclass"):
        for weights in WEIGHT_MODES:
            for i in range(PER_COMBINATION):
                slug = f"grid/classes={classes}/weights={weights}/{i}"
                rng = rng_for(f"{M}/{slug}")
                yt, yp = draw_targets(rng, 2 if classes == "binary" else int(rng.integers(3, 6)))
                yield mcc(slug, yt, yp, sample_weight=draw_weights(rng, weights, len(yt)),
                          tags=["grid", *WEIGHT_MODE_TAGS[weights]])


def cases():
    for group in (worked_examples, zero_denominator, weights_and_errors, grid):
        yield from group()
