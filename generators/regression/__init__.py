"""The regression family: r2_score, explained_variance_score and the losses
(mean/root mean squared, absolute, percentage, squared log, median absolute,
max error).

``cases()`` is the family's entry point (see generators/__init__.py).  Parts:

* :mod:`.shared` -- what every metric gets: scikit-learn's docstring examples
  under each multioutput mode and with weights, and the refused inputs;
* :mod:`.named_scores` -- R² and explained variance at their edges: constant
  targets, force_finite, single samples, variance_weighted;
* :mod:`.named_losses` -- MAPE's epsilon, the log losses' domain, the median's
  middle, max_error's sign, overflow;
* :mod:`.grid` -- seeded random cases over shape, multioutput, weights and
  value scale.

:mod:`.readings` generates nothing: it models the metrics in plain Python and
checks that every plausible wrong reading is caught by some case
(``python -m generators.regression.readings``).
"""

from __future__ import annotations

from generators.regression import grid, named_losses, named_scores, shared
from generators.parts import parts


def cases():
    for part in parts(__name__, (shared, named_scores, named_losses, grid)):  # then any new module
        yield from part.cases()
