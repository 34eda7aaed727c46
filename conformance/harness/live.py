"""Running the corpus through a live port (docs/protocol.md, "Harness behaviour").

The harness keeps up to ``window`` run messages in flight, topping the
window up in one write whenever half of it has been answered (the port
still answers one line per request, in order).  The case at the head of the
window has ``timeout`` seconds from the moment the port could start on it.
Whatever the port does wrong becomes that case's outcome:

* no answer in time -> timed-out; stdout closed -> crashed;
* a line that is not JSON, carries the wrong seq, or is longer than
  ``max_line`` -> protocol-error, and the port is restarted, since the
  harness can no longer pair answers with cases;
* a well-framed line with bad content (a bare NaN token, two outcomes) ->
  protocol-error, and the run goes on with the same process;
* a second answer for the case just answered -> that case becomes a
  protocol-error (its entry is held back by one answer for this).

A restart replays ``start`` and re-sends the cases that were in flight.
After ``max_restarts`` restarts, when the port will not start again, or when
``max_consecutive_timeouts`` cases in a row timed out (a port that hangs after
start), the remaining cases are recorded as not-run.
"""

from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass, replace

from conformance.harness.judging import CaseResult, judge
from conformance.harness.process import DEFAULT_MAX_LINE, EOF, OVERSIZED, TIMEOUT, Marker, PortProcess, StderrLog
from conformance.harness.protocol import START, STOP, Fault, excerpt, parse_answer, parse_start_reply, run_line
from conformance.harness.status import Status


BYTES_PER_SECOND = 1_000_000  # a case's timeout grows by one second per megabyte of its run message
START_TIMEOUT = 30.0  # seconds for the start reply, unless port.yaml or --start-timeout says otherwise
MAX_CONSECUTIVE_TIMEOUTS = 3  # `parity verify` gives up on a port after this many timeouts in a row


@dataclass
class Options:
    timeout: float = 5.0  # seconds per case
    start_timeout: float | None = None  # seconds for the start reply (None: port.yaml's start_timeout, else 30)
    window: int = 32  # run messages in flight
    max_restarts: int = 20
    # timeouts in a row after which the port is given up on; None: never (parity fuzz), while
    # verify() fills it in from port.yaml's max_consecutive_timeouts, else 3 (see for_port)
    max_consecutive_timeouts: int | None = None
    max_line: int = DEFAULT_MAX_LINE  # bytes in one answer line
    stop_grace: float = 2.0  # seconds for the port to exit after stop
    stderr_per_case: int = 4096
    stderr_per_run: int = 1 << 20

    def for_port(self, manifest) -> "Options":
        """These options with what they leave open taken from the port's manifest, else the defaults:
        the start timeout, and the timeouts in a row after which `parity verify` gives up."""
        return replace(
            self,
            start_timeout=start_timeout(manifest, self),
            max_consecutive_timeouts=(self.max_consecutive_timeouts or manifest.max_consecutive_timeouts
                                      or MAX_CONSECUTIVE_TIMEOUTS),
        )


def start_timeout(manifest, options: Options) -> float:
    """Seconds the port has to answer start: the option, else port.yaml's start_timeout, else 30."""
    if options.start_timeout is not None:
        return options.start_timeout
    return manifest.start_timeout if manifest.start_timeout is not None else START_TIMEOUT


class PortDown(Exception):
    """The port would not start (or restart); ``stderr`` holds its last words."""

    def __init__(self, reason: str, stderr: str = ""):
        self.reason = reason
        self.stderr = stderr
        super().__init__(reason)


class CommandNotFound(Exception):
    """port.yaml's command cannot be executed at all."""


def start_port(manifest, options: Options, stderr: StderrLog) -> tuple[PortProcess, dict]:
    """A started port that has answered ``start``, and its implementation block."""
    argv = manifest.argv()
    if not argv:
        raise CommandNotFound(f"{manifest.file}: command: none given, so this port cannot be started; "
                              "judge its results file instead (parity verify --results FILE)")
    try:
        port = PortProcess(argv, manifest.dir, max_line=options.max_line, stderr=stderr)
    except OSError as exc:  # not found, not executable, not a program
        raise CommandNotFound(f"{manifest.file}: command: cannot run {argv[0]!r}: {exc.strerror or exc}") from None
    port.send(START)
    limit = start_timeout(manifest, options)
    line = port.next_line(time.monotonic() + limit)
    if line is TIMEOUT:
        reason = f"no answer to start within {limit:g}s (port.yaml's start_timeout or --start-timeout gives it longer)"
    elif line is EOF:
        code = port.returncode(wait=1.0)
        reason = f"exited (status {code}) without answering start" if code is not None else "closed its stdout without answering start"
    elif line is OVERSIZED:
        reason = f"answered start with a line longer than {options.max_line} bytes"
    else:
        found = parse_start_reply(line)
        if isinstance(found, dict):
            return port, found
        reason = found
    port.drain_stderr(0.05 if port.alive() else 0.5)
    port.kill()
    raise PortDown(reason, stderr.take())


class LiveRunner:
    """Drives one port through a stream of numbered cases, reporting each outcome to ``finish``.

    ``finish(n, case, outcome, seconds, stderr)`` is called once per case, in
    order; ``event(dict)`` receives port events (restarts, the port going down).
    """

    def __init__(self, manifest, port: PortProcess, stderr: StderrLog, tolerances, options: Options,
                 finish, event, convention_key=None):
        self.manifest = manifest
        self.port = port
        self.stderr = stderr
        self.tolerances = tolerances  # conformance.harness.tolerance.Tolerances
        self.options = options
        self._finish = finish
        self._event = event
        self._convention_key = convention_key or (lambda case: None)  # case -> conventions key or None
        self.restarts = 0
        self.down: str | None = None  # why the remaining cases are not run
        self.timeouts_in_a_row = 0
        self.gave_up: int | None = None  # K, when K cases in a row timed out and the port was given up on
        self.notes: list[str] = []
        self._held = None  # the last finished case, kept back to catch a second answer

    # ---------------------------------------------------------- outcomes

    def _emit(self, n, case, outcome, seconds=None, last_words=False):
        self._flush()
        self._held = (n, case, outcome, seconds, self.stderr.last_words() if last_words else self.stderr.take())

    def _flush(self):
        if self._held is not None:
            self._finish(*self._held)
            self._held = None

    def _amend_held(self, fault: Fault) -> None:
        n, case, outcome, seconds, err = self._held
        amended = CaseResult(Status.PROTOCOL_ERROR, outcome.actual, outcome.max_error,
                          detail=f"{fault.message} (first answer judged {outcome.status})")
        self._held = (n, case, amended, seconds, err)

    # ---------------------------------------------------------- running

    def run(self, numbered, stop: bool = True) -> None:
        """Run every (n, case) of ``numbered``; afterwards the port is stopped, unless ``stop``
        is false (`parity fuzz` sends batch after batch to one port process)."""
        opts = self.options
        source = iter(numbered)
        pending: deque = deque()  # sent, not yet answered
        resend: deque = deque()  # to send again after a restart
        head_since = time.monotonic()
        sizes: dict[int, int] = {}  # n -> bytes of its run message
        while True:
            if self.down is not None:
                self._not_run(pending, resend, source)
                break
            if len(pending) <= opts.window // 2:  # refill in batches: one write for many lines
                was_empty = not pending
                refill_started = time.monotonic()
                batch = []
                while len(pending) < opts.window:
                    item = resend.popleft() if resend else next(source, None)
                    if item is None:
                        break
                    batch.append(run_line(*item))
                    sizes[item[0]] = len(batch[-1])
                    pending.append(item)
                if batch:
                    self.port.send(b"".join(batch))
                if was_empty:
                    head_since = time.monotonic()
                else:  # the harness's own time (making input forms, encoding) is not the port's
                    head_since += time.monotonic() - refill_started
            if not pending:
                break
            n, case = pending[0]
            # a second more per megabyte of the run message: reading and parsing it is the port's work too
            line = self.port.next_line(head_since + opts.timeout + sizes.get(n, 0) / BYTES_PER_SECOND)
            now = time.monotonic()
            if not isinstance(line, Marker):
                found = parse_answer(line, n, self._held[0] if self._held else None)
                if isinstance(found, Fault) and found.previous:
                    self._amend_held(found)
                    continue
                pending.popleft()
                self.timeouts_in_a_row = 0
                if isinstance(found, Fault):
                    self._emit(n, case, CaseResult(Status.PROTOCOL_ERROR, detail=found.message), now - head_since)
                    if found.resync:
                        self._restart(case, f"protocol error: {found.message}", pending, resend)
                        now = time.monotonic()
                else:
                    rtol, atol = self.tolerances.for_metric(case.metric)
                    self._emit(n, case, judge(case, found, rtol, atol, self._convention_key(case),
                                              self.manifest.refusals), now - head_since)
                head_since = now
                continue
            pending.popleft()
            if line is TIMEOUT:
                outcome = CaseResult(Status.TIMED_OUT, detail=f"no answer within {opts.timeout:g}s")
            elif line is OVERSIZED:
                outcome = CaseResult(Status.PROTOCOL_ERROR, detail=f"answer longer than {opts.max_line} bytes")
            else:  # EOF
                code = self.port.returncode(wait=0.5)
                self.port.drain_stderr(0.5)
                status = f"status {code}" if code is not None else "stdout closed, still running"
                outcome = CaseResult(Status.CRASHED, detail=f"the port exited ({status}) while running this case")
            self._emit(n, case, outcome, now - head_since, last_words=line is not OVERSIZED)
            self.timeouts_in_a_row = self.timeouts_in_a_row + 1 if line is TIMEOUT else 0
            limit = opts.max_consecutive_timeouts
            if limit is not None and self.timeouts_in_a_row >= limit:
                self._give_up(case, limit, pending, resend)
            else:
                self._restart(case, outcome.detail, pending, resend)
            head_since = time.monotonic()
        if stop:
            self._stop()
        else:
            self._flush()

    def _restart(self, case, reason: str, pending: deque, resend: deque) -> None:
        self._flush()
        self.port.kill()
        resend.extendleft(reversed(pending))
        pending.clear()
        if self.restarts >= self.options.max_restarts:
            self.down = f"restart limit ({self.options.max_restarts}) reached"
            self._event({"event": "port", "what": "down", "detail": self.down, "case": case.id,
                         "restarts": self.restarts})
            return
        self.restarts += 1
        try:
            self.port, _ = start_port(self.manifest, self.options, self.stderr)
        except PortDown as exc:
            self.down = f"the port did not restart: {exc.reason}"
            self._event({"event": "port", "what": "down", "detail": self.down, "case": case.id,
                         "restarts": self.restarts, "stderr": exc.stderr})
            return
        self._event({"event": "port", "what": "restart", "detail": reason, "case": case.id,
                     "restarts": self.restarts})

    def _give_up(self, case, limit: int, pending: deque, resend: deque) -> None:
        """``limit`` cases in a row timed out: a port that hangs; restarting it again and again
        would only spend a timeout per case (docs/ports.md, max_consecutive_timeouts)."""
        self._flush()
        self.port.kill()
        resend.extendleft(reversed(pending))
        pending.clear()
        self.gave_up = limit
        self.down = f"{limit} cases in a row timed out (max_consecutive_timeouts {limit}): given up on"
        self._event({"event": "port", "what": "down", "detail": self.down, "case": case.id,
                     "restarts": self.restarts})

    def _not_run(self, pending, resend, source) -> None:
        self._flush()
        for items in (pending, resend, source):
            for n, case in items:
                self._finish(n, case, CaseResult(Status.NOT_RUN, detail=f"not run: {self.down}"), None, "")
        pending.clear()
        resend.clear()

    def _stop(self) -> None:
        if self.port.closed:
            self._flush()
            return
        self.port.send(STOP)
        extra, note = self.port.stop(self.options.stop_grace)
        for line in extra:
            found = parse_answer(line, -1, self._held[0] if self._held else None)
            if isinstance(found, Fault) and found.previous:
                self._amend_held(found)
            else:
                self.notes.append(f"unexpected output after the last answer: {excerpt(line)}")
        if note:
            self.notes.append(f"the port {note}")
        self._flush()
        tail = self.stderr.take()
        if tail:
            self._event({"event": "port", "what": "note", "detail": "stderr after the last answer",
                         "case": None, "restarts": self.restarts, "stderr": tail})

    def stop(self) -> None:
        """Stop the port after runs with ``stop=False``."""
        self._stop()

    def kill(self) -> None:
        self.port.kill()
