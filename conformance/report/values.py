"""Values as a report shows them.

Record values are in the corpus encoding: non-finite numbers are the
strings "NaN", "Infinity", "-Infinity" (docs/decisions/0001).  A report
writes them as the bare words NaN, Infinity and -Infinity; every other
string (a keyword value such as "macro") keeps its double quotes, so the
two can never be confused.  None, True and False are written as in
scikit-learn's Python, since the rows name scikit-learn keywords.
"""

from __future__ import annotations

import json
import math
from typing import Any

NONFINITE = ("NaN", "Infinity", "-Infinity")


def show(value: Any, max_items: int | None = None) -> str:
    """One line for ``value``; lists longer than ``max_items`` are cut, saying how much was left out."""
    if value is None:
        return "None"
    if isinstance(value, bool):
        return "True" if value else "False"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "NaN"
        if math.isinf(value):
            return "Infinity" if value > 0 else "-Infinity"
        return repr(value)
    if isinstance(value, str):
        return value if value in NONFINITE else json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        items = value if max_items is None or len(value) <= max_items else value[:max_items]
        text = ", ".join(show(v, max_items) for v in items)
        if len(items) < len(value):
            text += f", … ({len(value) - len(items)} more)"
        return f"[{text}]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(str(k), ensure_ascii=False)}: {show(v, max_items)}"
                               for k, v in value.items()) + "}"
    return json.dumps(value, ensure_ascii=False, default=str)


def key(value: Any) -> str:
    """Canonical text of a JSON value: equal values, equal keys; 0 and 0.0, 1 and True stay apart."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def is_number(value: Any) -> bool:
    return (isinstance(value, (int, float)) and not isinstance(value, bool)) or value in NONFINITE


def order(value: Any) -> tuple:
    """A total order over keyword values: None, booleans, numbers (-Infinity … Infinity, NaN),
    strings, then arrays and objects by their text."""
    if value is None:
        return (0,)
    if isinstance(value, bool):
        return (1, value)
    if is_number(value):
        number = {"NaN": math.nan, "Infinity": math.inf, "-Infinity": -math.inf}.get(value, value)
        if math.isnan(number):
            return (2, 1, 0.0, 0)
        return (2, 0, float(number), isinstance(value, float))  # 0 before 0.0
    if isinstance(value, str):
        return (3, value)
    if isinstance(value, list):
        return (4, key(value))
    return (5, key(value))


def outcome(answer: dict | None, max_items: int | None = None) -> str:
    """An expected or actual outcome ({"value"}, {"error"}, {"skipped"}, or None) in one line."""
    if answer is None:
        return "no answer"
    if "value" in answer:
        return show(answer["value"], max_items)
    if "error" in answer:
        error = answer["error"] if isinstance(answer["error"], dict) else {}
        return " ".join(f"error {error.get('type', '?')}: {error.get('message', '')}".split())
    if "skipped" in answer:
        return " ".join(f"skipped: {answer['skipped']}".split())
    return show(answer, max_items)


def number(x: float | None) -> str:
    """An error size: the shortest text that reads back as the same float."""
    if x is None:
        return "—"
    return show(float(x))
