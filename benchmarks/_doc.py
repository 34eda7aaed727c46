"""The one writer of docs/performance.md: each benchmark owns a marked section."""

from __future__ import annotations

import os
import platform
from pathlib import Path

DOC = Path(__file__).resolve().parents[1] / "docs" / "performance.md"


def write_section(start: str, end: str, text: str) -> None:
    """Replace the text between ``start`` and ``end`` (``text`` includes both markers),
    re-reading the file just before so other benchmarks' sections are kept."""
    if DOC.exists():
        old = DOC.read_text(encoding="utf-8")
        if start in old and end in old:
            head, rest = old.split(start, 1)
            tail = rest.split(end, 1)[1].lstrip("\n")
            DOC.write_text(head + text + ("\n" + tail if tail else ""), encoding="utf-8")
            return
        DOC.write_text(old.rstrip("\n") + "\n\n" + text, encoding="utf-8")
        return
    DOC.parent.mkdir(parents=True, exist_ok=True)
    DOC.write_text("# Performance\n\nFigures written by the scripts in `benchmarks/`; each rewrites only its own "
                   "section.\n\n" + text, encoding="utf-8")


def machine(*packages: str) -> list[tuple[str, str]]:
    """The rows every benchmark's "Machine" table starts with, then the versions of ``packages``."""
    from importlib.metadata import version

    cpu = memory = "unknown"
    try:
        cpu = next(line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                   if line.startswith("model name"))
        memory = next(f"{int(line.split()[1]) / 2**20:.1f} GiB" for line in Path("/proc/meminfo").read_text().splitlines()
                      if line.startswith("MemTotal:"))
    except (OSError, StopIteration):
        pass
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return [
        ("CPU", cpu),
        ("nproc (usable / total)", f"{usable} / {os.cpu_count()}"),
        ("memory", memory),
        ("Python", platform.python_version()),
        *((name, version(name)) for name in packages),
        ("OS", f"{platform.system()} {platform.release()} {platform.machine()}"),
        ("OPENBLAS_CORETYPE", os.environ.get("OPENBLAS_CORETYPE", "(unset)")),
    ]


def machine_table(rows: list[tuple[str, str]]) -> list[str]:
    """The "Machine:" table of a section, from :func:`machine`'s rows (or a script's own)."""
    return ["", "Machine:", "", "| | |", "|---|---|"] + [f"| {key} | {value} |" for key, value in rows]
