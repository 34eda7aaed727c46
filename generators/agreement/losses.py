"""hamming_loss, zero_one_loss, and accuracy_score on indicator matrices (subset accuracy)."""

from __future__ import annotations

from generators.agreement._common import KOTLIN, case, draw_indicators, wrong
from generators.counts._common import WEIGHT_MODE_TAGS, draw_targets, draw_weights
from generators.oracle import rng_for

# Three samples, three labels: row 0 right, row 1 one cell wrong, row 2 two cells wrong.
ML_TRUE = [[1, 0, 1], [0, 1, 0], [1, 1, 0]]
ML_PRED = [[1, 0, 1], [0, 1, 1], [0, 1, 1]]
ML_WEIGHTS = [0.5, 2.0, 1.0]


def hamming():
    m = "hamming_loss"
    yield case(m, "worked-example/scikit-learn-docstring", [[0, 1], [1, 1]], [[0, 0], [0, 0]],
               tags=["worked-example", *wrong("hamming-is-subset-loss")],
               description="Docstring example: 3 of 4 cells wrong -> 0.75 (both samples are wrong: subset "
               "loss 1.0).")
    yield case(m, "multilabel/fraction-of-cells", ML_TRUE, ML_PRED, tags=wrong("hamming-is-subset-loss"),
               description="3 of 9 cells wrong: 1/3 (the subset zero-one loss is 2/3).")
    yield case(m, "multilabel/sample-weight", ML_TRUE, ML_PRED, sample_weight=ML_WEIGHTS,
               tags=["fractional-weight", *wrong("hamming-divides-by-count", "weights-ignored")],
               description="Each sample's wrong cells count with its weight: (0.5*0 + 2*1 + 1*2) / (3 labels * "
               "3.5 total weight) = 4/10.5 -- divided by the total weight, not the number of samples.")
    yield case(m, "multilabel/non-binary-indicator", [[1, 2], [2, 1], [1, 1]], [[2, 1], [2, 2], [1, 1]],
               tags=["non-binary-indicator", *wrong("indicator-binarized")],
               description="A {1, 2} matrix is an indicator (two integer values), and hamming_loss compares "
               "cells by VALUE: 3 of 6 differ -> 0.5, although every cell is 'positive' (non-zero), which is "
               "all precision/recall look at.")
    yield case(m, "multiclass/kotlin-fixture", *KOTLIN, tags=["worked-example"],
               description="Label vectors: the fraction of wrong samples, 1 - accuracy = 0.5.")
    yield case(m, "multiclass/sample-weight", [0, 1, 2, 1], [0, 2, 2, 0], sample_weight=[1, 2, 0.5, 1.5],
               tags=["fractional-weight", *wrong("weights-ignored")],
               description="Weighted fraction of wrong samples: 3.5 / 5.")
    yield case(m, "errors/different-numbers-of-labels", [[0, 1], [1, 1]], [[0, 1, 0], [1, 0, 0]], tags=["error"],
               description="Indicator matrices with 2 and 3 columns: ValueError.")
    yield case(m, "errors/mix-of-matrix-and-labels", [[0, 1], [1, 1]], [1, 0], tags=["error"],
               description="An indicator matrix against a label vector: ValueError.")
    yield case(m, "errors/empty", [], [], tags=["error", "empty", "degenerate"], description="Empty: ValueError.")


def zero_one():
    m = "zero_one_loss"
    yield case(m, "worked-example/scikit-learn-docstring", [2, 2, 3, 4], [1, 2, 3, 4], tags=["worked-example"],
               description="Docstring example: 1 of 4 wrong -> 0.25.")
    yield case(m, "worked-example/scikit-learn-docstring/normalize=False", [2, 2, 3, 4], [1, 2, 3, 4],
               {"normalize": False}, tags=["worked-example"], description="normalize=False: 1.0 wrong.")
    yield case(m, "multilabel/subset-loss", ML_TRUE, ML_PRED, tags=wrong("zero-one-is-hamming"),
               description="Indicator matrices: a sample is wrong when ANY of its cells is wrong: 2/3 (the "
               "Hamming loss is 1/3).")
    yield case(m, "multilabel/docstring", [[0, 1], [1, 1]], [[1, 1], [1, 1]], tags=["worked-example"],
               description="Docstring example: 0.5.")
    for normalize in (True, False):
        readings = ["weights-ignored"] + ([] if normalize else ["zero-one-count-ignores-weights"])
        yield case(m, f"sample-weight/normalize={normalize}", [0, 1, 2, 1], [0, 2, 2, 0], {"normalize": normalize},
                   sample_weight=[1, 2, 0.5, 1.5], tags=["fractional-weight", *wrong(*readings)],
                   description="Weighted: the wrong samples' weight (3.5), divided by the total weight (5) when "
                   "normalize=True.")
        yield case(m, f"multilabel/sample-weight/normalize={normalize}", ML_TRUE, ML_PRED, {"normalize": normalize},
                   sample_weight=ML_WEIGHTS, tags=["fractional-weight", *wrong(*readings, "zero-one-is-hamming")],
                   description="Indicator matrices, weighted: rows 1 and 2 are wrong, weight 3 (of 3.5).")
    yield case(m, "errors/all-zero-weights", [0, 1], [0, 0], sample_weight=[0, 0], tags=["error", "zero-weight"],
               description="All weights 0: ValueError.")


def subset_accuracy():
    m = "accuracy_score"
    yield case(m, "multilabel/scikit-learn-docstring", [[0, 1], [1, 1]], [[1, 1], [1, 1]],
               tags=["worked-example", *wrong("multilabel-accuracy-is-label-accuracy")],
               description="Docstring example: subset accuracy, a row is right only if every cell is: 0.5 (3 of 4 "
               "cells are right).")
    yield case(m, "multilabel/subset-accuracy", ML_TRUE, ML_PRED, tags=wrong("multilabel-accuracy-is-label-accuracy"),
               description="1 of 3 rows exactly right: 1/3 (6 of 9 cells are right).")
    yield case(m, "multilabel/sample-weight/normalize=False", ML_TRUE, ML_PRED, {"normalize": False},
               sample_weight=ML_WEIGHTS, tags=["fractional-weight", *wrong("multilabel-accuracy-is-label-accuracy")],
               description="normalize=False: the weight of the exactly-right rows, 0.5.")
    yield case(m, "multilabel/non-binary-indicator", [[1, 2], [2, 1], [1, 1]], [[2, 1], [2, 2], [1, 1]],
               tags=["non-binary-indicator", *wrong("indicator-binarized")],
               description="Rows compared by value: only the last row matches, 1/3 (binarized, all three would).")
    yield case(m, "errors/multilabel-different-numbers-of-labels", [[0, 1], [1, 1]], [[0, 1, 0], [1, 0, 0]],
               tags=["error"], description="2 and 3 columns: ValueError.")


WEIGHT_MODES = ("none", "int", "float")


def grid():
    for m in ("hamming_loss", "zero_one_loss", "accuracy_score"):
        for kind in ("multilabel", "multiclass") if m != "accuracy_score" else ("multilabel",):
            for weights in WEIGHT_MODES:
                for normalize in (True, False) if m != "hamming_loss" else (None,):
                    for i in range(2):
                        norm = "" if normalize is None else f"normalize={normalize}/"
                        slug = f"grid/{kind}/{norm}weights={weights}/{i}"
                        rng = rng_for(f"{m}/{slug}")
                        if kind == "multilabel":
                            yt, yp = draw_indicators(rng)
                        else:
                            yt, yp = draw_targets(rng, int(rng.integers(2, 6)))
                        params = {} if normalize is None else {"normalize": normalize}
                        yield case(m, slug, yt, yp, params, sample_weight=draw_weights(rng, weights, len(yt)),
                                   tags=["grid", *WEIGHT_MODE_TAGS[weights]])


def cases():
    for group in (hamming, zero_one, subset_accuracy, grid):
        yield from group()
