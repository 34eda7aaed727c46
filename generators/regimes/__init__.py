"""The regimes family: every metric's base call moved into each input regime of its inputs (issue 36).

A regime (conformance/regimes.py, docs/decisions/0045) is valid-looking data whose shape an
implementation tested on tidy inputs gets wrong: more clusters than classes, ids past the class
count, labels spelt as non-integer floats, integer-valued scores, identical cluster centres, one
sample.  The cells come from the registry's input kinds, so a new metric gets its regime cases
without a line here: each metric's base call is the validation family's (generators/validation/,
the same inputs and keywords), and each case applies one regime's transform to it
(``conformance.regimes.apply``, which checks that the stored inputs show the regime).  Whatever
scikit-learn answers -- a value, NaN, an error such as the continuous-target refusal -- is the case.

Many samples (``large n``) is a case of its own (:mod:`.large`): the pair-counting metrics at
:data:`conformance.regimes.LARGE_N` samples.

Ids are ``<metric>/regimes/<input>/<regime>`` (``<metric>/regimes/<regime>`` for the size regimes,
which change every input); every case is tagged ``regimes``, and ``wrong-reading-<name>`` where a
reading of :mod:`.readings` gives another outcome than the case (checked by the readings check).
"""

from __future__ import annotations

from conformance import registry, regimes
from conformance.forms import rng_for
from generators.oracle import make_case
from generators.regimes import large
from generators.validation import checked_base

FAMILY_TAG = "regimes"

# The tags of the closed list that say what each regime is about (they also pick the spec section a case cites).
TAGS = {
    "fewer classes": ["class-set"], "equal classes": ["class-set"], "more classes": ["class-set"],
    "non-contiguous ids": ["non-contiguous-labels"], "negative ids": ["non-contiguous-labels"],
    "ids past the class count": ["non-contiguous-labels"], "single class": ["single-class", "degenerate"],
    "integer-valued floats": ["class-set"], "non-integer floats": ["class-set"],
    "integer-valued scores": ["decision-values"], "constant scores": ["ties"], "all tied": ["ties"],
    "duplicate points": ["degenerate"], "identical centres": ["degenerate"], "constant feature": ["degenerate"],
    "large offset": ["large-offset"], "one sample": ["degenerate"], "large n": ["long-input"],
}

# One line per regime: what the case's input holds.
SAYS = {
    "fewer classes": "{name} uses fewer classes than {first}",
    "equal classes": "{name} uses as many classes as {first}, with different ids on some samples",
    "more classes": "{name} uses more classes than {first}, some of its ids past {first}'s class count and "
                    "some of its clusters impure",
    "non-contiguous ids": "{name}'s class i is the id 3i: gaps between the ids",
    "negative ids": "{name}'s class i is the id -(i + 1): negative ids",
    "ids past the class count": "{name}'s class i is the id i + k, k the number of classes of {first}",
    "single class": "{name} holds one class only",
    "integer-valued floats": "{name}'s labels are floats with integer values (1.0, not 1)",
    "non-integer floats": "{name}'s labels are floats with fractional parts (a continuous target)",
    "integer-valued scores": "{name} holds integer-valued scores, which a port may take for labels",
    "constant scores": "{name} is one constant value: every score tied",
    "all tied": "{name}'s values are tied in groups (vector: pairs of equal values; matrix: each row one value)",
    "duplicate points": "{name}'s second point repeats the first",
    "identical centres": "{name}'s clusters all have the same centre (the origin), exactly",
    "constant feature": "{name}'s last feature is constant",
    "large offset": "{name}, on a grid of quarters, is shifted by 4e6: a large offset with a small spread",
    "one sample": "every input holds one sample",
}


def slug(regime: str) -> str:
    return regime.replace(" ", "-")


def case_id(metric: str, name: str, regime: str) -> str:
    return f"{metric}/regimes/{slug(regime)}" if regime in regimes.SIZE_REGIMES else \
        f"{metric}/regimes/{name}/{slug(regime)}"


def made(metric: registry.Metric, inputs: dict, params: dict, cid: str, regime: str, description: str) -> dict:
    case = make_case(cid, metric.name, inputs, params, [], description)
    case["tags"] = sorted({FAMILY_TAG, *TAGS[regime]} | ({"sample-weight"} if "sample_weight" in inputs else set())
                          | ({"error"} if "error" in case["expected"] else set())
                          | ({"spec-derived"} if metric.spec_derived else set()))
    return case


def _caught(case: dict) -> list[str]:
    from generators.regimes.readings import catches  # the readings read this family's cases

    return catches(case)


def transformed():
    """A case per (metric, input, regime) cell whose transform applies to the metric's base call."""
    for metric in registry.METRICS.values():
        base, params = checked_base(metric)
        labels = regimes.label_inputs(metric)
        for inp in metric.inputs:
            for regime in regimes.regimes_of(metric, inp):
                cid = case_id(metric.name, inp.name, regime)
                inputs = regimes.apply(regime, metric, base, inp.name, rng_for(cid))
                if inputs is None:
                    continue  # the cell is covered elsewhere or explained (generators/regime_matrix.py)
                says = SAYS[regime].format(name=inp.name, first=labels[0] if labels else "")
                case = made(metric, inputs, params, cid, regime, f"The validation base call with one change: {says}.")
                if case.get("x-conditioning") == "undetermined":
                    continue  # rounding noise, not a value (decision 0046): the cell is explained instead
                yield case


def cases():
    for case in (*transformed(), *large.cases()):
        case["tags"] = sorted(set(case["tags"]) | {f"wrong-reading-{name}" for name in _caught(case)})
        yield case
