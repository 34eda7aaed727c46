"""The count family: confusion_matrix, accuracy_score and precision/recall/F.

``cases()`` is the family's entry point (see generators/__init__.py).  The
cases live in one module per part:

* :mod:`.confusion` -- confusion_matrix, named cases and grid;
* :mod:`.accuracy` -- accuracy_score, named cases and grid;
* :mod:`.prf_named` -- named cases of the five precision/recall/F functions;
* :mod:`.prf_grid` -- seeded random cases over their parameter grid.

:mod:`.readings` is not a generator: it re-implements the metrics under each
wrong reading of the spec that a named case claims to catch, and checks the
claims (``python -m generators.counts.readings``).
"""

from __future__ import annotations

from generators.counts import accuracy, confusion, prf_grid, prf_named
from generators.parts import parts


def cases():
    for part in parts(__name__, (confusion, accuracy, prf_named, prf_grid)):  # then any new module
        yield from part.cases()
