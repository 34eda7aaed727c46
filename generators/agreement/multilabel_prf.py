"""precision/recall/F on multilabel indicator matrices, average="samples" included.

Each column of the matrices is a label scored one-vs-rest, exactly as a class is for
label vectors (generators/counts); average="samples" scores each ROW instead (the
sample's true label set against its predicted one) and takes the sample_weight-weighted
mean of the rows' values.
"""

from __future__ import annotations

from generators.agreement._common import NAN, case, draw_indicators, fmt, wrong
from generators.counts._common import FBETA_DEFAULT, PRF, draw_weights
from generators.oracle import rng_for

# Four samples, three labels: sample 1 has no true and no predicted label, label 1 is
# never true (only predicted), label 2 never predicted.
Y_TRUE = [[1, 0, 1], [0, 0, 0], [1, 0, 1], [0, 0, 1]]
Y_PRED = [[1, 1, 0], [0, 0, 0], [1, 0, 0], [0, 1, 0]]


def ml(metric, slug, y_true, y_pred, params=None, **kw):
    params = dict(params or {})
    if metric == "fbeta_score":
        params.setdefault("beta", FBETA_DEFAULT)
    return case(metric, f"multilabel/{slug}", y_true, y_pred, params, **kw)


def each(slug, y_true, y_pred, params=None, metrics=PRF, *, tags=(), **kw):
    for metric in metrics:
        yield ml(metric, slug, y_true, y_pred, params, tags=tags, **kw)


def averages():
    readings = {None: [], "micro": [], "macro": [], "weighted": [], "samples": ["samples-is-micro"]}
    for average in (None, "micro", "macro", "weighted", "samples"):
        yield from each(
            f"averages/average={fmt(average)}", Y_TRUE, Y_PRED, {"average": average},
            tags=["averaging", "zero-division", *wrong(*readings[average])],
            description="Per label (column): TP, predicted and true counts down the column, as for a class; "
            "micro pools them; macro and weighted (by column support) average the columns; samples averages "
            "the ROWS' values. The row with no true and no predicted label has P = R = F = zero_division (0 "
            "here) and counts in the samples mean.",
        )
    for zd in (1, NAN):
        yield from each(
            f"samples/empty-row/zero_division={fmt(zd)}", Y_TRUE, Y_PRED, {"average": "samples", "zero_division": zd},
            tags=["averaging", "zero-division",
                  *wrong("samples-empty-row-skipped" if zd == 1 else "samples-nan-propagates-into-mean")],
            description="zero_division=1 gives the empty row P = R = F = 1, which counts in the mean; "
            "zero_division=nan gives NaN, and the NaN-skipping mean leaves the row out.",
        )
    yield from each(
        "samples/empty-row/zero_division=warn", Y_TRUE, Y_PRED, {"average": "samples", "zero_division": "warn"},
        tags=["averaging", "zero-division", *wrong("samples-empty-row-skipped")],
        description="The default: the empty row's 0/0 values are 0 (with an UndefinedMetricWarning) and count.",
    )


def weights_labels_errors():
    w = [1.0, 2.0, 0.5, 3.0]
    yield from each("samples/sample-weight", Y_TRUE, Y_PRED, {"average": "samples"}, sample_weight=w,
                    tags=["averaging", "fractional-weight", *wrong("samples-ignore-sample-weight")],
                    description="average='samples' weighs each row's value by its sample_weight.")
    yield from each("samples/zero-weight-row", Y_TRUE, Y_PRED, {"average": "samples"}, sample_weight=[0, 1, 1, 1],
                    tags=["averaging", "zero-weight"],
                    description="A weight-0 row: scikit-learn multiplies its counts by 0, so its P and R are 0/0 "
                    "(an UndefinedMetricWarning about 'samples with no predicted labels', although it has one), "
                    "but with weight 0 the value does not depend on them.")
    yield from each("weighted/sample-weight", Y_TRUE, Y_PRED, {"average": "weighted"}, sample_weight=w,
                    tags=["weighted", "fractional-weight", *wrong("weights-ignored")],
                    description="Column counts are weighted sums; the weighted average uses the weighted supports.")
    yield from each("labels/column-order", Y_TRUE, Y_PRED, {"average": None, "labels": [2, 0]},
                    tags=["labels-order", "labels-subset", *wrong("multilabel-labels-sorted")],
                    description="labels are column indices: the per-label values follow [2, 0].")
    yield from each("labels/micro-over-subset", Y_TRUE, Y_PRED, {"average": "micro", "labels": [0, 2]},
                    tags=["labels-subset"], description="Micro pools the selected columns only.")
    yield from each("non-binary-indicator", [[0, 2, 2], [2, 2, 0]], [[2, 2, 2], [2, 0, 0]], {"average": None},
                    tags=["non-binary-indicator", *wrong("indicator-positive-means-one")],
                    description="A {0, 2} matrix is an indicator: a non-zero cell is positive, so 2 is 'has the "
                    "label'.")
    yield from each("errors/label-out-of-range", Y_TRUE, Y_PRED, {"average": "macro", "labels": [0, 3]},
                    tags=["error"], description="Column index 3 of a 3-column matrix: ValueError.")
    yield from each("errors/binary-average", Y_TRUE, Y_PRED, {"average": "binary"}, tags=["error"],
                    description="average='binary' (the default of the four *_score functions) refuses indicator "
                    "matrices: ValueError.")
    yield from each("errors/mix-with-label-vector", Y_TRUE, [0, 1, 0, 1], {"average": "macro"}, tags=["error"],
                    description="An indicator matrix against a label vector: ValueError.")


AVERAGES = (None, "micro", "macro", "weighted", "samples")


def grid():
    for metric in PRF:
        for average in AVERAGES:
            for zd in ("warn", 1, NAN):
                slug = f"grid/average={fmt(average)}/zero_division={fmt(zd)}/0"
                rng = rng_for(f"{metric}/multilabel/{slug}")
                yt, yp = draw_indicators(rng)
                yield ml(metric, slug, yt, yp, {"average": average, "zero_division": zd},
                         tags=["grid", "zero-division"])
            slug = f"grid/average={fmt(average)}/weights=float/0"
            rng = rng_for(f"{metric}/multilabel/{slug}")
            yt, yp = draw_indicators(rng)
            yield ml(metric, slug, yt, yp, {"average": average}, sample_weight=draw_weights(rng, "float", len(yt)),
                     tags=["grid", "fractional-weight"])


def cases():
    for group in (averages, weights_labels_errors, grid):
        yield from group()
