"""accuracy_score: named cases, then seeded random cases over normalize x weights."""

from __future__ import annotations

from generators.counts._common import WEIGHT_MODE_TAGS, case, draw_targets, draw_weights, wrong
from generators.counts.prf_named import EXERCISE, EXERCISE_BINARY, KOTLIN
from generators.oracle import rng_for

M = "accuracy_score"


def acc(slug, y_true, y_pred, params=None, **kw):
    return case(M, slug, y_true, y_pred, params, **kw)


def worked_examples():
    yield acc("worked-example/kotlin-fixture", *KOTLIN, tags=["worked-example"],
              description="Kotlin reference fixture: 2 of 4 right, 0.5 (equal to micro precision/recall/F1).")
    yield acc("worked-example/kotlin-fixture/normalize=False", *KOTLIN, {"normalize": False},
              tags=["worked-example"], description="normalize=False: the number right, 2 (returned as a float).")
    yield acc("worked-example/exercise-labels-0011-preds-0111", *EXERCISE, tags=["worked-example"],
              description="Exercise 002 example: 3 of 4 right.")
    yield acc("worked-example/exercise-binary-tp6-fp2-fn4", *EXERCISE_BINARY, tags=["worked-example"],
              description="Exercise 002 binary counts: (TP + TN) / N = 9/15.")


def sample_weights():
    yt, yp = [0, 1, 2, 1, 0], [0, 2, 2, 1, 1]
    for normalize in (True, False):
        readings = ["weights-ignored"]
        readings += ["accuracy-divides-by-n"] if normalize else ["accuracy-count-ignores-weights"]
        yield acc(f"sample-weight/int/normalize={normalize}", yt, yp, {"normalize": normalize},
                  sample_weight=[1, 2, 3, 4, 2], tags=wrong(*readings),
                  description="Weighted accuracy: the weight of the right samples, divided by the total weight "
                  "(normalize=True) or not divided (normalize=False).")
        yield acc(f"sample-weight/fractional/normalize={normalize}", yt, yp, {"normalize": normalize},
                  sample_weight=[0.5, 1.5, 2.25, 1.0, 0.25],
                  tags=["fractional-weight", *wrong(*readings, "weights-truncated-to-int")],
                  description="Fractional weights, used as they are.")
        yield acc(f"sample-weight/some-zero/normalize={normalize}", yt, yp, {"normalize": normalize},
                  sample_weight=[0, 1, 1, 0, 2], tags=["zero-weight", *wrong(*readings)],
                  description="Weight-0 samples count neither as right nor in the total.")
    yield acc("sample-weight/weight-2", [0, 1, 1, 2], [0, 1, 2, 2], sample_weight=[1, 1, 2, 1],
              tags=["weight-2-duplicate", *wrong("weights-ignored")],
              description="Weight 2 equals a duplicated sample: same as sample-weight/duplicated-sample (0.6).")
    yield acc("sample-weight/duplicated-sample", [0, 1, 1, 1, 2], [0, 1, 2, 2, 2], tags=["weight-2-duplicate"],
              description="Companion of sample-weight/weight-2.")
    yield acc("errors/all-zero-weights", [0, 1, 1], [0, 1, 0], sample_weight=[0, 0, 0],
              tags=["error", "zero-weight", *wrong("all-zero-weights-accepted")],
              description="All weights 0: ValueError (not 0/0 = NaN).")
    yield acc("errors/sample-weight-length-mismatch", [0, 1, 1], [0, 1, 0], sample_weight=[1, 2],
              tags=["error", "mismatched-lengths", *wrong("lengths-truncated")],
              description="sample_weight of the wrong length: ValueError.")


def label_values_and_degenerate():
    yield acc("float-ids/y_true-float-y_pred-int", [0.0, 1.0, 2.0], [0, 1, 1],
              tags=["float-ids", *wrong("float-ids-distinct")], description="1.0 equals 1: 2/3 right.")
    yield acc("class-set/negative-and-non-contiguous", [-1, 5, 9, 9, -1], [-1, 9, 9, 5, -1],
              tags=["negative-labels", "non-contiguous-labels"], description="Label values do not matter: 3/5.")
    yield acc("single-class/one-sample-right", [4], [4], tags=["single-class"], description="1.0.")
    yield acc("single-class/one-sample-wrong", [4], [2], tags=["single-class", "all-wrong"],
              description="One sample, predicted wrong: 0.0.")
    yield acc("all-wrong/cycle", [0, 1, 2], [1, 2, 0], tags=["all-wrong"],
              description="Every prediction wrong, each class taken for the next: 0.0.")
    yield acc("all-wrong/cycle/normalize=False", [0, 1, 2], [1, 2, 0], {"normalize": False}, tags=["all-wrong"],
              description="0.0 right.")
    yield acc("errors/empty", [], [], tags=["error", "empty", "degenerate", *wrong("empty-is-zero")],
              description="Empty input: ValueError in scikit-learn 1.9.1.")
    yield acc("errors/mismatched-lengths", [0, 1, 1], [0, 1], tags=["error", "mismatched-lengths",
                                                                    *wrong("lengths-truncated")],
              description="y_true and y_pred of different lengths: ValueError.")


# --- grid -------------------------------------------------------------------------------------

WEIGHT_MODES = ("none", "int", "float", "zeros")
PER_COMBINATION = 3


def grid():
    for normalize in (True, False):
        for weights in WEIGHT_MODES:
            for i in range(PER_COMBINATION):
                slug = f"grid/normalize={normalize}/weights={weights}/{i}"
                rng = rng_for(f"{M}/{slug}")
                yt, yp = draw_targets(rng, int(rng.integers(2, 6)))
                yield acc(slug, yt, yp, {"normalize": normalize}, sample_weight=draw_weights(rng, weights, len(yt)),
                          tags=["grid", *WEIGHT_MODE_TAGS[weights]])


def cases():
    for group in (worked_examples, sample_weights, label_values_and_degenerate, grid):
        yield from group()
