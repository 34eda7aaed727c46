"""A protocol-2 port that behaves as an older scikit-learn release does on the cases where that
release's outcome differs from the corpus's, and as the reference port everywhere else.

    python release_port.py RELEASE

The release's outcomes are read from the bundled oracle/provenance.jsonl (its ``differs`` entries
for RELEASE that carry ``expected``): a run message whose call is such a case gets that outcome,
a value or an error (by type and message); every other message is answered by the reference
adapter.  A port written against RELEASE, faithfully.  tests/test_provenance.py runs it under
``parity verify --oracle RELEASE`` (it passes) and under the pinned release (it fails on exactly
those cases, each with a history).  Made by ``make_release_port`` (__init__.py).
"""

from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))  # this repository's conformance, not whichever is installed

from conformance import provenance  # noqa: E402
from conformance.corpus import load_corpus  # noqa: E402


def call_key(metric: str, inputs: dict, params: dict) -> str:
    from tests.fake_ports.fakeport import call_key as key

    return key(metric, inputs, params)


def changed_outcomes(release: str) -> dict[str, dict]:
    """call key -> RELEASE's expected outcome, for every case where it differs from the corpus's."""
    table = provenance.read()
    out = {}
    for case in load_corpus().cases:
        found = table["cases"][case.id].get("differs", {}).get(release, {})
        if "expected" in found:
            out[call_key(case.metric, case.raw["inputs"], case.raw["params"])] = found["expected"]
    return out


def main(release: str) -> int:
    """ports/reference/adapter.py's protocol loop; the changed calls answered as RELEASE does."""
    from planted import adapter  # the reference adapter, loaded as planted.py loads it

    changed = changed_outcomes(release)

    def respond(message):
        found = changed.get(call_key(message["metric"], message["inputs"], message["params"]))
        if found is None:
            return adapter.run(message, adapter.metric_function)
        if "error" in found:
            return {"error": {"type": found["error"]["type"], "message": found["error"]["message"]}}
        return {"value": found["value"]}

    return adapter.main(name=f"release-port {release}", respond=respond)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print("usage: release_port.py RELEASE", file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1]))
