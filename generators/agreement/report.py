"""classification_report(output_dict=True): named cases, then a seeded grid.

Every case asks for the dict (``output_dict=True``); its value is a JSON object:
one row per class ``{"precision", "recall", "f1-score", "support"}`` keyed by the
class's name, then the average rows.  The printed report (the default) is text, not
a value the corpus can hold.  Class names are the labels printed by Python ("%s"),
so the cases use integer labels only: a float label 1.0 would be the key "1.0",
which a port that reads JSON numbers cannot always tell from 1.
"""

from __future__ import annotations

from generators.agreement._common import KOTLIN, NAN, case, draw_indicators, fmt, wrong
from generators.counts._common import LABEL_MODE_TAGS, draw_label_list, draw_targets, draw_weights
from generators.oracle import rng_for

M = "classification_report"
DICT = {"output_dict": True}


def report(slug, y_true, y_pred, params=None, **kw):
    return case(M, slug, y_true, y_pred, {**(params or {}), **DICT}, **kw)


def worked_examples():
    yield report("worked-example/kotlin-fixture", *KOTLIN,
                 tags=["worked-example", *wrong("report-accuracy-as-row", "report-dict-rounded-to-digits")],
                 description="Kotlin fixture: rows '0', '1', '2' (per-class P, R, F1, support -- support as a float), "
                 "'accuracy' (one number: 0.5, not a row), 'macro avg' and 'weighted avg' (support = total "
                 "support, 4.0). Values are not rounded to `digits` in the dict.")
    zd_fixture = ([0, 1, 1, 0], [1, 1, 1, 2])
    for zd in ("default", 1, NAN):
        params = {"labels": [0, 1, 2, 3]} | ({} if zd == "default" else {"zero_division": zd})
        yield report(f"zero-division/declared-classes{'' if zd == 'default' else '/zero_division=' + fmt(zd)}",
                     *zd_fixture, params, tags=["zero-division", "absent-class", "labels-declared",
                                                *wrong("report-micro-avg-when-labels-given")],
                     description="The zero-division fixture of the count pages: class 0 never predicted, 2 never "
                     "true, 3 absent. Each row is precision_recall_fscore_support's, each average row its "
                     "average; labels cover every observed class, so the micro row is still 'accuracy'.")


def rows_and_names():
    yt, yp = KOTLIN
    yield report("labels/subset-gives-micro-avg", yt, yp, {"labels": [1, 2]},
                 tags=["labels-subset", *wrong("report-accuracy-key-always")],
                 description="labels=[1, 2] leaves class 0 out: micro-averaging is then not accuracy, and the row "
                 "is 'micro avg' (a full row, P = R = F = 2/3), not 'accuracy'.")
    yield report("labels/reordered-keeps-accuracy", yt, yp, {"labels": [2, 0, 1]},
                 tags=["labels-order", *wrong("report-micro-avg-when-labels-given")],
                 description="labels covering every observed class, in any order: the row is still 'accuracy'.")
    names = ["ant", "bird", "cat"]
    yield report("target-names/keys", yt, yp, {"target_names": names}, tags=["target-names"],
                 description="target_names replace the class keys ('ant', 'bird', 'cat'), in the order of labels.")
    yield report("target-names/shorter-than-labels", yt, yp, {"labels": [0, 1, 2], "target_names": names[:2]},
                 tags=["target-names", *wrong("report-target-names-mismatch-raises")],
                 description="With labels given, fewer names than labels is only a UserWarning: the rows are "
                 "zipped, so class 2 gets no row -- but the averages still cover all three classes.")
    yield report("target-names/longer-than-labels", yt, yp, {"labels": [0, 1], "target_names": names},
                 tags=["target-names", "labels-subset", *wrong("report-target-names-mismatch-raises")],
                 description="More names than labels (with labels given): the extra name is ignored.")
    yield report("errors/target-names-mismatch-without-labels", yt, yp, {"target_names": names[:2]},
                 tags=["error", "target-names"],
                 description="Without labels, a name count different from the number of classes is a ValueError.")
    yield report("target-names/name-of-an-average-row", yt, yp, {"target_names": ["macro avg", "x", "y"]},
                 tags=["target-names"],
                 description="The report is a dict: a class named 'macro avg' is overwritten by the macro average "
                 "row (the key appears once, with the average's values).")
    for digits in (0, 7):
        yield report(f"digits={digits}/same-dict", yt, yp, {"digits": digits},
                     tags=["digits", *wrong("report-dict-rounded-to-digits")],
                     description="digits only formats the printed report; the dict holds full floats, the same "
                     "for every digits.")
    yield report("errors/digits-negative", yt, yp, {"digits": -1}, tags=["error", "digits"],
                 description="digits must be an int >= 0, even with output_dict=True: InvalidParameterError.")
    yield report("sample-weight/fractional", [0, 1, 1, 2, 2, 0], [0, 1, 2, 2, 1, 1],
                 sample_weight=[0.5, 1.5, 2.25, 1.0, 0.25, 3.0],
                 tags=["fractional-weight", *wrong("report-support-ignores-weights", "weights-ignored")],
                 description="Supports are sums of weights (and so are the average rows' supports).")


def multilabel():
    yt = [[0, 1, 1], [1, 1, 0], [0, 0, 1], [0, 0, 0]]
    yp = [[1, 1, 1], [1, 0, 0], [0, 0, 0], [0, 0, 1]]
    yield report("multilabel/rows-and-averages", yt, yp,
                 tags=["averaging", *wrong("report-accuracy-key-always", "report-samples-avg-missing")],
                 description="Indicator matrices: one row per column ('0', '1', '2'), then 'micro avg' (a full row: "
                 "micro is never called accuracy for multilabel input), 'macro avg', 'weighted avg' and "
                 "'samples avg'.")
    yield report("multilabel/labels-reordered-subset", yt, yp, {"labels": [2, 0]},
                 tags=["labels-subset", "labels-order", *wrong("report-samples-avg-missing")],
                 description="labels are column indices: rows '2' and '0', averages over those two columns.")
    yield report("errors/multilabel-two-nonzero-values", [[1, 2], [2, 1]], [[1, 2], [2, 2]],
                 tags=["error", "non-binary-indicator"],
                 description="A {1, 2} matrix passes as an indicator in precision_score, but the report hands "
                 "its SPARSE copy on, and a sparse matrix whose non-zero cells hold two values is "
                 "'multiclass-multioutput': ValueError.")


LABEL_MODES = ("none", "subset", "absent", "reordered")
ZERO_DIVISIONS = ("warn", 1, NAN)


def grid():
    for mode in LABEL_MODES:
        for zd in ZERO_DIVISIONS:
            for weights in ("none", "float"):
                slug = f"grid/labels={mode}/zero_division={fmt(zd)}/weights={weights}/0"
                rng = rng_for(f"{M}/{slug}")
                n_classes = int(rng.integers(2, 6))
                yt, yp = draw_targets(rng, n_classes)
                params = {"zero_division": zd}
                labels = draw_label_list(rng, mode, n_classes, yt, yp)
                if labels is not None:
                    params["labels"] = labels
                yield report(slug, yt, yp, params, sample_weight=draw_weights(rng, weights, len(yt)),
                             tags=["grid", "zero-division", *LABEL_MODE_TAGS[mode]]
                             + (["fractional-weight"] if weights == "float" else []))
    for zd in ("warn", NAN):
        for weights in ("none", "float"):
            for i in range(2):
                slug = f"grid/multilabel/zero_division={fmt(zd)}/weights={weights}/{i}"
                rng = rng_for(f"{M}/{slug}")
                yt, yp = draw_indicators(rng)
                yield report(slug, yt, yp, {"zero_division": zd}, sample_weight=draw_weights(rng, weights, len(yt)),
                             tags=["grid", "zero-division"] + (["fractional-weight"] if weights == "float" else []))


def cases():
    for group in (worked_examples, rows_and_names, multilabel, grid):
        yield from group()
