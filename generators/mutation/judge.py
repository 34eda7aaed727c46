"""Judging a mutant in process: the corpus cases replayed as tests/test_reference_corpus.py replays them.

A value case passes when conformance.compare accepts the result under the corpus tolerance; an error
case when the call raises one of the case's built-in ``bases`` (decision 0004): an error's message is
never compared, so a mutated message is an equivalent mutant.  The count metrics' label-vector cases
are also streamed (conformance.reference.streaming), cut where conformance.forms.batch_cuts cuts them
for a streaming port, fed by updates and by a merge, as tests/test_streaming.py does at every cut.

A mutant is installed by executing its mutated module into a fresh namespace and swapping the code
objects (and defaults) of the changed function into the live function objects, so every module that
imported the function by name runs the mutant; module-level code is installed by rebinding the
module's changed globals.  Warnings are not judged: the corpus holds values and errors.
"""

from __future__ import annotations

import builtins
import sys
import types
import warnings
from dataclasses import dataclass

import numpy as np

from conformance.compare import compare
from conformance.encoding import call_argument, decode_numeric, to_json
from conformance.forms import batch_cuts


@dataclass(frozen=True)
class Judgement:
    """One replay of a case: called whole, or streamed."""

    case: object
    streamed: bool = False


def _bases(case) -> tuple[type, ...]:
    return tuple(getattr(builtins, name) for name in case.expected.error.get("bases", []))


def _call(case, resolve):
    inputs = {k: (None if v is None else call_argument(v)) for k, v in case.inputs.items()}
    return resolve(case.metric)(**inputs, **case.params)


def _pair(inputs: dict):
    return (inputs["y_true"], inputs["y_pred"]) if "y_true" in inputs else (inputs["y1"], inputs["y2"])


def streamable(case, metrics) -> bool:
    """A count metric's case of label vectors with at least two samples: a stream that can be cut."""
    if case.metric not in metrics:
        return False
    shapes = [np.shape(y) for y in _pair(case.inputs)]
    if not all(len(s) == 1 or (len(s) == 2 and s[1] <= 1) for s in shapes):
        return False
    return min(s[0] for s in shapes) >= 2


def _streams(case):
    """The case's samples fed in batches, by updates and by merging per-batch accumulators."""
    from conformance.reference.streaming import CountAccumulator

    (yt, yp), w = _pair(case.inputs), case.inputs.get("sample_weight")
    n = min(np.shape(yt)[0], np.shape(yp)[0])
    edges = [0, *batch_cuts(case.id, n), None]  # the last batch to the end: unequal lengths stay unequal
    part = lambda v, a, b: None if v is None else call_argument(list(v[a:b]))  # noqa: E731
    batches = [(part(yt, a, b), part(yp, a, b), part(w, a, b)) for a, b in zip(edges, edges[1:])]

    def by_updates():
        acc = CountAccumulator()
        for batch in batches:
            acc.update(*batch)
        return acc.compute(case.metric, **case.params)

    def by_merge():
        total = CountAccumulator()
        for batch in batches:
            total = total + CountAccumulator.of(*batch)
        return total.compute(case.metric, **case.params)

    return by_updates, by_merge


def failure(judgement: Judgement, resolve, tolerance: dict) -> str | None:
    """Why the reference (as it stands: mutated or not) fails the judgement, or None."""
    case = judgement.case
    calls = _streams(case) if judgement.streamed else (lambda: _call(case, resolve),)
    for run in calls:
        if case.expected.is_error:
            bases = _bases(case)
            if judgement.streamed and "mixed-label-types" in case.tags:
                bases = (TypeError, ValueError)  # a batch may hold only strings (tests/test_streaming.py)
            try:
                value = run()
            except bases:
                continue
            except Exception as exc:  # noqa: BLE001 -- the wrong error is the finding
                return f"raised {type(exc).__name__}, expected {case.expected.error['type']}"
            return f"returned {value!r:.80}, expected {case.expected.error['type']}"
        try:
            actual = decode_numeric(to_json(run()))
        except Exception as exc:  # noqa: BLE001
            return f"raised {type(exc).__name__}: {exc!s:.80}, expected a value"
        result = compare(case.expected.value, actual, **tolerance)
        if not result:
            return result.reason[:200]
    return None


def first_failure(judgements, resolve, tolerance: dict) -> tuple[str, str] | None:
    """(case id, why) of the first judgement that fails, or None when all pass."""
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        for judgement in judgements:
            why = failure(judgement, resolve, tolerance)
            if why is not None:
                return judgement.case.id + (" (streamed)" if judgement.streamed else ""), why
    return None


# --- installing a mutant ---------------------------------------------------------------------------


class MutantNotInstalled(Exception):
    """The mutated code could not be put in place (it does not compile, or changes a closure's shape)."""


def _functions(namespace: dict, module_name: str):
    """(qualified name, function) of the functions and methods defined in a module's namespace."""
    for name, value in namespace.items():
        if isinstance(value, types.FunctionType) and value.__module__ == module_name:
            yield name, value
        elif isinstance(value, type) and value.__module__ == module_name:
            for attr, member in vars(value).items():
                if isinstance(member, (staticmethod, classmethod)):
                    member = member.__func__
                elif isinstance(member, property):
                    member = member.fget
                if isinstance(member, types.FunctionType):
                    yield f"{name}.{attr}", member


def _unwrapped(fn):
    while hasattr(fn, "__wrapped__"):
        fn = fn.__wrapped__
    return fn


def install(module_name: str, function: str, source: str) -> None:
    """Put the mutated ``source`` of ``module_name`` in place: ``function``'s code, or the module's changed
    globals for ``<module>``."""
    if not hasattr(builtins, "CosmicRayTestingException"):  # what ExceptionReplacer catches instead
        from cosmic_ray.exceptions import CosmicRayTestingException

        builtins.CosmicRayTestingException = CosmicRayTestingException
    module = sys.modules[module_name]
    namespace = {"__name__": module_name, "__file__": module.__file__, "__package__": module.__package__}
    try:
        exec(compile(source, module.__file__, "exec"), namespace)  # noqa: S102 -- the mutant under judgement
    except Exception as exc:  # noqa: BLE001
        raise MutantNotInstalled(f"the mutated module does not load: {type(exc).__name__}: {exc}") from exc
    if function == "<module>":
        for name, value in namespace.items():
            old = module.__dict__.get(name, None)
            if not isinstance(value, (types.FunctionType, type, types.ModuleType)) and not _same(old, value):
                module.__dict__[name] = value
        return
    old, new = dict(_functions(module.__dict__, module_name)), dict(_functions(namespace, module_name))
    if function not in old or function not in new:
        raise MutantNotInstalled(f"{module_name}.{function} is not a module-level function or method")
    target, mutated = _unwrapped(old[function]), _unwrapped(new[function])
    try:
        target.__code__ = mutated.__code__
    except ValueError as exc:
        raise MutantNotInstalled(str(exc)) from exc
    target.__defaults__, target.__kwdefaults__ = mutated.__defaults__, mutated.__kwdefaults__


def _same(a, b) -> bool:
    try:
        return bool(a == b) if type(a) is type(b) else False
    except Exception:  # noqa: BLE001 -- arrays and the like: rebind
        return False
