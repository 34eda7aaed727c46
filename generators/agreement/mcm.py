"""multilabel_confusion_matrix: named cases (label vectors and indicator matrices), then a grid."""

from __future__ import annotations

from generators.agreement._common import case, draw_indicators, wrong
from generators.counts._common import LABEL_MODE_TAGS, draw_label_list, draw_targets, draw_weights
from generators.oracle import rng_for

M = "multilabel_confusion_matrix"
LAYOUT = ("mcm-tp-first", "mcm-transposed")


def mcm(slug, y_true, y_pred, params=None, **kw):
    return case(M, slug, y_true, y_pred, params, **kw)


def worked_examples():
    yield mcm("worked-example/scikit-learn-docstring/multilabel", [[1, 0, 1], [0, 1, 0]], [[1, 0, 0], [0, 1, 1]],
              tags=["worked-example"],
              description="Docstring example: one 2 x 2 matrix per column, laid out [[TN, FP], [FN, TP]] (rows = "
              "truth, the negative first, as confusion_matrix of 'this label or not').")
    # The docstring's multiclass example with ant/bird/cat as 0/1/2.
    yt, yp = [2, 0, 2, 2, 0, 1], [0, 0, 2, 2, 0, 2]
    yield mcm("worked-example/scikit-learn-docstring/multiclass", yt, yp, {"labels": [0, 1, 2]},
              tags=["worked-example", *wrong(*LAYOUT)],
              description="Docstring example (ant, bird, cat as 0, 1, 2): each class one-vs-rest.")
    yield mcm("multiclass/labels-subset-keeps-samples", yt, yp, {"labels": [1, 2]},
              tags=["labels-subset", *wrong("mcm-drops-samples-outside-labels")],
              description="labels=[1, 2]: two matrices, but every sample still counts -- the samples of class 0 "
              "are true negatives of both (unlike confusion_matrix(labels=...), which drops them).")
    yield mcm("multiclass/absent-label", yt, yp, {"labels": [1, 5]},
              tags=["absent-class", *wrong("mcm-absent-labels-dropped")],
              description="Label 5 occurs nowhere: its matrix is [[6, 0], [0, 0]] (every sample a true negative).")
    yield mcm("multiclass/labels-order", yt, yp, {"labels": [2, 0]}, tags=["labels-order", "labels-subset"],
              description="Matrices in the order of labels.")
    yield mcm("multiclass/sample-weight", yt, yp, sample_weight=[1, 0.5, 2, 1, 1, 3],
              tags=["fractional-weight", *wrong("weights-ignored")],
              description="Weighted: TN is the total weight minus TP, FP and FN.")
    yield mcm("errors/samplewise-multiclass", yt, yp, {"samplewise": True}, tags=["error"],
              description="samplewise=True needs indicator matrices: ValueError.")


def multilabel():
    yt = [[1, 0, 1, 0], [0, 0, 0, 0], [1, 1, 0, 1]]
    yp = [[1, 1, 0, 0], [0, 0, 1, 0], [1, 1, 0, 0]]
    yield mcm("multilabel/samplewise", yt, yp, {"samplewise": True},
              tags=["samplewise", *wrong("mcm-samplewise-ignored", *LAYOUT)],
              description="samplewise=True: one matrix per SAMPLE, counting over its labels (cells of its row).")
    yield mcm("multilabel/samplewise/sample-weight", yt, yp, {"samplewise": True}, sample_weight=[2, 1, 0.5],
              tags=["samplewise", "fractional-weight", *wrong("weights-ignored")],
              description="samplewise with weights: each sample's four counts are multiplied by its weight.")
    yield mcm("multilabel/labels-columns", yt, yp, {"labels": [3, 1]},
              tags=["labels-order", "labels-subset"],
              description="labels are column indices, in order: columns 3 then 1 (column 3 has no predicted "
              "positive).")
    yield mcm("multilabel/sample-weight", yt, yp, sample_weight=[2, 1, 0.5],
              tags=["fractional-weight", *wrong("weights-ignored")], description="Per column, weighted.")
    yield mcm("errors/multilabel-label-negative", yt, yp, {"labels": [-1, 0]}, tags=["error"],
              description="A negative column index is refused (ValueError), not read from the end.")
    yield mcm("errors/multilabel-label-out-of-range", yt, yp, {"labels": [4]}, tags=["error"],
              description="Column index 4 of a 4-column matrix: ValueError.")
    yield mcm("multilabel/non-binary-indicator", [[0, 2], [2, 2], [2, 0]], [[2, 2], [0, 2], [2, 0]],
              tags=["non-binary-indicator", *wrong("indicator-positive-means-one")],
              description="A {0, 2} matrix: a non-zero cell is positive.")


def grid():
    for mode in ("none", "subset", "absent", "reordered"):
        for weights in ("none", "float"):
            for i in range(2):
                slug = f"grid/multiclass/labels={mode}/weights={weights}/{i}"
                rng = rng_for(f"{M}/{slug}")
                n_classes = int(rng.integers(2, 6))
                yt, yp = draw_targets(rng, n_classes)
                labels = draw_label_list(rng, mode, n_classes, yt, yp)
                yield mcm(slug, yt, yp, {} if labels is None else {"labels": labels},
                          sample_weight=draw_weights(rng, weights, len(yt)),
                          tags=["grid", *LABEL_MODE_TAGS[mode]] + (["fractional-weight"] if weights == "float" else []))
    for samplewise in (False, True):
        for weights in ("none", "float"):
            for i in range(2):
                slug = f"grid/multilabel/samplewise={samplewise}/weights={weights}/{i}"
                rng = rng_for(f"{M}/{slug}")
                yt, yp = draw_indicators(rng)
                yield mcm(slug, yt, yp, {"samplewise": samplewise}, sample_weight=draw_weights(rng, weights, len(yt)),
                          tags=["grid"] + (["samplewise"] if samplewise else [])
                          + (["fractional-weight"] if weights == "float" else []))


def cases():
    for group in (worked_examples, multilabel, grid):
        yield from group()
