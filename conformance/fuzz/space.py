"""What `parity fuzz` draws: new calls in the corpus's own space.

Every corpus case is a *template*: a metric, its keyword arguments and the
shape of its inputs.  A draw picks a template and makes new inputs of the same
kind, from a seeded numpy generator: label vectors over the template's classes
(plus, at times, a class it lacks), probability and score vectors and matrices
with ties and exact thresholds, indicator matrices, regression values at
extreme magnitudes, at a large offset with a small spread, or constant, sample
weights that are zero, fractional or huge, and lengths from one sample to
10^5.  Keyword arguments are the template's, so every metric and keyword the
corpus covers is drawn, with the combinations scikit-learn accepts and the
ones it refuses (an error case is a template too).

A draw is a pure function of (seed, index, weights): :func:`draw` with the
same arguments gives the same call, which is what makes a finding reproducible.
The weights (:class:`Weights`) spend the budget where the port answers: a
metric or template the port skips is drawn less, in proportion to its skip
rate, down to a floor that still notices a metric the port starts answering.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from fnmatch import fnmatchcase

import numpy as np

from conformance import registry, regimes
from conformance.encoding import NONFINITE, plain_array

# The validation sweep's draws (issue 30), each made with its own generator (seeded by seed, index and
# a stream number), so that the rest of a draw is the one it was before they were added:
SWEEP_TAG = "validation"  # the validation sweep's cases (generators/validation/): not templates
REGIMES_TAG = "regimes"  # the regimes family's cases (generators/regimes/): not templates either
NONFINITE_SHARE = 0.05  # of all draws: NaN or an infinity in one numeric input, whether the template has any
STRING_LABEL_SHARE = 0.1  # of the draws with categorical labels: their integer classes mapped to strings
# The strings classes are mapped to: mixed case ("B" sorts before "a"), non-ASCII, non-BMP, the empty
# string, digits that sort as text ("10" before "9"); never a spelling of a non-finite number nor a
# misspelling of one (docs/decisions/0033).
STRING_POOL = ("B", "a", "b", "A", "cat", "dog", "é", "Ω", "日本", "\U0001d518", "\U0001f600", "", " ", "10", "9",
               "-1", "x y", "N/A")
# Of the draws neither sweep changed: one input moved into one of its input regimes (conformance/regimes.py,
# docs/decisions/0045): more clusters than classes, negative or non-contiguous ids, non-integer float labels,
# integer-valued or tied scores, duplicate points, identical centres...
REGIME_SHARE = 0.1
_NONFINITE_STREAM, _STRINGS_STREAM, _REGIMES_STREAM = 1, 2, 3

# A relation between two inputs: y_pred drawn as a noisy copy of y_true, so that
# agreement is neither perfect nor random.
_PAIRS = (("y_true", "y_pred"), ("y1", "y2"))


@dataclass(frozen=True)
class Call:
    """One drawn call: what a port gets, and how it was made."""

    metric: str
    inputs: dict  # JSON-level (lists of numbers), ready for generators.oracle.make_case
    params: dict  # as stored in the template (corpus encoding)
    template: str  # the corpus case id it was drawn from
    seed: int
    index: int
    sweep: tuple = ()  # the validation sweep's draws it holds: "strings", "nonfinite" (Weights counts them)

    @property
    def n(self) -> int:
        return max((len(v) for v in self.inputs.values() if isinstance(v, list)), default=0)


class Space:
    """The templates of a corpus, by metric, restricted to the metrics matching ``patterns``."""

    def __init__(self, corpus, patterns=()):
        self.templates: dict[str, list] = {}
        for case in corpus:
            if patterns and not any(fnmatchcase(case.metric, p) for p in patterns):
                continue
            if SWEEP_TAG in case.tags:  # malformed on purpose (a 3-D input, one input short): the draws make
                continue                # their own bad input (NONFINITE_SHARE), from well-formed templates
            if REGIMES_TAG in case.tags:  # the sweep's base call moved into a regime: the draws move their own
                continue                  # calls into regimes (REGIME_SHARE), from the families' templates
            self.templates.setdefault(case.metric, []).append(case.raw)
        self.metrics = sorted(self.templates)

    def draw(self, seed: int, index: int, weights: "Weights | None" = None) -> Call:
        rng = np.random.default_rng([seed, index])
        if weights is None:
            metric = self.metrics[int(rng.integers(len(self.metrics)))]
            options = self.templates[metric]
            template = options[int(rng.integers(len(options)))]
        else:
            metric = self.metrics[_pick(rng, weights.of_metrics(self.metrics))]
            options = self.templates[metric]
            template = options[_pick(rng, weights.of_templates(metric, options))]
        inputs = regenerate(template["inputs"], rng)
        params, sweep = dict(template["params"]), []
        swept = np.random.default_rng([seed, index, _STRINGS_STREAM])
        if swept.random() < STRING_LABEL_SHARE * (1.0 if weights is None else weights.sweep("strings", metric)):
            mapped = string_labels(metric, inputs, params, swept)
            if mapped[0] is not inputs:
                (inputs, params), sweep = mapped, sweep + ["strings"]
        swept = np.random.default_rng([seed, index, _NONFINITE_STREAM])
        if swept.random() < NONFINITE_SHARE * (1.0 if weights is None else weights.sweep("nonfinite", metric)):
            changed = with_nonfinite(inputs, swept)
            if changed is not inputs:
                inputs, sweep = changed, sweep + ["nonfinite"]
        swept = np.random.default_rng([seed, index, _REGIMES_STREAM])
        if not sweep and swept.random() < REGIME_SHARE * (1.0 if weights is None else weights.sweep("regimes", metric)):
            moved = with_regime(metric, inputs, swept)
            if moved is not inputs:
                inputs, sweep = moved, ["regimes"]
        return Call(metric, inputs, params, template["id"], seed, index, tuple(sweep))


# ------------------------------------------------------------------ the validation sweep's draws


def label_inputs(metric: str) -> tuple[str, ...]:
    """The inputs of ``metric`` that hold class labels (the registry's Kind.LABELS): categorical, so
    a draw may spell their classes as strings."""
    entry = registry.METRICS.get(metric)
    if entry is None:
        return ()
    return tuple(i.name for i in entry.inputs if registry.Kind.LABELS in i.kinds)


def _class_id(v) -> bool:
    return (isinstance(v, int) and not isinstance(v, bool)) or (isinstance(v, float) and math.isfinite(v)
                                                               and v.is_integer())


def string_labels(metric: str, inputs: dict, params: dict, rng) -> tuple[dict, dict]:
    """The call with its integer classes spelt as strings from :data:`STRING_POOL`, one spelling per
    class across every label input (y_true and y_pred alike) and the ``pos_label`` and ``labels``
    keywords; the call unchanged where there is nothing to map (no 1-D label input of integer
    classes) or a keyword cannot be mapped (not a class id, nor a list of them)."""
    names = [k for k in label_inputs(metric) if isinstance(inputs.get(k), list) and inputs[k]
             and _depth(inputs[k]) == 1]
    if not names:
        return inputs, params
    ids = [v for k in names for v in inputs[k] if not (isinstance(v, str) and v in NONFINITE)]
    for key in ("pos_label", "labels"):
        value = params.get(key)
        if value is None:
            continue
        value = value if isinstance(value, list) and key == "labels" else [value]
        ids.extend(value)
    if not ids or not all(_class_id(v) for v in ids):
        return inputs, params  # strings already, or a keyword no class id: left as drawn
    classes = sorted(set(ids))
    if len(classes) > len(STRING_POOL):
        return inputs, params
    spelling = dict(zip(classes, (STRING_POOL[i] for i in rng.permutation(len(STRING_POOL))[:len(classes)])))
    out = dict(inputs)
    for k in names:
        out[k] = [spelling.get(v, v) if not isinstance(v, str) else v for v in inputs[k]]
    new = dict(params)
    if params.get("pos_label") is not None:
        new["pos_label"] = spelling[params["pos_label"]]
    if isinstance(params.get("labels"), list):
        new["labels"] = [spelling[v] for v in params["labels"]]
    return out, new


def with_regime(metric: str, inputs: dict, rng) -> dict:
    """The call with one input moved into one of its regimes (a random one of those that apply to it;
    the size regimes excepted: :func:`_length` draws one sample and long inputs itself), or the call
    unchanged when none applies."""
    entry = registry.METRICS.get(metric)
    if entry is None:
        return inputs
    options = [(i.name, r) for i in entry.inputs for r in regimes.regimes_of(entry, i)
               if r not in regimes.SIZE_REGIMES]
    for k in rng.permutation(len(options)):
        name, regime = options[int(k)]
        moved = regimes.apply(regime, entry, inputs, name, rng)
        if moved is not None:
            return moved
    return inputs


_TOKENS = ("NaN", "Infinity", "-Infinity")


def _numeric(value) -> bool:
    """A non-empty input of numbers (1-D, or rows of numbers): where a non-finite value can go."""
    if not isinstance(value, list) or not value or _depth(value) > 2:
        return False
    flat = _flat(value)
    return bool(flat) and all(isinstance(v, (int, float)) and not isinstance(v, bool)
                              or (isinstance(v, str) and v in NONFINITE) for v in flat)


def with_nonfinite(inputs: dict, rng) -> dict:
    """The call with NaN, Infinity or -Infinity (one, or several of them) at random places of one of
    its numeric inputs (scores, probabilities, regression values, features, relevance, weights,
    numeric labels), whatever its template holds."""
    names = sorted(k for k, v in inputs.items() if _numeric(v))
    if not names:
        return inputs
    name = names[int(rng.integers(len(names)))]
    value = [list(r) if isinstance(r, list) else r for r in inputs[name]]
    places = [(i, j) for i, r in enumerate(value) for j in (range(len(r)) if isinstance(r, list) else (None,))]
    if not places:
        return inputs
    k = 1 if rng.random() < 0.5 else int(rng.integers(1, len(places) + 1))
    for p in rng.choice(len(places), size=k, replace=False):
        i, j = places[int(p)]
        token = _TOKENS[int(rng.integers(len(_TOKENS)))]
        if j is None:
            value[i] = token
        else:
            value[i][j] = token
    return {**inputs, name: value}


def _pick(rng, weights: list[float]) -> int:
    """An index drawn in proportion to ``weights``, with one uniform number."""
    total = float(sum(weights))
    u = rng.random() * total
    for i, w in enumerate(weights):
        u -= w
        if u < 0:
            return i
    return len(weights) - 1


class Weights:
    """How often each metric and template is drawn, from what the port did with the draws so far.

    The weight of a metric (of a template, within its metric) is its share of answered draws so far,
    (answered + 0.01) / (drawn + 0.01): 1.0 before any draw, down to the floor at the first skip,
    and never below the floor, so that a metric skipped 300 times is still drawn now and then, and a
    port that starts answering it (a new release, a fixed adapter) is noticed.  A validation-sweep
    draw (string labels, non-finite values: :data:`STRING_LABEL_SHARE`, :data:`NONFINITE_SHARE`) is
    weighed the same way, with its own floor ``SWEEP_FLOOR``: its share of the draws is scaled by it.  A template's floor is
    ``TEMPLATE_FLOOR``; a metric's is ``FLOOR`` shared out over the space's metrics (``FLOOR / n``,
    at most ``FLOOR``): the skipped metrics together weigh at most ``FLOOR`` times one answered
    metric's full weight however many metrics the corpus holds, so the share of the budget spent on
    them does not grow with the corpus.  ``prior`` (metric -> share of the corpus's cases the
    port answered, from its last run record) counts as ten draws of each metric.
    """

    FLOOR = 0.3  # shared by every metric of the space: FLOOR / n each
    TEMPLATE_FLOOR = 0.05
    SWEEP_FLOOR = 0.1  # of a validation-sweep draw's share (NONFINITE_SHARE, STRING_LABEL_SHARE)

    def __init__(self, prior: dict | None = None, counts: dict | None = None):
        self.prior = dict(prior or {})
        self.counts: dict[str, list[int]] = {k: list(v) for k, v in (counts or {}).items()}  # name -> [drawn, answered]
        self._metrics: list[float] | None = None  # the metrics' weights, kept up to date by note()
        self._templates: dict[str, list[float]] = {}  # metric -> its templates' weights, likewise
        self._where: dict[str, int] = {}  # "metric:m" or "template:id" -> its place in the list above
        # FLOOR / n: n the metrics of the prior (a run record covers the corpus), then of the space (of_metrics)
        self.metric_floor = min(self.FLOOR, self.FLOOR / max(len(self.prior), 1))

    def _share(self, name: str, floor: float, prior: float | None = None) -> float:
        drawn, answered = self.counts.get(name, (0, 0))
        if prior is not None:  # the last run record counts as ten draws
            drawn, answered = drawn + 10, answered + 10 * prior
        return max(floor, (answered + 0.01) / (drawn + 0.01))

    def metric(self, metric: str) -> float:
        return self._share("metric:" + metric, self.metric_floor, self.prior.get(metric))

    def template(self, template_id: str) -> float:
        return self._share("template:" + template_id, self.TEMPLATE_FLOOR)

    def sweep(self, what: str, metric: str) -> float:
        """The weight of a sweep draw ("strings", "nonfinite", "regimes") of ``metric``: its share is
        scaled by it, so a port that skips every string-label call of a metric it answers otherwise is
        sent them at ``SWEEP_FLOOR`` of the share."""
        return self._share(f"sweep:{what}:{metric}", self.SWEEP_FLOOR)

    def of_metrics(self, metrics: list[str]) -> list[float]:
        if self._metrics is None or len(self._metrics) != len(metrics):
            self.metric_floor = min(self.FLOOR, self.FLOOR / max(len(metrics), 1))
            self._metrics = [self.metric(m) for m in metrics]
            self._where.update(("metric:" + m, i) for i, m in enumerate(metrics))
        return self._metrics

    def of_templates(self, metric: str, templates: list[dict]) -> list[float]:
        if metric not in self._templates:
            self._templates[metric] = [self.template(t["id"]) for t in templates]
            self._where.update(("template:" + t["id"], i) for i, t in enumerate(templates))
        return self._templates[metric]

    def note(self, call: Call, answered: bool) -> None:
        for name in ("metric:" + call.metric, "template:" + call.template, *(f"sweep:{s}:{call.metric}" for s in call.sweep)):
            entry = self.counts.setdefault(name, [0, 0])
            entry[0] += 1
            entry[1] += int(answered)
        # the two weights the note changed, in place (the rest are as they were)
        if self._metrics is not None and "metric:" + call.metric in self._where:
            self._metrics[self._where["metric:" + call.metric]] = self.metric(call.metric)
        templates = self._templates.get(call.metric)
        if templates is not None and "template:" + call.template in self._where:
            templates[self._where["template:" + call.template]] = self.template(call.template)


# ------------------------------------------------------------------ lengths and values


def _length(rng) -> int:
    """Mostly small (shrinking starts small), sometimes long, rarely 10^4..10^5."""
    u = rng.random()
    if u < 0.6:
        return int(rng.integers(1, 11))
    if u < 0.9:
        return int(rng.integers(11, 101))
    if u < 0.998:
        return int(rng.integers(101, 2001))
    return int(rng.integers(10_000, 100_001))


def _depth(value) -> int:
    d = 0
    while isinstance(value, list) and value:
        d += 1
        value = value[0]
    return d


def _numbers(values) -> list:
    out = []
    for v in values:
        if isinstance(v, list):
            out.extend(_numbers(v))
        elif isinstance(v, (int, float)) and not isinstance(v, bool):
            out.append(v)
    return out


def _integral(values) -> bool:
    return all(isinstance(v, int) or (isinstance(v, float) and math.isfinite(v) and v.is_integer())
               for v in values)


def _labels(pool: list, n: int, rng) -> list:
    """n labels from the template's classes; now and then one class the template lacks."""
    pool = list(pool) or [0, 1]
    if rng.random() < 0.15:
        if isinstance(pool[0], str):  # string labels: a spelling the template lacks
            pool.append(next((w for w in STRING_POOL if w not in pool), "extra"))
        else:
            extra = max(pool) + 1
            pool.append(float(extra) if isinstance(pool[0], float) else int(extra))
    return _array_of(pool)[rng.integers(len(pool), size=n)].tolist()


def _array_of(values: list, kinds: set | None = None) -> np.ndarray:
    """``values`` as an array whose ``tolist()`` gives them back as they are: int64 when all are
    ints, float64 when all are floats, else Python objects (slow, but a mixed list stays mixed)."""
    kinds = set(map(type, values)) if kinds is None else kinds
    if kinds == {int}:
        try:
            return np.asarray(values, dtype=np.int64)
        except OverflowError:
            return np.asarray(values, dtype=object)
    if kinds == {float}:
        return np.asarray(values, dtype=float)
    return np.asarray(values, dtype=object)


def _noisy_copy(labels: list, pool: list, rng) -> list:
    """A prediction: ``labels`` with a random share of entries replaced."""
    pool = list(pool) or [0, 1]
    kinds = set(map(type, labels)) | set(map(type, pool))
    pool, out = _array_of(pool, kinds), _array_of(labels, kinds)
    hit = rng.random(len(out)) < rng.random()
    out[hit] = pool[rng.integers(len(pool), size=int(hit.sum()))]
    return out.tolist()


def _stats(like: list) -> tuple[float, float]:
    """(centre, spread) of a template's finite numbers: the scale regression-like draws take."""
    finite = [v for v in like if isinstance(v, (int, float)) and math.isfinite(v)]
    centre = float(np.mean(finite)) if finite else 0.0
    spread = float(np.std(finite)) if len(finite) > 1 else 1.0
    return centre, (spread if spread > 0 and math.isfinite(spread) else 1.0)


def _reals(shape, stats: tuple[float, float], rng) -> list:
    """Regression-like values of ``shape`` (n or (n, k)): the template's scale (``stats``, from
    :func:`_stats`), or a numerics mode."""
    mode = rng.random()
    centre, spread = stats
    if mode < 0.55:
        x = centre + spread * rng.standard_normal(shape)
    elif mode < 0.65:  # ties and short decimals
        x = np.round(centre + spread * rng.standard_normal(shape), 1)
    elif mode < 0.75:  # a large offset with a small spread
        x = 10.0 ** int(rng.integers(3, 10)) + 0.1 * rng.standard_normal(shape)
    elif mode < 0.82:  # extreme magnitudes
        x = rng.standard_normal(shape) * 10.0 ** float(rng.choice([150, 300, -150, -300]))
    elif mode < 0.86:  # subnormals
        x = rng.integers(-5, 6, shape) * 5e-324
    elif mode < 0.92:  # constant
        x = np.full(shape, round(centre, 3))
    else:  # non-negative (log-domain metrics)
        x = np.abs(centre + spread * rng.standard_normal(shape))
    return np.asarray(x, dtype=float).tolist()


def _probabilities(n: int, rng, shape=None) -> list:
    u = rng.random()
    x = rng.random(n)
    if u < 0.3:
        x = np.round(x, 1)  # ties, and exact 0.5 thresholds
    elif u < 0.4:
        x[rng.random(n) < 0.5] = 0.5
    elif u < 0.5:
        x = np.round(x)  # exactly 0 and 1 (clipping)
    return np.asarray(x, dtype=float).reshape(shape or n).tolist()


def _weights(n: int, rng) -> list:
    u = rng.random()
    if u < 0.3:
        w = rng.integers(0, 4, n).astype(float)
    elif u < 0.6:
        w = rng.random(n) * 3
    elif u < 0.7:
        w = rng.random(n) * 10.0 ** float(rng.integers(6, 13))
    elif u < 0.8:
        w = np.ones(n)
    else:
        w = rng.random(n)
        w[rng.random(n) < 0.3] = 0.0
    return np.asarray(w, dtype=float).tolist()


# ------------------------------------------------------------------ what a template's input is


@dataclass(frozen=True)
class _Kind:
    """What a template's input holds, read once per template (a draw only rolls the dice): how its
    draws are made (``make``: "keep", "weights", "labels", "indicators", "simplex", "probabilities",
    "pool", "reals"), the classes or values drawn from, the scale of real values, the width of a
    matrix, and the non-finite tokens the template holds (its draws hold one too)."""

    make: str
    depth: int
    pool: tuple = ()
    stats: tuple = (0.0, 1.0)
    width: int = 2
    nonfinite: tuple = ()


_KINDS: dict[int, tuple] = {}  # id(template input) -> (the input, its _Kind): the input kept alive


def _kind(value: list, name: str) -> _Kind:
    found = _KINDS.get(id(value))
    if found is not None and found[0] is value:
        return found[1]
    kind = _read_kind(value, name)
    if len(_KINDS) > 100_000:
        _KINDS.clear()
    _KINDS[id(value)] = (value, kind)
    return kind


def _read_kind(value: list, name: str) -> _Kind:
    depth = _depth(value)
    if depth >= 3:
        return _Kind("keep", depth)  # an error case about the shape: kept as it is
    array = plain_array(value)
    if array is not None and array.ndim == depth and array.size >= 256:  # (numpy pays off on long inputs)
        rows = value if depth == 1 else itertools.chain.from_iterable(value)
        if len(set(map(type, rows))) == 1:  # all ints or all floats: numpy reads it as the lists do
            return _read_plain(array, name)
    nonfinite = tuple(v for v in _flat(value) if isinstance(v, str) and v in NONFINITE)
    flat = _numbers(value)
    words = sorted({v for v in _flat(value) if isinstance(v, str) and v not in NONFINITE})
    if words and depth == 1 and name != "sample_weight":  # string labels (decision 0033): classes to draw from
        return _Kind("labels", depth, pool=tuple(words) + tuple(sorted(set(flat))), nonfinite=nonfinite)
    if depth == 2:  # rows like the template's: 0/1 indicators, probability rows, or real scores
        width = len(value[0]) if value and isinstance(value[0], list) else 2
        sums = [sum(_numbers(r)) for r in value if isinstance(r, list)]
        if flat and _integral(flat) and set(flat) <= {0, 1}:
            return _Kind("indicators", depth, width=width, nonfinite=nonfinite)
        if flat and min(flat) >= 0 and sums and all(abs(s - 1) < 1e-6 for s in sums):
            return _Kind("simplex", depth, width=width, nonfinite=nonfinite)
        if flat and min(flat) >= 0 and max(flat) <= 1:
            return _Kind("probabilities", depth, width=width, nonfinite=nonfinite)
        if flat and _integral(flat):
            return _Kind("pool", depth, pool=tuple(sorted(set(flat))), width=width, nonfinite=nonfinite)
        return _Kind("reals", depth, stats=_stats(flat), width=width, nonfinite=nonfinite)
    if name == "sample_weight":
        return _Kind("weights", depth, nonfinite=nonfinite)
    if flat and _integral(flat) and not any(isinstance(v, float) and 0 < abs(v) < 1 for v in flat) \
            and len(set(flat)) <= max(12, len(flat) // 2):
        return _Kind("labels", depth, pool=tuple(sorted(set(flat))), nonfinite=nonfinite)
    if flat and min(flat) >= 0 and max(flat) <= 1:
        return _Kind("probabilities", depth, nonfinite=nonfinite)
    return _Kind("reals", depth, stats=_stats(flat), nonfinite=nonfinite)


def _read_plain(array: np.ndarray, name: str) -> _Kind:
    """:func:`_read_kind` of a non-empty input of finite numbers of one Python type, by numpy: the
    same kind, without a Python loop over a template that may hold 10^5 samples."""
    depth, flat = array.ndim, array.ravel()
    integral = flat.dtype.kind in "iu" or bool(np.all(flat == np.trunc(flat)))
    low, high = flat.min().item(), flat.max().item()
    if depth == 2:
        width = array.shape[1] if array.shape[1] else 2
        if integral and bool(np.all((flat == 0) | (flat == 1))):
            return _Kind("indicators", depth, width=width)
        if low >= 0 and bool(np.all(np.abs(array.sum(axis=1) - 1) < 1e-6)):
            return _Kind("simplex", depth, width=width)
        if low >= 0 and high <= 1:
            return _Kind("probabilities", depth, width=width)
        if integral:
            return _Kind("pool", depth, pool=tuple(np.unique(flat).tolist()), width=width)
        return _Kind("reals", depth, stats=_stats(flat.tolist()), width=width)
    if name == "sample_weight":
        return _Kind("weights", depth)
    if integral and not bool(np.any((np.abs(flat) > 0) & (np.abs(flat) < 1))) \
            and len(np.unique(flat)) <= max(12, len(flat) // 2):
        return _Kind("labels", depth, pool=tuple(np.unique(flat).tolist()))
    if low >= 0 and high <= 1:
        return _Kind("probabilities", depth)
    return _Kind("reals", depth, stats=_stats(flat.tolist()))


def _matrix(rows: int, kind: _Kind, rng) -> list:
    width = kind.width
    if kind.make == "indicators":
        return rng.integers(0, 2, (rows, width)).tolist()
    if kind.make == "simplex":
        p = rng.dirichlet(np.ones(width), rows)
        if rng.random() < 0.3:
            p = np.round(p, 1)
            p = p / np.where(p.sum(axis=1, keepdims=True) > 0, p.sum(axis=1, keepdims=True), 1)
        return p.tolist()
    if kind.make == "probabilities":
        return _probabilities(rows * width, rng, (rows, width))
    if kind.make == "pool":
        return _array_of(list(kind.pool))[rng.integers(len(kind.pool), size=(rows, width))].tolist()
    return _reals((rows, width), kind.stats, rng)


def _vector(n: int, kind: _Kind, rng) -> list:
    if kind.make == "weights":
        return _weights(n, rng)
    if kind.make == "labels":
        return _labels(list(kind.pool), n, rng)
    if kind.make == "probabilities":
        return _probabilities(n, rng)
    return _reals(n, kind.stats, rng)


def _one(value: list, n: int, rng, name: str):
    """A new input of the template's kind with n samples."""
    kind = _kind(value, name)
    if kind.make == "keep":
        return value
    made = _matrix(n, kind, rng) if kind.depth == 2 else _vector(n, kind, rng)
    if kind.nonfinite and made:  # the template holds NaN or an infinity: so does the draw
        row = int(rng.integers(len(made)))
        token = kind.nonfinite[int(rng.integers(len(kind.nonfinite)))]
        if isinstance(made[row], list):
            made[row][int(rng.integers(len(made[row])))] = token
        else:
            made[row] = token
    return made


def _flat(value) -> list:
    out = []
    for v in value:
        out.extend(_flat(v) if isinstance(v, list) else [v])
    return out


def _integral_drawn(values: list) -> bool:
    """:func:`_integral` of drawn values, by numpy when they are plain numbers (the same answer)."""
    array = plain_array(values)
    if array is None:
        return _integral(values)
    return array.dtype.kind in "iu" or bool(np.all(np.isfinite(array) & (array == np.trunc(array))))


def _classes_drawn(values: list) -> bool:
    """Are these drawn values class labels: integral numbers, or string labels only?"""
    if plain_array(values) is not None:
        return _integral_drawn(values)
    return bool(values) and all(isinstance(v, str) and v not in NONFINITE for v in values)


def regenerate(inputs: dict, rng) -> dict:
    """New inputs shaped like the template's: same names and kinds, a new length (inputs the
    template gives unequal lengths keep their difference), values drawn afresh."""
    lengths = {k: len(v) for k, v in inputs.items() if isinstance(v, list)}
    n = _length(rng)
    base = min(lengths.values(), default=0)
    out = {}
    for name, value in inputs.items():
        if not isinstance(value, list) or not value:
            out[name] = value  # empty inputs and scalars stay as the template has them
            continue
        out[name] = _one(value, max(0, n + lengths[name] - base), rng, name)
    for a, b in _PAIRS:
        if a in out and b in out and _depth(out[a]) == _depth(out[b]) == 1 and len(out[a]) == len(out[b]) \
                and _classes_drawn(out[a] + out[b]) and rng.random() < 0.7:
            out[b] = _noisy_copy(out[a], sorted(set(out[a]) | set(out[b])), rng)
        elif a in out and b in out and _depth(out[a]) == _depth(out[b]) == 1 and len(out[a]) == len(out[b]) \
                and rng.random() < 0.5 and not _integral_drawn(_numbers(out[a])):
            noise = rng.standard_normal(len(out[a])) * 10.0 ** float(rng.integers(-3, 1))
            out[b] = [x if isinstance(x, str) else float(x + e) for x, e in zip(out[a], noise)]
    return out
