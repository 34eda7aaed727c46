"""Write the spec index: the table of docs/spec/README.md between <!-- spec_index:start --> and
<!-- spec_index:end -->, one row per metric of the registry (conformance/registry.py).

    python docs/examples/spec_index.py

`parity generate` writes it too, and `parity generate --check` fails while it is stale; this script
rewrites the table alone, without building the corpus (generators/from_registry.py).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from generators.from_registry import REPO, SPEC_INDEX, with_spec_index  # noqa: E402


def main() -> int:
    path = REPO / SPEC_INDEX
    path.write_text(with_spec_index(path.read_text(encoding="utf-8")), encoding="utf-8")
    print(f"wrote {SPEC_INDEX}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
