"""One call in a forked child process, so that a crash of CatBoost's C++ code (a segmentation fault) ends that
call only, not the process that made it (adapter.py and confirm.py use it)."""

from __future__ import annotations

import os
import pickle
import signal


def forked(fn, *args) -> tuple[bool, object]:
    """``fn(*args)`` in a forked child: ``(True, what it returned)``, or ``(False, the name of the signal that
    killed the child)``.  ``fn`` answers its own exceptions; the child exits without the parent's cleanup."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        try:
            os.close(read)
            with os.fdopen(write, "wb") as pipe:
                pickle.dump(fn(*args), pipe)
        finally:
            os._exit(0)
    os.close(write)
    with os.fdopen(read, "rb") as pipe:
        data = pipe.read()
    _, status = os.waitpid(pid, 0)
    if os.WIFSIGNALED(status):
        return False, signal.Signals(os.WTERMSIG(status)).name
    return True, pickle.loads(data)
