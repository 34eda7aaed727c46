"""The tolerance a case is compared with: the corpus's, the port's, or the port's for its metric.

port.yaml may widen the corpus tolerance for every metric (``tolerance``) or
for some metrics only (``tolerances``, first matching entry wins), so that a
float32 classification family does not widen the float64 regression family
too.  A field an entry leaves out keeps the corpus's value.
"""

from __future__ import annotations

from fnmatch import fnmatchcase
from functools import lru_cache


class Tolerances:
    def __init__(self, manifest, corpus):
        self.base = {"rtol": corpus.tolerance["rtol"], "atol": corpus.tolerance["atol"], "source": "corpus"}
        if manifest.tolerance:
            self.base.update(manifest.tolerance)
            self.base["source"] = "port"
        self.corpus = {"rtol": corpus.tolerance["rtol"], "atol": corpus.tolerance["atol"]}
        self.entries = tuple(manifest.tolerances)
        self.for_metric = lru_cache(maxsize=None)(self._for_metric)

    def _for_metric(self, metric: str) -> tuple[float, float]:
        """(rtol, atol) for the cases of ``metric``."""
        for entry in self.entries:
            if any(fnmatchcase(metric, pattern) for pattern in entry["metrics"]):
                return entry.get("rtol", self.corpus["rtol"]), entry.get("atol", self.corpus["atol"])
        return self.base["rtol"], self.base["atol"]

    def record(self) -> dict:
        """The start event's ``tolerance``: the default, and the per-metric entries when there are any."""
        out = dict(self.base)
        if self.entries:
            out["per_metric"] = [dict(e) for e in self.entries]
        return out

    def describe(self) -> str:
        """For the summary header: "rtol=1e-09 atol=1e-12 (corpus)", plus the per-metric entries."""
        text = f"rtol={self.base['rtol']:g} atol={self.base['atol']:g} ({self.base['source']})"
        for e in self.entries:
            rtol, atol = e.get("rtol", self.corpus["rtol"]), e.get("atol", self.corpus["atol"])
            text += f"; {', '.join(e['metrics'])}: rtol={rtol:g} atol={atol:g}"
        return text
