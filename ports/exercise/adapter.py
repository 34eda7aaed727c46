"""Protocol 2 adapter for the precision_recall_f1 exercise (docs/protocol.md, README.md here).

Standard library and numpy only.  A case is answered when the exercise's one
function can answer it (see README.md, "Which cases"); otherwise it is
skipped with the reason.  Every number in an answer is an entry of the
(3, C+1) array that precision_recall_f1 returned: the adapter only picks the
entry scikit-learn's call asks for.
"""

from __future__ import annotations

import json
import math
import platform
import sys

import numpy as np

from exercise import precision_recall_f1

NONFINITE = {"NaN": math.nan, "Infinity": math.inf, "-Infinity": -math.inf}
ROW = {"precision_score": 0, "recall_score": 1, "f1_score": 2, "fbeta_score": 2}
PRFS = "precision_recall_fscore_support"


class Skip(Exception):
    """The exercise cannot answer this case; the message is the reason."""


def decode(value):
    """The corpus encoding: "NaN", "Infinity", "-Infinity" stand for those floats."""
    if isinstance(value, list):
        return [decode(v) for v in value]
    if isinstance(value, str) and value in NONFINITE:
        return NONFINITE[value]
    return value


def encode(value):
    if isinstance(value, list):
        return [encode(v) for v in value]
    if isinstance(value, float) and not math.isfinite(value):
        return "NaN" if math.isnan(value) else ("Infinity" if value > 0 else "-Infinity")
    return value


def num_classes(y_true: np.ndarray, y_pred: np.ndarray, labels) -> int:
    """C such that the exercise's classes range(C) are scikit-learn's class set for this case.

    * ``labels`` given: it must be exactly [0, 1, ..., C-1] (in that order), and C = len(labels);
    * no ``labels``: the exercise's own rule, declared in port.yaml as the convention
      classes=declared (docs/conventions.md): every class 0..C-1 counts, C = the largest
      class ID + 1, so classes absent from both inputs are included.  The harness judges
      such a case against scikit-learn with labels=range(C); when the observed classes are
      exactly 0..K-1 that is scikit-learn's default call.
    """
    if labels is not None:
        declared = np.asarray(decode(labels), dtype=float).ravel()
        if declared.size == 0 or not np.array_equal(declared, np.arange(declared.size)):
            raise Skip("labels is not range(C): the exercise scores exactly the classes 0..C-1, in order")
        c = declared.size
        observed = np.concatenate([y_true, y_pred])
        if observed.size and not np.all(np.isin(observed, declared)):
            raise Skip("a label outside labels=range(C): the exercise takes class IDs in [0, C-1] only")
        return c
    union = np.unique(np.concatenate([y_true, y_pred]))
    if union.size == 0:
        raise Skip("no class ID in empty inputs to derive C from, and no labels: the exercise needs C >= 1")
    if not np.all(np.isfinite(union)) or np.any(union < 0) or np.any(union != np.round(union)):
        raise Skip("a label that is not a class ID (a whole number >= 0): the exercise takes IDs in [0, C-1] only")
    return int(union.max()) + 1


def inputs(case: dict) -> tuple[np.ndarray, np.ndarray]:
    extra = sorted(k for k, v in case["inputs"].items() if k not in ("y_true", "y_pred") and v is not None)
    if extra:
        raise Skip(f"the exercise takes no {', '.join(extra)}")
    y_true = np.asarray(decode(case["inputs"]["y_true"]), dtype=float)
    y_pred = np.asarray(decode(case["inputs"]["y_pred"]), dtype=float)
    if y_true.ndim != 1 or y_pred.ndim != 1:
        raise Skip("the exercise takes class-ID vectors of shape (N,) only")
    return y_true, y_pred


def plan(case: dict):
    """(y_pred, y_true, C, pick) where pick turns the (3, C+1) result into scikit-learn's value."""
    metric, params = case["metric"], case["params"]
    if metric not in ROW and metric != PRFS:
        raise Skip(f"no such metric: the exercise computes precision, recall and F1 only, not {metric}")
    known = {"average", "labels", "zero_division", "pos_label", "beta"}
    unknown = sorted(set(params) - known)
    if unknown:
        raise Skip(f"the exercise has no {', '.join(unknown)}")
    if metric == "fbeta_score" or "beta" in params:
        beta = decode(params.get("beta"))
        if not (isinstance(beta, (int, float)) and not isinstance(beta, bool) and beta == 1):
            raise Skip("beta other than 1: the exercise computes F1 only")
    zero_division = params.get("zero_division", "warn")
    if zero_division not in ("warn", 0):
        raise Skip("zero_division other than 0: the exercise always returns 0 for a zero denominator")
    average = params.get("average", None if metric == PRFS else "binary")
    if metric == PRFS and average is None:
        raise Skip("precision_recall_fscore_support with average=None returns support: the exercise has none")
    y_true, y_pred = inputs(case)

    if average == "binary":
        # F of the positive class on 0/1 data: the per-class entry of pos_label, with C = 2.
        pos = params.get("pos_label", 1)
        union = set(np.unique(np.concatenate([y_true, y_pred])).tolist())
        if not union <= {0.0, 1.0} or pos not in (0, 1) or isinstance(pos, bool):
            raise Skip("average='binary' is mapped for 0/1 labels with pos_label 0 or 1 only")
        c, column = 2, int(pos)
    elif average in (None, "macro"):
        if y_true.size == 0 and y_pred.size == 0 and average == "macro" and params.get("labels") is None:
            # Empty input: the exercise's result is zero everywhere whatever C is, so its
            # macro values do not depend on C; 1 is the smallest C it accepts.
            c = 1
        else:
            c = num_classes(y_true, y_pred, params.get("labels"))
        column = c if average == "macro" else slice(0, c)
    else:
        raise Skip(f"average={average!r}: the exercise returns per-class and macro values only")

    if metric == PRFS:
        pick = lambda r: [r[0, column], r[1, column], r[2, column], None]  # noqa: E731 - support is None when averaged
    else:
        row = ROW[metric]
        pick = lambda r: r[row, column]  # noqa: E731
    return y_pred, y_true, c, pick


def plain(value):
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, np.generic):
        return value.item()
    return value


def run(case: dict) -> dict:
    try:
        y_pred, y_true, c, pick = plan(case)
    except Skip as skip:
        return {"skipped": str(skip)}
    try:
        result = precision_recall_f1(y_pred, y_true, c)
    except ValueError as exc:  # the function refused the input
        return {"error": {"type": type(exc).__name__, "message": str(exc)}}
    return {"value": encode(plain(pick(result)))}


def main() -> int:
    dumps = json.JSONEncoder(allow_nan=False, separators=(",", ":")).encode
    for line in sys.stdin:
        message = json.loads(line)
        cmd = message.get("cmd")
        if cmd == "start":
            answer = {"protocol": 2, "implementation": {
                "name": "precision_recall_f1 exercise", "version": "1", "language": "python",
                "language_version": platform.python_version(), "numpy": np.__version__,
                "source": "ports/exercise/exercise.py",
                "spec": "docs/reference-systems.md"}}
        elif cmd == "run":
            try:
                answer = run(message)
            except Exception as exc:  # noqa: BLE001 - a bug in this adapter or the function
                answer = {"error": {"type": type(exc).__name__, "message": str(exc), "uncaught": True}}
            answer["seq"] = message["seq"]
        elif cmd == "stop":
            return 0
        else:
            print(f"exercise adapter: unknown command {cmd!r}", file=sys.stderr)
            return 1
        sys.stdout.write(dumps(answer) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
