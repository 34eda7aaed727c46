"""What a person reads at the end of `parity verify`, and the progress bar."""

from __future__ import annotations

import json
import os
import sys

from conformance.harness.status import MISBEHAVIOUR, Status

SAMPLES = 20  # failing cases listed by name; the rest are counted (all are in the record)
BROKEN_SHARE = 0.9  # this share of judged cases failing or breaking means a broken port
BROKEN_MIN = 5


def judged(totals: dict) -> int:
    """Cases the implementation was judged on: passed, convention, failed or declared."""
    return totals[Status.PASSED] + totals.get(Status.BY_CONVENTION, 0) + totals[Status.FAILED] + totals[Status.DECLARED]


def exit_status(totals: dict, extra_faults: int = 0) -> int:
    """1 on a failure or a fault, and when nothing at all was judged (a port that skips everything,
    or a run of no case, has not shown that it computes anything); 0 otherwise."""
    bad = totals[Status.FAILED] + sum(totals[s] for s in MISBEHAVIOUR) + extra_faults
    return 1 if bad or not judged(totals) else 0


def _short_vector(value, limit: int = 8) -> str:
    """A JSON-ish rendering of an input with vectors cut after ``limit`` items."""
    if isinstance(value, list):
        items = [_short_vector(v, limit) for v in value[:limit]]
        more = f", … {len(value) - limit} more" if len(value) > limit else ""
        return "[" + ", ".join(items) + more + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_short_vector(v, limit)}" for k, v in value.items()) + "}"
    return json.dumps(value)


def inputs_line(inputs: dict, params: dict) -> str:
    """The call of a case, as sent, for a failure line: vectors cut after 8 items."""
    parts = [f"{k}={_short_vector(v)}" for k, v in inputs.items()]
    parts += [f"{k}={_short_vector(v)}" for k, v in params.items()]
    return " ".join(parts)


def verdict(totals: dict, extra_faults: int = 0, refusals_passed: int = 0) -> str:
    """One line: conformant, non-conformant, or probably broken.

    ``refusals_passed``: error cases the port passed by raising.  They do not count towards "working"
    when deciding whether the port is probably broken: a port that raises on every call passes every
    error case of the corpus (a tenth of it) and still computes nothing."""
    cases = totals["cases"]
    misbehaved = sum(totals[s] for s in MISBEHAVIOUR)
    sent = cases - totals[Status.SKIPPED] - refusals_passed
    bad = totals[Status.FAILED] + misbehaved
    if cases == 0:
        return "nothing was judged: no case was run"
    if sent >= BROKEN_MIN and bad >= BROKEN_SHARE * sent:
        if refusals_passed:  # said, so that the figures add up against the totals line
            sent = f"{sent} judged cases (not counting the {refusals_passed} error cases it passed by raising)"
        else:
            sent = f"{sent} judged cases"
        if misbehaved >= totals[Status.FAILED]:
            return (f"{bad} of {sent} failed or could not be run: the port or its adapter is "
                    "probably broken (start-up, crashes, protocol), rather than the implementation non-conformant")
        return (f"{bad} of {sent} failed: the port or its adapter is probably broken "
                "(metric or parameter mapping, input decoding, answer encoding) rather than the implementation "
                "non-conformant; look at the first failures")
    if not judged(totals) and not misbehaved:
        return "nothing was judged: the port skipped every case (does it map scikit-learn's metric names to its own?)"
    if misbehaved or extra_faults:
        return "the port misbehaved: some cases could not be judged (listed above); the implementation was not fully tested"
    if totals[Status.FAILED]:
        return f"non-conformant: {totals[Status.FAILED]} case(s) differ from the oracle without a declared divergence"
    return "conformant: every case passed (as scikit-learn or under a declared convention), was declared or was skipped"


def summary_lines(*, header: str, totals: dict, samples: list[str], more: int, divergences: list[dict],
                  notes: list[str], problems: list[str], follows: dict | None = None, by_divergence: dict | None = None,
                  extra_faults: int = 0, record: str | None = None, line: str | None = None) -> list[str]:
    lines = [header]
    honest = "  ".join(f"{s} {totals.get(s, 0)}" for s in (Status.PASSED, Status.BY_CONVENTION, Status.FAILED, Status.DECLARED, Status.SKIPPED))
    broke = "  ".join(f"{s} {totals[s]}" for s in (Status.FAULTED, Status.CRASHED, Status.TIMED_OUT, Status.PROTOCOL_ERROR, Status.NOT_RUN))
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
    if totals[Status.FAULTED]:
        lines.append(f"faults: {totals[Status.FAULTED]} error answer(s) are not refusals the port declares (port.yaml "
                     "refusals) or were marked uncaught: a crash of the adapter or the library is never a verdict "
                     "on the input (listed above)")
    follows = follows or {}
    for key, count in sorted((follows.get(Status.FAILED) or {}).items(), key=lambda kv: (-kv[1], kv[0])):
        lines.append(f"{count} of {totals[Status.FAILED]} failures follow {key}: declare it in port.yaml "
                     "(conventions, docs/conventions.md)?")
    for d in divergences:
        by = ", ".join(d.get("shadowed_by") or ())
        state = ("stale: remove it from port.yaml" if d["stale"] else
                 "unmatched: its selector matches no case in this run" if d["unmatched"] else
                 f"shadowed: every case it would declare was claimed first by {by}; remove it, or narrow that one"
                 if d.get("only_shadowed") else
                 "wider than the behaviour: narrow its selector" if d.get("wider") else "")
        shadowed = f", shadowed {d['shadowed']} (claimed first by {by})" if d.get("shadowed") else ""
        lines.append(f"divergence {d['id']}: matched {d['matched']}, differ {d['declared']}, passed {d['passed']}, "
                     f"skipped {d['skipped']}{shadowed}" + (f"  ({state})" if state else ""))
        for key, count in sorted(((by_divergence or {}).get(d["id"]) or {}).items(), key=lambda kv: (-kv[1], kv[0])):
            lines.append(f"  {count} of its {d['declared']} declared cases follow {key}: declare the convention "
                         "instead?")
    for note in notes:
        lines.append(f"note: {note}")
    lines.append(line or verdict(totals, extra_faults))  # line: a verdict decided elsewhere (incomplete)
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
        if status not in (Status.PASSED, Status.BY_CONVENTION, Status.SKIPPED, Status.DECLARED):
            self._bad += 1
            self._bar.set_postfix_str(f"not passed {self._bad}", refresh=False)
        self._bar.update(1)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None
