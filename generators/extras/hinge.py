"""hinge_loss: binary decision values against labels read as -1/+1, and the multiclass
(Crammer-Singer) margin: the true class's score minus the largest other score."""

from __future__ import annotations

import numpy as np

from generators.extras._common import case, rng_for, wrong

H = "hinge_loss"


def _hinge(slug, y_true, decision, params=None, *, sample_weight=None, tags=(), description=None):
    return case(H, slug, {"y_true": y_true, "pred_decision": decision, "sample_weight": sample_weight}, params,
                tags=tags, description=description)


def binary():
    yield _hinge("binary/both-signs", [-1, 1, 1, -1, 1], [-2.0, 0.5, 3.0, 0.25, -1.5],
                 tags=["decision-values", "worked-example"],
                 description="Labels -1/+1 and decision values of both signs: losses max(0, 1 - y·d) are "
                 "0, 0.5, 0, 1.25, 2.5, mean 0.85.")
    yield _hinge("binary/labels-0-1", [0, 1, 1, 0, 1], [-2.0, 0.5, 3.0, 0.25, -1.5],
                 tags=["decision-values", *wrong("hinge-labels-as-given")],
                 description="Labels 0/1: class 0 is read as -1, so a 0 with decision -2 costs nothing; taken "
                 "as 0 it would cost 1.")
    yield _hinge("binary/labels-2-7", [2, 7, 7, 2], [-0.5, 0.5, 2.0, 1.0],
                 tags=["decision-values", "non-contiguous-labels", *wrong("hinge-labels-as-given")],
                 description="Labels 2 and 7: the greater class is +1, the other -1, whatever their values.")
    yield _hinge("binary/negative-labels", [-3, -1, -1, -3], [-1.0, 0.2, 1.5, 0.4],
                 tags=["decision-values", "negative-labels", *wrong("hinge-labels-as-given")],
                 description="Labels -3 and -1: the greater (-1) is +1, -3 is -1.")
    yield _hinge("binary/margin-exactly-one", [-1, 1], [-1.0, 1.0], tags=["decision-values"],
                 description="Margins of exactly 1 cost nothing: the loss is 0.0.")
    yield _hinge("binary/single-class", [1, 1, 1], [0.5, -0.5, 2.0],
                 tags=["single-class", "degenerate", "quirk", *wrong("hinge-labels-as-given")],
                 description="A single class in y_true is read as -1 throughout (LabelBinarizer's one-class "
                 "column), so the loss is that of the negated decisions.")
    yield _hinge("binary/sample-weight", [-1, 1, 1, -1], [-2.0, 0.5, -1.0, 0.0], sample_weight=[1, 2, 0.5, 0],
                 tags=["decision-values", "zero-weight", "fractional-weight"],
                 description="Weighted mean of the losses; the weight-0 sample does not count.")
    yield _hinge("binary/labels-ignored", [0, 1, 1], [-1.0, 0.5, 2.0], {"labels": [0, 1]},
                 tags=["labels-declared"],
                 description="labels naming the two classes changes nothing in the binary case.")
    yield _hinge("binary/labels-two-y-true-three", [0, 1, 2, 2], [0.5, -1.0, -2.0, 1.0], {"labels": [0, 1]},
                 tags=["quirk", "labels-declared", "labels-subset"],
                 description="labels names two classes, so the binary branch runs, but y_true holds three: "
                 "LabelBinarizer's first column makes class 0 the +1 and every other class -1.")
    yield _hinge("binary/probabilities", [0, 1, 1, 0], [0.1, 0.9, 0.6, 0.3],
                 tags=["probability-bounds", *wrong("hinge-labels-as-given")],
                 description="Probabilities passed as decisions are margins too: every loss is positive.")
    rng = rng_for(f"{H}/binary/long")
    n = 100_000
    y = rng.integers(0, 2, n)
    d = np.round(rng.normal(0, 3, n) * 1e6, 0) / 1e6
    yield _hinge("binary/long", [int(v) for v in y], [float(v) for v in d],
                 tags=["long-input", "decision-values"],
                 description=f"{n} samples with decision values to six decimals: the mean of many terms.")
    yield _hinge("binary/huge-decisions", [-1, 1, 1, -1], [-1e300, 1e300, -1e300, 3e299],
                 tags=["huge-values", "decision-values"],
                 description="Decision values of 1e300: the losses of the wrong ones are 1e300 and 3e299.")


def multiclass():
    y = [0, 1, 2, 2, 1]
    d = [[2.0, 1.0, -1.0], [0.5, 0.2, 1.5], [-1.0, 0.0, 2.5], [1.0, 0.9, 0.5], [0.0, 3.0, -2.0]]
    yield _hinge("multiclass/crammer-singer", y, d,
                 tags=["multiclass", "decision-values", "worked-example", *wrong("hinge-one-vs-rest")],
                 description="Three classes: the margin is the true column minus the largest other column "
                 "(1, -1.3, 2.5, -0.5, 3), losses 0, 2.3, 0, 1.5, 0, mean 0.76.")
    yield _hinge("multiclass/non-contiguous", [5, 2, 9, 2],
                 [[0.1, 0.9, 0.0], [1.0, 0.0, 0.5], [0.0, 0.2, 0.1], [0.3, 0.3, 0.3]],
                 tags=["multiclass", "non-contiguous-labels", *wrong("hinge-one-vs-rest")],
                 description="Classes 2, 5, 9: the columns follow the sorted classes.")
    yield _hinge("multiclass/labels-absent-class", [0, 1, 1, 0],
                 [[1.0, 0.5, 2.0], [0.0, 1.5, -1.0], [0.2, 0.1, 0.3], [2.0, -2.0, 0.0]], {"labels": [0, 1, 2]},
                 tags=["multiclass", "labels-declared", "absent-class", *wrong("hinge-one-vs-rest")],
                 description="labels declares class 2, absent from y_true: its column still competes in "
                 "the margin.")
    yield _hinge("multiclass/absent-class-without-labels", [0, 1, 1, 0],
                 [[1.0, 0.5, 2.0], [0.0, 1.5, -1.0], [0.2, 0.1, 0.3], [2.0, -2.0, 0.0]],
                 tags=["multiclass", "absent-class", "error", "shape"],
                 description="Two classes in y_true but three columns and no labels: the binary branch wants "
                 "one column, refused.")
    yield _hinge("multiclass/three-present-four-columns", [0, 1, 2],
                 [[1.0, 0.5, 2.0, 0.0], [0.0, 1.5, -1.0, 0.0], [0.2, 0.1, 0.3, 0.0]],
                 tags=["multiclass", "absent-class", "error", "shape"],
                 description="Three classes in y_true, four columns, no labels: scikit-learn asks to include "
                 "all labels in y_true or pass labels.")
    yield _hinge("multiclass/labels-missing-a-class", [0, 1, 3],
                 [[1.0, 0.5, 2.0], [0.0, 1.5, -1.0], [0.2, 0.1, 0.3]], {"labels": [0, 1, 2]},
                 tags=["multiclass", "labels-declared", "error"],
                 description="y_true holds 3, which labels does not list: the label encoder refuses it.")
    yield _hinge("multiclass/labels-wrong-width", [0, 1, 2],
                 [[1.0, 0.5], [0.0, 1.5], [0.2, 0.1]], {"labels": [0, 1, 2]},
                 tags=["multiclass", "labels-declared", "error", "shape"],
                 description="labels declares three classes, pred_decision has two columns: refused.")
    yield _hinge("multiclass/one-dimensional", [0, 1, 2], [0.5, 1.0, -1.0],
                 tags=["multiclass", "error", "shape"],
                 description="Three classes and one decision value per sample: refused.")
    yield _hinge("multiclass/sample-weight", y, d, sample_weight=[1, 0.5, 2, 0, 1.5],
                 tags=["multiclass", "zero-weight", "fractional-weight", *wrong("hinge-one-vs-rest")],
                 description="The weighted mean of the Crammer-Singer losses.")
    yield _hinge("multiclass/tied-top", [0, 1], [[1.0, 1.0, 0.0], [2.0, 2.0, 2.0]], {"labels": [0, 1, 2]},
                 tags=["multiclass", "ties", "labels-declared", *wrong("hinge-one-vs-rest")],
                 description="The true column ties the largest other: the margin is 0, the loss 1.")
    rng = rng_for(f"{H}/multiclass/huge-decisions")
    big = (rng.normal(0, 1, (6, 4)) * 1e200).round(-190)
    yield _hinge("multiclass/huge-decisions", [0, 1, 2, 3, 1, 2], [[float(v) for v in r] for r in big],
                 tags=["multiclass", "huge-values", *wrong("hinge-one-vs-rest")],
                 description="Decision values near 1e200: the margins are differences of huge numbers.")


def errors():
    yield _hinge("error/mismatched-lengths", [0, 1, 1], [0.5, -0.5],
                 tags=["error", "mismatched-lengths"], description="Three labels, two decision values.")
    yield _hinge("error/nan-decision", [0, 1], [0.5, "NaN"],
                 tags=["error", "non-finite-input", "nan-input"], description="A NaN decision value is refused.")
    yield _hinge("error/all-zero-weights", [0, 1], [0.5, -0.5], sample_weight=[0, 0],
                 tags=["error", "zero-weight"],
                 description="Weights summing to 0: the weighted mean divides by 0, refused.")


def cases():
    yield from binary()
    yield from multiclass()
    yield from errors()
