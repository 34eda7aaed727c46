"""Named cases of the label-ranking metrics: label_ranking_average_precision_score (LRAP),
label_ranking_loss and coverage_error, over an indicator matrix of relevant labels.

scikit-learn's docstring examples, then ties between relevant and irrelevant labels (ranks
count ties pessimistically), rows with no relevant label or only relevant labels, one column
(LRAP takes it and scores 1; the other two refuse it), indicator matrices whose two values
are not 0 and 1 (relevant means non-zero), sample weights (LRAP divides by their sum, so
weights summing to 0 give NaN or an infinity where the others raise), and the refusals.
"""

from __future__ import annotations

from generators.ranking._common import LABEL_METRICS, case, each

LRAP, LOSS, COVERAGE = ("label_ranking_average_precision_score",), ("label_ranking_loss",), ("coverage_error",)
ALL = LABEL_METRICS
DOC_TRUE, DOC_SCORE = [[1, 0, 0], [0, 0, 1]], [[0.75, 0.5, 1], [1, 0.2, 0.1]]
TRUE = [[1, 0, 1, 0], [0, 1, 0, 0], [1, 1, 0, 1]]
SCORE = [[0.9, 0.8, 0.3, 0.1], [0.4, 0.6, 0.7, 0.2], [0.2, 0.5, 0.9, 0.4]]


def docstring():
    yield from each(ALL, "docstring", DOC_TRUE, DOC_SCORE, tags=["worked-example"],
                    description="scikit-learn's LRAP and ranking-loss docstring example: in each row the one "
                    "relevant label is ranked second, then third.")
    yield case("coverage_error", "coverage-docstring", [[1, 0, 0], [0, 1, 1]], [[1, 0, 0], [0, 1, 1]],
               tags=["worked-example"],
               description="scikit-learn's coverage_error docstring example: 1 label covers the first row, 2 the "
               "second.")
    yield from each(ALL, "two-rows", [[1, 0, 1, 0], [0, 1, 0, 0]], [[0.9, 0.8, 0.3, 0.1], [0.4, 0.6, 0.7, 0.2]],
                    tags=["worked-example"],
                    description="Two rows of four labels, distinct scores: a relevant label ranked third, one "
                    "ranked second.")
    yield from each(ALL, "three-rows", TRUE, SCORE, description="Three rows of four labels, distinct scores.")
    yield from each(ALL, "perfect", TRUE, [[1, 0, 1, 0], [0, 1, 0, 0], [1, 1, 0, 1]],
                    tags=["ties"],
                    description="The indicator matrix as its own scores: every relevant label above every "
                    "irrelevant one (ties only within each side). LRAP 1, loss 0, coverage the relevant count.")


def ties():
    yield from each(ALL, "ties/relevant-with-irrelevant", [[1, 0, 0, 1]], [[0.5, 0.5, 0.2, 0.1]], tags=["ties"],
                    description="A relevant label ties with an irrelevant one at the top: its rank is 2 (ties "
                    "ranked pessimistically), and the tied pair counts as misordered.")
    yield from each(ALL, "ties/all-tied", [[1, 0, 1, 0], [0, 1, 0, 0]], [[1, 1, 1, 1], [2, 2, 2, 2]],
                    tags=["ties"], description="Every score equal: every label has the last rank.")


def edges():
    yield from each(ALL, "row-with-no-relevant-label", [[0, 0, 0], [1, 0, 0]], [[0.1, 0.5, 0.9], [0.3, 0.2, 0.4]],
                    tags=["degenerate"],
                    description="The first row has no relevant label: LRAP scores it 1, the ranking loss 0, its "
                    "coverage is 0.")
    yield from each(ALL, "row-with-only-relevant-labels", [[1, 1, 1], [1, 0, 0]],
                    [[0.1, 0.5, 0.9], [0.3, 0.2, 0.4]], tags=["degenerate"],
                    description="The first row has every label relevant: LRAP scores it 1, the ranking loss 0, "
                    "its coverage is the number of labels.")
    yield from each(ALL, "all-zero", [[0, 0], [0, 0]], [[0.1, 0.5], [0.3, 0.2]], tags=["degenerate"],
                    description="No row has a relevant label: LRAP 1, loss 0, coverage 0.")
    yield from each(ALL, "one-row", [[0, 1, 0]], [[0.2, 0.1, 0.7]], tags=["single-sample"],
                    description="One row, its relevant label ranked last.")
    yield case("label_ranking_average_precision_score", "one-column", [[1], [0]], [[0.1], [0.4]],
               tags=["column-target", "degenerate"],
               description="One label per row: LRAP takes an (n, 1) column and scores each row 1 (one label is "
               "always all relevant or none).")
    yield from each(LOSS + COVERAGE, "one-column", [[1], [0]], [[0.1], [0.4]],
                    tags=["error", "shape", "column-target"],
                    description="One label per row: refused (not a multilabel indicator matrix).")
    yield from each(ALL, "two-valued/0-2", [[0, 2, 0], [2, 2, 0]], [[0.1, 0.5, 0.2], [0.3, 0.2, 0.4]],
                    tags=["non-binary-indicator"],
                    description="Values 0 and 2: still an indicator matrix to scikit-learn (two integral values); "
                    "a label is relevant when its entry is non-zero.")
    yield from each(ALL, "two-valued/1-2", [[1, 2, 1], [2, 2, 1]], [[0.1, 0.5, 0.2], [0.3, 0.2, 0.4]],
                    tags=["non-binary-indicator"],
                    description="Values 1 and 2: every entry is non-zero, so every label is relevant.")
    yield from each(ALL, "three-valued", [[0, 1, 2], [1, 0, 0]], [[0.1, 0.5, 0.2], [0.3, 0.2, 0.4]],
                    tags=["error", "non-binary-indicator"],
                    description="Three distinct values: not an indicator matrix, refused.")
    yield from each(ALL, "fractional", [[0, 0.5, 0], [0.5, 0, 0]], [[0.1, 0.5, 0.2], [0.3, 0.2, 0.4]],
                    tags=["error", "non-binary-indicator"],
                    description="Non-integral values: not an indicator matrix, refused.")
    yield from each(ALL, "one-dimensional", [1, 0, 1], [0.2, 0.1, 0.7], tags=["error", "shape"],
                    description="A 1-D y_true is refused.")
    yield from each(ALL, "shape-mismatch", [[1, 0, 0]], [[0.1, 0.2]], tags=["error", "shape"],
                    description="y_true and y_score of different widths: refused.")
    yield from each(ALL, "mismatched-rows", [[1, 0, 0], [0, 1, 0]], [[0.1, 0.2, 0.3]],
                    tags=["error", "mismatched-lengths"], description="Different numbers of rows: refused.")
    yield from each(ALL, "nan-score", [[1, 0, 0]], [[0.1, "NaN", 0.3]], tags=["error", "nan-input"],
                    description="A NaN score is refused.")
    yield from each(ALL, "empty", [], [], tags=["error", "empty"], description="No rows: refused.")


def weights():
    yield from each(ALL, "three-rows/weights", TRUE, SCORE, sample_weight=[1, 2, 0.5],
                    description="Sample weights: the mean over rows is weighted.")
    yield from each(ALL, "three-rows/zero-weight", TRUE, SCORE, sample_weight=[0, 1, 1], tags=["zero-weight"],
                    description="A row of weight 0 counts for nothing.")
    yield from each(ALL, "three-rows/negative-weight", TRUE, SCORE, sample_weight=[2, -1, 1],
                    tags=["negative-weight"], description="A negative weight is taken as it is.")
    yield from each(ALL, "three-rows/weight-2", TRUE, SCORE, sample_weight=[2, 1, 1], tags=["weight-2-duplicate"],
                    description="The first row of weight 2: the same value as that row given twice (see "
                    "three-rows/duplicate-row).")
    yield from each(ALL, "three-rows/duplicate-row", TRUE + TRUE[:1], SCORE + SCORE[:1],
                    tags=["weight-2-duplicate"], description="The first row given twice.")
    yield case("label_ranking_average_precision_score", "three-rows/weights-sum-to-zero", TRUE, SCORE,
               sample_weight=[1, -1, 0], tags=["zero-weight", "negative-weight", "nan-result"],
               description="Weights summing to 0: LRAP divides the weighted sum by the sum of the weights itself, "
               "so it returns an infinity or NaN rather than raising.")
    yield case("label_ranking_average_precision_score", "all-zero/weights-sum-to-zero", [[0, 0], [0, 0]],
               [[0.1, 0.5], [0.3, 0.2]], sample_weight=[1, -1], tags=["zero-weight", "negative-weight", "nan-result"],
               description="Weights summing to 0 on rows that each score 1: 0 / 0, NaN.")
    yield from each(LOSS + COVERAGE, "three-rows/weights-sum-to-zero", TRUE, SCORE, sample_weight=[1, -1, 0],
                    tags=["error", "zero-weight", "negative-weight"],
                    description="Weights summing to 0: refused (ZeroDivisionError of the weighted mean).")
    yield from each(ALL, "mismatched-weights", TRUE, SCORE, sample_weight=[1, 2],
                    tags=["error", "mismatched-lengths"], description="A weight per row is needed: refused.")


def cases():
    for part in (docstring, ties, edges, weights):
        yield from part()
