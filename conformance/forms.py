"""Input forms: the same case, in the form a port's implementation actually takes.

The corpus stores label vectors (scikit-learn's inputs).  Real libraries take score
tensors and argmax them, threshold one sigmoid output, take one-hot targets or class
ids stored as floats.  This module is the single place that turns a case's label
inputs into such a form, deterministically (seeded by the case id), so that the
argmax / threshold a port applies gives back exactly the case's labels -- provided it
breaks ties the way it declared.  Ties are placed on purpose: some rows of a score
matrix hold the label's score twice (in the label's column and in another one), and
some probabilities are exactly the threshold, chosen so that the declared rule picks
the label and the other rule does not.  A port that breaks ties the other way than
it declared fails exactly those cases.

Forms (docs/protocol.md, "Input forms"):

* y_pred: ``labels`` (default); ``scores`` -- shape (n, C), class axis last, each row
  non-negative and summing to 1, argmax = the label; ``scores-class-first`` -- the same
  transposed, shape (C, n); ``probability`` -- binary only: one positive-class score
  per sample, threshold 0.5, with scores of exactly 0.5 on samples whose label is the
  side the declared threshold rule sends 0.5 to;
* y_true: ``labels`` (default); ``one-hot`` -- shape (n, C) of 0.0 / 1.0;
  ``float-ids`` -- the class ids as floats.

C, the class count, is 1 + the largest class index among y_true, y_pred and the
case's ``labels`` keyword (2 when there is no sample and no ``labels``), and at least 2:
a score matrix of one column is read as
one sigmoid output by libraries that take both (the Kotlin library of
reference system 000, docs/reference-systems.md, does), so a case whose only
class is 0 gets a second, never-chosen column.  One exception: for a port that follows
``classes=declared`` on the case (the ``conventions`` given to :func:`transform`), the class
axis is the convention's class set, exactly (conformance.conventions.class_axis): such a port
reads its classes off the columns.  That set has C classes too, except when its one class is 0:
one column, which reads as a sigmoid output, so that case is unexpressible
(docs/decisions/0014-class-axis-under-conventions-and-all-ties.md).

The rule ``argmax-ties: all`` (every column equal to the row's maximum is predicted, as
Keras's F1Score does with threshold=None) reads a tie row as several classes at once, which no
label vector says: for such a port no tie is ever placed, every row has one maximum.

A form that cannot express a case (negative or
fractional labels for a class axis, a multiclass case for ``probability``, a
multilabel matrix, one class under ``classes=declared``) raises
:class:`Unexpressible`; the harness then records the case as skipped, never failed.

Streaming: :func:`batch_cuts` chooses where to cut a case's samples into batches.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from conformance import registry
from conformance.encoding import is_string_label

from conformance import conventions as conv

FORMS: dict[str, tuple[str, ...]] = {
    "y_true": ("labels", "one-hot", "float-ids"),
    "y_pred": ("labels", "scores", "scores-class-first", "probability"),
}
RULES: dict[str, tuple[str, ...]] = {
    "argmax-ties": ("lowest", "highest", "all"),  # which tied column argmax returns; all: every tied one
    "threshold": ("strict", "inclusive"),  # strict: score > 0.5 is positive (0.5 goes to the negative class)
}
#: The rule each form needs declared.
NEEDS_RULE = {"scores": "argmax-ties", "scores-class-first": "argmax-ties", "probability": "threshold"}
THRESHOLD = 0.5
#: The metrics whose y_true / y_pred are label vectors and whose value depends only on
#: which samples carry which label (not on the labels' dtype): forms apply to their
#: cases, and streaming ports get them in batches; other metrics' cases are sent as stored.
#: A registry entry says it with the batch-split relation (conformance/registry.py).
#: (cohen_kappa_score is a count metric too, but its inputs are y1 and y2, two raters,
#: neither a prediction nor a target.)
LABEL_METRICS = registry.with_relation(registry.BATCH)
_EXACT = 2 ** 53  # integers beyond this do not survive as floats
MAX_CLASSES = 1024  # a wider class axis is refused: a label like 2**40 is not a column index


def rng_for(text: str) -> np.random.Generator:
    """A generator seeded from ``text`` alone (a case id): sha256, first 8 bytes, little-endian.
    The generators draw every case's random inputs from it too (generators.oracle re-exports it)."""
    seed = int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "little")
    return np.random.default_rng(seed)


class Unexpressible(Exception):
    """The declared form cannot carry this case; ``str()`` is the reason recorded as skipped."""


@dataclass(frozen=True)
class Declared:
    """What a port declared in port.yaml: ``forms`` and ``rules``."""

    y_true: str = "labels"
    y_pred: str = "labels"
    argmax_ties: str | None = None
    threshold: str | None = None

    @classmethod
    def from_manifest(cls, forms: dict | None, rules: dict | None) -> "Declared":
        forms, rules = forms or {}, rules or {}
        return cls(forms.get("y_true", "labels"), forms.get("y_pred", "labels"),
                   rules.get("argmax-ties"), rules.get("threshold"))

    @property
    def plain(self) -> bool:
        """Labels in, labels out: nothing to transform."""
        return self.y_true == "labels" and self.y_pred == "labels"

    def rule(self, name: str) -> str | None:
        return {"argmax-ties": self.argmax_ties, "threshold": self.threshold}[name]


def check_declared(forms: dict | None, rules: dict | None) -> list[tuple[str, str]]:
    """(field, message) for each rule a declared form needs and port.yaml does not give
    (unknown names and values are the schema's business)."""
    problems = []
    for name, form in (forms or {}).items():
        needed = NEEDS_RULE.get(form)
        if needed and needed not in (rules or {}):
            choices = ", ".join(RULES[needed][:-1]) + " or " + RULES[needed][-1]
            problems.append((f"forms.{name}", f"{form!r} needs rules.{needed} ({choices}): how the port breaks ties"))
    return problems


@dataclass(frozen=True)
class Sent:
    """A case's inputs as sent: ``inputs`` (corpus encoding), ``form`` (the run message's
    description of them, or None when nothing was transformed) and ``ties`` (how many
    samples were given a tie on purpose)."""

    inputs: dict
    form: dict | None
    ties: int = 0
    params: dict | None = None  # the keywords as sent, when string classes were numbered (else the case's own)


# ------------------------------------------------------------------ class ids


def _is_number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _index(v: Any) -> int | None:
    """v as a class index (a non-negative integer, possibly stored as a float), or None."""
    if _is_number(v) and math.isfinite(v) and v >= 0 and float(v).is_integer() and v < _EXACT:
        return int(v)
    return None


def class_count(inputs: dict, params: dict) -> int | None:
    """C: 1 + the largest class index in y_true, y_pred and the ``labels`` keyword; None when
    there is none."""
    values = list(inputs.get("y_true") or []) + list(inputs.get("y_pred") or [])
    labels = params.get("labels")
    if isinstance(labels, list):
        values += labels
    indices = [i for i in map(_index, values) if i is not None]
    return max(indices) + 1 if indices else None


def _indices(values: list, name: str, form: str) -> list[int]:
    out = [_index(v) for v in values]
    if any(i is None for i in out):
        bad = next(v for v, i in zip(values, out) if i is None)
        raise Unexpressible(f"form {form} cannot express this case: {name} holds {bad!r}, not a class index")
    return out


# ------------------------------------------------------------------ the forms


def _tie_partners(k: int, C: int, tie_rule: str) -> list[int]:
    """The columns a tie with label ``k`` may be placed in: on the side the rule does not pick
    (lowest: a higher column; highest: a lower one; all: lowest's, drawn but never placed)."""
    return list(range(0, k)) if tie_rule == "highest" else list(range(k + 1, C))


def _scores(labels: list[int], C: int, tie_rule: str, rng: np.random.Generator) -> tuple[list[list[float]], int]:
    """(n, C) rows summing to 1 whose argmax under ``tie_rule`` is the label.

    Each row's other columns get 0..3, the label's column 4..7, then the row is divided by
    its sum.  A tie copies the label's value into another column on the side the rule does
    NOT pick (lowest: a higher column; highest: a lower one); about a third of the rows
    that can have one get one, the first such row always, so every case with a possible
    tie carries at least one.  Under ``all`` a tie would read as several classes: the draws
    are lowest's, but no tie is placed, so the rows are lowest's with their ties left out.
    """
    rows, ties, forced = [], 0, False
    for k in labels:
        row = rng.integers(0, 4, size=C).astype(float)
        row[k] = float(rng.integers(4, 8))
        partners = _tie_partners(k, C, tie_rule)
        draw = rng.random()
        if partners and (not forced or draw < 1 / 3):
            forced = True
            partner = partners[int(rng.integers(len(partners)))]
            if tie_rule != "all":
                row[partner] = row[k]
                ties += 1
        rows.append((row / row.sum()).tolist())
    return rows, ties


def _probability(labels: list[int], rule: str, rng: np.random.Generator) -> tuple[list[float], int]:
    """One positive-class score per sample: label 1 -> 9/16..15/16, label 0 -> 1/16..7/16;
    some samples of the label the rule sends 0.5 to (strict: 0, inclusive: 1) get exactly 0.5."""
    tie_label = 0 if rule == "strict" else 1
    out, ties, forced = [], 0, False
    for k in labels:
        score = (8 + int(rng.integers(1, 8))) / 16 if k == 1 else int(rng.integers(1, 8)) / 16
        draw = rng.random()
        if k == tie_label and (not forced or draw < 1 / 3):
            forced = True
            score = THRESHOLD
            ties += 1
        out.append(score)
    return out, ties


def transform(case_id: str, metric: str, inputs: dict, params: dict, declared: Declared,
              conventions: dict[str, str] | None = None, refused: bool | None = None) -> Sent:
    """The inputs of a case (stored form) in the forms ``declared``; Unexpressible when a form
    cannot carry them.  Cases of metrics outside LABEL_METRICS, and ports that take labels,
    get the inputs unchanged (and no form description).  ``conventions`` (axis -> value) are
    the port's for this metric (conformance.conventions.declared_for): under classes=declared
    the class axis is the convention's class set (conformance.conventions.class_axis)."""
    if declared.plain or metric not in LABEL_METRICS:
        return Sent(dict(inputs), None)
    numbered = _numbered_strings(inputs, params, declared, refused)
    if numbered is not None:
        inputs, params, classes = numbered
    fixed = conv.class_axis(conventions, metric, inputs, params)
    out = dict(inputs)
    form: dict[str, Any] = {"y_true": declared.y_true, "y_pred": declared.y_pred}
    ties = 0
    for name in ("y_true", "y_pred"):
        values = inputs.get(name)
        chosen = getattr(declared, name)
        if chosen == "labels":
            continue
        if not isinstance(values, list) or not all(_is_number(v) for v in values):
            raise Unexpressible(f"form {chosen} cannot express this case: {name} is not a vector of class labels")
        if chosen == "float-ids":
            if any(isinstance(v, int) and abs(v) >= _EXACT for v in values):
                raise Unexpressible(f"form {chosen} cannot express this case: {name} has labels beyond 2**53")
            out[name] = [float(v) for v in values]
            continue
        labels = _indices(values, name, chosen)
        rng = rng_for(f"{case_id}/form/{name}/{chosen}")
        if chosen == "probability":
            other = inputs.get("y_true")
            if not (set(labels) <= {0, 1}) or not (isinstance(other, list) and all(_index(v) in (0, 1) for v in other)):
                raise Unexpressible(f"form {chosen} cannot express this case: it is for binary cases (labels 0 and 1)")
            out[name], n = _probability(labels, declared.threshold, rng)
            form["threshold"] = THRESHOLD
            form["rules"] = {**form.get("rules", {}), "threshold": declared.threshold}
            ties += n
            continue
        C = class_count(inputs, params)
        if C is None and any(inputs.get(k) for k in ("y_true", "y_pred")):
            raise Unexpressible(f"form {chosen} cannot express this case: no class index fixes the class count")
        if fixed is None:
            C = max(C or 0, 2)  # one column would read as a single sigmoid output; no sample: (0, 2)
        elif fixed == 1:  # a one-class set under classes=declared: one column, read as a sigmoid output
            raise Unexpressible(
                f"form {chosen} cannot express this case: under classes=declared its class set is the one "
                f"class 0, and a class axis of one column reads as a single sigmoid (binary) column, not as "
                f"one class (docs/decisions/0014)")
        else:
            C = fixed  # the convention's class set, 0 .. C-1: the same count as class_count here
        if C > MAX_CLASSES:
            raise Unexpressible(f"form {chosen} cannot express this case: {C} classes, more than {MAX_CLASSES} columns")
        form["classes"] = C
        if chosen == "one-hot":
            out[name] = [[1.0 if j == k else 0.0 for j in range(C)] for k in labels]
            continue
        rows, n = _scores(labels, C, declared.argmax_ties, rng)
        ties += n
        form["rules"] = {**form.get("rules", {}), "argmax-ties": declared.argmax_ties}
        if chosen == "scores-class-first":
            rows = [list(col) for col in zip(*rows)] if rows else [[] for _ in range(C)]
            form["class_axis"] = 0
        else:
            form["class_axis"] = 1
        out[name] = rows
    if numbered is None:
        return Sent(out, form, ties)
    form["string_classes"] = classes
    return Sent(out, form, ties, params)


def _numbered_strings(inputs: dict, params: dict, declared: Declared,
                      refused: bool | None) -> tuple[dict, dict, list[str]] | None:
    """String classes numbered for a class-index form: (inputs, params, the classes in index order), or
    None when no label input the port takes in such a form holds a string.

    A class axis has one column per class, in the order scikit-learn gives its per-class outputs: the
    string classes sorted by code point (np.unique's order, docs/spec/confusion_matrix.md#string-labels),
    those of y_true, y_pred and the ``labels`` and ``pos_label`` keywords.  Both label inputs and those
    keywords are numbered alike, so the port answers the case scikit-learn answered, with class ``i``
    standing for the i-th string.  Not expressible: ``float-ids``, which sends class ids, not classes; a
    mix of strings and numbers; and a call scikit-learn refuses or that is not judged yet (``refused``
    not False), whose error may come from the strings themselves (the default ``pos_label=1`` is no
    string class, but it is class 1 once numbered)."""
    names = [n for n in ("y_true", "y_pred") if getattr(declared, n) != "labels"]
    if not any(is_string_label(v) for n in names for v in (inputs.get(n) or [])):
        return None
    chosen = getattr(declared, names[0])
    if "float-ids" in (declared.y_true, declared.y_pred):
        raise Unexpressible("form float-ids cannot express this case: string labels have no numeric class id")
    if refused is not False:
        raise Unexpressible(f"form {chosen} cannot express this case: string labels are numbered only in calls "
                            "scikit-learn answers, and " + ("it refuses this one" if refused else
                                                            "this one is not judged yet"))
    labels = params.get("labels")
    values = [v for n in ("y_true", "y_pred") for v in (inputs.get(n) or [])]
    values += (labels if isinstance(labels, list) else []) + ([params["pos_label"]] if "pos_label" in params else [])
    if not all(is_string_label(v) for v in values):
        raise Unexpressible(f"form {chosen} cannot express this case: it mixes string and numeric labels, which "
                            "no class index carries")
    classes = sorted(set(values))  # Python orders str by code point, as numpy does
    index = {c: i for i, c in enumerate(classes)}
    out = {**inputs, **{n: [index[v] for v in inputs[n]] for n in ("y_true", "y_pred") if n in inputs}}
    sent = dict(params)
    if isinstance(labels, list):
        sent["labels"] = [index[v] for v in labels]
    if "pos_label" in params:
        sent["pos_label"] = index[params["pos_label"]]
    return out, sent, classes


# ------------------------------------------------------------------ back to labels


def maxima(row: list[float]) -> list[int]:
    """Every column holding the row's largest value, ascending: the classes a port following
    ``argmax-ties: all`` predicts for the row."""
    best = max(row)
    return [j for j, v in enumerate(row) if v == best]


def argmax(row: list[float], rule: str) -> int:
    """The column of the largest value; a tie goes to the lowest or highest column.  Under
    ``all`` every tied maximum is predicted, so a tie row is several classes at once, not a
    label: ValueError (the harness never sends such a row to a port declaring ``all``)."""
    hits = maxima(row)
    if rule == "all":
        if len(hits) > 1:
            raise ValueError(f"argmax-ties all: the row ties columns {hits}, several classes at once, not one label")
        return hits[0]
    return hits[0] if rule == "lowest" else hits[-1]


def to_labels(values: list, form: dict | None, name: str, rules: dict | None = None) -> list:
    """The label vector a port that follows ``rules`` (default: the form's own) reads from
    ``values`` sent in ``form`` -- what a port does; tests and the fake ports use it.  Under
    ``argmax-ties: all`` a tie row is no label: ValueError (:func:`maxima` gives its classes)."""
    if form is None or form.get(name, "labels") == "labels":
        return list(values)
    rules = {**form.get("rules", {}), **(rules or {})}
    chosen = form[name]
    if chosen == "float-ids":
        return list(values)
    if chosen == "one-hot":
        return [argmax(row, "lowest") for row in values]
    if chosen == "probability":
        return [int(v > THRESHOLD if rules["threshold"] == "strict" else v >= THRESHOLD) for v in values]
    rows = values if chosen == "scores" else [list(r) for r in zip(*values)]
    return [argmax(row, rules["argmax-ties"]) for row in rows]


# ------------------------------------------------------------------ streaming


def sample_count(inputs: dict) -> int | None:
    y_true = inputs.get("y_true")
    return len(y_true) if isinstance(y_true, list) else None


def value_count(inputs: dict) -> int:
    """How big a case's inputs are: the number of scalars in them, nested lists counted through
    (what "the smallest case" and "the plainest case" rank by)."""
    def count(v):
        return sum(count(x) for x in v) if isinstance(v, list) else 1
    return sum(count(v) for v in inputs.values())


def batch_cuts(case_id: str, n: int, splits: list | None = None) -> list[int] | None:
    """Where to cut a case of ``n`` samples into batches: the cut indices (0 < c < n, ascending)
    of the case's first ``splits`` entry when it has one, else one to three cuts seeded by
    the case id.  None for fewer than two samples (nothing to cut)."""
    if n < 2:
        return None
    if splits:
        return sorted({c for c in splits[0] if 0 < c < n}) or None
    rng = rng_for(f"{case_id}/batches")
    k = int(rng.integers(1, min(3, n - 1) + 1))
    return sorted(int(c) for c in rng.choice(np.arange(1, n), size=k, replace=False))
