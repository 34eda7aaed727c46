"""Named cases of dcg_score and ndcg_score: graded relevances ranked by scores.

scikit-learn's docstring examples, then each keyword (``k``, ``log_base``, ``ignore_ties``,
``sample_weight``) and the edges: ties averaged or not, a k cut inside a group of ties, k past
the number of items, rows with no relevant item, negative relevances (DCG takes them, NDCG
refuses them), and the refusals (a vector, one column, shapes that differ, NaN, bad keywords).

Ties under ``ignore_ties=True`` are covered only by scikit-learn's own docstring example: the
order among tied scores is then numpy's argsort's, reversed, which is no rule a port can follow
for longer rows (docs/decisions/0026).
"""

from __future__ import annotations

from generators.ranking._common import GAIN_METRICS, case, each

DCG, NDCG = ("dcg_score",), ("ndcg_score",)
# scikit-learn's docstring example: five documents, graded 10, 0, 0, 1, 5.
TRUE = [[10, 0, 0, 1, 5]]
SCORES = [[0.1, 0.2, 0.3, 4, 70]]
SCORES_2 = [[0.05, 1.1, 1.0, 0.5, 0.0]]
TIED = [[1, 0, 0, 0, 1]]
# Three queries of four documents, graded 0..3.
GRADED = [[3, 2, 0, 1], [0, 0, 1, 2], [1, 3, 3, 0]]
GRADED_SCORES = [[0.9, 0.3, 0.4, 0.1], [0.2, 0.8, 0.7, 0.1], [0.5, 0.6, 0.1, 0.4]]


def docstring():
    yield from each(GAIN_METRICS, "docstring", TRUE, SCORES, tags=["worked-example"],
                    description="scikit-learn's docstring example: the item of relevance 5 ranked first, then 1, "
                    "then the two 0s, the 10 last.")
    yield case("ndcg_score", "docstring/second-scores", TRUE, SCORES_2, tags=["worked-example"],
               description="scikit-learn's docstring example with other scores: the 10 is ranked fifth.")
    for k in (1, 2, 4):
        yield from each(GAIN_METRICS, f"docstring/k={k}", TRUE, SCORES if k != 4 else SCORES_2, {"k": k},
                        tags=["worked-example"],
                        description=f"k={k}: only the top {k} items by score count; NDCG's ideal DCG is cut "
                        "at k too.")
    yield case("ndcg_score", "docstring/perfect/k=4", TRUE, TRUE, {"k": 4}, tags=["worked-example"],
               description="The relevances as their own scores: the ideal order, NDCG 1 whatever k.")
    for k in (None, 1):
        slug = "docstring/ties" + ("" if k is None else f"/k={k}")
        yield from each(GAIN_METRICS, slug, TRUE, TIED, {} if k is None else {"k": k},
                        tags=["worked-example", "ties"],
                        description="Scores tie the 10 and the 5 at the top (and the rest below): by default each "
                        "tied group shares its mean gain, (10 + 5) / 2 at each of the top two ranks.")
    yield case("dcg_score", "docstring/ties/k=1/ignore_ties=True", TRUE, TIED, {"k": 1, "ignore_ties": True},
               tags=["worked-example", "ties", "quirk"],
               description="scikit-learn's docstring example of ignore_ties=True on tied scores: the order is "
               "numpy's argsort reversed, which here puts the last tied item (relevance 5) first; the docstring "
               "calls this a wrong result.")


def keywords():
    yield from each(GAIN_METRICS, "graded", GRADED, GRADED_SCORES,
                    description="Three queries of four items graded 0..3, distinct scores.")
    for k in (1, 2, 3, 4, 10):
        yield from each(GAIN_METRICS, f"graded/k={k}", GRADED, GRADED_SCORES, {"k": k},
                        tags=["default-params"] if k >= 4 else [],
                        description=f"k={k}: the discounts past rank k are 0" +
                        (" (k is at least the number of items, the same as no k)." if k >= 4 else "."))
    for k in (None, 2):
        params = {"ignore_ties": True} if k is None else {"ignore_ties": True, "k": k}
        yield from each(GAIN_METRICS, "graded/ignore_ties=True" + ("" if k is None else f"/k={k}"), GRADED,
                        GRADED_SCORES, params,
                        description="ignore_ties=True on distinct scores: the same value as the tie-averaging "
                        "default.")
    for base, slug in ((10, "10"), (2.718281828459045, "e"), (0.5, "0.5"), (1, "1"), (3, "3")):
        yield case("dcg_score", f"docstring/log_base={slug}", TRUE, SCORES, {"log_base": base},
                   tags=["worked-example"] if base == 10 else [],
                   description=f"log_base={base}: the discount of rank r is 1 / log_{slug}(r + 1)" +
                   ({1: " = 1 / 0 = inf, whose inverse scikit-learn takes as 0: DCG 0.",
                     0.5: ", negative below base 1: the DCG is negative."}.get(base, ".")))
    for base in (0, -2):
        yield case("dcg_score", f"log_base={base}", TRUE, SCORES, {"log_base": base}, tags=["error", "keyword"],
                   description="log_base must be positive.")
    for k, text in ((0, "k=0 is refused (k >= 1)."), (2.0, "k must be an integer: 2.0 is refused."),
                    (-1, "A negative k is refused.")):
        yield from each(GAIN_METRICS, f"k={k}", GRADED, GRADED_SCORES, {"k": k}, tags=["error", "keyword"],
                        description=text)
    yield from each(GAIN_METRICS, "ignore_ties=1", GRADED, GRADED_SCORES, {"ignore_ties": 1},
                    tags=["error", "keyword"], description="ignore_ties must be a bool: 1 is refused.")
    yield from each(GAIN_METRICS, "graded/weights", GRADED, GRADED_SCORES, sample_weight=[1, 2, 0.5],
                    description="Sample weights: the mean over rows is weighted.")
    yield from each(GAIN_METRICS, "graded/zero-weight", GRADED, GRADED_SCORES, sample_weight=[0, 1, 1],
                    tags=["zero-weight"], description="A row of weight 0 counts for nothing.")
    yield from each(GAIN_METRICS, "graded/negative-weight", GRADED, GRADED_SCORES, sample_weight=[2, -1, 1],
                    tags=["negative-weight"], description="A negative weight is taken as it is.")
    yield from each(GAIN_METRICS, "graded/weights-sum-to-zero", GRADED, GRADED_SCORES, sample_weight=[1, -1, 0],
                    tags=["error", "zero-weight", "negative-weight"],
                    description="Weights summing to 0: the weighted mean over rows is refused (ZeroDivisionError).")
    yield from each(GAIN_METRICS, "graded/weight-2", GRADED, GRADED_SCORES, sample_weight=[2, 1, 1],
                    tags=["weight-2-duplicate"],
                    description="The first row of weight 2: the same value as that row given twice (see "
                    "graded/duplicate-row).")
    yield from each(GAIN_METRICS, "graded/duplicate-row", GRADED + GRADED[:1], GRADED_SCORES + GRADED_SCORES[:1],
                    tags=["weight-2-duplicate"], description="The first row given twice.")


def ties():
    # Four items; scores tie the items of relevance 3 and 0 at the top.
    t, s = [[3, 0, 2, 1]], [[0.5, 0.5, 0.2, 0.1]]
    yield from each(GAIN_METRICS, "ties/averaged", t, s, tags=["ties"],
                    description="The items of relevance 3 and 0 tie at the top: each of ranks 1 and 2 gets their "
                    "mean gain 1.5, whatever the order they came in.")
    yield from each(GAIN_METRICS, "ties/averaged/reversed-input", [[0, 3, 2, 1]], [[0.5, 0.5, 0.2, 0.1]],
                    tags=["ties"], description="The tied items in the other input order: the same value.")
    yield from each(GAIN_METRICS, "ties/k-cuts-a-tie", [[0, 1, 3, 2]], [[0.9, 0.4, 0.4, 0.4]], {"k": 2},
                    tags=["ties"],
                    description="k=2 cuts a group of three tied items after its first: rank 2 gets the group's "
                    "mean gain 2 times its discount, ranks 3 and 4 count nothing.")
    yield from each(GAIN_METRICS, "ties/all-tied", [[3, 0, 2, 1]], [[1, 1, 1, 1]], tags=["ties"],
                    description="Every score equal: every rank gets the mean gain 1.5.")
    yield from each(GAIN_METRICS, "ties/beyond-k/ignore_ties=True", [[3, 0, 2, 1]], [[4, 3, 1, 1]],
                    {"k": 2, "ignore_ties": True}, tags=["ties"],
                    description="ignore_ties=True where the tied items fall past k: their order cannot matter.")
    yield from each(GAIN_METRICS, "ties/equal-gains/ignore_ties=True", [[3, 1, 1, 0]], [[4, 2, 2, 1]],
                    {"ignore_ties": True}, tags=["ties"],
                    description="ignore_ties=True where the tied items have equal relevance: their order "
                    "cannot matter.")


def edges():
    yield from each(GAIN_METRICS, "all-zero-relevance", [[0, 0, 0], [2, 1, 0]], [[0.3, 0.2, 0.1], [0.1, 0.2, 0.3]],
                    tags=["degenerate"],
                    description="The first row has no relevant item: DCG 0, and NDCG scores it 0 (its ideal DCG "
                    "is 0), not NaN.")
    yield from each(GAIN_METRICS, "one-row", [[1, 0]], [[0.2, 0.8]], tags=["single-sample"],
                    description="One query of two items, ranked wrongly: DCG 1/log2(3), NDCG the same.")
    yield from each(GAIN_METRICS, "binary-relevance", [[1, 0, 1, 0], [0, 1, 0, 0]],
                    [[0.1, 0.9, 0.8, 0.2], [0.3, 0.4, 0.2, 0.1]],
                    description="0/1 relevances (an indicator matrix).")
    yield from each(GAIN_METRICS, "float-relevance", [[0.5, 2.25, 0.0], [1.5, 0.0, 0.75]],
                    [[3, 2, 1], [1, 2, 3]], description="Fractional relevances (continuous-multioutput).")
    yield case("dcg_score", "negative-relevance", [[3, -2, 0, 1]], [[0.1, 0.4, 0.2, 0.3]],
               description="DCG takes a negative relevance as a negative gain: here the DCG is below 0.")
    yield case("ndcg_score", "negative-relevance", [[3, -2, 0, 1]], [[0.1, 0.4, 0.2, 0.3]], tags=["error"],
               description="NDCG refuses negative relevances.")
    yield from each(GAIN_METRICS, "one-column", [[3], [2]], [[0.1], [0.4]], tags=["error", "shape", "column-target"],
                    description="One item per row (an (n, 1) column): refused, a ranking needs two items.")
    yield from each(GAIN_METRICS, "one-dimensional", [3, 2, 0, 1], [0.1, 0.4, 0.2, 0.3], tags=["error", "shape"],
                    description="A 1-D y_true is refused: each row of a 2-D y_true is one query.")
    yield from each(GAIN_METRICS, "fewer-score-columns", [[3, 2, 0, 1]], [[1, 2, 3]],
                    tags=["error", "shape"], description="y_score narrower than y_true: refused.")
    yield from each(GAIN_METRICS, "more-score-columns", [[3, 2, 0, 1]], [[1, 2, 3, 4, 5]],
                    tags=["error", "shape"], description="y_score wider than y_true: refused.")
    yield from each(GAIN_METRICS, "more-score-columns/ignore_ties=True", [[3, 2, 0, 1]], [[1, 2, 3, 4, 5]],
                    {"ignore_ties": True}, tags=["error", "shape"],
                    description="y_score wider than y_true with ignore_ties=True: refused too (an index error).")
    yield from each(GAIN_METRICS, "mismatched-rows", [[3, 2, 0, 1], [1, 0, 0, 0]], [[1, 2, 3, 4]],
                    tags=["error", "mismatched-lengths"], description="Different numbers of rows: refused.")
    yield from each(GAIN_METRICS, "mismatched-weights", GRADED, GRADED_SCORES, sample_weight=[1, 2],
                    tags=["error", "mismatched-lengths"], description="A weight per row is needed: refused.")
    yield from each(GAIN_METRICS, "nan-score", [[3, 2, 0]], [[0.1, "NaN", 0.3]], tags=["error", "nan-input"],
                    description="A NaN score is refused.")
    yield from each(GAIN_METRICS, "infinite-score", [[3, 2, 0]], [[0.1, "Infinity", 0.3]],
                    tags=["error", "non-finite-input"], description="An infinite score is refused.")
    yield from each(GAIN_METRICS, "empty", [], [], tags=["error", "empty"], description="No rows: refused.")


def cases():
    for part in (docstring, keywords, ties, edges):
        yield from part()
