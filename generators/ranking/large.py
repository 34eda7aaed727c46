"""Long inputs and large values.

* many rows of two items each: the mean over rows, and a port that loops per row in an
  interpreted language; small integer scores, so many rows hold ties.  The corpus stores one
  row per line (~18 bytes for a row of two small integers, for each of y_true and y_score), so
  10⁵ rows make a 3.6 MB file: ndcg_score, the metric ranking systems report, gets 10⁵ rows;
  the other four 25,000 rows (~0.9 MB, the size of the largest files of the other families).
* Long rankings: a few rows of 2,000 items with distinct scores, with and without a k cut,
  and the same with scores on a coarse grid (long tied groups).
* Score magnitudes of 10³⁰⁰ and offsets of 10¹²: only the order and the equality of scores
  matter; relevances of 10³⁰⁰ (DCG's gains, summed).

The inputs are drawn from the case id (generators.oracle.rng_for).
"""

from __future__ import annotations

import numpy as np

from generators.oracle import rng_for
from generators.ranking._common import GAIN_METRICS, LABEL_METRICS, METRICS, case

N_ROWS = {"ndcg_score": 100_000}
OTHER_ROWS = 25_000
N_ITEMS = 2_000


def _ints(a) -> list:
    return np.asarray(a).astype(int).tolist()


def many_rows():
    for metric in METRICS:
        n = N_ROWS.get(metric, OTHER_ROWS)
        slug = f"long/rows={n}"
        rng = rng_for(f"{metric}/{slug}")
        high = 4 if metric in GAIN_METRICS else 2
        t = rng.integers(0, high, (n, 2))
        s = rng.integers(0, 10, (n, 2))
        yield case(metric, slug, _ints(t), _ints(s), tags=["long-input", "ties"],
                   description=f"{n} rows of two items, scores 0..9 (a tenth of the rows tie): the mean of {n} "
                   "per-row values.")


def long_rankings():
    for metric in METRICS:
        rng = rng_for(f"{metric}/long/items={N_ITEMS}")
        if metric in GAIN_METRICS:
            t = rng.integers(0, 5, (3, N_ITEMS)) * (rng.random((3, N_ITEMS)) < 0.1)
        else:
            t = (rng.random((3, N_ITEMS)) < 0.05).astype(int)
        s = np.round(rng.normal(size=(3, N_ITEMS)), 9)
        assert all(np.unique(row).size == row.size for row in s), "ignore_ties=True needs distinct scores"
        params_list = [({}, "")] + ([({"k": 10}, "/k=10"), ({"ignore_ties": True}, "/ignore_ties=True")]
                                    if metric in GAIN_METRICS else [])
        for params, suffix in params_list:
            yield case(metric, f"long/items={N_ITEMS}{suffix}", _ints(t), s.tolist(), params, tags=["long-input"],
                       description=f"Three rankings of {N_ITEMS} items, distinct scores, few relevant items.")
        grid = np.round(s * 4) / 4  # long runs of tied scores
        yield case(metric, f"long/items={N_ITEMS}/tied-grid", _ints(t), grid.tolist(), tags=["long-input", "ties"],
                   description=f"Three rankings of {N_ITEMS} items with scores on a grid of 1/4: groups of "
                   "hundreds of tied items.")


def magnitudes():
    t_gain, t_label = [[3, 0, 2, 1], [0, 1, 0, 2]], [[1, 0, 1, 0], [0, 1, 0, 0]]
    base = np.array([[0.4, 0.3, 0.2, 0.1], [0.1, 0.2, 0.4, 0.3]])
    for metric in METRICS:
        t = t_gain if metric in GAIN_METRICS else t_label
        for slug, s, tag, text in (
            ("score-scale=1e300", base * 1e300, "huge-values", "Scores of 10^300: only their order matters."),
            ("score-scale=1e-300", base * 1e-300, "tiny-values", "Scores of 10^-300: only their order matters."),
            ("score-offset=1e12", base + 1e12, "large-offset",
             "Scores offset by 10^12 (a spread of 0.1 still distinct in float64): only their order matters."),
            ("score-offset=1e17", base + 1e17, "large-offset",
             "Scores offset by 10^17: the spread is below the float64 spacing there (16), so every score of a "
             "row is the same number, a full tie."),
        ):
            yield case(metric, f"magnitude/{slug}", t, s.tolist(), tags=[tag] +
                       (["ties"] if slug == "score-offset=1e17" else []), description=text)
    for metric in GAIN_METRICS:
        yield case(metric, "magnitude/relevance-scale=1e300", (np.array(t_gain) * 1e300).tolist(), base.tolist(),
                   tags=["huge-values"],
                   description="Relevances of 10^300: the gains sum to about 5e300, still finite.")
        yield case(metric, "magnitude/relevance-scale=1e-300", (np.array(t_gain) * 1e-300).tolist(), base.tolist(),
                   tags=["tiny-values"],
                   description="Relevances of 10^-300: the ideal DCG is tiny but not 0, so NDCG is the ratio, "
                   "not the 0 of an all-irrelevant row.")


def cases():
    for part in (many_rows, long_rankings, magnitudes):
        yield from part()
