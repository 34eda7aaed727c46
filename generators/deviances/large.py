"""Numerics of the deviances: 10⁵ rows, a large common offset, huge and tiny magnitudes.

The 10⁵-row inputs are drawn from the case id (generators.oracle.rng_for) and rounded to two
decimals, so each file stays under a megabyte.
"""

from __future__ import annotations

import numpy as np

from generators.deviances._common import dev_case, each
from generators.oracle import rng_for

N = 100_000


def long_inputs():
    for metric, params in (("mean_tweedie_deviance", {"power": 1.5}), ("d2_tweedie_score", {"power": 1.5}),
                           ("mean_pinball_loss", {"alpha": 0.9})):
        slug = f"long/n={N}"
        rng = rng_for(f"{metric}/{slug}")
        mu = np.round(rng.gamma(2.0, 1.5, N) + 0.01, 2)
        y = rng.poisson(mu).astype(float)
        yield dev_case(metric, slug, y.tolist(), mu.tolist(), params, tags=["long-input"],
                       description=f"{N} counts drawn around their predictions: a sum of 10^5 unit deviances.")


def offsets_and_magnitudes():
    base_t, base_p = np.array([1.0, 2.0, 3.0, 5.0]), np.array([1.5, 2.0, 2.5, 4.0])
    offset = 1e8
    yield from each(
        ("d2_absolute_error_score", "mean_pinball_loss", "d2_pinball_score"),
        "large-offset", (base_t + offset).tolist(), (base_p + offset).tolist(),
        tags=["large-offset"],
        description="Values near 1e8 differing by units: the pinball loss reads differences, which are exact, "
        "and the quantile of y_true is one of its values. (Poisson and Gamma deviances are left out here: at "
        "such offsets their log terms cancel to rounding noise in scikit-learn's own formula.)")
    yield dev_case("d2_tweedie_score", "large-offset/power=0", (base_t + offset).tolist(),
                   (base_p + offset).tolist(), tags=["large-offset"],
                   description="D² at power 0 around 1e8: the mean of y_true is exact, the ratio is the same as "
                   "without the offset.")
    for scale, tag in ((1e150, "huge-values"), (1e-150, "tiny-values")):
        yield from each(
            ("mean_gamma_deviance", "mean_poisson_deviance", "d2_absolute_error_score"), f"scale={scale:g}",
            (base_t * scale).tolist(), (base_p * scale).tolist(), tags=[tag],
            description=f"Values scaled by {scale:g}: Gamma's deviance does not change (it reads ratios), "
            "Poisson's scales with it, D² of the absolute error does not change.")
    yield dev_case("mean_tweedie_deviance", "overflow/power=0", [1e200, 0.0], [-1e200, 0.0],
                   tags=["overflow", "huge-values"],
                   description="Power 0 squares the error: (2e200)^2 overflows to +Infinity.")


def cases():
    yield from long_inputs()
    yield from offsets_and_magnitudes()
