"""Named cases for precision_score, recall_score, f1_score, fbeta_score and
precision_recall_fscore_support.

Each group below targets one part of the spec.  A case that tells scikit-learn
apart from a plausible wrong reading of the spec says which in its
description and carries the tag ``wrong-reading-<name>``;
``generators/counts/readings.py`` implements every such reading and checks
that each tagged case really does catch it.
"""

from __future__ import annotations

from generators.counts._common import (
    F_FAMILY,
    INF,
    NAN,
    P_SIDE,
    PRF,
    R_SIDE,
    each_prf,
    fmt,
    prf_case,
    wrong,
)

# Worked examples from the reference systems 000, 001, 002 (docs/reference-systems.md).
KOTLIN = ([2, 1, 1, 0], [2, 0, 1, 2])  # targets are y_true, preds are y_pred
EXERCISE = ([0, 0, 1, 1], [0, 1, 1, 1])
# TP = 6, FP = 2, FN = 4 for class 1, plus 3 true negatives.
EXERCISE_BINARY = ([1] * 6 + [0] * 2 + [1] * 4 + [0] * 3, [1] * 6 + [1] * 2 + [0] * 4 + [0] * 3)

BETA_METRICS = ("fbeta_score", "precision_recall_fscore_support")


def _zd_params(zero_division):
    """Params for a zero_division choice; ``"default"`` leaves the argument out."""
    return {} if zero_division == "default" else {"zero_division": zero_division}


def _zd_slug(zero_division):
    return "" if zero_division == "default" else f"/zero_division={fmt(zero_division)}"


# --- worked examples ------------------------------------------------------------------


def worked_examples():
    yt, yp = KOTLIN
    for average in (None, "micro", "macro", "weighted"):
        only = [(F_FAMILY, wrong("f-of-means"))] if average == "macro" else []
        yield from each_prf(
            f"worked-example/kotlin-fixture/average={fmt(average)}", yt, yp, {"average": average},
            tags=["worked-example"], only=only,
            description="Reference fixture of the Kotlin F1Score/Recall pull requests (targets [2, 1, 1, 0] are "
            "y_true, preds [2, 0, 1, 2] are y_pred): per-class F1 [0, 2/3, 2/3], macro F1 4/9 (not the 0.5 "
            "an F1 of macro precision and macro recall gives), macro recall 0.5, micro = accuracy = 0.5.",
        )
    yield from each_prf(
        "worked-example/kotlin-zero-support-class/average=None", [0, 1, 1], [0, 1, 2], {"average": None},
        tags=["worked-example", "zero-division"],
        description="Kotlin edge case: a class with TP=0, FP=1, FN=0 (predicted, never true) has a finite F of 0 "
        "and precision 0; only its recall is 0/0.",
    )
    yield from each_prf(
        "worked-example/kotlin-binary-false-positive-on-negatives", [0, 0, 0], [0, 1, 0], {"average": "binary"},
        tags=["worked-example", "zero-division"],
        description="Kotlin edge case: binary, all targets negative, one false positive (TP1=0, FP1=1, FN1=0): "
        "recall is 0/0 (zero_division), precision and F are 0.",
    )
    yt, yp = EXERCISE
    for average in (None, "macro"):
        yield from each_prf(
            f"worked-example/exercise-labels-0011-preds-0111/average={fmt(average)}", yt, yp,
            {"average": average}, tags=["worked-example"],
            description="Exercise 002: labels [0, 0, 1, 1], predictions [0, 1, 1, 1]: class 0 P=1, R=0.5, "
            "F1=2/3; class 1 P=2/3, R=1, F1=0.8; macro F1 = 11/15.",
        )
    yield from each_prf(
        "worked-example/exercise-declared-classes/average=macro", yt, yp,
        {"average": "macro", "labels": [0, 1, 2], "zero_division": 0},
        tags=["worked-example", "absent-class", "labels-declared"],
        only=[(PRF, wrong("absent-labels-dropped"))],
        description="Exercise 002 convention: macro over all C=3 declared classes (labels=range(C)), the absent "
        "class 2 scoring P=R=F=0 and counting in the mean. Catches dropping requested labels that do not occur.",
    )
    yield from each_prf(
        "worked-example/exercise-declared-classes/average=None", yt, yp,
        {"average": None, "labels": [0, 1, 2], "zero_division": 0},
        tags=["worked-example", "absent-class", "labels-declared"],
        only=[(PRF, wrong("absent-labels-dropped"))],
        description="Exercise 002 convention: one value per declared class, the absent class 2 scoring 0.",
    )
    yt, yp = EXERCISE_BINARY
    yield from each_prf(
        "worked-example/exercise-binary-tp6-fp2-fn4", yt, yp, {"average": "binary"}, tags=["worked-example"],
        description="Exercise 002 binary example built as arrays: TP=6, FP=2, FN=4 (and TN=3) for class 1: "
        "precision 0.75, recall 0.6, F1 2/3.",
    )


# --- zero division ----------------------------------------------------------------------

# Each path: inputs, extra params, and a description of which ratio is 0/0.
ZD_PATHS = {
    "precision-undefined": (
        [0, 0, 1, 2], [0, 0, 1, 1], {},
        "Class 2 is never predicted: its precision is 0/0 -> zero_division; its recall is 0/1 and its F is 0.",
    ),
    "recall-undefined": (
        [0, 0, 1, 1], [0, 2, 1, 1], {},
        "Class 2 is predicted but never true: its recall is 0/0 -> zero_division; its precision is 0/1 and "
        "its F is 0.",
    ),
    "both-undefined": (
        [0, 1, 1], [0, 1, 0], {"labels": [0, 1, 2]},
        "Class 2 is requested through labels but occurs nowhere: precision, recall and F are all 0/0 -> "
        "zero_division.",
    ),
    "precision-and-recall-zero": (
        [0, 1, 1, 0], [1, 0, 0, 1], {},
        "Every prediction is wrong: precision and recall are 0 (defined), so F is 0 whatever zero_division is.",
    ),
}


def _zd_path_tags(path, average, zd):
    """(functions, tags) pairs naming the wrong readings this zero-division case catches."""
    is_nan = isinstance(zd, float) and zd != zd
    only = []
    if zd == 1:  # zero_division=1 shows whether zero_division was used at all
        if path in ("precision-undefined", "both-undefined"):
            only.append((P_SIDE, wrong("precision-zero-division-ignored")))
        if path in ("recall-undefined", "both-undefined"):
            only.append((R_SIDE, wrong("recall-zero-division-ignored")))
        if path == "both-undefined":
            only.append((F_FAMILY, wrong("f-undefined-is-zero")))
    undefined_in = {"precision-undefined": P_SIDE, "recall-undefined": R_SIDE, "both-undefined": PRF}.get(path)
    if average == "macro" and undefined_in:
        reading = "nan-propagates-into-mean" if is_nan else "undefined-class-dropped-from-mean"
        only.append((undefined_in, wrong(reading)))
        if path == "both-undefined" and not is_nan:
            only.append((PRF, wrong("absent-labels-dropped")))
    # F from substituted P and R: NaN where F is 0, or zero_division where P = R = 0 gives F = 0.
    if (is_nan and path in ("precision-undefined", "recall-undefined")) or (
        path == "precision-and-recall-zero" and zd != "default"
    ):
        only.append((F_FAMILY, wrong("f-from-substituted-pr")))
    return only


def zero_division_paths():
    for path, (yt, yp, extra, text) in ZD_PATHS.items():
        for average in (None, "macro"):
            for zd in ("default", 1, NAN):
                tags = ["zero-division"] + (["absent-class", "labels-declared"] if "labels" in extra else [])
                tags += ["all-wrong"] if path == "precision-and-recall-zero" else []
                yield from each_prf(
                    f"zero-division/{path}/average={fmt(average)}{_zd_slug(zd)}", yt, yp,
                    {"average": average, **extra, **_zd_params(zd)}, tags=tags,
                    only=_zd_path_tags(path, average, zd),
                    description=text + _zd_note(path, average, zd),
                )


_ZD_NOTE = {
    ("macro", "default"): " The default ('warn') puts 0 for the undefined value, and that 0 counts in the macro mean.",
    ("macro", 1): " zero_division=1 puts 1 for the undefined value, and that 1 counts in the macro mean (the class "
    "is not dropped).",
    ("macro", "nan"): " zero_division=nan puts NaN for the undefined value, and the macro mean skips NaN values "
    "(it does not become NaN); the class's defined values still count.",
}


def _zd_note(path, average, zd):
    if path == "precision-and-recall-zero":
        return ""
    return _ZD_NOTE.get((average, "nan" if zd != zd else zd), "")


def zero_division_micro_and_binary():
    for zd in ("default", 1, NAN):
        only = [(PRF, wrong("labels-ignored"))]
        if zd == 1:
            only += [(P_SIDE, wrong("precision-zero-division-ignored")),
                     (R_SIDE, wrong("recall-zero-division-ignored")),
                     (F_FAMILY, wrong("f-undefined-is-zero"))]
        yield from each_prf(
            f"zero-division/micro-no-requested-label-occurs{_zd_slug(zd)}", [0, 1, 1], [0, 1, 0],
            {"average": "micro", "labels": [5, 7], **_zd_params(zd)},
            tags=["zero-division", "absent-class", "labels-subset"], only=only,
            description="Micro average over labels [5, 7], neither of which occurs: pooled TP, TP+FP and TP+FN are "
            "all 0, so precision, recall and F are zero_division (not the accuracy 2/3 of the samples).",
        )
    binary = {
        "binary-recall-undefined": ([0, 0, 0], [0, 1, 0], R_SIDE, "recall",
                                    "No true positives exist: recall is 0/0; precision is 0/1 and F is 0."),
        "binary-precision-undefined": ([0, 1, 0], [0, 0, 0], P_SIDE, "precision",
                                       "Nothing is predicted positive: precision is 0/0; recall is 0/1 and F is 0."),
    }
    for path, (yt, yp, side, name, text) in binary.items():
        for zd in ("default", 1, NAN):
            only = [(side, wrong(f"{name}-zero-division-ignored"))] if zd == 1 else []
            only += [(F_FAMILY, wrong("f-from-substituted-pr"))] if zd != zd else []
            yield from each_prf(
                f"zero-division/{path}{_zd_slug(zd)}", yt, yp, {"average": "binary", **_zd_params(zd)},
                tags=["zero-division"], only=only, description=text,
            )
    for zd in ("default", 1, NAN):
        only = [] if zd == 1 else [(PRF, wrong("binary-scores-present-class"))]
        if zd == 1:
            only += [(P_SIDE, wrong("precision-zero-division-ignored")),
                     (R_SIDE, wrong("recall-zero-division-ignored")),
                     (F_FAMILY, wrong("f-undefined-is-zero"))]
        yield from each_prf(
            f"zero-division/binary-no-positive-anywhere{_zd_slug(zd)}", [0, 0], [0, 0],
            {"average": "binary", **_zd_params(zd)}, tags=["zero-division", "single-class"], only=only,
            description="Only class 0 occurs and pos_label=1: precision, recall and F of class 1 are all 0/0 -> "
            "zero_division; scikit-learn does not switch to scoring the class that is present, and does not raise.",
        )


def zero_division_weighted():
    for zd in ("default", 1, NAN):
        only = [(PRF, wrong("weighted-by-predicted"))] if zd == "default" else []
        only += [(R_SIDE, wrong("nan-propagates-into-mean"))] if zd != zd else []
        yield from each_prf(
            f"weighted/zero-support-class{_zd_slug(zd)}", [0, 0, 0, 1], [0, 2, 1, 1],
            {"average": "weighted", **_zd_params(zd)}, tags=["zero-division", "weighted"], only=only,
            description="Class 2 is predicted but never true, so its support (the weighted average's weight) is 0: "
            "it contributes nothing, whatever zero_division puts for its recall (a NaN times weight 0 does not "
            "make the average NaN). Weights are supports, not predicted counts.",
        )
    for zd in ("default", 1, NAN):
        only = [] if zd == "default" else [(P_SIDE + F_FAMILY, wrong("weighted-zero-total-support-is-zero-division"))]
        yield from each_prf(
            f"weighted/no-requested-class-has-support{_zd_slug(zd)}", [0, 0, 1], [2, 0, 1],
            {"average": "weighted", "labels": [2, 3], **_zd_params(zd)},
            tags=["zero-division", "weighted", "absent-class", "labels-subset", "degenerate"], only=only,
            description="Every requested class has support 0, so the weights sum to 0: scikit-learn then takes the "
            "plain (unweighted, NaN-ignoring) mean of the per-class values, e.g. precision (0 + zero_division)/2; "
            "it does not return zero_division or NaN for the whole average.",
        )


# --- which classes are averaged --------------------------------------------------------


def class_sets():
    for zd in ("default", NAN):
        exclusion = PRF if zd == "default" else ("precision_score", "f1_score", "fbeta_score",
                                                 "precision_recall_fscore_support")
        yield from each_prf(
            f"class-set/class-only-in-y_pred/average=macro{_zd_slug(zd)}", [0, 1, 1, 0, 1], [0, 1, 2, 0, 1],
            {"average": "macro", **_zd_params(zd)}, tags=["class-set", "zero-division"],
            only=[(exclusion, wrong("true-classes-only", "exclude-zero-support-classes"))],
            description="Class 2 occurs only in y_pred. The macro mean runs over union(y_true, y_pred) = {0, 1, 2}, "
            "so class 2 counts (precision 0, F 0, recall zero_division). Catches averaging over y_true's classes "
            "only, and leaving classes without true samples out of the mean (as a NaN-masking library does); "
            "with zero_division=nan only the recall of class 2 is left out, its F of 0 still counts.",
        )
    yield from each_prf(
        "class-set/class-only-in-y_true/average=macro", [0, 1, 2, 0], [0, 1, 1, 0], {"average": "macro"},
        tags=["class-set", "zero-division"], only=[(P_SIDE, wrong("undefined-class-dropped-from-mean"))],
        description="Class 2 occurs only in y_true: it is never predicted, its precision is 0/0 -> 0 and that 0 "
        "counts in the macro mean.",
    )
    sets = {
        "gap-in-label-values": ([0, 2, 2, 0, 2], [0, 2, 0, 0, 2], "Labels {0, 2}: class 1 is not a class here."),
        "non-contiguous-labels": ([1, 5, 9, 9, 5, 1], [1, 9, 9, 5, 5, 5],
                                  "Labels {1, 5, 9}: three classes, not ten."),
        "negative-labels": ([-1, 0, 1, -1, 1], [-1, 0, 1, 0, 1], "Labels {-1, 0, 1}: -1 is a class like any other."),
    }
    for slug, (yt, yp, text) in sets.items():
        for average in (None, "macro"):
            yield from each_prf(
                f"class-set/{slug}/average={fmt(average)}", yt, yp, {"average": average},
                tags=["class-set", slug], only=[(PRF, wrong("declared-range-classes"))],
                description=text + " The classes are the values that occur (sorted), not 0..max(label): catches "
                "treating label values as indices into 0..C-1.",
            )


# --- labels -----------------------------------------------------------------------------


def labels_param():
    yield from each_prf(
        "labels/order-follows-labels/average=None", [0, 1, 2, 2, 1], [0, 2, 2, 1, 1],
        {"average": None, "labels": [2, 0, 1]}, tags=["labels-order"], only=[(PRF, wrong("labels-sorted"))],
        description="average=None returns one value per entry of labels, in the order given ([2, 0, 1]), not "
        "sorted by class.",
    )
    for average in (None, "macro"):
        only = [(PRF, wrong("absent-labels-dropped"))] + ([(PRF, wrong("labels-sorted"))] if average is None else [])
        yield from each_prf(
            f"labels/absent-class-in-labels/average={fmt(average)}", [0, 1, 1], [0, 1, 0],
            {"average": average, "labels": [0, 3, 1]}, tags=["labels-order", "absent-class", "zero-division"],
            only=only,
            description="labels [0, 3, 1] asks for class 3, which occurs nowhere: it gets a slot (in the given "
            "position) scoring zero_division, and counts in the macro mean.",
        )
    subset = ([0, 0, 1, 2, 1], [2, 0, 1, 1, 0])
    for average in (None, "macro", "micro"):
        only = [(PRF, wrong("restricted-to-labels", "labels-ignored"))]
        only += [(PRF, wrong("micro-is-accuracy"))] if average == "micro" else []
        yield from each_prf(
            f"labels/subset-keeps-samples-outside-labels/average={fmt(average)}", *subset,
            {"average": average, "labels": [0, 1]}, tags=["labels-subset"], only=only,
            description="labels [0, 1] selects which classes are scored, not which samples count: the sample "
            "true 0 / predicted 2 is still a false negative of class 0, and true 2 / predicted 1 still a false "
            "positive of class 1 (unlike confusion_matrix(labels=...), which drops them). Micro-averaging over the "
            "subset pools TP/FP/FN of classes 0 and 1 only, so it is not the accuracy 2/5.",
        )
    for metric in ("f1_score", "precision_recall_fscore_support"):
        for average in (None, "micro", "macro", "weighted"):
            yield prf_case(
                metric, f"labels/empty-list/average={fmt(average)}", [0, 1, 2, 1], [0, 2, 2, 1],
                {"average": average, "labels": []}, tags=["labels-subset", "degenerate", "empty-labels"],
                description="labels=[] (no class requested) is accepted: average=None gives an empty array, "
                "macro and weighted NaN (the mean of nothing), micro zero_division (pooled counts all 0).",
            )


# --- averaging ----------------------------------------------------------------------------


def means_of_f():
    yt, yp = [0, 0, 0, 1, 1, 2], [0, 1, 2, 1, 1, 0]
    for average in ("macro", "weighted"):
        yield from each_prf(
            f"{average}/mean-of-f1s-not-f1-of-means", yt, yp, {"average": average}, metrics=F_FAMILY,
            tags=["averaging"], only=[(F_FAMILY, wrong("f-of-means"))],
            description=f"{average} F is the {average} mean of the per-class F values, not the F (harmonic mean) "
            f"of the {average} precision and the {average} recall.",
        )
    yield from each_prf(
        "micro/equals-accuracy-without-labels", [0, 1, 2, 2, 1, 0], [0, 2, 2, 1, 1, 1], {"average": "micro"},
        tags=["averaging"],
        description="Without labels, each sample is exactly one TP or one FP+FN pair, so micro precision = "
        "micro recall = micro F = accuracy (1/2).",
    )


# --- sample weights --------------------------------------------------------------------


def sample_weights():
    yield from each_prf(
        "sample-weight/weight-2", [0, 1, 1, 2], [0, 1, 2, 2], {"average": None}, sample_weight=[1, 1, 2, 1],
        tags=["weight-2-duplicate"], only=[(PRF, wrong("weights-ignored"))],
        description="A sample of weight 2 counts twice: equal to sample-weight/duplicated-sample, where that "
        "sample appears twice with no weights.",
    )
    yield from each_prf(
        "sample-weight/duplicated-sample", [0, 1, 1, 1, 2], [0, 1, 2, 2, 2], {"average": None},
        tags=["weight-2-duplicate"],
        description="Companion of sample-weight/weight-2: the weight-2 sample written out twice.",
    )
    fractional = ([0, 1, 1, 2, 2, 0], [0, 1, 2, 2, 1, 1], [0.5, 1.5, 2.25, 1.0, 0.25, 3.0])
    for average in (None, "macro", "weighted"):
        only = [(PRF, wrong("weights-ignored", "weights-truncated-to-int"))]
        if average == "weighted":
            only.append((PRF, wrong("support-ignores-weights")))
        if average is None:
            only.append((("precision_recall_fscore_support",), wrong("support-ignores-weights")))
        yield from each_prf(
            f"sample-weight/fractional/average={fmt(average)}", *fractional[:2], {"average": average},
            sample_weight=fractional[2], tags=["fractional-weight"], only=only,
            description="Fractional weights enter every count as they are (not rounded); the support, and so the "
            "weights of average='weighted', is the sum of the true samples' weights.",
        )
    yield from each_prf(
        "sample-weight/zero-weight-keeps-class/average=macro", [0, 0, 1, 2], [0, 1, 1, 2], {"average": "macro"},
        sample_weight=[1, 1, 1, 0], tags=["zero-weight", "zero-division"],
        only=[(PRF, wrong("zero-weight-drops-class"))],
        description="Class 2 occurs only in a sample of weight 0. It is still one of the classes (the class set "
        "comes from the labels, not the weights), so it scores zero_division and counts in the macro mean.",
    )
    yield from each_prf(
        "sample-weight/some-zero/average=None", [0, 1, 1, 0, 1], [0, 1, 0, 0, 0], {"average": None},
        sample_weight=[1, 0, 2, 0, 1], tags=["zero-weight"], only=[(PRF, wrong("weights-ignored"))],
        description="Weight-0 samples contribute nothing to any count.",
    )
    yield from each_prf(
        "errors/all-zero-weights", [0, 1, 1], [0, 1, 0], {"average": "macro"}, sample_weight=[0, 0, 0],
        tags=["error", "zero-weight"], only=[(PRF, wrong("all-zero-weights-accepted"))],
        description="All weights 0: scikit-learn refuses (ValueError) rather than returning zero_division.",
    )
    yield from each_prf(
        "errors/sample-weight-length-mismatch", [0, 1, 1], [0, 1, 0], {"average": "macro"}, sample_weight=[1, 2],
        tags=["error", "mismatched-lengths"], only=[(PRF, wrong("lengths-truncated"))],
        description="sample_weight shorter than y_true: ValueError, not a truncated computation.",
    )


# --- label values ----------------------------------------------------------------------------


def label_values():
    for average in (None, "macro"):
        yield from each_prf(
            f"float-ids/y_true-float-y_pred-int/average={fmt(average)}", [0.0, 1.0, 2.0, 1.0], [0, 2, 2, 1],
            {"average": average}, tags=["float-ids"], only=[(PRF, wrong("float-ids-distinct"))],
            description="Class IDs stored as floats in y_true and as integers in y_pred: 1.0 and 1 are the same "
            "class (three classes, not six).",
        )
    yield from each_prf(
        "float-ids/float-data-int-labels/average=None", [0.0, 1.0, 2.0, 1.0], [0.0, 2.0, 2.0, 1.0],
        {"average": None, "labels": [2, 0, 1]}, tags=["float-ids", "labels-order"],
        only=[(PRF, wrong("float-ids-distinct"))],
        description="Float class IDs in the data, integer IDs in labels: they name the same classes.",
    )
    yield from each_prf(
        "float-ids/binary-default-pos-label", [0.0, 1.0, 1.0, 0.0], [1.0, 1.0, 0.0, 0.0], {"average": "binary"},
        tags=["float-ids"], only=[(PRF, wrong("float-ids-distinct"))],
        description="Binary data stored as 0.0/1.0: the default pos_label=1 is the class 1.0.",
    )


def single_class_and_all_wrong():
    for average in (None, "micro", "macro"):
        yield from each_prf(
            f"single-class/all-correct/average={fmt(average)}", [1, 1, 1], [1, 1, 1], {"average": average},
            tags=["single-class"], description="One class, every prediction right: 1 everywhere.",
        )
    yield from each_prf(
        "single-class/only-class-2-binary", [2, 2, 2], [2, 2, 2], {"average": "binary"},
        tags=["single-class", "zero-division", "pos-label"], only=[(PRF, wrong("binary-scores-present-class"))],
        description="Only class 2 occurs and pos_label=1 (the default) does not: scikit-learn neither raises nor "
        "scores class 2 -- class 1 has no true or predicted samples, so all three values are zero_division (0).",
    )
    yield from each_prf(
        "single-class/one-sample-wrong", [1], [0], {"average": "binary"}, tags=["single-class"],
        description="One sample, positive, predicted negative: precision 0/0 -> 0, recall 0.",
    )
    yield from each_prf(
        "single-class/y_true-one-class/average=macro", [0, 0, 0], [0, 1, 0], {"average": "macro"},
        tags=["single-class", "zero-division"], only=[(PRF, wrong("true-classes-only"))],
        description="y_true holds one class, y_pred adds a second: the macro mean is over both.",
    )
    for zd in ("default", 1):
        only = [(F_FAMILY, wrong("f-from-substituted-pr"))] if zd == 1 else []
        for average in (None, "macro"):
            yield from each_prf(
                f"all-wrong/multiclass/average={fmt(average)}{_zd_slug(zd)}", [0, 1, 2], [1, 2, 0],
                {"average": average, **_zd_params(zd)}, tags=["all-wrong"], only=only,
                description="Every prediction wrong: precision and recall are 0 (not undefined), so F is 0 even "
                "with zero_division=1.",
            )


# --- pos_label and averages ------------------------------------------------------------------


def pos_label():
    yield from each_prf(
        "binary/pos-label=0", [0, 1, 1, 0, 0], [0, 1, 0, 1, 0], {"average": "binary", "pos_label": 0},
        tags=["pos-label"], only=[(PRF, wrong("pos-label-ignored"))],
        description="pos_label=0 scores class 0 as the positive class.",
    )
    yield from each_prf(
        "binary/pos-label=-1", [-1, 1, 1, -1, 1], [1, 1, -1, -1, 1], {"average": "binary", "pos_label": -1},
        tags=["pos-label", "negative-labels"], only=[(PRF, wrong("pos-label-ignored"))],
        description="Labels {-1, 1} with pos_label=-1.",
    )
    yield from each_prf(
        "binary/labels-1-and-2-default-pos-label", [1, 2, 2, 1, 2], [1, 2, 1, 2, 2], {"average": "binary"},
        tags=["pos-label"],
        description="Labels {1, 2}: still binary, and the default pos_label=1 is one of them.",
    )
    yield from each_prf(
        "binary/pos-label-ignored-by-macro", [0, 1, 1, 0, 0], [0, 1, 0, 1, 0], {"average": "macro", "pos_label": 0},
        tags=["pos-label"],
        description="pos_label only matters for average='binary'; with macro it is ignored (with a UserWarning).",
    )
    yield from each_prf(
        "binary/labels-ignored-by-binary", [0, 1, 1, 0], [0, 1, 0, 0], {"average": "binary", "labels": [0]},
        tags=["pos-label", "labels-subset"],
        description="With average='binary' the labels argument is ignored: class pos_label=1 is scored.",
    )
    yield from each_prf(
        "defaults/binary-input", [0, 1, 1, 0, 1], [0, 1, 0, 0, 1], {}, tags=["defaults"],
        description="No arguments (beyond fbeta_score's required beta): average='binary', pos_label=1 for the "
        "four *_score functions, "
        "average=None (per class, with support) for precision_recall_fscore_support.",
    )
    yield from each_prf(
        "defaults/multiclass-input", [0, 1, 2, 1], [0, 2, 2, 1], {}, metrics=PRF[:4], tags=["defaults", "error"],
        only=[(PRF, wrong("binary-accepts-multiclass"))],
        description="No arguments (beyond fbeta_score's beta) on multiclass data: the default average='binary' "
        "refuses it (ValueError).",
    )
    yield prf_case(
        "precision_recall_fscore_support", "defaults/multiclass-input", [0, 1, 2, 1], [0, 2, 2, 1], {},
        tags=["defaults"],
        description="No arguments on multiclass data: average=None, so per-class values and supports.",
    )


def errors():
    yield from each_prf(
        "errors/empty", [], [], {"average": "macro"}, tags=["error", "empty", "degenerate"],
        only=[(PRF, wrong("empty-is-zero"))],
        description="Empty input is an error in scikit-learn 1.9.1 (ValueError), not 0.",
    )
    yield from each_prf(
        "errors/binary-average-with-multiclass-input", [0, 1, 2], [0, 1, 1], {"average": "binary"},
        tags=["error"], only=[(PRF, wrong("binary-accepts-multiclass"))],
        description="average='binary' on three classes: ValueError.",
    )
    yield from each_prf(
        "errors/binary-average-three-classes-across-inputs", [0, 1, 1], [0, 2, 1], {"average": "binary"},
        tags=["error"], only=[(PRF, wrong("binary-accepts-multiclass"))],
        description="y_true and y_pred are each two-valued, but together hold three classes: multiclass, so "
        "average='binary' is a ValueError.",
    )
    yield from each_prf(
        "errors/mismatched-lengths", [0, 1, 1], [0, 1], {"average": "macro"},
        tags=["error", "mismatched-lengths"], only=[(PRF, wrong("lengths-truncated"))],
        description="y_true and y_pred of different lengths: ValueError.",
    )
    yield from each_prf(
        "errors/pos-label-not-present", [0, 1, 1], [0, 1, 0], {"average": "binary", "pos_label": 2},
        tags=["error", "pos-label"], only=[(PRF, wrong("pos-label-absent-accepted"))],
        description="Two classes occur and pos_label is neither of them: ValueError (contrast "
        "single-class/only-class-2-binary, where one class occurs and an absent pos_label is accepted).",
    )
    yield from each_prf(
        "errors/zero-division-invalid", [0, 1, 1], [0, 1, 0], {"average": "macro", "zero_division": 0.5},
        tags=["error", "zero-division"],
        description="zero_division must be 'warn', 0, 1 or nan: 0.5 is an InvalidParameterError (a ValueError).",
    )


# --- beta ------------------------------------------------------------------------------------------


def betas():
    for beta in (0, 0.0):
        for average in (None, "macro"):
            yield from each_prf(
                f"beta={fmt(beta)}/equals-precision/average={fmt(average)}/zero_division=1", [0, 0, 1, 2, 2],
                [0, 0, 1, 1, 0], {"average": average, "beta": beta, "zero_division": 1}, metrics=BETA_METRICS,
                tags=["beta", "zero-division"], only=[(BETA_METRICS, wrong("beta-zero-means-default"))],
                description="beta=0 gives F = precision exactly, including precision's zero_division value for "
                "the never-predicted class 2. Catches treating beta=0 as 'not given' (beta=1).",
            )
    for beta in (0.5, 2):
        for average in (None, "macro"):
            yield from each_prf(
                f"beta={fmt(beta)}/weights-recall-beta-squared/average={fmt(average)}", [0, 0, 1, 1, 2, 2, 2],
                [0, 1, 1, 1, 2, 0, 0], {"average": average, "beta": beta}, metrics=BETA_METRICS, tags=["beta"],
                only=[(BETA_METRICS, wrong("beta-not-squared", "beta-reciprocal"))],
                description="F-beta = (1+b^2) P R / (b^2 P + R): recall weighted b^2 times as much as precision. "
                "Catches using b instead of b^2, and swapping the roles of P and R.",
            )
    for beta in (1e6, INF):
        for average in (None, "macro"):
            only = [(BETA_METRICS, wrong("infinite-beta-nan"))] if beta == INF else []
            yield from each_prf(
                f"beta={fmt(beta)}/tends-to-recall/average={fmt(average)}", [0, 0, 1, 1, 2, 2, 2],
                [0, 1, 1, 1, 2, 0, 2], {"average": average, "beta": beta}, metrics=BETA_METRICS,
                tags=["beta"], only=only,
                description="As beta grows F-beta tends to recall; beta=inf gives recall exactly (not inf/inf = NaN).",
            )
    yield from each_prf(
        "macro/mean-of-fbetas-not-fbeta-of-means", [0, 0, 0, 1, 1, 2], [0, 1, 2, 1, 1, 0],
        {"average": "macro", "beta": 0.5}, metrics=BETA_METRICS, tags=["beta", "averaging"],
        only=[(BETA_METRICS, wrong("f-of-means"))],
        description="Macro F-beta is the mean of per-class F-beta values, not F-beta of macro P and macro R.",
    )
    for beta in (-1, -0.5):
        yield from each_prf(
            f"errors/negative-beta={fmt(beta)}", [0, 1, 1], [0, 1, 0], {"average": "binary", "beta": beta},
            metrics=BETA_METRICS, tags=["beta", "error"], only=[(BETA_METRICS, wrong("negative-beta-accepted"))],
            description="beta must be >= 0: a negative beta is an InvalidParameterError (a ValueError), even "
            "though beta^2 would be positive.",
        )


def cases():
    for group in (worked_examples, zero_division_paths, zero_division_micro_and_binary, zero_division_weighted,
                  class_sets, labels_param, means_of_f, sample_weights, label_values, single_class_and_all_wrong,
                  pos_label, errors, betas):
        yield from group()
