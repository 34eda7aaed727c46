"""The files written from the metric registry (conformance/registry.py), so that no list of metrics
or input names is typed twice.

* the case-file schema's ``inputs.anyOf``: one alternative per distinct set of required input
  names (``oracle/schema/case-file.schema.json``; the rest of the schema is written by hand);
* the spec index: the table of docs/spec/README.md between its ``spec_index`` markers.

``parity generate`` writes both and ``parity generate --check`` fails, naming the file, when either
differs from what the registry makes.
"""

from __future__ import annotations

import json
from pathlib import Path

from conformance import registry
from conformance.corpus import SCHEMA_DIR

REPO = Path(__file__).resolve().parent.parent
CASE_SCHEMA = f"{SCHEMA_DIR}/case-file.schema.json"
SPEC_INDEX = Path("docs") / "spec" / "README.md"
START, END = "<!-- spec_index:start -->", "<!-- spec_index:end -->"


def case_file_schema(text: str) -> str:
    """The case-file schema ``text`` with its input names made from the registry."""
    schema = json.loads(text)
    inputs = schema["$defs"]["case"]["properties"]["inputs"]
    inputs["anyOf"] = [{"required": list(names)} for names in registry.required_inputs()]
    inputs["description"] = (
        "The array arguments by scikit-learn's parameter names, as each metric's entry in "
        "conformance/registry.py declares them (written from it by parity generate): the required ones, "
        "one of the sets listed, and sample_weight when given.")
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def _function(metric: registry.Metric) -> str:
    if metric.spec_derived:
        return "none (**spec-derived**)"
    return f"`{metric.name}`" if metric.oracle == f"sklearn.metrics.{metric.name}" else f"`{metric.oracle}`"


def spec_index_table() -> str:
    """The spec index: a row per metric page, in registry order, each core page's row before its first metric."""
    rows = ["| page | scikit-learn function | returns |", "|---|---|---|"]
    cores = {m.core for m in registry.METRICS.values()}
    seen: set[str] = set()
    for metric in registry.METRICS.values():
        if metric.core in registry.CORES and metric.core not in seen:
            seen.add(metric.core)
            name = metric.core.removesuffix(".md")
            rows.append(f"| [{name}]({metric.core}) | — | {registry.CORES[metric.core]} (**core page**) |")
        core = " (**core page**)" if metric.page in cores else ""
        rows.append(f"| [{metric.name}]({metric.page}) | {_function(metric)} | {metric.returns}{core} |")
    return "\n".join(rows)


def with_spec_index(text: str) -> str:
    """docs/spec/README.md's ``text`` with the table between its markers made from the registry."""
    head, start, rest = text.partition(START)
    _, end, tail = rest.partition(END)
    if not start or not end:
        raise ValueError(f"{SPEC_INDEX}: the markers {START} and {END} are missing")
    return f"{head}{START}\n{spec_index_table()}\n{END}{tail}"
