"""The deviances family: the Tweedie deviances (mean_tweedie_deviance and its Poisson and Gamma
cases), the pinball loss, and the D² scores -- the fraction of a deviance explained against a
constant null model fitted to y_true (d2_tweedie_score, d2_pinball_score,
d2_absolute_error_score, d2_brier_score, d2_log_loss_score).

``cases()`` is the family's entry point (see generators/__init__.py).  Parts:

* :mod:`.tweedie` -- the deviances: scikit-learn's docstring examples, each power's formula and
  domain, the refused powers, weights, one output only;
* :mod:`.pinball` -- the pinball loss: alpha's sides and edges, multioutput, weights;
* :mod:`.d2` -- the D² scores: the null model of each, a constant y_true (zero null deviance),
  fewer than two samples, multioutput, weights, the probability scores' classes;
* :mod:`.large` -- 10⁵ rows, large offsets and magnitudes.

:mod:`.readings` generates nothing: it lists the family's wrong readings and checks that a
tagged case catches each (``python -m generators.deviances.readings``).
"""

from __future__ import annotations

from generators.deviances import d2, large, pinball, tweedie
from generators.parts import parts


def cases():
    for part in parts(__name__, (tweedie, pinball, d2, large)):
        yield from part.cases()
