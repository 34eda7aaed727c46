"""The one place where values cross between Python and the corpus's JSON.

JSON has no literal for NaN or the infinities, so the corpus carries them as
the strings "NaN", "Infinity" and "-Infinity" (docs/decisions/0001).  Every
file is written with ``allow_nan=False``: a non-finite float that nobody
encoded on purpose makes generation fail instead of producing a file that a
strict JSON parser in another language would reject.

Three operations live here and nowhere else:

* :func:`to_json` turns a scikit-learn result (numpy scalars, arrays, tuples,
  ``None``) into plain JSON values, encoding non-finite floats as strings.
* :func:`decode_numeric` turns a JSON value from a numeric slot back into
  Python numbers, accepting the three strings and refusing any other string;
  :func:`decode_input` does the same for a case's input, where any other string
  is a label (``y_true=["cat", "dog"]``) and stays a string (docs/decisions/0033).
* :func:`dumps` / :func:`loads` write and read corpus documents: a stable
  layout for review diffs, and a parser that refuses bare NaN/Infinity tokens.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

import numpy as np
import orjson

NONFINITE = {"NaN": math.nan, "Infinity": math.inf, "-Infinity": -math.inf}


class EncodingError(ValueError):
    """A value that has no place in the corpus encoding."""


def encode_float(x: float) -> float | str:
    if math.isnan(x):
        return "NaN"
    if math.isinf(x):
        return "Infinity" if x > 0 else "-Infinity"
    return x


def to_json(value: Any) -> Any:
    """Plain JSON for a Python/numpy value; non-finite floats become strings."""
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, np.ndarray):
        if value.ndim and (value.dtype.kind in "biu" or (value.dtype.kind == "f" and np.isfinite(value).all())):
            return value.tolist()  # plain numbers: nothing to encode (the same values, at C speed)
        return [to_json(v) for v in value.tolist()] if value.ndim else to_json(value.item())
    if isinstance(value, np.generic):
        return to_json(value.item())
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return encode_float(value)
    if isinstance(value, (list, tuple)):
        return [to_json(v) for v in value]
    if isinstance(value, dict):
        return {str(k): to_json(v) for k, v in value.items()}
    raise EncodingError(f"cannot encode {type(value).__name__} value {value!r}")


def plain_array(value: Any) -> np.ndarray | None:
    """A list of plain numbers (no non-finite token, not ragged) as numpy reads it, else None."""
    if not isinstance(value, list):
        return None
    try:
        array = np.asarray(value)
    except ValueError:  # ragged
        return None
    return array if array.dtype.kind in "iuf" else None


def input_argument(value: Any, where: str = "value") -> Any:
    """``call_argument(decode_input(value, where))``, without the walk when ``value`` is a list of plain
    numbers (what most inputs are): numpy reads those as they are."""
    array = plain_array(value)
    return array if array is not None else call_argument(decode_input(value, where))


def is_mix(decoded: Any) -> bool:
    """Does a decoded input hold both a string and a number (a non-finite one included) among its leaves?"""
    leaves = set()
    stack = [decoded]
    while stack and len(leaves) < 2:
        item = stack.pop()
        if isinstance(item, list):
            stack.extend(item)
        elif item is not None:
            leaves.add(str if isinstance(item, str) else float)
    return len(leaves) == 2


def call_argument(decoded: Any) -> Any:
    """A decoded input as scikit-learn, and the reference, are called with it (docs/format.md, "How
    scikit-learn is called"; docs/decisions/0043): a mix of strings and numbers is the Python list
    itself, which scikit-learn converts as numpy does (``["a", 1]`` becomes ``["a", "1"]``) except where
    it reads a list's elements as they are; every other input is ``np.asarray`` of the list, with the dtype
    numpy infers (an array, from the fuzzer, as it is), and a ragged list, which numpy refuses, an object
    array."""
    if isinstance(decoded, list) and is_mix(decoded):
        return decoded
    try:
        return np.asarray(decoded)
    except ValueError:  # ragged
        return _object_array(decoded)


def _object_array(decoded: Any) -> np.ndarray:
    try:
        return np.array(decoded, dtype=object)
    except ValueError:  # ragged at depth: a 1-D array of lists
        out = np.empty(len(decoded), dtype=object)
        out[:] = decoded
        return out


# A list that orjson writes without a quote, a brace or a letter of true/false/null holds numbers and
# lists only: nothing to decode or refuse (exponents are written with "e", which is none of these).
_NOT_PLAIN = re.compile(rb'["{tfn]')


def decode_numeric(value: Any, where: str = "value") -> Any:
    """Numbers, null, and nested lists/objects of them, with the three strings decoded.

    Any other string (or a bool, or an object) in a numeric slot is refused.  A list of plain numbers
    (most inputs: a corpus of 10^5-row cases is millions of them) is copied at C speed instead of
    walked: orjson writes it and reads it back, ints as ints and floats to the last bit.
    """
    if isinstance(value, list):
        try:
            text = orjson.dumps(value)
        except (orjson.JSONEncodeError, TypeError):  # an int beyond 64 bits: the walk below
            text = b'"'
        if not _NOT_PLAIN.search(text):
            return orjson.loads(text)
    return _decode_numeric(value, where)


def _decode_numeric(value: Any, where: str) -> Any:
    if value is None:
        return None
    if isinstance(value, bool):
        raise EncodingError(f"{where}: boolean {value!r} where a number is expected")
    if isinstance(value, (int, float)):
        return value
    if isinstance(value, str):
        if value in NONFINITE:
            return NONFINITE[value]
        raise EncodingError(
            f"{where}: string {value!r} where a number is expected "
            '(only "NaN", "Infinity" and "-Infinity" are allowed)'
        )
    if isinstance(value, list):
        return [_decode_numeric(v, where) for v in value]
    if isinstance(value, dict):  # a dict-valued result, e.g. classification_report(output_dict=True)
        return {k: decode_numeric(v, f"{where}.{k}") for k, v in value.items()}
    raise EncodingError(f"{where}: {type(value).__name__} where a number is expected")


# The ways a non-finite number gets misspelt ("nan", "INF", "-infinity"): refused in an input rather than read
# as a string label, so that a misspelt number never becomes a class.
_MISSPELT = {"nan": "NaN", "+nan": "NaN", "-nan": "NaN", "inf": "Infinity", "+inf": "Infinity",
             "infinity": "Infinity", "+infinity": "Infinity", "-inf": "-Infinity", "-infinity": "-Infinity"}


def right_spelling(text: str) -> str | None:
    """The corpus spelling of a non-finite number written another way ("nan", "INF", "-infinity")."""
    return None if text in NONFINITE else _MISSPELT.get(text.strip().lower())


def is_string_label(value: Any) -> bool:
    """A string class label of a case's input: a str other than the three non-finite spellings, which
    are numbers there (docs/decisions/0033)."""
    return isinstance(value, str) and value not in NONFINITE


def decode_input(value: Any, where: str = "value") -> Any:
    """A case's input array: :func:`decode_numeric`, except that a string other than the three
    non-finite spellings is a label and stays a string (docs/decisions/0033).  String labels
    (``["cat", "dog"]``), a mix of strings and numbers and a word where a number belongs (the
    validation sweep's ``["1.5", "abc"]``) all reach scikit-learn as written (docs/format.md).
    A misspelt non-finite number ("nan", "inf") is refused: it is never a label."""
    try:
        return decode_numeric(value, where)  # numbers only: the fast path
    except EncodingError:
        return _decode_input(value, where)


def _decode_input(value: Any, where: str) -> Any:
    if isinstance(value, list):
        return [_decode_input(v, where) for v in value]
    if is_string_label(value):
        right = right_spelling(value)
        if right is not None:
            raise EncodingError(f"{where}: string {value!r} looks like a misspelt {right}: non-finite numbers are "
                                'spelt "NaN", "Infinity" and "-Infinity", and a label may not be spelt like one')
        return value
    return _decode_numeric(value, where)


def decode_param(value: Any) -> Any:
    """Keyword arguments are free JSON; only the three exact strings are floats.

    (No scikit-learn keyword takes the string "NaN", so this is unambiguous:
    ``zero_division=np.nan`` is stored as ``"zero_division": "NaN"``.)
    """
    if isinstance(value, str):
        return NONFINITE.get(value, value)
    if isinstance(value, list):
        return [decode_param(v) for v in value]
    if isinstance(value, dict):
        return {k: decode_param(v) for k, v in value.items()}
    return value


def _refuse_constant(token: str) -> Any:
    raise EncodingError(
        f'bare {token} token: non-finite numbers must be the strings "NaN", "Infinity", "-Infinity"'
    )


def loads(text: str) -> Any:
    """Parse JSON, refusing the NaN/Infinity/-Infinity tokens Python accepts by default.

    orjson parses what it can (strict JSON, a tenth of the time); whatever it refuses (a bare
    non-finite token, a lone surrogate escape, ...) the standard library parses, or refuses with
    its own message, as it did alone.  So does a text with a number of 19 digits or more before
    any point: orjson reads an int beyond 64 bits as a float, the standard library as the int it is."""
    if _INT_OF_19_DIGITS not in b" " + text.encode("utf-8").translate(_DIGITS):
        try:
            return orjson.loads(text)
        except orjson.JSONDecodeError:
            pass
    return json.loads(text, parse_constant=_refuse_constant)


# A number of 19 digits or more before any decimal point (19 zeros after a space, once digits are
# zeros, a point a point and anything else a space): found at C speed, where a regex took longer than orjson.
_DIGITS = bytes(48 if 48 <= i <= 57 else 46 if i == 46 else 32 for i in range(256))
_INT_OF_19_DIGITS = b" " + b"0" * 19


_STDLIB_LINE = json.JSONEncoder(allow_nan=False, separators=(",", ":"), ensure_ascii=False).encode
# Types orjson would write where the standard library raises, or write otherwise: left to the latter.
_ORJSON_STRICT = orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_SUBCLASS


def compact(value: Any) -> str:
    """``value`` as one line of compact JSON (no spaces, non-ASCII as is), refusing a non-finite float
    as ``allow_nan=False`` does: the protocol's messages and answers.

    orjson writes it in a tenth of the standard library's time (a run message's floats were the
    largest part of a fuzzed call's cost), wherever it writes the same document: it writes a NaN as
    null, so a document holding null is written again by the standard library (which raises on a
    NaN), member by member for an object (a run message's ``null`` keyword leaves its inputs to
    orjson), and what orjson refuses (an int beyond 64 bits, a key that is not a string, a numpy
    scalar, a lone surrogate) the standard library writes, or refuses, as it did alone."""
    try:
        text = orjson.dumps(value, option=_ORJSON_STRICT)
    except TypeError:
        return _STDLIB_LINE(value)
    if b"null" not in text:
        return text.decode("utf-8")
    if type(value) is dict and all(type(k) is str for k in value):
        return "{" + ",".join(f"{_STDLIB_LINE(k)}:{compact(v)}" for k, v in value.items()) + "}"
    return _STDLIB_LINE(value)


def _is_leaf_list(value: Any) -> bool:
    return isinstance(value, list) and all(not isinstance(v, (list, dict)) for v in value)


def _dump(value: Any, indent: int) -> str:
    # Lists of scalars stay on one line so a case reads like the call it records.
    if isinstance(value, dict) and value:
        pad = "  " * (indent + 1)
        items = [f"{pad}{json.dumps(k)}: {_dump(v, indent + 1)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + "  " * indent + "}"
    if isinstance(value, list) and value and not _is_leaf_list(value):
        if all(_is_leaf_list(v) for v in value):  # a matrix: one row per line
            pad = "  " * (indent + 1)
            rows = [pad + json.dumps(v, allow_nan=False, ensure_ascii=False) for v in value]
            return "[\n" + ",\n".join(rows) + "\n" + "  " * indent + "]"
        pad = "  " * (indent + 1)
        items = [pad + _dump(v, indent + 1) for v in value]
        return "[\n" + ",\n".join(items) + "\n" + "  " * indent + "]"
    return json.dumps(value, allow_nan=False, ensure_ascii=False)


def dumps(document: Any) -> str:
    """The corpus's canonical text: deterministic, ``allow_nan=False``, newline-terminated."""
    try:
        return _dump(document, 0) + "\n"
    except ValueError as exc:  # json's own refusal of a non-finite float
        raise EncodingError(f"non-finite float left unencoded: {exc}") from exc
