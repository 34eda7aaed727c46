"""The numerics family: floating-point and integer-width traps, across families' metrics.

Corpus version 1.2.0 adds it.  Its cases are those where an implementation that is
right on paper goes wrong in arithmetic, each tagged ``numerics`` (the other families'
wrong-readings checks leave these cases out; this family's own check covers them):

* :mod:`.offsets` -- a large offset with a small spread (1e4, 1e6, 1e9 + [0..7]):
  float32 and one-pass formulas cancel catastrophically, scikit-learn does not;
* :mod:`.extremes` -- magnitudes near 1e300 and 1e-300 and subnormals: where naive
  squaring overflows but scikit-learn is finite, where scikit-learn itself overflows or
  underflows (its +Infinity, NaN or 1.0 is the oracle), and clipped log-loss;
* :mod:`.long` -- 10^5 samples: float32 accumulators, count products past 2^31 and 2^63;
* :mod:`.classes` -- 1000 classes, and class ids past float32's integers (2^24).

``cases()`` is the family's entry point (see generators/__init__.py).
:mod:`.readings` generates nothing: it models the numerical misreadings and checks
that every one is caught by a tagged case (``python -m generators.numerics.readings``).
"""

from __future__ import annotations

from generators.numerics import classes, extremes, long, offsets


def cases():
    for part in (offsets, extremes, long, classes):
        yield from part.cases()
