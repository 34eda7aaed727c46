"""Every worked example in docs/spec cites a corpus case, and prints that case's expected value.

The convention (docs/spec/README.md, docs/examples/spec_examples.py): a page's ``## Worked examples``
section holds one line per example between ``<!-- spec_examples:start -->`` and
``<!-- spec_examples:end -->``::

    - `<case id>`: `<call>` → `<value>`. <description>

``<value>`` is the case's expected value in the corpus encoding (compact JSON), or the type of the
error it expects.  A code block, or a backticked number (or array of numbers, NaN, Infinity) anywhere else in the
section is an example value that cites nothing, and fails.
"""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SECTION = re.compile(r"^## Worked examples?\n(.*?)(?=^## |\Z)", re.S | re.M)
BLOCK = re.compile(r"<!-- spec_examples:start -->\n(.*?)<!-- spec_examples:end -->", re.S)
EXAMPLE = re.compile(r"^- `(?P<id>[^`]+)`: `(?P<call>[^`]+)` → `(?P<value>[^`]+)`\.")
NUMERIC = re.compile(r'[\s\[\]\-+0-9.,eE"]*(?:NaN|Infinity|\d)[\s\[\]\-+0-9.,eE"NaInfity]*')


def _printed(raw: dict) -> object:
    expected = raw["expected"]
    return expected["error"]["type"] if "error" in expected else expected["value"]


def example_problems(text: str, cases: dict[str, dict]) -> list[str]:
    """Why the worked examples of one page do not check out ([] when they do)."""
    section = SECTION.search(text)
    if section is None:
        return []
    body = section.group(1)
    block = BLOCK.search(body)
    if block is None:
        return ["its worked examples have no <!-- spec_examples:start --> … end block"]
    problems = []
    for line in block.group(1).splitlines():
        if not line.startswith("- "):
            continue
        m = EXAMPLE.match(line)
        if m is None:
            problems.append(f"not an example line (- `id`: `call` → `value`.): {line[:80]}")
        elif m["id"] not in cases:
            problems.append(f"{m['id']}: no such case")
        else:
            expected = _printed(cases[m["id"]])
            value = m["value"] if isinstance(expected, str) and "error" in cases[m["id"]]["expected"] \
                else json.loads(m["value"])
            if value != expected:
                problems.append(f"{m['id']}: prints {m['value']}, the case expects {json.dumps(expected)}")
    outside = body[:block.start()] + body[block.end():]
    if "```" in outside:
        problems.append("a code block outside the example lines: show the value as a cited case instead")
    problems += [f"a value that cites no case: `{token}`" for token in re.findall(r"`([^`]*)`", outside)
                 if NUMERIC.fullmatch(token)]
    return problems


@pytest.fixture(scope="module")
def cases(corpus) -> dict[str, dict]:
    return {case.id: case.raw for case in corpus}


def pages() -> list[Path]:
    return sorted((REPO / "docs" / "spec").glob("*.md"))


def test_every_worked_example_prints_its_case_s_expected_value(cases):
    problems = [f"{page.relative_to(REPO)}: {p}" for page in pages()
                for p in example_problems(page.read_text(encoding="utf-8"), cases)]
    assert problems == []


def test_the_example_lines_are_what_the_script_writes(cases):
    """The calls and descriptions too: `python docs/examples/spec_examples.py` after a corpus change."""
    spec = importlib.util.spec_from_file_location("spec_examples", REPO / "docs" / "examples" / "spec_examples.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    stale = [page.name for page in pages()
             if script.rewrite(page.read_text(encoding="utf-8"), cases) != page.read_text(encoding="utf-8")]
    assert stale == [], "run `python docs/examples/spec_examples.py`"


def test_every_metric_page_has_worked_examples(cases):
    metrics = {raw["metric"] for raw in cases.values()}
    counted = {}
    for page in pages():
        section = SECTION.search(page.read_text(encoding="utf-8"))
        counted[page.stem] = len(re.findall(r"^- `", BLOCK.search(section.group(1)).group(1), re.M)) if section else 0
    assert {m for m in metrics if counted.get(m, 0) == 0} == set()


PLANTED = """# f1_score

## Worked examples

<!-- spec_examples:start -->
- `f1_score/worked-example/kotlin-fixture/average=macro`: `f1_score(…)` → `{value}`. Macro F1.
- `f1_score/errors/empty`: `f1_score(y_true=[], y_pred=[])` → `{error}`. Empty.
<!-- spec_examples:end -->

{prose}

## Conventions other ports use

Values here are not examples: `0.5`.
"""


def test_a_wrong_printed_value_fails(cases):
    right = PLANTED.format(value="0.4444444444444444", error="ValueError", prose="Macro F1 is 4/9.")
    assert example_problems(right, cases) == []
    wrong = PLANTED.format(value="0.5", error="ValueError", prose="Macro F1 is 4/9.")
    assert example_problems(wrong, cases) == [
        "f1_score/worked-example/kotlin-fixture/average=macro: prints 0.5, the case expects 0.4444444444444444"]
    error = PLANTED.format(value="0.4444444444444444", error="TypeError", prose="")
    assert example_problems(error, cases) == ['f1_score/errors/empty: prints TypeError, the case expects "ValueError"']


def test_a_value_outside_an_example_line_fails(cases):
    uncited = PLANTED.format(value="0.4444444444444444", error="ValueError", prose="Macro F1 is `0.4444444444444444`.")
    assert example_problems(uncited, cases) == ["a value that cites no case: `0.4444444444444444`"]
    unknown = PLANTED.format(value="0.4444444444444444", error="ValueError", prose="").replace(
        "kotlin-fixture/average=macro", "kotlin-fixture/average=macr")
    assert example_problems(unknown, cases) == ["f1_score/worked-example/kotlin-fixture/average=macr: no such case"]
