"""Write the worked examples of docs/spec/*.md from the corpus cases they cite.

    python docs/examples/spec_examples.py           # rewrite every page's example lines
    python docs/examples/spec_examples.py --check   # exit 1 naming each stale page

The convention (docs/spec/README.md): a spec page's ``## Worked examples`` section holds its
examples between ``<!-- spec_examples:start -->`` and ``<!-- spec_examples:end -->``, one line per
example, each citing the corpus case it shows:

    - `f1_score/worked-example/kotlin-fixture/average=macro`: `f1_score(y_true=[2,1,1,0], …)` → `0.4444444444444444`. …

that is the case id, the call, an arrow and the printed value (the expected value in the corpus
encoding, compact JSON; for a case that expects an error, the error's type), then the case's
description.  To add an example, add a line with the id alone (``- `<case id>```) and run this
script: it writes the call, the value and the description from the case.  A value is never typed:
tests/test_spec_examples.py fails when a printed value is not its case's expected value, and when
a backticked number in the section sits outside such a line.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent.parent
SPEC = REPO / "docs" / "spec"
START, END = "<!-- spec_examples:start -->", "<!-- spec_examples:end -->"
BLOCK = re.compile(re.escape(START) + r"\n(.*?)" + re.escape(END), re.S)
CITED = re.compile(r"^- `(?P<id>[a-z0-9_]+/[^`]+)`", re.M)
INTRO = ("Each line is a case of the corpus: its id, the call, and what scikit-learn returned for it "
         "(the expected value in the corpus encoding, or the type of the error it raised), then the "
         "case's description.")


def compact(value) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _argument(value) -> str:
    if value in ("NaN", "Infinity", "-Infinity"):  # a keyword's non-finite float (docs/format.md)
        return value
    if isinstance(value, str):
        return json.dumps(value)
    if value is None or isinstance(value, bool):
        return repr(value)
    return compact(value)


def printed(raw: dict) -> str:
    """The printed value of a stored case: its expected value, or its error's type."""
    expected = raw["expected"]
    return expected["error"]["type"] if "error" in expected else compact(expected["value"])


def line(raw: dict, previous: dict | None = None) -> str:
    """One example line; the description is left out when it repeats the previous line's."""
    args = [f"{k}={compact(v)}" for k, v in raw["inputs"].items()]
    args += [f"{k}={_argument(v)}" for k, v in raw["params"].items()]
    description = raw.get("description", "").strip()
    if previous is not None and previous.get("description", "").strip() == description:
        description = "(The same as above.)" if description else ""
    return f"- `{raw['id']}`: `{raw['metric']}({', '.join(args)})` → `{printed(raw)}`." + (
        f" {description}" if description else "")


def stored_cases(oracle: Path = REPO / "oracle") -> dict[str, dict]:
    cases = {}
    for path in sorted(oracle.glob("*.json")):
        if path.name != "MANIFEST.json":
            cases.update({c["id"]: c for c in json.loads(path.read_text(encoding="utf-8"))["cases"]})
    return cases


def rewrite(text: str, cases: dict[str, dict]) -> str:
    """The page with its example lines written from the cases they cite (ids kept, in order)."""
    def block(m: re.Match) -> str:
        ids = CITED.findall(m.group(1))
        lines = [line(cases[i], cases[ids[n - 1]] if n else None) for n, i in enumerate(ids)]
        return START + "\n" + INTRO + "\n\n" + "".join(f"{text}\n" for text in lines) + END
    return BLOCK.sub(block, text)


def main(argv: list[str]) -> int:
    cases = stored_cases()
    stale = []
    for page in sorted(SPEC.glob("*.md")):
        text = page.read_text(encoding="utf-8")
        new = rewrite(text, cases)
        if new != text:
            stale.append(page.relative_to(REPO).as_posix())
            if "--check" not in argv:
                page.write_text(new, encoding="utf-8")
    verb = "stale" if "--check" in argv else "rewrote"
    for name in stale:
        print(f"{verb}: {name}")
    return 1 if stale and "--check" in argv else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
