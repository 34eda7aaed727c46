"""The oracle is computed on numpy's baseline code path, the one every machine of an architecture runs
(docs/decisions/0041).

numpy picks a SIMD implementation of its ufuncs (exp, log, power, ...) by processor at import time:
AVX-512 where the machine has it, AVX2 where it has that, the baseline (SSE4.2 on x86-64) otherwise.
The implementations agree within a few ulps, not bit for bit, and scikit-learn's answers and the
generators' own inputs (a value scaled by 10**150, a log-normal draw) inherit the difference: a corpus
generated on one processor is not the corpus of another.  So :func:`generators.build` runs where numpy's
dispatched targets are all switched off (``NPY_DISABLE_CPU_FEATURES``, read by numpy at import): in this
process when it already is, else in a fresh interpreter started with that setting.  BLAS kernels still
differ by processor; :func:`generators.check.settle` keeps those last bits (decision 0025).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from numpy._core import _multiarray_umath as _umath

VARIABLE = "NPY_DISABLE_CPU_FEATURES"
_CHILD = "METRIC_PARITY_BASELINE_BUILD"  # set in the fresh interpreter: it must not start another
_SCRIPT = """
import json, sys
import generators
try:
    texts = generators.build()
except Exception as exc:  # sent back to the parent, which raises it again
    json.dump({"error": type(exc).__name__, "message": str(exc)}, sys.stdout)
else:
    json.dump({"texts": texts}, sys.stdout)
"""


def dispatched() -> list[str]:
    """numpy's dispatched targets on this build (above its baseline), e.g. X86_V3 X86_V4 on x86-64."""
    return list(_umath.__cpu_dispatch__)


def on_baseline() -> bool:
    """True when this process's numpy runs none of its dispatched targets."""
    return not any(_umath.__cpu_features__.get(name) for name in dispatched())


def build_on_baseline(errors: dict[str, type[Exception]]) -> dict[str, str]:
    """:func:`generators.build` in a fresh interpreter on numpy's baseline path.  An exception the build
    raised there is raised here again, as its class in ``errors`` (by name) or as RuntimeError."""
    if os.environ.get(_CHILD):
        raise RuntimeError(f"numpy ignored {VARIABLE}={os.environ.get(VARIABLE)!r}: it still runs "
                           f"{[n for n in dispatched() if _umath.__cpu_features__.get(n)]} (generators/cpu.py)")
    root = str(Path(__file__).resolve().parent.parent)
    env = {**os.environ, VARIABLE: " ".join(dispatched()), _CHILD: "1",
           "PYTHONPATH": os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")]))}
    proc = subprocess.run([sys.executable, "-c", _SCRIPT], env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"the baseline build failed (exit {proc.returncode}): {proc.stderr.strip()[-2000:]}")
    sys.stderr.write(proc.stderr)  # the build's own notes and warnings
    answer = json.loads(proc.stdout)
    if "error" in answer:
        raise errors.get(answer["error"], RuntimeError)(answer["message"])
    return answer["texts"]
