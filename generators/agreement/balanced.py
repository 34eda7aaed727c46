"""balanced_accuracy_score: named cases, then seeded random cases over adjusted x weights."""

from __future__ import annotations

from generators.agreement._common import KOTLIN, case, wrong
from generators.counts._common import WEIGHT_MODE_TAGS, draw_targets, draw_weights
from generators.oracle import rng_for

M = "balanced_accuracy_score"


def ba(slug, y_true, y_pred, params=None, **kw):
    return case(M, slug, y_true, y_pred, params, **kw)


def worked_examples():
    yield ba("worked-example/scikit-learn-docstring", [0, 1, 0, 0, 1, 0], [0, 1, 0, 0, 0, 1],
             tags=["worked-example", *wrong("balanced-is-accuracy")],
             description="scikit-learn's example: recall 3/4 for class 0 and 1/2 for class 1, mean 0.625 "
             "(accuracy is 4/6).")
    for adjusted in (False, True):
        yield ba(f"worked-example/kotlin-fixture/adjusted={adjusted}", *KOTLIN, {"adjusted": adjusted},
                 tags=["worked-example"] + (wrong("adjusted-not-rescaled", "balanced-is-accuracy") if adjusted else []),
                 description="Kotlin fixture: recalls 0, 1/2, 1 -> 0.5, the macro recall of reference 004 (every "
                 "class of y_pred is also in y_true here). Adjusted: (0.5 - 1/3) / (1 - 1/3) = 0.25.")


def class_sets():
    yt, yp = [0, 0, 1, 1], [0, 2, 1, 1]
    for adjusted in (False, True):
        readings = ["balanced-is-macro-recall"] + (["adjusted-chance-over-all-classes"] if adjusted else [])
        yield ba(f"class-only-in-y_pred/adjusted={adjusted}", yt, yp, {"adjusted": adjusted},
                 tags=["class-set", "zero-division", *wrong(*readings)],
                 description="Class 2 is predicted but never true: its recall is 0/0 and it is LEFT OUT of the "
                 "mean (with the warning 'y_pred contains classes not in y_true'): (1/2 + 1) / 2 = 0.75. Macro "
                 "recall keeps it as 0 (0.5). Adjusted, chance is 1/2 (the classes in the mean), not 1/3: 0.5.")
    yield ba("imbalanced/not-accuracy", [0] * 8 + [1] * 2, [0] * 10, tags=wrong("balanced-is-accuracy"),
             description="Predicting the majority class: accuracy 0.8, balanced accuracy (1 + 0) / 2 = 0.5.")
    yt, yp = [0, 1, 2, 2], [0, 1, 2, 0]
    for adjusted in (False, True):
        readings = ["balanced-zero-weight-class-kept", "weights-ignored"]
        yield ba(f"sample-weight/zero-weight-class/adjusted={adjusted}", yt, yp, {"adjusted": adjusted},
                 sample_weight=[1, 1, 0, 0], tags=["zero-weight", "zero-division", *wrong(*readings)],
                 description="Class 2 is true only in samples of weight 0: its row of the weighted matrix is 0, "
                 "its recall 0/0, and it leaves the mean like a class never true -- with the same warning, "
                 "'y_pred contains classes not in y_true', although it is in y_true. Value 1.0 (not 2/3).")


def adjusted():
    yt, yp = [0, 0, 1, 1, 2, 2], [0, 1, 1, 1, 2, 0]
    yield ba("adjusted/three-classes", yt, yp, {"adjusted": True},
             tags=["adjusted", *wrong("adjusted-not-rescaled", "balanced-is-accuracy")],
             description="Recalls 1/2, 1, 1/2: mean 2/3; adjusted (2/3 - 1/3) / (1 - 1/3) = 0.5, not 2/3 - 1/3.")
    yield ba("adjusted/chance-level-is-zero", [0, 0, 1, 1], [0, 1, 0, 1], {"adjusted": True},
             tags=["adjusted", *wrong("balanced-is-accuracy")],
             description="Recalls 1/2, 1/2: chance level, adjusted 0.0.")
    yield ba("adjusted/all-wrong-is-negative", [0, 0, 1, 1], [1, 1, 0, 0], {"adjusted": True},
             tags=["adjusted", "all-wrong", *wrong("adjusted-not-rescaled", "balanced-is-accuracy")],
             description="Every prediction wrong, two classes: 0 rescaled to (0 - 1/2) / (1/2) = -1.0.")
    yield ba("adjusted/all-wrong-three-classes", [0, 1, 2], [1, 2, 0], {"adjusted": True},
             tags=["adjusted", "all-wrong", *wrong("adjusted-not-rescaled")],
             description="Every prediction wrong, three classes: (0 - 1/3) / (2/3) = -0.5 (the minimum is "
             "-1/(K-1), not -1).")


def single_class():
    yield ba("single-class/perfect", [3, 3, 3], [3, 3, 3], tags=["single-class"],
             description="One class, all right: 1.0.")
    yield ba("single-class/perfect/adjusted=True", [3, 3, 3], [3, 3, 3], {"adjusted": True},
             tags=["single-class", "adjusted", "degenerate", *wrong("adjusted-undefined-is-zero")],
             description="One class in the mean: chance is 1 and scikit-learn divides (1 - 1) by (1 - 1) in "
             "float64 -- NaN, with a RuntimeWarning, not an error and not 0.")
    yield ba("single-class/y_pred-adds-a-class/adjusted=True", [0, 0, 0, 0], [0, 0, 1, 1], {"adjusted": True},
             tags=["single-class", "adjusted", "degenerate",
                   *wrong("adjusted-undefined-is-zero", "adjusted-chance-over-all-classes")],
             description="y_true holds one class, recalled half the time; class 1 (only predicted) leaves the "
             "mean, so one class remains and (0.5 - 1) / 0 = -Infinity (RuntimeWarning).")
    yield ba("single-class/y_pred-adds-a-class", [0, 0, 0, 0], [0, 0, 1, 1],
             tags=["single-class", *wrong("balanced-is-macro-recall")],
             description="The same without adjustment: 0.5 (macro recall would be 0.25).")


def weights_and_errors():
    yt, yp = [0, 0, 1, 1, 1], [0, 1, 1, 0, 1]
    yield ba("sample-weight/int", yt, yp, sample_weight=[1, 3, 1, 2, 1], tags=wrong("weights-ignored"),
             description="Weighted recalls 1/4 and 2/4: 0.375 (unweighted 0.5833...).")
    yield ba("sample-weight/fractional/adjusted=True", yt, yp, {"adjusted": True},
             sample_weight=[0.5, 1.5, 2.25, 1.0, 0.25], tags=["fractional-weight", *wrong("weights-ignored")],
             description="Fractional weights, adjusted.")
    yield ba("float-ids/y_true-float-y_pred-int", [0.0, 1.0, 1.0, 2.0], [0, 1, 2, 2], tags=["float-ids"],
             description="1.0 and 1 are one class: recalls 1, 1/2, 1.")
    yield ba("errors/empty", [], [], tags=["error", "empty", "degenerate"], description="Empty input: ValueError.")
    yield ba("errors/mismatched-lengths", [0, 1, 1], [0, 1], tags=["error", "mismatched-lengths"],
             description="y_true and y_pred of different lengths: ValueError.")
    yield ba("errors/all-zero-weights", [0, 1, 1], [0, 1, 0], sample_weight=[0, 0, 0], tags=["error", "zero-weight"],
             description="All weights 0: ValueError.")
    yield ba("errors/multilabel-input", [[0, 1], [1, 1]], [[0, 1], [1, 0]], tags=["error"],
             description="balanced_accuracy_score goes through confusion_matrix, which refuses indicator "
             "matrices: ValueError (multilabel-indicator is not supported).")


WEIGHT_MODES = ("none", "int", "float", "zeros")
PER_COMBINATION = 3


def grid():
    for adj in (False, True):
        for weights in WEIGHT_MODES:
            for i in range(PER_COMBINATION):
                slug = f"grid/adjusted={adj}/weights={weights}/{i}"
                rng = rng_for(f"{M}/{slug}")
                yt, yp = draw_targets(rng, int(rng.integers(2, 6)))
                yield ba(slug, yt, yp, {"adjusted": adj}, sample_weight=draw_weights(rng, weights, len(yt)),
                         tags=["grid", *WEIGHT_MODE_TAGS[weights]] + (["adjusted"] if adj else []))


def cases():
    for group in (worked_examples, class_sets, adjusted, single_class, weights_and_errors, grid):
        yield from group()
