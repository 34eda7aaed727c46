"""jaccard_score: named cases (label vectors and indicator matrices), then a seeded grid."""

from __future__ import annotations

from generators.agreement._common import KOTLIN, NAN, case, draw_indicators, fmt, wrong
from generators.counts._common import LABEL_MODE_TAGS, draw_label_list, draw_targets, draw_weights
from generators.oracle import rng_for

M = "jaccard_score"
# scikit-learn's docstring example: two samples, three labels.
DOC_TRUE, DOC_PRED = [[0, 1, 1], [1, 1, 0]], [[1, 1, 1], [1, 0, 0]]


def jac(slug, y_true, y_pred, params=None, **kw):
    return case(M, slug, y_true, y_pred, params, **kw)


def worked_examples():
    yield jac("worked-example/scikit-learn-docstring/binary-row", DOC_TRUE[0], DOC_PRED[0], tags=["worked-example"],
              description="One row of the docstring example as a binary problem: |{1, 2}| / |{0, 1, 2}| = 2/3.")
    readings = {None: [], "micro": ["jaccard-micro-is-accuracy"], "macro": ["jaccard-from-macro-f1"],
                "samples": ["samples-is-micro"]}
    for average in (None, "micro", "macro", "samples"):
        yield jac(f"worked-example/scikit-learn-docstring/average={fmt(average)}", DOC_TRUE, DOC_PRED,
                  {"average": average}, tags=["worked-example", "averaging", *wrong(*readings[average])],
                  description="The docstring's multilabel example: per label [0.5, 0.5, 1.0]; micro = 3 / 5 "
                  "(pooled TP over pooled TP + FP + FN); macro 2/3; samples = mean of the rows' Jaccard "
                  "(2/3 and 1/2) = 7/12.")
    yield jac("worked-example/scikit-learn-docstring/multiclass", [0, 1, 2, 2], [0, 2, 1, 2], {"average": None},
              tags=["worked-example"], description="The docstring's multiclass example: [1.0, 0.0, 1/3].")
    for average in ("micro", "macro", "weighted"):
        yield jac(f"worked-example/kotlin-fixture/average={average}", *KOTLIN, {"average": average},
                  tags=["worked-example", *wrong("jaccard-from-macro-f1" if average != "micro"
                                                 else "jaccard-micro-is-accuracy")],
                  description="Kotlin fixture: per class J = TP / (TP + FP + FN) = [0, 1/2, 1/2]; macro 1/3. "
                  "J = F1 / (2 - F1) holds per class, not for the averages: macro F1 is 4/9, and 4/9 / (2 - 4/9) "
                  "= 2/7. Micro J pools the counts (2 / 6), it is not the accuracy (1/2).")
    yield jac("binary/default-pos-label", [0, 1, 1, 0, 1], [1, 1, 0, 0, 1], tags=["defaults"],
              description="Default average='binary', pos_label=1: TP=2, FP=1, FN=1 -> 1/2.")
    yield jac("errors/binary-average-multiclass", [0, 1, 2], [0, 1, 1], tags=["error"],
              description="The default average='binary' on three classes: ValueError.")


def zero_division():
    for zd in ("default", 0, 1):
        params = {"labels": [0, 1, 2], "average": None} | ({} if zd == "default" else {"zero_division": zd})
        readings = ["jaccard-empty-is-one"] if zd != 1 else ["jaccard-zero-division-ignored"]
        yield jac(f"zero-division/absent-label{'' if zd == 'default' else '/zero_division=' + fmt(zd)}",
                  [0, 1, 1], [0, 1, 0], params, tags=["zero-division", "absent-class", *wrong(*readings)],
                  description="Label 2 occurs nowhere: its union is empty, 0/0 -> zero_division (0 by default, "
                  "with a warning) -- not 1, although two empty sets are equal.")
    yield jac("zero-division/binary-no-positive", [0, 0], [0, 0], {"zero_division": 1},
              tags=["zero-division", "single-class", *wrong("jaccard-zero-division-ignored")],
              description="Binary, no positive anywhere: 0/0 -> zero_division = 1.")
    yield jac("errors/zero-division-nan", [0, 1, 1], [0, 1, 0], {"zero_division": NAN},
              tags=["error", "zero-division", *wrong("jaccard-accepts-nan")],
              description="Unlike precision/recall/F, jaccard_score does not accept zero_division=nan: "
              "InvalidParameterError.")
    yield jac("weighted/no-support", [0, 0, 1], [2, 0, 1], {"average": "weighted", "labels": [2, 3]},
              tags=["weighted", "zero-division", "labels-subset", "degenerate"],
              description="Every requested label has support 0: the weighted mean falls back to the plain mean.")


def multilabel():
    yt = [[1, 0, 1], [0, 0, 0], [1, 1, 0], [0, 1, 1]]
    yp = [[1, 1, 0], [0, 0, 0], [1, 1, 0], [0, 0, 1]]
    for zd in ("default", 1):
        params = {"average": "samples"} | ({} if zd == "default" else {"zero_division": zd})
        yield jac(f"multilabel/samples-empty-row{'' if zd == 'default' else '/zero_division=' + fmt(zd)}", yt, yp,
                  params, tags=["zero-division", "averaging",
                                *wrong("samples-empty-row-skipped" if zd == "default" else "samples-is-micro")],
                  description="Sample 2 has no true and no predicted label: its Jaccard is zero_division (0 by "
                  "default) and it counts in the mean of the rows -- it is not skipped.")
    yield jac("multilabel/samples-sample-weight", yt, yp, {"average": "samples"}, sample_weight=[1, 0.5, 2, 3],
              tags=["averaging", "fractional-weight", *wrong("samples-ignore-sample-weight")],
              description="average='samples' weighs each row's Jaccard by its sample_weight.")
    yield jac("multilabel/weighted", yt, yp, {"average": "weighted"}, tags=["weighted"],
              description="Weighted by each column's support (its number of true cells).")
    yield jac("multilabel/labels-column-order", yt, yp, {"average": None, "labels": [2, 0]},
              tags=["labels-order", "labels-subset", *wrong("multilabel-labels-sorted")],
              description="For indicator matrices labels are column indices, and the result follows their order.")
    yield jac("errors/multilabel-label-out-of-range", yt, yp, {"average": "macro", "labels": [0, 3]},
              tags=["error"], description="Column index 3 of a 3-column matrix: ValueError.")
    yield jac("errors/multilabel-binary-average", yt, yp, tags=["error", "defaults"],
              description="The default average='binary' refuses indicator matrices: ValueError.")
    yield jac("errors/samples-average-multiclass", [0, 1, 2], [0, 2, 2], {"average": "samples"}, tags=["error"],
              description="average='samples' needs indicator matrices: ValueError.")
    yield jac("multilabel/non-binary-indicator", [[0, 2, 2], [2, 2, 0]], [[2, 2, 2], [2, 0, 0]], {"average": None},
              tags=["non-binary-indicator", *wrong("indicator-positive-means-one")],
              description="A {0, 2} matrix is an indicator too: a cell is positive when non-zero, so this is the "
              "docstring example again ([0.5, 0.5, 1.0]).")


AVERAGES = (None, "micro", "macro", "weighted")
PER_COMBINATION = 2


def grid():
    for average in AVERAGES:
        for zd in ("warn", 1):
            for mode in ("none", "absent"):
                for i in range(PER_COMBINATION):
                    slug = f"grid/average={fmt(average)}/zero_division={fmt(zd)}/labels={mode}/{i}"
                    rng = rng_for(f"{M}/{slug}")
                    n_classes = int(rng.integers(2, 6))
                    yt, yp = draw_targets(rng, n_classes)
                    params = {"average": average, "zero_division": zd}
                    labels = draw_label_list(rng, mode, n_classes, yt, yp)
                    if labels is not None:
                        params["labels"] = labels
                    yield jac(slug, yt, yp, params, tags=["grid", "zero-division", *LABEL_MODE_TAGS[mode]])
    for weights in ("int", "float"):
        for i in range(PER_COMBINATION):
            slug = f"grid/average=binary/weights={weights}/{i}"
            rng = rng_for(f"{M}/{slug}")
            yt, yp = draw_targets(rng, 2)
            yield jac(slug, yt, yp, {"zero_division": 1}, sample_weight=draw_weights(rng, weights, len(yt)),
                      tags=["grid"] + (["fractional-weight"] if weights == "float" else []))
    for average in (*AVERAGES, "samples"):
        for weights in ("none", "float"):
            for i in range(PER_COMBINATION):
                slug = f"grid/multilabel/average={fmt(average)}/weights={weights}/{i}"
                rng = rng_for(f"{M}/{slug}")
                yt, yp = draw_indicators(rng)
                yield jac(slug, yt, yp, {"average": average}, sample_weight=draw_weights(rng, weights, len(yt)),
                          tags=["grid"] + (["fractional-weight"] if weights == "float" else []))


def cases():
    for group in (worked_examples, zero_division, multilabel, grid):
        yield from group()
