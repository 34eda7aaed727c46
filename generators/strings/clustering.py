"""String labels for the clustering metrics: two labelings, or points and their cluster labels.

A labeling is only a partition, so most values do not depend on how the labels sort; what does is
the order of contingency_matrix's rows and columns (np.unique order: code points).  Per metric: the
five label sets of :mod:`._common`; for two labelings, strings against integers (a valid call: each
labeling is read on its own) and strings mixed with numbers inside one labeling (the Python list, whose
numbers numpy makes strings: docs/decisions/0043).
"""

from __future__ import annotations

from conformance import registry
from generators.strings._common import PRED3, SETS, TRUE3, case, order_tags, spell, wrong

# Points for the labels of TRUE3: one row per sample, the clusters apart but not far apart.
POINTS = ((0.0, 0.0), (1.0, 0.5), (0.5, 1.0), (1.5, 1.5), (0.0, 2.0), (4.0, 0.0), (5.0, 1.0), (4.5, 2.0),
          (2.0, 1.0), (2.0, 5.0), (3.0, 6.0), (1.0, 5.5))


ROWS_BY_LABEL = "contingency_matrix"  # the one clustering output that shows the label order


def metrics() -> list[str]:
    return [name for name, entry in registry.METRICS.items() if entry.family == "clustering"
            and any(registry.Kind.LABELS in i.kinds for i in entry.inputs)]


def _inputs(metric, first, second):
    names = registry.METRICS[metric].input_names()
    if names[0] == "X":
        return {"X": [list(p) for p in POINTS], "labels": first}
    return {names[0]: first, names[1]: second}


def label_sets(metric):
    for labels in SETS:
        yield case(metric, labels.slug, _inputs(metric, spell(labels.classes, TRUE3), spell(labels.classes, PRED3)),
                   tags=[*labels.tags, *order_tags(labels.slug, metric == ROWS_BY_LABEL)], error=False,
                   description=labels.says)


def mixed(metric):
    two = registry.METRICS[metric].input_names()[0] != "X"
    if two:
        yield case(metric, "strings-and-integers", _inputs(metric, spell(SETS[1].classes, TRUE3), list(PRED3)),
                   tags=["mixed-label-types", *(wrong("classes-case-insensitive") if metric == ROWS_BY_LABEL else [])],
                   error=False,
                   description="String labels in labels_true, integers in labels_pred: each labeling is read on "
                   "its own, so the call is valid.")
    yield case(metric, "mixed/within", _inputs(metric, spell(("cat", 1, "dog"), TRUE3), list(PRED3)),
               tags=["mixed-label-types"],
               description="Strings and numbers in one labeling: whatever scikit-learn makes of the mix.")


def cases():
    for metric in metrics():
        yield from label_sets(metric)
        yield from mixed(metric)
