"""A protocol-2 port that takes one-hot targets and score matrices, as Keras's F1Score does, and
reads them back in one of several ways -- some of them planted bugs.

    python scores_port.py TIES CLASSES

TIES is how it really reads a score row, whatever port.yaml declares:

    lowest    the first of the tied maxima (numpy, torch): one class per row
    highest   the last of the tied maxima: one class per row
    all       every column equal to the row's maximum is predicted (Keras's F1Score with
              threshold=None): a tie row predicts several classes

CLASSES is how it counts classes:

    columns   the width of the class axis (the run message's form.classes): the classes are
              0 .. C-1, the convention classes=declared
    labels    (a planted bug) the classes it read back, the sorted union of targets and
              predictions, as if the columns did not count: scikit-learn's default, classes=observed

It answers the five precision/recall/F functions (Keras: F1Score, FBetaScore) and skips every
other metric.  Values are conformance.reference's: on the labels read back, with
``labels=range(C)`` where classes=declared applies (CLASSES=columns); when some row predicts
several classes, on the one-hot targets and the multi-hot predictions as indicator matrices
(counting every tied maximum is a multilabel count).  Errors are the reference's, by type.

Used by tests/test_verify_conventions.py (conventions x forms, decision 0014) through
``make_scores_port`` (tests/planted_ports/__init__.py).
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[2]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))  # this repository's conformance, not whichever is installed

import conformance.reference as reference  # noqa: E402
from conformance import conventions as conv  # noqa: E402
from conformance.encoding import decode_numeric, decode_param, to_json  # noqa: E402
from conformance.forms import argmax, maxima  # noqa: E402

TIES = ("lowest", "highest", "all")
CLASSES = ("columns", "labels")
METRICS = ("precision_score", "recall_score", "f1_score", "fbeta_score", "precision_recall_fscore_support")


def predicted(rows: list, ties: str) -> list[list[int]]:
    """The classes each score row predicts, read the way TIES says."""
    return [maxima(row) if ties == "all" else [argmax(row, ties)] for row in rows]


def indicator(classes: list[list[int]], C: int) -> np.ndarray:
    out = np.zeros((len(classes), C), dtype=int)
    for i, row in enumerate(classes):
        out[i, row] = 1
    return out


def run(message: dict, ties: str, classes: str) -> dict:
    metric, form = message["metric"], message.get("form")
    if metric not in METRICS:
        return {"skipped": f"no {metric} in this port (precision, recall and F only)"}
    if form is None or form.get("y_true") != "one-hot" or form.get("y_pred") not in ("scores", "scores-class-first"):
        return {"skipped": "this port takes one-hot targets and score matrices"}
    C = form["classes"]
    inputs = message["inputs"]
    y_true = [argmax(row, "lowest") for row in inputs["y_true"]]
    rows = inputs["y_pred"] if form["y_pred"] == "scores" else [list(r) for r in zip(*inputs["y_pred"])]
    pred = predicted(rows, ties)
    params = {k: decode_param(v) for k, v in message["params"].items()}
    # classes=declared: the columns are the classes, wherever the convention applies.
    read = {"y_true": y_true, "y_pred": [p[0] for p in pred]}
    if classes == "columns" and conv.applies("classes", "declared", metric, read, message["params"]):
        params["labels"] = list(range(C))
    extra = {k: np.asarray(decode_numeric(v, k)) for k, v in inputs.items() if k not in ("y_true", "y_pred")}
    if all(len(p) == 1 for p in pred):
        args = {"y_true": np.asarray(y_true, dtype=int), "y_pred": np.asarray(read["y_pred"], dtype=int)}
    else:  # several classes in a row: a multilabel count over the class axis
        args = {"y_true": indicator([[t] for t in y_true], C), "y_pred": indicator(pred, C)}
    try:
        value = getattr(reference, metric)(**args, **extra, **params)
    except Exception as exc:  # the reference's refusals, by type (port.yaml lists them)
        return {"error": {"type": type(exc).__name__, "message": str(exc)}}
    return {"value": to_json(value)}


def main(ties: str, classes: str) -> int:
    """ports/reference/adapter.py's protocol loop, answering run messages with :func:`run`."""
    from planted import adapter  # the reference adapter, loaded as planted.py loads it

    return adapter.main(name=f"scores-port {ties} {classes}", respond=lambda message: run(message, ties, classes))


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in TIES or sys.argv[2] not in CLASSES:
        print(f"usage: scores_port.py TIES CLASSES, TIES one of {', '.join(TIES)}, CLASSES one of "
              f"{', '.join(CLASSES)}", file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1], sys.argv[2]))
