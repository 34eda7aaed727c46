"""top_k_accuracy_score: named cases, then seeded random cases."""

from __future__ import annotations

from generators.scores._common import (
    SCORE_TAGS,
    WEIGHT_TAGS,
    case,
    draw_multiclass_target,
    draw_n,
    draw_binary_target,
    draw_probability_rows,
    draw_scores,
    draw_weights,
    NAN,
    rng_for,
    wrong,
)

M = "top_k_accuracy_score"

# scikit-learn's docstring example.
DOC_TRUE = [0, 1, 2, 2]
DOC_SCORE = [[0.5, 0.2, 0.2], [0.3, 0.4, 0.2], [0.2, 0.4, 0.3], [0.7, 0.2, 0.1]]


def topk(slug, y_true, y_score, params=None, **kw):
    return case(M, slug, y_true, y_score, params, **kw)


def worked_examples():
    yield topk("worked-example/docstring/k=2", DOC_TRUE, DOC_SCORE, {"k": 2}, tags=["worked-example"],
               description="scikit-learn's docstring example: 3 of 4 true classes are among the two highest scores.")
    yield topk("worked-example/docstring/k=2/normalize=False", DOC_TRUE, DOC_SCORE, {"k": 2, "normalize": False},
               tags=["worked-example", *wrong("normalize-ignored")],
               description="normalize=False: the number of hits, 3 (a float).")
    yield topk("worked-example/docstring/k=1", DOC_TRUE, DOC_SCORE, {"k": 1}, tags=["worked-example"],
               description="k=1 is plain accuracy of the arg-max: 2 of 4.")
    yield topk("worked-example/docstring/default-k", DOC_TRUE, DOC_SCORE, tags=["worked-example", "default-params"],
               description="The default k is 2, not 1.")


def ties():
    yield topk("ties/two-way-tie-higher-index-ranks-first", [1, 1, 2],
               [[0.4, 0.4, 0.2], [0.4, 0.4, 0.2], [0.1, 0.2, 0.7]], {"k": 1, "labels": [0, 1, 2]},
               tags=["ties", "labels-declared", *wrong("topk-ties-lower-index-first")],
               description="Classes 0 and 1 tie for the top score.  scikit-learn ranks columns by a stable "
               "ascending sort, reversed, so among equal scores the HIGHER column index ranks first: class 1 "
               "is the top-1 of both tied rows, and all 3 samples are hits (1.0).  arg-max or torch.topk "
               "style (the first index wins) predicts class 0 there: 1/3.")
    yield topk("ties/all-equal-row", [0, 0, 2], [[1 / 3, 1 / 3, 1 / 3]] * 3, {"k": 2, "labels": [0, 1, 2]},
               tags=["ties", "labels-declared", *wrong("topk-ties-lower-index-first", "topk-ties-optimistic")],
               description="Every score tied, k=2: the top-2 are classes 2 and 1 (highest indices first), so "
               "only the class-2 sample is a hit: 1/3.  First-index-wins gives 2/3; counting a class as a hit "
               "when fewer than k classes score strictly higher gives 1.0.")
    yield topk("ties/tie-across-the-k-boundary", [1, 2, 3], [[0.1, 0.3, 0.3, 0.3]] * 3,
               {"k": 2, "labels": [0, 1, 2, 3]},
               tags=["ties", "labels-declared", "absent-class", *wrong("topk-ties-optimistic")],
               description="Three classes tie for first place and k=2: the top-2 are classes 3 and 2; class 1, "
               "tied with them, is out: 2/3 (not 1.0).")


def k_and_classes():
    yield topk("k/k-equals-n-classes", DOC_TRUE, DOC_SCORE, {"k": 3},
               tags=["k-ge-classes", *wrong("topk-k-ge-classes-error")],
               description="k = number of classes: every sample is a hit, 1.0 (scikit-learn warns that the "
               "score is meaningless, but returns it).")
    yield topk("k/k-above-n-classes", DOC_TRUE, DOC_SCORE, {"k": 5},
               tags=["k-ge-classes", *wrong("topk-k-ge-classes-error")],
               description="k above the number of classes: 1.0, not an error.")
    yield topk("errors/k=0", DOC_TRUE, DOC_SCORE, {"k": 0}, tags=["error"],
               description="k must be an integer >= 1.")


def binary_scores():
    yt = [0, 1, 1, 0, 1]
    yield topk("binary/k=1/probabilities", yt, [0.2, 0.5, 0.7, 0.6, 0.51], {"k": 1},
               tags=["binary-scores", *wrong("topk-binary-threshold-inclusive")],
               description="Binary y_true with one score per sample (for the greater class).  k=1: all scores "
               "within [0, 1], so the threshold is 0.5 and a score must be STRICTLY greater to predict class "
               "1; the score 0.5 predicts class 0: 3/5.")
    yield topk("binary/k=1/decision-values", yt, [-1.0, 0.2, 2.0, -0.3, 0.4], {"k": 1},
               tags=["binary-scores", "decision-values", *wrong("topk-binary-threshold-fixed")],
               description="A score outside [0, 1] makes them decision values, thresholded at 0 instead of "
               "0.5: 0.2 and 0.4 predict class 1; all 5 right.")
    yield topk("binary/k=1/decision-value-at-zero", [0, 1, 1], [0.0, -2.0, 3.0], {"k": 1},
               tags=["binary-scores", "decision-values", *wrong("topk-binary-threshold-inclusive")],
               description="A decision value of exactly 0 predicts class 0 (strictly greater is needed): 2/3.")
    yield topk("binary/k=2", yt, [0.2, 0.5, 0.7, 0.6, 0.51], {"k": 2}, tags=["binary-scores", "k-ge-classes"],
               description="Binary with k=2: every sample is a hit.")
    yield topk("binary/labels-1-2", [1, 2, 2, 1], [0.1, 0.9, 0.4, 0.8], {"k": 1},
               tags=["binary-scores", "non-contiguous-labels"],
               description="Binary labels {1, 2}: the score is for class 2: 2/4.")
    yield topk("binary/single-class-declared", [0, 0, 0], [0.2, 0.5, 0.7], {"k": 1, "labels": [0, 1]},
               tags=["binary-scores", "single-class", "labels-declared"],
               description="Only class 0 in y_true; labels declares both classes, so one score per sample is "
               "valid: 0.2 and 0.5 predict 0: 2/3.")
    yield topk("errors/binary/single-class-undeclared", [0, 0, 0], [0.2, 0.5, 0.7], {"k": 1},
               tags=["error", "binary-scores", "single-class"],
               description="One class in y_true and no labels: 1 class does not match the 2 that one-score-per-"
               "sample implies: ValueError.")
    yield topk("errors/binary/two-columns", [0, 1, 1], [[0.8, 0.2], [0.3, 0.7], [0.5, 0.5]], {"k": 1},
               tags=["error", "binary-scores"],
               description="Binary y_true with a 2-column y_score is refused (only one score per sample, or an "
               "(n, 1) column, or labels declaring more than two classes).")
    yield topk("binary/declared-third-class", [0, 1, 1], [[0.5, 0.3, 0.2], [0.3, 0.3, 0.4], [0.1, 0.6, 0.3]],
               {"k": 1, "labels": [0, 1, 2]}, tags=["labels-declared", "absent-class"],
               description="labels with more than two classes turn a binary y_true into a multiclass problem "
               "over 3 columns: 2/3.")


def labels():
    scores = [[0.2, 0.5, 0.3], [0.6, 0.1, 0.3], [0.1, 0.2, 0.7], [0.3, 0.3, 0.4]]
    yield topk("labels/declared-absent-class", [0, 0, 2, 2], scores, {"k": 1, "labels": [0, 1, 2]},
               tags=["labels-declared", "absent-class"],
               description="Class 1 never occurs in y_true but has a column; labels declares it: 3/4.")
    yield topk("errors/labels/absent-class-undeclared", [0, 0, 2, 2], scores, {"k": 1},
               tags=["error", "absent-class"],
               description="Without labels, y_true's 2 classes do not match y_score's 3 columns: ValueError.")
    yield topk("errors/labels/unsorted", [0, 1, 2, 2], scores, {"k": 1, "labels": [2, 0, 1]},
               tags=["error", "labels-order", *wrong("topk-labels-order-kept")],
               description="labels must be sorted (columns are always in sorted label order): ValueError, not a "
               "relabelling of the columns.")
    yield topk("errors/labels/not-unique", [0, 1, 2, 2], scores, {"k": 1, "labels": [0, 1, 1, 2]},
               tags=["error"], description="labels must be unique: ValueError.")
    yield topk("errors/labels/y_true-outside-labels", [0, 1, 3, 2], scores, {"k": 1, "labels": [0, 1, 2]},
               tags=["error"], description="A y_true value missing from labels: ValueError.")
    yield topk("labels/non-contiguous-classes", [10, 20, 30, 30], scores, {"k": 1},
               tags=["non-contiguous-labels"],
               description="Classes 10, 20, 30 own columns 0, 1, 2 (sorted order): 2/4.")


def weights():
    yield topk("sample-weight/fractional", DOC_TRUE, DOC_SCORE, {"k": 1}, sample_weight=[0.5, 2.25, 1.0, 3.0],
               tags=["fractional-weight", *wrong("weights-ignored")],
               description="Weighted hits over total weight: (0.5 + 2.25) / 6.75.")
    yield topk("sample-weight/normalize=False", DOC_TRUE, DOC_SCORE, {"k": 1, "normalize": False},
               sample_weight=[0.5, 2.25, 1.0, 3.0],
               tags=["fractional-weight", *wrong("weights-ignored", "topk-count-ignores-weights")],
               description="normalize=False with weights: the weight of the hits, 2.75.")
    yield topk("sample-weight/some-zero", DOC_TRUE, DOC_SCORE, {"k": 1}, sample_weight=[0, 1, 1, 2],
               tags=["zero-weight", *wrong("weights-ignored")], description="1/4.")
    yield topk("errors/sample-weight/all-zero", DOC_TRUE, DOC_SCORE, {"k": 1}, sample_weight=[0, 0, 0, 0],
               tags=["error", "zero-weight"],
               description="Weights summing to 0: numpy's average raises ZeroDivisionError.")


def errors():
    yield topk("errors/empty", [], [], {"k": 1}, tags=["error", "empty"], description="No samples: ValueError.")
    yield topk("errors/mismatched-lengths", DOC_TRUE[:3], DOC_SCORE, {"k": 1}, tags=["error", "mismatched-lengths"],
               description="3 labels, 4 score rows: ValueError.")
    yield topk("errors/nan-score", DOC_TRUE, [[0.5, 0.2, NAN], *DOC_SCORE[1:]], {"k": 1},
               tags=["error", "nan-input"], description="NaN in y_score: ValueError.")
    yield topk("errors/continuous-y_true", [0.5, 1.0, 2.0, 2.0], DOC_SCORE, {"k": 1}, tags=["error"],
               description="Non-integer labels: ValueError.")
    yield topk("errors/1d-scores-for-multiclass", DOC_TRUE, [0.5, 0.4, 0.3, 0.7], {"k": 1}, tags=["error"],
               description="Multiclass y_true needs (n_samples, n_classes) scores: ValueError.")


# --- grid ----------------------------------------------------------------------------------

PER_COMBINATION = 2


def grid():
    for k in (1, 2, 3):
        for normalize in (True, False):
            for weights_mode in ("none", "float", "zeros"):
                for score_mode in ("ties", "continuous"):
                    for i in range(PER_COMBINATION):
                        slug = f"grid/multiclass/k={k}/normalize={normalize}/weights={weights_mode}/scores={score_mode}/{i}"
                        rng = rng_for(f"{M}/{slug}")
                        n_classes = int(rng.integers(3, 6))
                        n = draw_n(rng, n_classes, 14)
                        yt = draw_multiclass_target(rng, n, n_classes)
                        ys = draw_probability_rows(rng, n, n_classes, score_mode)
                        yield topk(slug, yt, ys, {"k": k, "normalize": normalize},
                                   sample_weight=draw_weights(rng, weights_mode, n),
                                   tags=["grid", *WEIGHT_TAGS[weights_mode], *SCORE_TAGS[score_mode]])
    for score_mode in ("ties", "continuous", "decision"):
        for weights_mode in ("none", "float"):
            for i in range(PER_COMBINATION):
                slug = f"grid/binary/k=1/weights={weights_mode}/scores={score_mode}/{i}"
                rng = rng_for(f"{M}/{slug}")
                n = draw_n(rng)
                yield topk(slug, draw_binary_target(rng, n), draw_scores(rng, n, score_mode), {"k": 1},
                           sample_weight=draw_weights(rng, weights_mode, n),
                           tags=["grid", "binary-scores", *WEIGHT_TAGS[weights_mode], *SCORE_TAGS[score_mode]])
    for i in range(3):
        slug = f"grid/multiclass/labels=declared/{i}"
        rng = rng_for(f"{M}/{slug}")
        n_classes = int(rng.integers(3, 6))
        n = draw_n(rng)
        yt = draw_multiclass_target(rng, n, n_classes - 1, all_present=False)
        yield topk(slug, yt, draw_probability_rows(rng, n, n_classes, "ties"),
                   {"k": int(rng.integers(1, n_classes)), "labels": list(range(n_classes))},
                   tags=["grid", "labels-declared", "absent-class", "ties"])


def cases():
    for group in (worked_examples, ties, k_and_classes, binary_scores, labels, weights, errors, grid):
        yield from group()
