"""Cases found by `parity fuzz` and promoted into the corpus (docs/fuzzing.md, "Promotion").

`parity fuzz PORT --promote generators/fuzzed/cases` writes one JSON file per
finding: the shrunk call (id, metric, inputs, params), its tags (``fuzzed``,
``found-by-<port>``) and a description naming the port, seed, draw and date.
This module turns each into a corpus case exactly as every other family does:
the expected outcome is what the pinned scikit-learn returns for that call,
asked afresh at each `parity generate`, so `parity generate --check` covers
the promoted cases like any other.
"""

from __future__ import annotations

import json
from pathlib import Path

from generators.oracle import make_case

CASES = Path(__file__).resolve().parent / "cases"


def cases():
    for path in sorted(CASES.glob("*.json")):
        found = json.loads(path.read_text(encoding="utf-8"))
        # a spec-derived metric's oracle comes from its registry entry (make_case)
        yield make_case(found["id"], found["metric"], found["inputs"], found["params"], found["tags"],
                        found["description"])
