"""Wrong readings of the specs, and the check that the corpus catches each one.

A *reading* is a plausible misreading of a spec (F of the mean P and R, ties
split, MAPE without its floor, float32 arithmetic, ...): a name, a one-line rule
and the metrics it touches.  A case *catches* a reading when the reading gives
another outcome than the case expects: another value, a value where the oracle
raises, or a refusal where it answers.  A case that claims to catch one carries
the tag ``wrong-reading-<name>``.

Each family's ``readings`` module (counts, regression, scores, agreement,
numerics) only lists its readings and supplies a :class:`Family`: its *model*,
a function ``model(reading, metric, inputs, params)`` that evaluates one call
under the named reading, or under none (``reading=None``: the faithful model of
scikit-learn).  The model returns the value, or :data:`SAME` when the reading
does not change this call (or the faithful model does not model it), or raises
:class:`Refused` where it refuses the call.  Any other exception is a bug in the
model: it is reported as a problem, never taken for a refusal.

:func:`check` runs a family over its cases and reports as problems:

* a faithful variant (the model, or each of several the family names: summation
  orders, the reference) that disagrees with a case, errors included;
* a reading no case catches, or one that no case is tagged with, or one that
  agrees with no case of its metrics (wrong everywhere is not a plausible reading);
* a case tagged ``wrong-reading-<name>`` that does not catch ``<name>``, or
  whose tag names no reading of the family.

Values are compared with :func:`conformance.compare.compare` at the corpus
tolerance (or a reading's own wider one), as a port would be.
``python -m generators.<family>.readings`` runs :func:`main`: the check on the
family's cases generated in memory, with a summary per reading.
"""

from __future__ import annotations

import importlib
import sys
import warnings
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

import conformance.reference as ref
from conformance import registry
from conformance.compare import compare
from conformance.encoding import call_argument, decode_input, decode_numeric, decode_param, to_json

PREFIX = "wrong-reading-"
# Every family with a readings module: the registry's, then numerics, strings and regimes, which cut across them.
FAMILIES = (*registry.families(), "numerics", "strings", "regimes")
# What the reference raises where scikit-learn raises (docs/decisions/0013): its refusals.
REFERENCE_REFUSALS = (ValueError, TypeError, IndexError, ZeroDivisionError, NotImplementedError)


class Refused(Exception):
    """The model refuses the call, as scikit-learn raises (or as the reading would)."""


class _Same:
    def __repr__(self) -> str:
        return "SAME"


SAME = _Same()  # the reading does not change this call; the faithful model does not model it


@dataclass(frozen=True)
class Reading:
    name: str
    rule: str  # the wrong rule, in one line
    metrics: frozenset[str]  # the metrics it touches: on the others it is not run
    tolerance: Mapping[str, float] | None = None  # judged at no less than this (a float32 reading)


Model = Callable[[str | None, str, dict, dict], Any]  # (reading or None, metric, inputs, params)
Call = Callable[[str, dict, dict], Any]  # (metric, inputs, params)


VALIDATION_TAG = "validation"
REGIMES_TAG = "regimes"  # the regimes family's cases (generators/regimes/): its readings only


@dataclass(frozen=True)
class Family:
    name: str
    readings: tuple[Reading, ...]
    model: Model
    owns: Callable[[dict], bool]  # does this corpus case belong to the family?
    cases: Callable[[], Iterable[dict]]  # the family's cases, generated in memory (for main)
    # The faithful model's variants, by the name a problem gives them; all must agree with every
    # case.  Default: the model under no reading.  A family adds its own (summation orders, ...).
    variants: Mapping[str, Call] | None = None

    def __post_init__(self):
        names = [r.name for r in self.readings]
        if len(set(names)) != len(names):
            raise ValueError(f"{self.name}: a reading is listed twice")
        # The validation family's bad-input sweep (decision 0034) is no family's: its cases are the
        # base call's outcome with one input spoilt, scikit-learn's refusal or value as it comes, and
        # no reading is about them (the models need not know every refusal's exact type).
        # The regimes family's cases (decision 0045) are the same base calls moved into a regime: its
        # readings are about them, the metric families' models need not know every regime.
        owns, mine = self.owns, self.name == REGIMES_TAG
        object.__setattr__(self, "owns", lambda case: VALIDATION_TAG not in case.get("tags", ())
                           and (mine or REGIMES_TAG not in case.get("tags", ())) and owns(case))

    def faithful(self) -> Mapping[str, Call]:
        if self.variants is not None:
            return self.variants
        return {"the model": lambda metric, inputs, params: self.model(None, metric, inputs, params)}


def listed(rules: Mapping[str, str], metrics: Iterable[str],
           touches: Mapping[tuple[str, ...], Iterable[str]]) -> tuple[Reading, ...]:
    """Readings from ``{name: rule}``: each touches ``metrics``, or the metrics ``touches`` lists it under."""
    own: dict[str, frozenset[str]] = {}
    for touched, names in touches.items():
        for name in names:
            if name not in rules or name in own:
                raise ValueError(f"touches: {name!r} is no reading, or listed twice")
            own[name] = frozenset(touched)
    return tuple(Reading(name, rule, own.get(name, frozenset(metrics))) for name, rule in rules.items())


class Registry:
    """Readings each written as its own function ``run(metric, inputs, params)``.

    ``@registry.reading(name, rule, metrics)`` lists one; :meth:`model` is the family's
    model: ``faithful`` under no reading, the reading's function under one.
    """

    def __init__(self):
        self.readings: list[Reading] = []
        self.runs: dict[str, Call] = {}

    def add(self, name: str, rule: str, metrics: Iterable[str], run: Call, tolerance=None) -> Call:
        self.readings.append(Reading(name, rule, frozenset(metrics), tolerance))
        self.runs[name] = run
        return run

    def reading(self, name: str, rule: str, metrics: Iterable[str], tolerance=None):
        return lambda run: self.add(name, rule, metrics, run, tolerance)

    def model(self, faithful: Call) -> Model:
        def run(reading, metric, inputs, params):
            return faithful(metric, inputs, params) if reading is None else self.runs[reading](metric, inputs, params)
        return run


# --- models built on the reference ---------------------------------------------------------------


def refusing(fn: Callable) -> Callable:
    """``fn`` (a function of conformance.reference) with its refusals raised as :class:`Refused`."""
    def call(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except REFERENCE_REFUSALS as exc:
            raise Refused(f"{type(exc).__name__}: {exc}") from exc
    return call


def reference(metric: str, inputs: dict, params: dict):
    """The reference's value for one call (inputs as scikit-learn gets them: encoding.call_argument); its refusals are :class:`Refused`."""
    return refusing(getattr(ref, metric))(**{k: call_argument(v) for k, v in inputs.items()}, **params)


# --- the check -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Bug:
    exc: Exception


_REFUSED = object()  # the outcome of a refusal
_ERROR = object()  # the expected outcome of an error case


@dataclass
class Checked:
    problems: list[str] = field(default_factory=list)
    caught: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))  # reading -> case ids


def named_in_tags(case: dict) -> list[str]:
    return [t[len(PREFIX):] for t in case["tags"] if t.startswith(PREFIX)]


def _outcome(call: Call, metric: str, inputs: dict, params: dict):
    try:
        return call(metric, inputs, params)
    except Refused:
        return _REFUSED
    except Exception as exc:  # noqa: BLE001 -- reported as a bug by the caller
        return _Bug(exc)


def _agrees(expected, outcome, tolerance: Mapping[str, float]) -> bool:
    """``expected``: _ERROR, or the case's decoded value."""
    if outcome is SAME:
        return True
    if outcome is _REFUSED or expected is _ERROR:
        return outcome is _REFUSED and expected is _ERROR
    actual = outcome if type(outcome) is float else decode_numeric(to_json(outcome))
    return bool(compare(expected, actual, **tolerance))


def _judged(reading: Reading, tolerance: Mapping[str, float]) -> Mapping[str, float]:
    if reading.tolerance is None:
        return tolerance
    return {k: max(reading.tolerance[k], tolerance[k]) for k in ("rtol", "atol")}


def _bug(case_id: str, who: str, bug: _Bug) -> str:
    return f"{case_id}: {who} raised {bug.exc!r} (a bug in the model: a refusal raises Refused)"


def check(family: Family, cases: Iterable[dict], tolerance: Mapping[str, float]) -> Checked:
    """Run ``family`` over ``cases`` (corpus case dicts): problems, and the catching case ids by reading."""
    cases = list(cases)
    out = Checked()
    known = {r.name for r in family.readings}
    agreed: dict[str, int] = defaultdict(int)
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for case in cases:
            cid, metric = case["id"], case["metric"]
            expected = _ERROR if "error" in case["expected"] else decode_numeric(case["expected"]["value"])
            inputs = {k: decode_input(v) for k, v in case["inputs"].items()}
            params = {k: decode_param(v) for k, v in case["params"].items()}
            faithful = True
            for label, call in family.faithful().items():
                got = _outcome(call, metric, inputs, params)
                if isinstance(got, _Bug):
                    out.problems.append(_bug(cid, label, got))
                    faithful = False
                elif not _agrees(expected, got, tolerance):
                    out.problems.append(f"{cid}: {label} disagrees with the corpus")
                    faithful = False
            if not faithful:
                continue
            for reading in family.readings:
                if metric not in reading.metrics:
                    continue
                got = _outcome(lambda m, i, p: family.model(reading.name, m, i, p), metric, inputs, params)
                if isinstance(got, _Bug):
                    out.problems.append(_bug(cid, f"reading {reading.name}", got))
                elif _agrees(expected, got, _judged(reading, tolerance)):
                    agreed[reading.name] += 1
                else:
                    out.caught[reading.name].append(cid)
            for name in named_in_tags(case):
                if name not in known:
                    out.problems.append(f"{cid}: tag {PREFIX}{name} names no reading of the {family.name} family")
                elif cid not in out.caught[name]:
                    out.problems.append(f"{cid}: tagged {PREFIX}{name} but does not catch it")
    tagged = {name for c in cases for name in named_in_tags(c)}
    for reading in family.readings:
        name = reading.name
        if not out.caught.get(name):
            out.problems.append(f"reading {name}: no case catches it")
        elif name not in tagged:
            out.problems.append(f"reading {name}: caught, but no case is tagged {PREFIX}{name}")
        if out.caught.get(name) and not agreed.get(name):
            out.problems.append(f"reading {name}: agrees with no case of its metrics (not a plausible reading)")
    out.caught = dict(out.caught)
    return out


def family(name: str) -> Family:
    """The family ``name``'s readings and model (its module ``generators.<name>.readings``)."""
    return importlib.import_module(f"generators.{name}.readings").FAMILY


def main(family: Family) -> int:
    """``python -m generators.<family>.readings``: check the family's cases generated in memory,
    print per reading its rule and the cases tagged with it; the exit status."""
    from generators import TOLERANCE

    cases = [c for c in family.cases() if family.owns(c)]
    checked = check(family, cases, TOLERANCE)
    for reading in family.readings:
        tagged = [c["id"] for c in cases if reading.name in named_in_tags(c)]
        print(f"{reading.name}: {reading.rule}\n"
              f"    caught by {len(checked.caught.get(reading.name, []))} cases; tagged: {len(tagged)}")
        for cid in tagged[:6]:
            print(f"      {cid}")
    for problem in checked.problems:
        print(f"PROBLEM {problem}", file=sys.stderr)
    print(f"{len(cases)} cases, {len(family.readings)} readings, {len(checked.problems)} problem(s)")
    return 1 if checked.problems else 0


# --- explaining a port's answer --------------------------------------------------------------------

REFUSAL = _REFUSED  # what a port's refusal is, for :func:`reproducing`


def reproducing(metric: str, inputs: Mapping, params: Mapping, answer: Any,
                tolerance: Mapping[str, float]) -> list[Reading]:
    """The readings, of every family, under which this call gives ``answer``: the named causes a port's
    wrong answer may have.  ``inputs`` and ``params`` are decoded (as a corpus case's); ``answer`` is the
    port's decoded value, or :data:`REFUSAL` where it refused.  A reading that does not change the call
    (:data:`SAME`), or whose model cannot run it, explains nothing.  The caller knows that ``answer`` is
    not scikit-learn's: a reading that reproduces it is a candidate cause, in the families' order."""
    expected = _ERROR if answer is _REFUSED else answer
    found = []
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for name in FAMILIES:
            fam = family(name)
            for reading in fam.readings:
                if metric not in reading.metrics:
                    continue
                got = _outcome(lambda m, i, p: fam.model(reading.name, m, i, p), metric, dict(inputs), dict(params))
                if got is SAME or isinstance(got, _Bug):
                    continue
                if _agrees(expected, got, _judged(reading, tolerance)):
                    found.append(reading)
    return found
