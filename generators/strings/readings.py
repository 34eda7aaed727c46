"""Wrong readings of the string-label class order, and the check that the strings family catches them.

    python -m generators.strings.readings

scikit-learn orders string classes by Unicode code point (np.unique).  Each reading sorts them by
another key: case-insensitively (a locale collation, ``str.casefold``: "a" before "B"), or by UTF-16
code units (JavaScript's default sort, Java's ``compareTo``, C#'s ordinal comparison: "😀" before
"～").  The model is the reference on the same call with every string class renamed, order-preservingly
for the reading's key, to a private-use character: so the reference, which sorts by code point,
sorts the classes as the reading does, and every per-class output, matrix row, score column and
default positive class follows.  Outputs keyed by class name (classification_report) are named by
``target_names`` in the family's cases, so the renaming shows nowhere else.  Generates nothing.
"""

from __future__ import annotations

import sys

from conformance import registry
from conformance.encoding import decode_numeric, to_json
from generators.readings import SAME, Family, Registry, main, reference
from generators.strings import cases as generated_cases
from generators.strings._common import FAMILY_TAG
from generators.strings.clustering import metrics as clustering_metrics
from generators.strings.pairs import metrics as pair_metrics
from generators.strings.scores import metrics as score_metrics

METRICS = (*pair_metrics(), *score_metrics(), *clustering_metrics())
PRIVATE_USE = 0xE000  # the renamed classes: U+E000, U+E001, ... in the reading's order


def utf16_units(label: str) -> bytes:
    return label.encode("utf-16-be")


KEYS = {"classes-case-insensitive": lambda s: (s.casefold(), s), "classes-by-utf16": utf16_units}


def _label_inputs(metric: str, inputs: dict) -> list[str]:
    return [i.name for i in registry.METRICS[metric].inputs if registry.Kind.LABELS in i.kinds and i.name in inputs]


def renamed(key, metric: str, inputs: dict, params: dict):
    """(inputs, params) with each string class renamed so that code-point order is ``key``'s order; None
    when that order is the code-point order already, or when strings are mixed with numbers in one array."""
    names = _label_inputs(metric, inputs)
    classes = set()
    for name in names:
        values = list(inputs[name])
        strings = [v for v in values if isinstance(v, str)]
        if strings and len(strings) != len(values):
            return None  # a mix: its numbers become strings only in scikit-learn's conversion; left out
        classes.update(strings)
    declared = params.get("labels")
    if isinstance(declared, list):
        classes.update(v for v in declared if isinstance(v, str))
    if isinstance(params.get("pos_label"), str):
        classes.add(params["pos_label"])
    order = sorted(classes, key=key)
    if order == sorted(classes):
        return None
    to = {label: chr(PRIVATE_USE + i) for i, label in enumerate(order)}
    rename = lambda v: to.get(v, v) if isinstance(v, str) else v  # noqa: E731
    inputs = {k: ([rename(v) for v in values] if k in names else values) for k, values in inputs.items()}
    params = dict(params)
    if isinstance(declared, list):
        params["labels"] = [rename(v) for v in declared]
    if "pos_label" in params:
        params["pos_label"] = rename(params["pos_label"])
    return inputs, params


REGISTRY = Registry()


def _reading(name: str, rule: str):
    def run(metric, inputs, params):
        moved = renamed(KEYS[name], metric, inputs, params)
        # As a port's answer arrives: JSON (a tuple of arrays becomes a list of lists).
        return SAME if moved is None else decode_numeric(to_json(reference(metric, *moved)))
    REGISTRY.add(name, rule, METRICS, run)


_reading("classes-case-insensitive", 'string classes are sorted case-insensitively (a locale collation): "a" '
         'before "B", where code points put "B" (U+0042) first')
_reading("classes-by-utf16", 'string classes are sorted by UTF-16 code units (JavaScript, Java, C#): the '
         'surrogate pairs of "𝔸" and "😀" before "～" (U+FF5E), where code points put them after')
READINGS = tuple(REGISTRY.readings)

FAMILY = Family(
    name="strings",
    readings=READINGS,
    model=REGISTRY.model(reference),
    owns=lambda case: FAMILY_TAG in case["tags"],
    cases=generated_cases,
    variants={"the reference": reference},
)

if __name__ == "__main__":
    sys.exit(main(FAMILY))
