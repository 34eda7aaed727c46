"""One running port: a child process spoken to over pipes, that can never block us.

All three pipes are non-blocking and served by one ``selectors`` loop in the
calling thread: pending writes go out when stdin is writable, stdout is cut
into lines (a line longer than ``max_line`` is reported as soon as it is,
without waiting for its end), stderr is drained continuously into a bounded
:class:`StderrLog` so a port that floods it never stalls on a full pipe.
Every wait has a deadline.  The port runs in its own process group, so
killing it also ends whatever it started.
"""

from __future__ import annotations

import os
import selectors
import signal
import subprocess
import time
from collections import deque
from pathlib import Path

CHUNK = 1 << 16
DEFAULT_MAX_LINE = 8 << 20  # bytes in one answer line


class Marker:
    def __init__(self, name: str):
        self.name = name

    def __repr__(self) -> str:
        return self.name


EOF = Marker("EOF")  # the port closed its stdout (it exited or crashed)
TIMEOUT = Marker("TIMEOUT")  # nothing within the deadline
OVERSIZED = Marker("OVERSIZED")  # the current line passed max_line bytes


class StderrLog:
    """What the port wrote on stderr, bounded twice: per case and per run.

    ``take()`` returns what arrived since the last call (at most ``per_case``
    bytes of it, with a note of how much was dropped); beyond ``per_run``
    kept bytes, stderr is only counted.  ``last_words()`` is the last
    ``per_case`` bytes whoever took them: what a crashed port said last
    (stderr and stdout race, so its traceback may already have been taken
    with the previous case's answer).
    """

    def __init__(self, per_case: int = 4096, per_run: int = 1 << 20):
        self.per_case = per_case
        self.per_run = per_run
        self.total = 0  # bytes seen
        self.kept = 0  # bytes kept for the record
        self._buf = bytearray()
        self._dropped = 0
        self._tail = bytearray()

    def add(self, data: bytes) -> None:
        self.total += len(data)
        self._tail += data[-self.per_case:]
        del self._tail[:-self.per_case]
        room = min(self.per_case - len(self._buf), self.per_run - self.kept)
        if room > 0:
            self._buf += data[:room]
            self.kept += min(room, len(data))
        self._dropped += max(0, len(data) - max(room, 0))

    def last_words(self) -> str:
        self.take()
        return self._tail.decode("utf-8", "replace")

    def take(self) -> str:
        if not self._buf and not self._dropped:
            return ""
        text = self._buf.decode("utf-8", "replace")
        if self._dropped:
            text += f"\n[… {self._dropped} more bytes of stderr dropped]"
        self._buf.clear()
        self._dropped = 0
        return text


class PortProcess:
    """A started port process.  Not thread-safe; one owner drives it."""

    def __init__(self, argv: list[str], cwd: Path, *, max_line: int = DEFAULT_MAX_LINE,
                 stderr: StderrLog | None = None, env: dict | None = None):
        self.argv = argv
        self.max_line = max_line
        self.stderr = stderr if stderr is not None else StderrLog()
        self.proc = subprocess.Popen(
            argv, cwd=cwd, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, bufsize=0, start_new_session=True,
        )
        self._fd_in = self.proc.stdin.fileno()
        self._fd_out = self.proc.stdout.fileno()
        self._fd_err = self.proc.stderr.fileno()
        for fd in (self._fd_in, self._fd_out, self._fd_err):
            os.set_blocking(fd, False)
        self._sel = selectors.DefaultSelector()
        self._sel.register(self._fd_out, selectors.EVENT_READ)
        self._sel.register(self._fd_err, selectors.EVENT_READ)
        self._writing = False
        self._stdin_open = True
        self._pending = bytearray()  # bytes not yet written to stdin
        self._lines: deque[bytes] = deque()
        self._partial = bytearray()
        self._eof = False
        self._err_eof = False
        self._oversized = False
        self.closed = False

    # ------------------------------------------------------------ writing

    def send(self, data: bytes) -> None:
        """Queue ``data`` for the port's stdin; it goes out as the pipe allows."""
        if not self._stdin_open:
            return
        self._pending += data
        self._write_some()

    def _write_some(self) -> None:
        while self._pending and self._stdin_open:
            try:
                n = os.write(self._fd_in, self._pending)
            except BlockingIOError:
                break
            except (BrokenPipeError, OSError):
                self._close_stdin()
                return
            del self._pending[:n]
        want = bool(self._pending) and self._stdin_open
        if want != self._writing and self._stdin_open:
            if want:
                self._sel.register(self._fd_in, selectors.EVENT_WRITE)
            else:
                self._sel.unregister(self._fd_in)
            self._writing = want

    def _close_stdin(self) -> None:
        if not self._stdin_open:
            return
        if self._writing:
            self._sel.unregister(self._fd_in)
            self._writing = False
        self._stdin_open = False
        self._pending.clear()
        try:
            self.proc.stdin.close()
        except OSError:
            pass

    def close_stdin(self) -> None:
        """Close stdin once everything queued is written (or the port stopped reading)."""
        deadline = time.monotonic() + 1.0
        while self._pending and self._stdin_open and time.monotonic() < deadline:
            self._pump(deadline - time.monotonic())
        self._close_stdin()

    # ------------------------------------------------------------ reading

    def next_line(self, deadline: float) -> bytes | Marker:
        """The next complete stdout line, or EOF / OVERSIZED / TIMEOUT."""
        while True:
            if self._lines:
                return self._lines.popleft()
            if self._oversized:
                return OVERSIZED
            if self._eof:
                return EOF
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return TIMEOUT
            self._pump(remaining)

    def _pump(self, timeout: float) -> None:
        for key, _ in self._sel.select(timeout):
            fd = key.fd
            if fd == self._fd_out:
                self._read_stdout()
            elif fd == self._fd_err:
                self._read_stderr()
            elif fd == self._fd_in:
                self._write_some()

    def _read_stdout(self) -> None:
        try:
            data = os.read(self._fd_out, CHUNK)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            self._eof = True
            self._sel.unregister(self._fd_out)
            if self._partial and not self._oversized:
                self._lines.append(bytes(self._partial))  # a last line without newline
                self._partial.clear()
            return
        if self._oversized:
            return  # discarding: the port is restarted anyway
        self._partial += data
        if b"\n" in data:
            parts = bytes(self._partial).split(b"\n")
            self._partial = bytearray(parts.pop())
            for part in parts:
                if len(part) > self.max_line:
                    break
                self._lines.append(part)
            else:
                parts = None
            if parts is not None:  # a complete line over the limit: stop reading lines
                self._oversized = True
                self._partial.clear()
                return
        if len(self._partial) > self.max_line:
            self._oversized = True
            self._partial.clear()

    def _read_stderr(self) -> None:
        try:
            data = os.read(self._fd_err, CHUNK)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            self._err_eof = True
            self._sel.unregister(self._fd_err)
            return
        self.stderr.add(data)

    def drain_stderr(self, seconds: float) -> None:
        """Read stderr until the port closes it or ``seconds`` pass (after a crash,
        to keep its last words)."""
        deadline = time.monotonic() + seconds
        while not self._err_eof and time.monotonic() < deadline:
            self._pump(max(0.0, deadline - time.monotonic()))

    # ------------------------------------------------------------ ending

    def alive(self) -> bool:
        return self.proc.poll() is None

    def returncode(self, wait: float = 0.0) -> int | None:
        try:
            return self.proc.wait(timeout=wait) if wait > 0 else self.proc.poll()
        except subprocess.TimeoutExpired:
            return None

    def kill(self) -> None:
        """End the port and everything in its process group, now."""
        if self.closed:
            return
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        try:
            self.proc.kill()
        except OSError:
            pass
        self.proc.wait()
        self._close()

    def stop(self, grace: float) -> tuple[list[bytes], str | None]:
        """Close stdin (the stop line must already be queued), collect what the
        port still writes, and wait up to ``grace`` seconds for it to exit.

        Returns (extra stdout lines, a note when the port had to be killed or
        exited with a non-zero status).
        """
        self.close_stdin()
        deadline = time.monotonic() + grace
        extra: list[bytes] = []
        while time.monotonic() < deadline:
            item = self.next_line(deadline)
            if item is EOF or item is TIMEOUT:
                break
            if item is OVERSIZED:
                extra.append(b"<an oversized line>")
                break
            extra.append(item)
        code = self.returncode(wait=max(0.05, deadline - time.monotonic()))
        note = None
        if code is None:
            note = f"did not exit within {grace:g}s of stop; killed"
        elif code != 0:
            note = f"exited with status {code} after stop"
        self.kill()
        return extra, note

    def _close(self) -> None:
        self.closed = True
        try:
            self._sel.close()
        except Exception:
            pass
        for f in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            try:
                f.close()
            except OSError:
                pass
