"""String labels for the metrics of labels and scores: the score family, the D² of Brier and log loss,
hinge_loss and the threshold metrics of the extras.

Each score column belongs to a class, and scikit-learn assigns the columns in the sorted (code-point)
order of the classes, the positive class of a binary problem being the greater one.  Per metric: a
binary problem with 1-D scores (every label set where the metric is binary only, two otherwise), a
multiclass problem with one column per class (every label set, for the metrics that take one), a string
``pos_label``, a string ``labels=`` out of order, and strings mixed with numbers.  A call scikit-learn
refuses (a string y_true without pos_label, an unordered ``labels``) is a case like any other.
"""

from __future__ import annotations

from conformance import registry
from generators.strings._common import PRED3, SETS, TRUE2, TRUE3, case, keywords, order_tags, spell, wrong

# The metrics that take one column per class (the others are binary only).
MULTICLASS = {"log_loss", "brier_score_loss", "top_k_accuracy_score", "roc_auc_score", "d2_log_loss_score",
              "d2_brier_score", "hinge_loss", "expected_calibration_error"}
# Binary with 1-D scores and no pos_label: the metric takes the greater class as the positive one.
POSITIVE_BY_ORDER = {"roc_auc_score", "log_loss", "hinge_loss", "d2_log_loss_score"}
# A labels list they sort themselves: the columns follow the code-point order, not the list's.
SORT_LABELS = {"log_loss", "brier_score_loss", "d2_brier_score", "d2_log_loss_score", "hinge_loss"}
# Keywords a call cannot leave out, and those that give the multiclass reading.
REQUIRED = {"metric_at_thresholds": {"metric_func": "accuracy_score"},
            "expected_calibration_error": {"confidence": "positive"}}
# Its thresholded predictions are the integers 0 and 1, so a string y_true is always a mix scikit-learn
# refuses: one label set shows it.
STRINGS_REFUSED = {"metric_at_thresholds"}
MULTI = {"roc_auc_score": {"multi_class": "ovr", "average": None},
         "expected_calibration_error": {"confidence": "top-label"}}

SCORES2 = (0.1, 0.6, 0.35, 0.8, 0.4, 0.2, 0.7, 0.55, 0.9, 0.3)
# One row per sample of TRUE3, summing to 1, with no ties in a row and a different arg-max per class.
PROBA3 = tuple(tuple(row) for row in (
    (0.5, 0.3, 0.2), (0.2, 0.7, 0.1), (0.6, 0.1, 0.3), (0.1, 0.3, 0.6), (0.4, 0.35, 0.25), (0.3, 0.6, 0.1),
    (0.25, 0.45, 0.3), (0.7, 0.2, 0.1), (0.15, 0.25, 0.6), (0.2, 0.3, 0.5), (0.35, 0.4, 0.25), (0.1, 0.5, 0.4)))


def metrics() -> list[str]:
    """The registry's metrics of a label vector and scores or probabilities (ranking and clustering aside)."""
    return [name for name, entry in registry.METRICS.items() if entry.family not in ("clustering", "ranking")
            and len(entry.inputs) >= 2 and registry.Kind.LABELS in entry.inputs[0].kinds
            and {registry.Kind.SCORES, registry.Kind.PROBABILITIES} & set(entry.inputs[1].kinds)]


def _inputs(metric, y_true, scores):
    first, second = registry.METRICS[metric].input_names()[:2]
    return {first: y_true, second: [list(r) if isinstance(r, tuple) else r for r in scores]}


def binary(metric):
    """Binary problems with 1-D scores.  The mixed-case set leaves pos_label out: the scores belong to the
    greater class in code-point order ("a", not "B"), where scikit-learn takes the call at all; the other
    sets name their first listed class as pos_label where the metric takes one."""
    sets = SETS[:1] if metric in STRINGS_REFUSED else SETS if metric not in MULTICLASS else SETS[:2]
    takes = keywords(metric)
    for labels in sets:
        classes = labels.classes[:2]
        params = dict(REQUIRED.get(metric, {}))
        named = "pos_label" in takes and labels.slug != "mixed-case"
        if named:
            params["pos_label"] = classes[0]
        yield case(metric, f"binary/{labels.slug}", _inputs(metric, spell(classes, TRUE2), SCORES2), params,
                   tags=["binary-scores", *labels.tags, *(["pos-label"] if named else []),
                         *order_tags(labels.slug, not named and metric in POSITIVE_BY_ORDER)],
                   description=f"Binary string labels {list(classes)}, 1-D scores, "
                   + (f"pos_label={classes[0]!r}. " if named else "no pos_label: the scores belong to the greater "
                      "class in code-point order, where scikit-learn takes the call. ") + labels.says)


def multiclass(metric):
    if metric not in MULTICLASS:
        return
    for labels in SETS:
        yield case(metric, f"multiclass/{labels.slug}", _inputs(metric, spell(labels.classes, TRUE3), PROBA3),
                   {**REQUIRED.get(metric, {}), **MULTI.get(metric, {})},
                   tags=[*labels.tags, *order_tags(labels.slug, True)],
                   description="Three string classes, one score column per class: column j belongs to the j-th "
                   "class in code-point order. " + labels.says)


def positive(metric):
    if "pos_label" not in keywords(metric):
        return
    classes = SETS[1].classes[:2]  # a, B: "B" is the lesser class, not the default positive
    yield case(metric, "pos_label=B", _inputs(metric, spell(classes, TRUE2), SCORES2),
               {**REQUIRED.get(metric, {}), "pos_label": "B"}, tags=["pos-label", "code-point-order"],
               description='Binary string labels "a" and "B", 1-D scores of pos_label="B".')


def declared(metric):
    """``labels=`` as strings listed out of code-point order."""
    if "labels" not in keywords(metric):
        return
    classes = SETS[1].classes  # a, B, c
    if metric in MULTICLASS:
        listed = [classes[2], classes[0], classes[1]]  # c, a, B
        inputs = _inputs(metric, spell(classes, TRUE3), PROBA3)
    else:
        listed = [classes[0], classes[1]]  # a, B
        inputs = _inputs(metric, spell(classes[:2], TRUE2), SCORES2)
    params = {**REQUIRED.get(metric, {}), **MULTI.get(metric, {}), "labels": listed}
    yield case(metric, "labels=declared", inputs, params,
               tags=["labels-declared", "labels-order", "code-point-order",
                     *(wrong("classes-case-insensitive") if metric in SORT_LABELS else [])],
               description=f"labels={listed} (strings, not in code-point order): whether the columns follow "
               "the sorted classes or the call is refused, as scikit-learn does.")


def mixed(metric):
    y_true = spell(("cat", 1), TRUE2)
    # The list reaches scikit-learn as written, and numpy makes its numbers strings (1 is "1"): what
    # scikit-learn answers for that, a value or a refusal (docs/decisions/0043).
    yield case(metric, "mixed/within", _inputs(metric, y_true, SCORES2), REQUIRED.get(metric),
               tags=["mixed-label-types"],
               description='Strings and numbers in one y_true, the Python list: numpy makes the number 1 the string '
               '"1", and the call is on string labels.')


def cases():
    for metric in metrics():
        for part in (binary, multiclass, positive, declared, mixed):
            yield from part(metric)
