"""cohen_kappa_score: named cases, then seeded random cases over weights x labels x sample weights.

Its arrays are ``y1`` and ``y2`` (scikit-learn's names): kappa is symmetric, except
that ``labels`` must meet y1.
"""

from __future__ import annotations

from generators.agreement._common import NAN, fmt, kappa_case, wrong
from generators.counts._common import LABEL_MODE_TAGS, draw_targets, draw_weights
from generators.oracle import rng_for

WEIGHTS = (None, "linear", "quadratic")


def worked_examples():
    yield kappa_case("worked-example/scikit-learn-docstring", [0, 2, 0, 1, 2], [0, 2, 0, 1, 0],
                     tags=["worked-example"],
                     description="scikit-learn's example with the classes negative/neutral/positive as 0/1/2: "
                     "p_o = 4/5, p_e = 9/25 -> (0.8 - 0.36) / 0.64 = 0.6875.")
    yt, yp = [0, 1, 2, 3, 3, 2, 1, 0, 2, 1], [0, 2, 2, 3, 1, 2, 0, 0, 3, 1]
    for weights in WEIGHTS:
        readings = {None: [], "linear": ["kappa-weights-ignored"],
                    "quadratic": ["kappa-weights-ignored", "kappa-quadratic-is-linear"]}[weights]
        yield kappa_case(f"weights={fmt(weights)}/four-ordered-classes", yt, yp,
                         {"weights": weights} if weights else {}, tags=["weights", *wrong(*readings)],
                         description="Weighted kappa = 1 - sum(w * observed) / sum(w * expected), w[i][j] = 0 on "
                         "the diagonal and 1 off it (None), |i - j| (linear) or (i - j)^2 (quadratic); expected = "
                         "outer(column sums, row sums) / total.")


def weights_by_position():
    yt, yp = [0, 1, 5, 5, 1, 0, 5], [0, 5, 5, 1, 1, 1, 0]
    for weights in ("linear", "quadratic"):
        yield kappa_case(f"weights={weights}/non-contiguous-labels", yt, yp, {"weights": weights},
                         tags=["weights", "non-contiguous-labels", *wrong("kappa-weights-by-label-value")],
                         description="Labels {0, 1, 5}: the weights use the label POSITIONS 0, 1, 2 (distance "
                         "|i - j| between positions in the sorted class list), not the values (|1 - 5| = 4).")
    yt, yp = [1, 2, 2, 0, 1, 0, 2, 1], [1, 2, 2, 0, 2, 0, 1, 1]
    for weights in ("linear", "quadratic"):
        yield kappa_case(f"weights={weights}/labels-reversed", yt, yp, {"weights": weights, "labels": [2, 1, 0]},
                         tags=["weights", "labels-order"],
                         description="labels=[2, 1, 0] reverses the positions: every |i - j| is unchanged, so "
                         "the value equals the default order's (weights=" + weights + "/labels-default).")
        yield kappa_case(f"weights={weights}/labels-default", yt, yp, {"weights": weights},
                         tags=["weights", "labels-order"], description="Companion of labels-reversed.")
        yield kappa_case(f"weights={weights}/labels-permuted", yt, yp, {"weights": weights, "labels": [1, 0, 2]},
                         tags=["weights", "labels-order", *wrong("kappa-labels-sorted")],
                         description="labels=[1, 0, 2] is not a reversal: class 1 moves to position 0 and the "
                         "distances change, so the weighted kappa changes. Catches ignoring the order of labels.")
    yield kappa_case("weights=None/labels-permuted", yt, yp, {"labels": [1, 0, 2]}, tags=["labels-order"],
                     description="Unweighted kappa does not depend on the order of labels at all.")
    yield kappa_case("weights=linear/absent-label-in-the-middle", yt, yp, {"weights": "linear", "labels": [0, 7, 1, 2]},
                     tags=["weights", "absent-class", "labels-order", *wrong("kappa-absent-labels-dropped")],
                     description="Label 7 occurs nowhere but takes position 1: classes 1 and 2 move to positions "
                     "2 and 3, so the linear distances change (an absent label at the END changes nothing).")
    yield kappa_case("weights=linear/absent-label-at-the-end", yt, yp, {"weights": "linear", "labels": [0, 1, 2, 7]},
                     tags=["weights", "absent-class"],
                     description="An absent label after the others: a zero row and column, positions unchanged, "
                     "the same value as without it.")


def label_subsets():
    yt, yp = [0, 1, 2, 0, 1, 2, 0, 1, 0, 1], [0, 1, 1, 2, 0, 0, 0, 2, 1, 1]
    for weights in (None, "quadratic"):
        params = {"labels": [0, 1]} | ({"weights": weights} if weights else {})
        yield kappa_case(f"labels-subset/drops-samples/weights={fmt(weights)}", yt, yp, params,
                         tags=["labels-subset", *wrong("kappa-labels-ignored", "kappa-counts-dropped-samples")],
                         description="labels=[0, 1]: kappa of the 2 x 2 confusion_matrix(labels=[0, 1]), which has "
                         "DROPPED every sample whose y1 or y2 is 2 (6 of 10 samples left). Catches taking the "
                         "marginals or the total from all samples, as precision/recall do with labels.")
    yield kappa_case("errors/labels-only-in-y2", [0, 0, 1], [2, 2, 1], {"labels": [2]},
                     tags=["error", "labels-subset", *wrong("kappa-labels-checked-in-either")],
                     description="No label of `labels` occurs in y1: ValueError, although 2 occurs in y2 (the "
                     "one place where kappa is not symmetric).")
    yield kappa_case("labels-only-in-y1", [2, 2, 1], [0, 0, 1], {"labels": [2]},
                     tags=["labels-subset", "zero-division", "degenerate"],
                     description="The mirror case is accepted: y1 has label 2 but no sample has both y1 and y2 in "
                     "labels, so the matrix is all zero and kappa is undefined (NaN, the default replacement).")


def undefined():
    for replace in ("default", NAN, 0.0, -1.0, 0.5):
        params = {} if replace == "default" else {"replace_undefined_by": replace}
        slug = "" if replace == "default" else f"/replace_undefined_by={fmt(replace)}"
        readings = ["kappa-undefined-is-zero"] if replace in ("default", NAN, -1.0, 0.5) else []
        readings += ["kappa-replace-undefined-ignored"] if replace not in ("default", NAN) else []
        yield kappa_case(f"undefined/one-label-in-common{slug}", [1, 1, 1], [1, 1, 1], params,
                         tags=["zero-division", "degenerate", "single-class", *wrong(*readings)],
                         description="Both raters use one label: chance agreement is 1, kappa is 0/0 -> "
                         "replace_undefined_by (NaN by default), with an UndefinedMetricWarning.")
        yield kappa_case(f"undefined/no-sample-left{slug}", [0, 1, 1], [2, 2, 2], {"labels": [0, 1], **params},
                         tags=["zero-division", "degenerate", "labels-subset", *wrong(*readings)],
                         description="labels=[0, 1] and y2 uses only label 2: the restricted matrix is empty "
                         "(total 0) -> replace_undefined_by.")
    yield kappa_case("undefined/weighted-one-label-in-common", [4, 4], [4, 4], {"weights": "quadratic"},
                     tags=["zero-division", "degenerate", "single-class", "weights", *wrong("kappa-undefined-is-zero")],
                     description="Weighted, one label: the weighted chance disagreement is 0 too -> NaN.")
    yield kappa_case("defined/constant-raters-disagree", [0, 0, 0], [1, 1, 1], tags=["single-class"],
                     description="Each rater uses one label, but not the same one: chance disagreement is 1, "
                     "observed disagreement 1, kappa 0.0 (defined).")
    yield kappa_case("defined/perfect-agreement", [0, 1, 2, 1], [0, 1, 2, 1], description="Perfect agreement: 1.0.")
    yield kappa_case("errors/replace_undefined_by-out-of-range", [1, 1], [1, 1], {"replace_undefined_by": 1.5},
                     tags=["error"], description="replace_undefined_by must be in [-1, 1] or NaN: "
                     "InvalidParameterError.")
    yield kappa_case("errors/weights-unknown", [0, 1], [0, 1], {"weights": "cubic"}, tags=["error"],
                     description="weights must be None, 'linear' or 'quadratic': InvalidParameterError.")


def symmetry_weights_errors():
    a, b = [0, 1, 2, 2, 1, 0, 2], [0, 2, 2, 1, 1, 1, 2]
    yield kappa_case("symmetry/y1-y2", a, b, {"weights": "linear"}, tags=["symmetric"],
                     description="Kappa is symmetric: equal to symmetry/y2-y1.")
    yield kappa_case("symmetry/y2-y1", b, a, {"weights": "linear"}, tags=["symmetric"],
                     description="Companion of symmetry/y1-y2, the raters swapped.")
    yield kappa_case("sample-weight/int", a, b, sample_weight=[1, 2, 3, 1, 2, 1, 1], tags=wrong("weights-ignored"),
                     description="Weights enter the confusion matrix.")
    yield kappa_case("sample-weight/fractional/weights=quadratic", a, b, {"weights": "quadratic"},
                     sample_weight=[0.5, 1.5, 2.25, 1.0, 0.25, 3.0, 1.0],
                     tags=["fractional-weight", "weights", *wrong("weights-ignored")], description="Fractional weights.")
    yield kappa_case("sample-weight/zero-weight-keeps-position", [0, 1, 2, 2], [0, 1, 2, 1], {"weights": "linear"},
                     sample_weight=[1, 1, 1, 0], tags=["zero-weight", "weights"],
                     description="A weight-0 sample still makes its label a class (a zero row or column keeps its "
                     "position).")
    yield kappa_case("float-ids/y1-float-y2-int", [0.0, 1.0, 2.0, 1.0], [0, 2, 2, 1], tags=["float-ids"],
                     description="1.0 and 1 are one label.")
    yield kappa_case("errors/empty", [], [], tags=["error", "empty", "degenerate"], description="Empty: ValueError.")
    yield kappa_case("errors/mismatched-lengths", [0, 1, 1], [0, 1], tags=["error", "mismatched-lengths"],
                     description="Different lengths: ValueError.")
    yield kappa_case("errors/multilabel-input", [[0, 1], [1, 1]], [[0, 1], [1, 0]], tags=["error", "multilabel"],
                     description="Indicator matrices: ValueError.")


LABEL_MODES = ("none", "reordered", "subset", "absent")
PER_COMBINATION = 2


def grid():
    for weights in WEIGHTS:
        for mode in LABEL_MODES:
            for sw in ("none", "float"):
                for i in range(PER_COMBINATION):
                    slug = f"grid/weights={fmt(weights)}/labels={mode}/sample_weight={sw}/{i}"
                    rng = rng_for(f"cohen_kappa_score/{slug}")
                    n_classes = int(rng.integers(2, 6))
                    y1, y2 = draw_targets(rng, n_classes)
                    params = {"weights": weights} if weights else {}
                    present = sorted(set(y1) | set(y2))
                    if mode == "reordered":
                        params["labels"] = [int(v) for v in rng.permutation(present)]
                    elif mode == "absent":
                        params["labels"] = sorted(present + [n_classes + int(rng.integers(0, 3))])
                    elif mode == "subset":  # keep one label of y1, or scikit-learn refuses
                        anchor = int(rng.choice(sorted(set(y1))))
                        others = [c for c in present if c != anchor and rng.random() < 0.5]
                        params["labels"] = sorted([anchor, *others])
                    yield kappa_case(slug, y1, y2, params, sample_weight=draw_weights(rng, sw, len(y1)),
                                     tags=["grid", *LABEL_MODE_TAGS[mode]] + (["weights"] if weights else [])
                                     + (["fractional-weight"] if sw == "float" else []))


def cases():
    for group in (worked_examples, weights_by_position, label_subsets, undefined, symmetry_weights_errors, grid):
        yield from group()
