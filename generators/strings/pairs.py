"""String labels for the metrics of two label vectors: counts, agreement, class_likelihood_ratios.

Per metric: the five label sets of :mod:`._common` (the per-class keywords set where the metric has
them, so the class order shows in the output), a string ``labels=`` list in an order that is not
sorted, a string ``pos_label`` where the metric takes one, and two mixes of strings and numbers
(inside one vector, the Python list whose numbers numpy makes strings, docs/decisions/0043; and a
string vector against a numeric one, which scikit-learn refuses).
"""

from __future__ import annotations

from conformance import registry
from generators.strings._common import PRED2, PRED3, SETS, TRUE2, TRUE3, case, keywords, order_tags, spell, wrong

BINARY_ONLY = {"class_likelihood_ratios"}  # binary problems only
# One number over all classes, the same in any class order (the other metrics list classes or weigh them
# by position: per-class values, matrices, a weighted kappa, target_names, the positive class).
ORDER_BLIND = {"accuracy_score", "balanced_accuracy_score", "matthews_corrcoef", "hamming_loss", "zero_one_loss"}


def metrics() -> list[str]:
    """The registry's classification metrics of two label vectors (clustering is :mod:`.clustering`)."""
    return [name for name, entry in registry.METRICS.items() if entry.family != "clustering"
            and len(entry.inputs) >= 2 and all(registry.Kind.LABELS in i.kinds for i in entry.inputs[:2])]


def _required(metric: str) -> dict:
    """The keywords a call cannot leave out: fbeta_score's beta, and classification_report's output_dict
    (the corpus takes its dict, never the printed report)."""
    return {"fbeta_score": {"beta": 2.0}, "classification_report": {"output_dict": True}}.get(metric, {})


def _per_class(metric: str, classes) -> dict:
    """Keywords that make the output show the class order (per-class values, a weighted kappa, names)."""
    takes = keywords(metric)
    params = _required(metric)
    if "average" in takes:
        params["average"] = None
    if "weights" in takes:
        params["weights"] = "linear"
    if "output_dict" in takes:
        params["output_dict"] = True
        params["target_names"] = [f"class {i}" for i in range(len(classes))]  # named in sorted-class order
    return params


def _inputs(metric: str, classes, two: bool):
    first, second = registry.METRICS[metric].input_names()[:2]
    t, p = (TRUE2, PRED2) if two else (TRUE3, PRED3)
    return first, second, {first: spell(classes, t), second: spell(classes, p)}


def label_sets(metric: str):
    two = metric in BINARY_ONLY
    for labels in SETS:
        classes = labels.classes[:2] if two else labels.classes
        _, _, inputs = _inputs(metric, classes, two)
        yield case(metric, labels.slug, inputs, _per_class(metric, classes),
                   tags=[*labels.tags, *order_tags(labels.slug, metric not in ORDER_BLIND)], error=False,
                   description=labels.says)


def declared(metric: str):
    """``labels=`` as strings, listed out of order (the output follows the list), one class left out."""
    takes = keywords(metric)
    if "labels" not in takes:
        return
    two = metric in BINARY_ONLY
    classes = SETS[1].classes  # a, B, c
    listed = [classes[1], classes[0]] if two else [classes[2], classes[0]]  # B, a / c, a: not in sorted order
    _, _, inputs = _inputs(metric, classes[:2] if two else classes, two)
    params = _per_class(metric, listed)
    params["labels"] = listed
    yield case(metric, "labels=declared", inputs, params, tags=["labels-declared", "labels-order", "labels-subset",
                                                                "code-point-order"],
               description=f"labels={listed} (strings, not in sorted order): the outputs follow the list"
               + ("" if two else ', and the samples of "B" are counted only where the metric counts undeclared '
                  "classes") + ".")


def positive(metric: str):
    """A string ``pos_label`` on a binary problem: the lesser class in code-point order, not the default."""
    if "pos_label" not in keywords(metric):
        return
    classes = SETS[1].classes[:2]  # a, B: B < a, so "B" is not what "the greater class" would pick
    _, _, inputs = _inputs(metric, classes, True)
    # precision_recall_fscore_support's default average=None lists both classes, in code-point order.
    listed = wrong("classes-case-insensitive") if metric == "precision_recall_fscore_support" else []
    yield case(metric, "pos_label=B", inputs, {**_required(metric), "pos_label": "B"},
               tags=["pos-label", "code-point-order", *listed],
               error=False, description='Binary string labels "a" and "B" with pos_label="B": the positive class '
               "is named by its string.")
    yield case(metric, "pos_label=default", inputs, _required(metric), tags=["pos-label", "defaults", *listed],
               description="Binary string labels with the default pos_label=1, which is no class of the data.")


def mixed(metric: str):
    """A mix of strings and numbers: within one vector (scikit-learn reads the list as strings), and a
    string vector against a numeric one (refused)."""
    first, second, inputs = _inputs(metric, ("cat", 1, "dog"), False)
    # The list reaches scikit-learn as written, and numpy makes its numbers strings (1 is "1"): what
    # scikit-learn answers for that, a value or a refusal (docs/decisions/0043).
    yield case(metric, "mixed/within", inputs, _required(metric), tags=["mixed-label-types"],
               description="Strings and numbers in one label vector, the Python list: numpy makes the number 1 "
               'the string "1", and the call is on string labels.')
    _, _, inputs = _inputs(metric, ("cat", "dog", "fish"), False)
    inputs[second] = list(PRED3)
    yield case(metric, "mixed/across", inputs, _required(metric), tags=["mixed-label-types"], error=True,
               description=f"String labels in {first}, integers in {second}: scikit-learn refuses the mix.")


def cases():
    for metric in metrics():
        for part in (label_sets, declared, positive, mixed):
            yield from part(metric)
