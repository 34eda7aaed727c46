"""What a person reads at the end of `parity verify`, and the progress bar."""

from __future__ import annotations

import os
import sys

from conformance.harness.judging import (
    CONVENTION, CRASHED, DECLARED, ERRORED, FAILED, MISBEHAVIOUR, NOT_RUN, PASSED, PROTOCOL, SKIPPED, TIMED_OUT,
)

SAMPLES = 20  # failing cases listed by name; the rest are counted (all are in the record)
BROKEN_SHARE = 0.9  # this share of judged cases failing or breaking means a broken port
BROKEN_MIN = 5


def exit_status(totals: dict, extra_faults: int = 0) -> int:
    bad = totals[FAILED] + sum(totals[s] for s in MISBEHAVIOUR) + extra_faults
    return 1 if bad else 0


def verdict(totals: dict, extra_faults: int = 0) -> str:
    """One line: conformant, non-conformant, or probably broken."""
    cases = totals["cases"]
    misbehaved = sum(totals[s] for s in MISBEHAVIOUR)
    judged = cases - totals[SKIPPED]
    bad = totals[FAILED] + misbehaved
    if cases == 0:
        return "no case was run"
    if judged >= BROKEN_MIN and bad >= BROKEN_SHARE * judged:
        if misbehaved >= totals[FAILED]:
            return (f"{bad} of {judged} judged cases failed or could not be run: the port or its adapter is "
                    "probably broken (start-up, crashes, protocol), rather than the implementation non-conformant")
        return (f"{bad} of {judged} judged cases failed: the port or its adapter is probably broken "
                "(metric or parameter mapping, input decoding, answer encoding) rather than the implementation "
                "non-conformant; look at the first failures")
    if totals[SKIPPED] == cases:
        return "the port skipped every case: does it map scikit-learn's metric names to its own?"
    if misbehaved or extra_faults:
        return "the port misbehaved: some cases could not be judged (listed above); the implementation was not fully tested"
    if totals[FAILED]:
        return f"non-conformant: {totals[FAILED]} case(s) differ from the oracle without a declared divergence"
    return "conformant: every case passed (as scikit-learn or under a declared convention), was declared or was skipped"


def summary_lines(*, header: str, totals: dict, samples: list[str], more: int, divergences: list[dict],
                  notes: list[str], problems: list[str], extra_faults: int = 0, record: str | None = None) -> list[str]:
    lines = [header]
    honest = "  ".join(f"{s} {totals.get(s, 0)}" for s in (PASSED, CONVENTION, FAILED, DECLARED, SKIPPED))
    broke = "  ".join(f"{s} {totals[s]}" for s in (ERRORED, CRASHED, TIMED_OUT, PROTOCOL, NOT_RUN))
    lines.append(f"  {totals['cases']} cases: {honest}")
    lines.append(f"  port faults: {broke}  (restarts {totals['restarts']})")
    if samples:
        lines.append("not passed:")
        lines += [f"  {s}" for s in samples]
        if more:
            lines.append(f"  … and {more} more" + (f" (all in {record})" if record else " (use --json RUN.json for all)"))
    if problems:
        lines.append("results file:")
        lines += [f"  {p}" for p in problems[:SAMPLES]]
        if len(problems) > SAMPLES:
            lines.append(f"  … and {len(problems) - SAMPLES} more")
    stale = [d for d in divergences if d["stale"]]
    unmatched = [d for d in divergences if d["unmatched"]]
    for d in stale:
        lines.append(f"stale divergence {d['id']}: all {d['matched']} case(s) it covers "
                     f"now pass{' or are skipped' if d['skipped'] else ''}; remove it from port.yaml")
    for d in unmatched:
        lines.append(f"unmatched divergence {d['id']}: its selector matches no case in this run")
    for note in notes:
        lines.append(f"note: {note}")
    lines.append(verdict(totals, extra_faults))
    return lines


def _screen() -> tuple[int, int]:
    """stderr's (columns, lines); 80x24 where the terminal does not say (a pty without a size
    reports 0x0, and tqdm hides a bar below a screen of 0 lines)."""
    try:
        size = os.get_terminal_size(sys.stderr.fileno())
        return size.columns or 80, size.lines or 24
    except (AttributeError, OSError, ValueError):
        return 80, 24


class Progress:
    """tqdm on stderr when stderr is a terminal; nothing otherwise."""

    def __init__(self, total: int, desc: str, enabled: bool | None = None):
        if enabled is None:
            enabled = sys.stderr.isatty()
        self._bar = None
        if enabled:
            from tqdm import tqdm

            columns, lines = _screen()
            self._bar = tqdm(total=total, desc=desc, unit="case", file=sys.stderr, ncols=columns, nrows=lines,
                             mininterval=0.2, leave=False)
        self._bad = 0

    def update(self, status: str) -> None:
        if self._bar is None:
            return
        if status not in (PASSED, CONVENTION, SKIPPED, DECLARED):
            self._bad += 1
            self._bar.set_postfix_str(f"not passed {self._bad}", refresh=False)
        self._bar.update(1)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None
