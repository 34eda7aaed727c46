"""log_loss and brier_score_loss: named cases, then seeded random cases.

Both read probabilities: one per sample (binary, the probability of the
positive class) or one row per sample (one column per class, in sorted label
order).  log_loss clips to [eps, 1 - eps]; neither renormalises rows.
"""

from __future__ import annotations

from generators.scores._common import (
    NAN,
    SCORE_TAGS,
    WEIGHT_TAGS,
    case,
    draw_binary_target,
    draw_multiclass_target,
    draw_n,
    draw_probability_rows,
    draw_scores,
    draw_weights,
    rng_for,
    wrong,
)

LL, BS = "log_loss", "brier_score_loss"
EPS = 2.220446049250313e-16  # float64 machine epsilon, log_loss's clipping bound

# scikit-learn's log_loss docstring (labels "spam"/"ham" -> 1/0).
DOC_TRUE = [1, 0, 0, 1]
DOC_PROBA = [[0.1, 0.9], [0.9, 0.1], [0.8, 0.2], [0.35, 0.65]]
THREE = [[0.6, 0.3, 0.1], [0.1, 0.5, 0.4], [0.3, 0.3, 0.4], [0.2, 0.2, 0.6]]


def log_loss_named():
    yield case(LL, "worked-example/docstring", DOC_TRUE, DOC_PROBA, tags=["worked-example"],
               description="scikit-learn's docstring example: mean of -ln(p of the true class), 0.2161...")
    yield case(LL, "worked-example/docstring/normalize=False", DOC_TRUE, DOC_PROBA, {"normalize": False},
               tags=["worked-example", *wrong("normalize-ignored")], description="The sum instead of the mean.")
    yield case(LL, "binary-1d/probability-of-greater-label", [0, 1, 1, 0], [0.1, 0.8, 0.6, 0.3],
               tags=["binary-scores", *wrong("logloss-1d-is-first-class", "logloss-log2")],
               description="One probability per sample is the probability of the GREATER label (column 1 of "
               "[1 - p, p]); natural logarithm.")
    yield case(LL, "binary-1d/labels-1-2", [1, 2, 2], [0.2, 0.7, 0.9],
               tags=["binary-scores", "non-contiguous-labels", *wrong("logloss-1d-is-first-class")],
               description="Labels {1, 2}: p is the probability of class 2.")
    yield case(LL, "binary-1d/labels-minus1-1", [-1, 1, 1], [0.2, 0.7, 0.9], tags=["binary-scores", "negative-labels"],
               description="Labels {-1, 1}: p is the probability of class 1; same value as labels-1-2.")
    yield case(LL, "binary-1d/column-vector", [0, 1, 1, 0], [[0.1], [0.8], [0.6], [0.3]], tags=["binary-scores"],
               description="An (n, 1) column is one probability per sample, like a 1-D array.")
    yield case(LL, "errors/binary-1d/single-class", [1, 1, 1], [0.2, 0.7, 0.9],
               tags=["error", "single-class", "binary-scores"],
               description="One class in y_true and no labels: ValueError (the classes cannot be inferred).")
    yield case(LL, "binary-1d/single-class-declared", [1, 1, 1], [0.2, 0.7, 0.9], {"labels": [0, 1]},
               tags=["single-class", "labels-declared", "binary-scores"],
               description="One class in y_true, both declared by labels: p is the probability of class 1.")
    # Clipping
    yield case(LL, "clipping/zero-probability-on-true-class", [0, 1, 1], [0.0, 0.5, 0.0],
               tags=["clipping", "probability-bounds", *wrong("logloss-no-clipping", "logloss-clip-1e-15")],
               description="p = 0 for a true class is clipped to eps = 2.220446049250313e-16, the float64 "
               "machine epsilon: -ln(eps) = 36.04365338911715 for that sample (not infinity, and not the "
               "34.538776394910684 of a 1e-15 bound).")
    yield case(LL, "clipping/one-probability-on-true-class", [0, 1], [0.0, 1.0],
               tags=["clipping", "probability-bounds"],
               description="Perfect, certain predictions: each clipped to 1 - eps, so the loss is about "
               "2.2e-16, not exactly 0.")
    yield case(LL, "clipping/below-eps", [1, 1, 0], [1e-16, 0.9, 0.1], {"labels": [0, 1]},
               tags=["clipping", "probability-bounds", *wrong("logloss-no-clipping", "logloss-clip-1e-15")],
               description="1e-16 is below eps, so it is clipped up to eps: -ln(eps) (36.04...), not -ln(1e-16) "
               "(36.84...) or -ln(1e-15) (34.54...).")
    yield case(LL, "clipping/between-eps-and-1e-15", [1, 1, 0], [5e-16, 0.9, 0.1],
               tags=["clipping", "probability-bounds", *wrong("logloss-clip-1e-15")],
               description="5e-16 lies above eps: used as it is (-ln(5e-16) = 35.23...), which a 1e-15 "
               "clipping bound would raise to 1e-15.")
    yield case(LL, "clipping/at-eps", [1, 0], [EPS, 0.5], tags=["clipping", "probability-bounds"],
               description="Exactly eps: unchanged by clipping.")
    yield case(LL, "clipping/subnormal", [1, 0], [5e-324, 0.5],
               tags=["clipping", "probability-bounds", *wrong("logloss-no-clipping")],
               description="The smallest subnormal double, 5e-324, travels through JSON exactly and is clipped "
               "to eps.")
    yield case(LL, "clipping/multiclass-zero-column", [0, 1, 2], [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.5, 0.5, 0.0]],
               tags=["clipping", "probability-bounds", *wrong("logloss-no-clipping")],
               description="A zero in the true class's column: clipped to eps, -ln(eps) for that sample.")
    # Rows that do not sum to 1
    yield case(LL, "unnormalized-rows/used-as-given", [0, 1, 2], [[0.2, 0.2, 0.2], [0.1, 0.5, 0.1], [0.3, 0.3, 0.3]],
               tags=["unnormalized-rows", *wrong("logloss-renormalized-rows")],
               description="Rows summing to 0.6, 0.7, 0.9: scikit-learn 1.9.1 warns and uses them as they are "
               "(older versions divided each row by its sum).")
    yield case(LL, "errors/logits", [0, 1, 2], [[2.0, 1.0, -1.0], [0.1, 0.5, 0.1], [0.3, 0.3, 0.3]],
               tags=["error", "probability-bounds", *wrong("logloss-softmax-applied")],
               description="log_loss takes probabilities, not logits (cross-entropy from logits, as in the "
               "PyTorch library of reference 004, needs a softmax first): values above 1 are a ValueError.")
    yield case(LL, "errors/negative-probability", [0, 1], [-0.1, 0.5], tags=["error", "probability-bounds"],
               description="A probability below 0: ValueError.")
    # Labels
    yield case(LL, "labels/unsorted-labels-columns-stay-sorted", [0, 1, 2, 1], THREE, {"labels": [2, 0, 1]},
               tags=["labels-order", *wrong("logloss-labels-order-kept")],
               description="labels=[2, 0, 1] does NOT reorder the columns: they are always the sorted labels "
               "(scikit-learn only warns that the order given is ignored).")
    yield case(LL, "labels/declared-absent-class", [0, 1, 0, 1], THREE, {"labels": [0, 1, 2]},
               tags=["labels-declared", "absent-class"],
               description="Class 2 has a column but no sample: declared through labels.")
    yield case(LL, "errors/labels/absent-class-undeclared", [0, 1, 0, 1], THREE, tags=["error", "absent-class"],
               description="2 classes in y_true, 3 columns, no labels: ValueError.")
    yield case(LL, "errors/labels/y_true-outside-labels", [0, 3, 0, 1], THREE, {"labels": [0, 1, 2]},
               tags=["error"], description="A y_true value that labels does not list: ValueError.")
    yield case(LL, "errors/labels/one-label", [0, 0], [0.2, 0.3], {"labels": [0]}, tags=["error", "single-class"],
               description="labels with a single class: ValueError.")
    yield case(LL, "errors/column-count", [0, 1, 2, 1], [row[:2] for row in THREE], tags=["error"],
               description="3 classes in y_true, 2 columns: ValueError.")
    # Weights
    yield case(LL, "sample-weight/fractional", [0, 1, 2, 1], THREE, sample_weight=[0.5, 2.25, 1.0, 3.0],
               tags=["fractional-weight", *wrong("weights-ignored")], description="Weighted mean.")
    yield case(LL, "sample-weight/normalize=False", [0, 1, 2, 1], THREE, {"normalize": False},
               sample_weight=[0.5, 2.25, 1.0, 3.0], tags=["fractional-weight", *wrong("weights-ignored")],
               description="Weighted sum.")
    yield case(LL, "sample-weight/some-zero", [0, 1, 2, 1], THREE, sample_weight=[0, 1, 1, 2],
               tags=["zero-weight", *wrong("weights-ignored")], description="A weight-0 sample adds nothing.")
    yield case(LL, "errors/sample-weight/all-zero", [0, 1, 2, 1], THREE, sample_weight=[0, 0, 0, 0],
               tags=["error", "zero-weight"], description="All weights 0: ValueError.")
    yield case(LL, "errors/sample-weight/sum-zero", [0, 1, 2, 1], THREE, sample_weight=[1, -1, 0, 0],
               tags=["error", "negative-weight"],
               description="Weights summing to 0 (not all 0): numpy's average raises ZeroDivisionError.")
    yield case(LL, "sample-weight/sum-zero/normalize=False", [0, 1, 2, 1], THREE, {"normalize": False},
               sample_weight=[1, -1, 0, 0], tags=["negative-weight"],
               description="The same weights with normalize=False: a weighted sum, no division, no error.")
    # Errors
    yield case(LL, "errors/empty", [], [], tags=["error", "empty"], description="No samples: ValueError.")
    yield case(LL, "errors/nan-probability", [0, 1], [NAN, 0.5], tags=["error", "nan-input"],
               description="NaN: ValueError.")
    yield case(LL, "errors/mismatched-lengths", [0, 1, 1], [0.2, 0.5], tags=["error", "mismatched-lengths"],
               description="y_true and y_proba of different lengths: ValueError.")


def brier_named():
    yt, p = [0, 1, 1, 0], [0.1, 0.9, 0.8, 0.3]
    yield case(BS, "worked-example/docstring", yt, p, tags=["worked-example", *wrong("brier-binary-not-halved")],
               description="scikit-learn's docstring example: mean of (y - p)^2 = 0.0375.")
    yield case(BS, "worked-example/docstring/pos_label=0", yt, [1 - v for v in p], {"pos_label": 0},
               tags=["worked-example", "pos-label"],
               description="The same with pos_label=0 and 1 - p: 0.0375 again.")
    yield case(BS, "worked-example/docstring/scale_by_half=False", yt, p, {"scale_by_half": False},
               tags=["worked-example"], description="Unscaled: the sum over both classes, 0.075.")
    three = [[0.8, 0.1, 0.1], [0.2, 0.7, 0.1], [0.2, 0.2, 0.6]]
    yield case(BS, "worked-example/docstring/multiclass", [0, 1, 2], three, {"labels": [0, 1, 2]},
               tags=["worked-example", "labels-declared", *wrong("brier-multiclass-halved")],
               description="scikit-learn's multiclass docstring example: the mean over samples of the sum over "
               "classes of (indicator - p)^2, NOT halved (scale_by_half='auto' halves binary only): 0.146.")
    yield case(BS, "multiclass/scale_by_half=True", [0, 1, 2], three, {"scale_by_half": True},
               tags=["multiclass"], description="Halved on request: 0.073.")
    yield case(BS, "two-columns/halved", [0, 1, 1, 0], [[0.9, 0.1], [0.1, 0.9], [0.2, 0.8], [0.7, 0.3]],
               tags=["binary-scores", *wrong("brier-binary-not-halved")],
               description="Two columns are read as two classes, and 'auto' halves two classes: equal to the "
               "one-column docstring value, 0.0375.")
    # The positive class without pos_label
    yield case(BS, "pos-label/labels-1-2-greater-is-positive", [1, 2, 2, 1], p,
               tags=["pos-label", "non-contiguous-labels",
                     *wrong("brier-pos-label-default-1", "brier-pos-label-strict")],
               description="y_true in {1, 2} and no pos_label: unlike the curves, which refuse this, "
               "brier_score_loss takes the GREATER label (2) as positive.")
    yield case(BS, "pos-label/labels-0-2", [0, 2, 2, 0], p,
               tags=["pos-label", "non-contiguous-labels",
                     *wrong("brier-pos-label-default-1", "brier-pos-label-strict")],
               description="{0, 2}: class 2 is positive.")
    yield case(BS, "pos-label/single-class-0", [0, 0, 0], [0.1, 0.5, 0.2], tags=["pos-label", "single-class"],
               description="Only 0 in y_true: the positive class is 1, which never occurs; every target is 0.")
    yield case(BS, "pos-label/single-class-2", [2, 2, 2], [0.1, 0.5, 0.2],
               tags=["pos-label", "single-class", *wrong("brier-pos-label-default-1", "brier-pos-label-strict")],
               description="Only 2 in y_true: 2 is the greater (only) label, so it is positive; every target is 1.")
    yield case(BS, "pos-label/explicit-absent", [0, 1, 1, 0], p, {"pos_label": 5}, tags=["pos-label"],
               description="An explicit pos_label that never occurs is accepted: every target is 0.")
    yield case(BS, "errors/three-classes-one-column", [0, 1, 2], [0.1, 0.5, 0.2], tags=["error"],
               description="One probability per sample needs a binary y_true: ValueError.")
    yield case(BS, "unnormalized-rows/used-as-given", [0, 1, 2], [[0.5, 0.1, 0.1], [0.2, 0.2, 0.1], [0.2, 0.2, 0.2]],
               tags=["unnormalized-rows"],
               description="Rows that do not sum to 1 are used as they are (a warning).")
    yield case(BS, "labels/unsorted-labels-columns-stay-sorted", [0, 1, 2, 1], THREE, {"labels": [2, 0, 1]},
               tags=["labels-order"], description="As in log_loss, the columns are the sorted labels.")
    yield case(BS, "labels/declared-absent-class", [0, 1, 0, 1], THREE, {"labels": [0, 1, 2]},
               tags=["labels-declared", "absent-class"], description="Class 2 declared, never true.")
    yield case(BS, "sample-weight/fractional", yt, p, sample_weight=[0.5, 2.25, 1.0, 3.0],
               tags=["fractional-weight", *wrong("weights-ignored")], description="Weighted mean of (y - p)^2.")
    yield case(BS, "errors/probability-above-one", yt, [0.1, 1.2, 0.8, 0.3], tags=["error", "probability-bounds"],
               description="A probability above 1 (1.2): ValueError.")
    yield case(BS, "probability-bounds/zero-and-one", yt, [0.0, 1.0, 1.0, 1.0], tags=["probability-bounds"],
               description="0 and 1 are valid (no clipping in the Brier score): 1/4.")
    yield case(BS, "errors/empty", [], [], tags=["error", "empty"], description="No samples: ValueError.")


# --- grids ----------------------------------------------------------------------------------

PER_COMBINATION = 2


def _shape_inputs(rng, shape, mode):
    n = draw_n(rng, 5, 14)
    if shape == "binary-1d":
        yt = draw_binary_target(rng, n)
        p = draw_scores(rng, n, "ties" if mode == "ties" else "extremes" if mode == "extremes" else "continuous")
        return yt, p, ["binary-scores"]
    if shape == "binary-2col":
        yt = draw_binary_target(rng, n)
        return yt, draw_probability_rows(rng, n, 2, mode), ["binary-scores"]
    k = int(rng.integers(3, 6))
    n = max(n, k)
    return draw_multiclass_target(rng, n, k), draw_probability_rows(rng, n, k, mode), ["multiclass"]


def grid():
    for shape in ("binary-1d", "binary-2col", "multiclass"):
        for mode in ("ties", "continuous", "extremes"):
            for weights_mode in ("none", "float"):
                for normalize in (True, False):
                    for i in range(PER_COMBINATION):
                        slug = f"grid/{shape}/scores={mode}/weights={weights_mode}/normalize={normalize}/{i}"
                        rng = rng_for(f"{LL}/{slug}")
                        yt, p, tags = _shape_inputs(rng, shape, mode)
                        yield case(LL, slug, yt, p, {"normalize": normalize},
                                   sample_weight=draw_weights(rng, weights_mode, len(yt)),
                                   tags=["grid", *tags, *WEIGHT_TAGS[weights_mode], *SCORE_TAGS[mode]])
            for weights_mode in ("none", "float"):
                for scale in ("auto", True, False):
                    for i in range(PER_COMBINATION):
                        slug = f"grid/{shape}/scores={mode}/weights={weights_mode}/scale_by_half={scale}/{i}"
                        rng = rng_for(f"{BS}/{slug}")
                        yt, p, tags = _shape_inputs(rng, shape, mode)
                        yield case(BS, slug, yt, p, {"scale_by_half": scale},
                                   sample_weight=draw_weights(rng, weights_mode, len(yt)),
                                   tags=["grid", *tags, *WEIGHT_TAGS[weights_mode], *SCORE_TAGS[mode]])
    for metric in (LL, BS):
        for i in range(4):
            slug = f"grid/multiclass/labels=declared/{i}"
            rng = rng_for(f"{metric}/{slug}")
            k = int(rng.integers(3, 6))
            n = draw_n(rng, 4, 12)
            yt = draw_multiclass_target(rng, n, k - 1, all_present=False)
            if len(set(yt)) < 2:
                yt[0], yt[-1] = 0, 1
            yield case(metric, slug, yt, draw_probability_rows(rng, n, k, "continuous"), {"labels": list(range(k))},
                       tags=["grid", "multiclass", "labels-declared", "absent-class"])


def cases():
    yield from log_loss_named()
    yield from brier_named()
    yield from grid()
