"""Conformance reports from run records (docs/reports.md).

* :mod:`.runs`   - reading and checking run records
* :mod:`.values` - values as reports show them (NaN, Infinity, quoted strings)
* :mod:`.model`  - what a report says: the equivalence table, failing groups, badge, index
* :mod:`.charts` - the inline SVG charts: outcomes per function, the heatmap, a port's history
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
    """Render the reports of ``records`` into ``out``: one report per port, from its latest record;
    its earlier records (other versions or dates) make its history.

    Returns (files written, warnings for stderr).  Raises RecordError for a
    record that cannot be used, or two records of the same port from the same start.
    """
    from conformance.report import model, render

    runs: list[Run] = [load_run(p) for p in records]
    by_port: dict[str, list[Run]] = {}
    for run in runs:
        by_port.setdefault(run.port, []).append(run)
    corpora = model.Corpora(corpus)
    reports = []
    for port, port_runs in sorted(by_port.items()):
        port_runs.sort(key=_when)
        for a, b in zip(port_runs, port_runs[1:]):
            if _when(a)[:2] == _when(b)[:2]:
                raise RecordError(f"{b.path}: port {port!r} already has a record of the same start and version "
                                  f"({a.path}); a history needs runs of other versions or dates "
                                  "(compare two runs with `parity diff`)")
        reports.append(model.port_report(port_runs[-1], corpora, date, earlier=port_runs[:-1]))
    written = render.write(Path(out), reports)
    warnings = list(corpora.warnings)
    warnings += [f"{r.run.path}: partial record (no end event): the report counts the {len(r.run.cases)} "
                 "case(s) it holds" for r in reports if r.run.partial]
    return written, warnings


def _when(run: Run) -> tuple[str, str, str]:
    """The order of a port's runs: start time, then implementation version, then file name."""
    impl = run.start.get("implementation") or {}
    return str(run.start.get("started", "")), str(impl.get("version", "")), run.path.name


__all__ = ["build", "load_run", "RecordError", "Run", "DATE"]
