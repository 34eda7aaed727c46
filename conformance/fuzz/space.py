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

import math
from dataclasses import dataclass
from fnmatch import fnmatchcase

import numpy as np

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
        return Call(metric, inputs, dict(template["params"]), template["id"], seed, index)


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
    and never below the floor (``FLOOR`` for a metric, ``TEMPLATE_FLOOR`` for a template), so that
    a metric skipped 300 times is still drawn now and then, and a port that starts answering it (a
    new release, a fixed adapter) is noticed.  ``prior`` (metric -> share of the corpus's cases the
    port answered, from its last run record) counts as ten draws of each metric.
    """

    FLOOR = 0.01
    TEMPLATE_FLOOR = 0.05

    def __init__(self, prior: dict | None = None, counts: dict | None = None):
        self.prior = dict(prior or {})
        self.counts: dict[str, list[int]] = {k: list(v) for k, v in (counts or {}).items()}  # name -> [drawn, answered]
        self._metrics: list[float] | None = None  # the metrics' weights, until the next note
        self._templates: dict[str, list[float]] = {}  # metric -> its templates' weights, until a note of it

    def _share(self, name: str, floor: float, prior: float | None = None) -> float:
        drawn, answered = self.counts.get(name, (0, 0))
        if prior is not None:  # the last run record counts as ten draws
            drawn, answered = drawn + 10, answered + 10 * prior
        return max(floor, (answered + 0.01) / (drawn + 0.01))

    def metric(self, metric: str) -> float:
        return self._share("metric:" + metric, self.FLOOR, self.prior.get(metric))

    def template(self, template_id: str) -> float:
        return self._share("template:" + template_id, self.TEMPLATE_FLOOR)

    def of_metrics(self, metrics: list[str]) -> list[float]:
        if self._metrics is None:
            self._metrics = [self.metric(m) for m in metrics]
        return self._metrics

    def of_templates(self, metric: str, templates: list[dict]) -> list[float]:
        if metric not in self._templates:
            self._templates[metric] = [self.template(t["id"]) for t in templates]
        return self._templates[metric]

    def note(self, call: Call, answered: bool) -> None:
        for name in ("metric:" + call.metric, "template:" + call.template):
            entry = self.counts.setdefault(name, [0, 0])
            entry[0] += 1
            entry[1] += int(answered)
        self._metrics = None  # the weights are computed afresh at the next draw
        self._templates.pop(call.metric, None)


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
        extra = max(pool) + 1
        pool.append(float(extra) if isinstance(pool[0], float) else int(extra))
    return np.asarray(pool, dtype=object)[rng.integers(len(pool), size=n)].tolist()


def _noisy_copy(labels: list, pool: list, rng) -> list:
    """A prediction: ``labels`` with a random share of entries replaced."""
    pool = np.asarray(list(pool) or [0, 1], dtype=object)
    out = np.asarray(labels, dtype=object)
    hit = rng.random(len(out)) < rng.random()
    out[hit] = pool[rng.integers(len(pool), size=int(hit.sum()))]
    return out.tolist()


def _reals(shape, like: list, rng) -> list:
    """Regression-like values of ``shape`` (n or (n, k)): the template's scale, or a numerics mode."""
    mode = rng.random()
    finite = [v for v in like if isinstance(v, (int, float)) and math.isfinite(v)]
    centre = float(np.mean(finite)) if finite else 0.0
    spread = float(np.std(finite)) if len(finite) > 1 else 1.0
    spread = spread if spread > 0 and math.isfinite(spread) else 1.0
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


def _probabilities(n: int, rng) -> list:
    u = rng.random()
    x = rng.random(n)
    if u < 0.3:
        x = np.round(x, 1)  # ties, and exact 0.5 thresholds
    elif u < 0.4:
        x[rng.random(n) < 0.5] = 0.5
    elif u < 0.5:
        x = np.round(x)  # exactly 0 and 1 (clipping)
    return np.asarray(x, dtype=float).tolist()


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


def _matrix(rows: int, template: list, rng) -> list:
    """Rows like the template's: 0/1 indicators, probability rows, or real scores."""
    flat = _numbers(template)
    width = len(template[0]) if template and isinstance(template[0], list) else 2
    if flat and _integral(flat) and set(flat) <= {0, 1}:
        return rng.integers(0, 2, (rows, width)).tolist()
    sums = [sum(_numbers(r)) for r in template if isinstance(r, list)]
    if flat and min(flat) >= 0 and sums and all(abs(s - 1) < 1e-6 for s in sums):
        p = rng.dirichlet(np.ones(width), rows)
        if rng.random() < 0.3:
            p = np.round(p, 1)
            p = p / np.where(p.sum(axis=1, keepdims=True) > 0, p.sum(axis=1, keepdims=True), 1)
        return p.tolist()
    if flat and min(flat) >= 0 and max(flat) <= 1:
        return np.reshape(_probabilities(rows * width, rng), (rows, width)).tolist()
    if flat and _integral(flat):
        pool = sorted(set(flat))
        return np.asarray(pool, dtype=object)[rng.integers(len(pool), size=(rows, width))].tolist()
    return _reals((rows, width), flat, rng)


def _one(value: list, n: int, rng, name: str):
    """A new input of the template's kind with n samples."""
    depth = _depth(value)
    if depth >= 3:
        return value  # an error case about the shape: keep it as it is
    nonfinite = [v for v in (_flat(value)) if isinstance(v, str)]
    made = _matrix(n, value, rng) if depth == 2 else _vector(value, n, rng, name)
    if nonfinite and made:  # the template holds NaN or an infinity: so does the draw
        row = int(rng.integers(len(made)))
        token = nonfinite[int(rng.integers(len(nonfinite)))]
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


def _vector(value: list, n: int, rng, name: str) -> list:
    flat = _numbers(value)
    if name == "sample_weight":
        return _weights(n, rng)
    if flat and _integral(flat) and not any(isinstance(v, float) and 0 < abs(v) < 1 for v in flat) \
            and len(set(flat)) <= max(12, len(flat) // 2):
        return _labels(sorted(set(flat)), n, rng)
    if flat and min(flat) >= 0 and max(flat) <= 1:
        return _probabilities(n, rng)
    return _reals(n, flat, rng)


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
                and all(not isinstance(v, str) for v in out[a] + out[b]) and _integral(out[a] + out[b]) \
                and rng.random() < 0.7:
            out[b] = _noisy_copy(out[a], sorted(set(out[a]) | set(out[b])), rng)
        elif a in out and b in out and _depth(out[a]) == _depth(out[b]) == 1 and len(out[a]) == len(out[b]) \
                and rng.random() < 0.5 and not _integral(_numbers(out[a])):
            noise = rng.standard_normal(len(out[a])) * 10.0 ** float(rng.integers(-3, 1))
            out[b] = [x if isinstance(x, str) else float(x + e) for x, e in zip(out[a], noise)]
    return out
