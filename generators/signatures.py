"""What each metric's function takes, read from the live scikit-learn (docs/decisions/0018).

:func:`signatures` is the document of ``oracle/schema/signatures.json``: per metric, its
inputs (the arrays a case stores under ``inputs``: the positional parameters, and
``sample_weight``) and its keywords (what a case stores under ``params``), each keyword with
the values it accepts.  Names come from ``inspect.signature``; accepted values from the
constraints scikit-learn validates the call against (``_skl_parameter_constraints``, set by its
``validate_params``), written as a list of small JSON Schema fragments, any of which fits.  A
keyword whose constraints are not known (the spec-derived expected_calibration_error) accepts
anything (``[{}]``).  ``parity lint`` reads the file, so it needs no scikit-learn itself;
``parity generate --check`` keeps it fresh.
"""

from __future__ import annotations

import inspect
import math
import numbers
from collections.abc import Iterable

import sklearn
from sklearn.utils import _param_validation as pv

from conformance import registry
from generators.oracle import CALLABLE_KEYWORDS, oracle_for, oracle_path

WEIGHTS = "sample_weight"  # an input wherever the function takes it (docs/format.md)


def function(metric: str):
    return oracle_for(metric)


def _number(value) -> float | int | str:
    if isinstance(value, float) and math.isnan(value):
        return "NaN"
    if isinstance(value, float) and math.isinf(value):
        return "Infinity" if value > 0 else "-Infinity"
    return value


def _accepts(constraint) -> list[dict]:
    """JSON Schema fragments for one scikit-learn parameter constraint (anything unknown: ``{}``)."""
    if isinstance(constraint, pv.Hidden):
        return _accepts(constraint.constraint)
    if constraint is None:
        return [{"type": "null"}]
    if constraint == "boolean":
        return [{"type": "boolean"}]
    if constraint in ("array-like", "sparse matrix") or constraint in (list, tuple, set):
        return [{"type": "array"}]
    if constraint == "nan" or (isinstance(constraint, float) and math.isnan(constraint)):
        return [{"enum": ["NaN"]}]
    if isinstance(constraint, pv.StrOptions):
        return [{"type": "string", "enum": sorted(constraint.options)}]
    if isinstance(constraint, pv.Options):
        return [{"enum": sorted((_number(v) for v in constraint.options), key=str)}]
    if isinstance(constraint, pv.Interval):
        kind = "integer" if constraint.type is numbers.Integral else "number"
        bounds: dict = {"type": kind}
        if constraint.left is not None:
            closed = constraint.closed in ("left", "both")
            bounds["minimum" if closed else "exclusiveMinimum"] = _number(constraint.left)
        if constraint.right is not None:
            closed = constraint.closed in ("right", "both")
            bounds["maximum" if closed else "exclusiveMaximum"] = _number(constraint.right)
        return [bounds]
    if constraint is str:
        return [{"type": "string"}]
    if constraint in (numbers.Integral, int):
        return [{"type": "integer"}]
    if constraint in (numbers.Real, float):
        return [{"type": "number"}]
    return [{}]


def _default(parameter: inspect.Parameter):
    default = parameter.default
    if default is inspect.Parameter.empty:
        return {"required": True}
    if default is None or isinstance(default, (bool, str)):
        return {"default": default}
    if isinstance(default, numbers.Real):
        return {"default": _number(float(default) if isinstance(default, float) else int(default))}
    return {}


def _is_input(metric: str, parameter: inspect.Parameter, constraints) -> bool:
    """An array the case stores under ``inputs``: sample_weight, and the positional parameters, except a
    callable (a keyword by name) and one with a default the registry does not declare as an input
    (det_curve takes pos_label, sample_weight and drop_intermediate positionally: they are keywords)."""
    if parameter.name == WEIGHTS:
        return True
    if parameter.kind is not inspect.Parameter.POSITIONAL_OR_KEYWORD or callable in constraints:
        return False
    declared = registry.METRICS[metric].input_names() if metric in registry.METRICS else ()
    return parameter.default is inspect.Parameter.empty or parameter.name in declared


def label_metrics() -> list[str]:
    """The corpus metrics a callable keyword may name: those whose first two inputs hold labels, called as
    ``f(y_true, y_pred, ...)``."""
    return sorted(name for name, m in registry.METRICS.items()
                  if len(m.inputs) >= 2 and all(registry.Kind.LABELS in i.kinds for i in m.inputs[:2]))


def signature(metric: str) -> dict:
    fn = function(metric)
    constraints = getattr(fn, "_skl_parameter_constraints", {})
    inputs, keywords = [], {}
    for name, parameter in inspect.signature(fn).parameters.items():
        if parameter.kind is inspect.Parameter.VAR_KEYWORD:
            continue  # the silhouette's **kwds (distance options): not in the corpus
        if _is_input(metric, parameter, constraints.get(name, ())):
            inputs.append({"name": name, "required": parameter.default is inspect.Parameter.empty})
            continue
        if name in CALLABLE_KEYWORDS:  # a corpus metric by name (docs/decisions/0030)
            keywords[name] = {**_default(parameter), "accepts": [{"type": "string", "enum": label_metrics()}]}
            continue
        accepts = [f for c in constraints[name] for f in _accepts(c)] if name in constraints else [{}]
        keywords[name] = {**_default(parameter), "accepts": accepts}
    where = "spec-derived (docs/spec)" if registry.METRICS[metric].spec_derived else oracle_path(metric)
    return {"function": where, "inputs": inputs, "keywords": keywords}


def signatures(metrics: Iterable[str]) -> dict:
    """The document of ``oracle/schema/signatures.json`` for these metrics."""
    return {
        "format": 1,
        "description": "Each metric's inputs and keywords, with the values each keyword accepts, read from "
                       f"scikit-learn {sklearn.__version__} by generators/signatures.py (docs/decisions/0018). "
                       "parity lint refuses a case whose params or inputs do not fit.",
        "metrics": {metric: signature(metric) for metric in sorted(set(metrics))},
    }
