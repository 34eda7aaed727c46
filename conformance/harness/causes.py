"""Why a port's answer differs from scikit-learn's, for `parity verify --suggest`.

Two causes are named before any divergence is proposed:

* **float32 rounding**: the answer is within :data:`ULPS` float32 ulps of the expected value at
  every element: it passes at the relative tolerance :data:`ULP_RTOL`.  It is what a port computing in
  float32 gives on any input, so it calls for a ``tolerance`` (:data:`FLOAT32_RTOL`, the widened
  tolerance docs/decisions/0003 and ports/torchmetrics declare), never for a divergence;
* **a named wrong reading** (generators/readings.py): a reading the case's ``wrong-reading-*`` tags
  name, that reproduces the answer (:func:`generators.readings.reproducing`, the one place that
  names a cause, which ``parity fuzz`` uses too).

The readings' families live with the generators, which import scikit-learn: in a light install
(``pip install .`` without the oracle extra) :func:`Readings.named` names nothing and
:attr:`Readings.unavailable` says why, so the caller degrades to kinds of difference.
"""

from __future__ import annotations

from conformance.encoding import decode_param

ULPS = 4  # float32 rounding: at most this many float32 ulps off, element by element
FLOAT32_RTOL = 1e-6  # the tolerance a float32 port declares (docs/decisions/0003, ports/torchmetrics/port.yaml)
ULP_RTOL = ULPS * 2.0 ** -23  # within ULPS float32 ulps: a float32 ulp is at most 2**-23 of the value it spaces


class Readings:
    """The wrong readings (generators/readings.py) that explain a port's answers, when the readings'
    models can be loaded."""

    def __init__(self):
        try:
            from generators import readings
        except ImportError as exc:  # a light install: the generators need scikit-learn
            self._readings, self.unavailable = None, (
                f"wrong readings are not named in a light install ({exc}): the causes below are kinds of "
                'difference; pip install "metric-parity[oracle]" to name them')
        else:
            self._readings, self.unavailable = readings, None

    def reproducing(self, case, answer, tolerance: dict) -> list:
        """The readings (generators.readings.Reading) under which the case's call gives ``answer``."""
        if self._readings is None or answer.kind not in ("value", "error"):
            return []
        got = self._readings.REFUSAL if answer.kind == "error" else answer.value
        params = {k: decode_param(v) for k, v in case.raw["params"].items()}
        return self._readings.reproducing(case.metric, case.inputs, params, got, tolerance)

    def named(self, case, answer, tolerance: dict, also: frozenset[str] = frozenset()) -> list:
        """The readings that reproduce ``answer`` and that the case's tags name (or that ``also``
        holds: readings a tagged case of the same metric was found to follow), in the families' order."""
        if self._readings is None:
            return []
        tagged = {t[len(self._readings.PREFIX):] for t in case.tags if t.startswith(self._readings.PREFIX)}
        if not (tagged or also):
            return []
        return [r for r in self.reproducing(case, answer, tolerance) if r.name in tagged | also]
