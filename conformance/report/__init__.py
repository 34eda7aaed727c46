"""Conformance reports from run records (docs/reports.md).

* :mod:`.runs`   - reading and checking run records
* :mod:`.values` - values as reports show them (NaN, Infinity, quoted strings)
* :mod:`.model`  - what a report says: the equivalence table, failing groups, badge, index
* :mod:`.render` - the jinja2 templates under reports/templates/, and writing the files
* :mod:`.diff`   - `parity diff`: two records matched by case id

``parity report RUN.json … --out DIR`` calls :func:`build`.
"""

from __future__ import annotations

import re
from pathlib import Path

from conformance.report.runs import RecordError, Run, load_run

DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def build(records: list[str | Path], out: str | Path, corpus: str | Path | None = None,
          date: str | None = None) -> tuple[list[Path], list[str]]:
    """Render the reports of ``records`` (one per port) into ``out``.

    Returns (files written, warnings for stderr).  Raises RecordError for a
    record that cannot be used, or two records of the same port.
    """
    from conformance.report import model, render

    runs: list[Run] = [load_run(p) for p in records]
    seen: dict[str, Path] = {}
    for run in runs:
        if run.port in seen:
            raise RecordError(f"{run.path}: port {run.port!r} already has a record ({seen[run.port]}); "
                              "a report shows one run per port (compare two runs with `parity diff`)")
        seen[run.port] = run.path
    corpora = model.Corpora(corpus)
    reports = [model.port_report(run, corpora, date) for run in runs]
    written = render.write(Path(out), reports)
    warnings = list(corpora.warnings)
    warnings += [f"{r.run.path}: partial record (no end event): the report counts the {len(r.run.cases)} "
                 "case(s) it holds" for r in reports if r.run.partial]
    return written, warnings


__all__ = ["build", "load_run", "RecordError", "Run", "DATE"]
