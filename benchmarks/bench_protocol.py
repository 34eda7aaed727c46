"""Protocol overhead: cases per second and peak memory of `parity verify` through a port.

    python benchmarks/bench_protocol.py            # 20,000 and 200,000 cases; rewrites its docs section
    python benchmarks/bench_protocol.py --quick    # 2,000 and 20,000 cases; prints, writes nothing

The bundled corpus is replayed cyclically (ids suffixed ``#k``) to make a run
of N cases, fed to :func:`conformance.harness.verify` as a stream, so the
corpus in memory stays the same size whatever N is: any growth of peak RSS
with N would be the harness accumulating per-case state.  Each measurement
runs in a fresh process (peak RSS is per process), with the run record
streamed to a temporary file and no progress bar.

Ports measured:

* ``reference`` -- ports/reference, the real thing: JSON decoding, numpy
  calls into conformance.reference, encoding, judging, the record;
* ``echo`` -- a minimal Python port (this file with --echo-port) that
  answers every case with the value 0.5 without looking at it: what the
  protocol and the harness cost on their own (every case fails, which is
  the judge's slowest path);

both with the default window of 32 run messages in flight, and the reference
also with ``--window 1`` (strict request/answer) to show what pipelining buys.
The section between the bench_protocol markers of docs/performance.md is
rewritten; the rest of the file is kept.
"""

from __future__ import annotations

import _doc  # benchmarks/_doc.py: the one writer of docs/performance.md

import argparse
import io
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
START, END = "<!-- bench_protocol:start -->", "<!-- bench_protocol:end -->"
TARGET = 5000  # cases per second through the reference port
LOAD_BEFORE = os.getloadavg()[0]  # other work on the machine lowers every figure


def echo_port() -> int:
    """The echo port's whole program."""
    out = sys.stdout
    for line in sys.stdin:
        message = json.loads(line)
        if message["cmd"] == "run":
            out.write('{"seq":%d,"value":0.5}\n' % message["seq"])
            out.flush()
        elif message["cmd"] == "start":
            out.write('{"protocol":2,"implementation":{"name":"echo","version":"0","language":"python"}}\n')
            out.flush()
        else:
            return 0
    return 0


def _status_kib(field: str, pid: int | str = "self") -> int:
    """A memory field of /proc/<pid>/status (VmRSS, VmHWM), in KiB; 0 where unavailable."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def _reset_peak() -> bool:
    """Reset this process's peak RSS (VmHWM) so it measures the run alone (Linux >= 4.0)."""
    try:
        Path("/proc/self/clear_refs").write_text("5")
        return True
    except OSError:
        return False


def _watch_port_peaks(peaks: list) -> None:
    """Record each port process's peak RSS just before the harness stops it."""
    from conformance.harness import process

    original = process.PortProcess.stop

    def stop(self, grace):
        peaks.append(_status_kib("VmHWM", self.proc.pid))
        return original(self, grace)

    process.PortProcess.stop = stop


def _replica(case, k: int):
    """``case`` under the id ``<id>#<k>``, sharing everything else (cheaper than dataclasses.replace)."""
    copy = object.__new__(type(case))
    copy.__dict__.update(case.__dict__)
    object.__setattr__(copy, "id", f"{case.id}#{k}")
    return copy


def measure(n: int, port: str, window: int) -> dict:
    """One run of n cases, in this (fresh) process."""
    from conformance.corpus import load_corpus
    from conformance.harness import Options, load_manifest, verify

    corpus = load_corpus()
    with tempfile.TemporaryDirectory() as tmp:
        if port == "echo":
            port_dir = Path(tmp) / "echo"
            port_dir.mkdir()
            (port_dir / "port.yaml").write_text(
                f'name: echo\nlanguage: python\ncommand: ["{{python}}", "{Path(__file__).resolve()}", "--echo-port"]\n')
        else:
            port_dir = ROOT / "ports" / port
        manifest = load_manifest(port_dir)
        base = corpus.cases
        stream = (_replica(base[i % len(base)], i // len(base)) for i in range(n))
        # Start-up alone (start the port, one case, stop), to tell it apart from the per-case rate.
        t0 = time.perf_counter()
        verify(manifest, corpus, base[:1], options=Options(window=window), progress=False, out=io.StringIO(),
               err=io.StringIO())
        startup = time.perf_counter() - t0
        port_peaks: list[int] = []
        _watch_port_peaks(port_peaks)
        rss_before = _status_kib("VmRSS")
        reset = _reset_peak()
        record = Path(tmp) / "run.json"
        t0 = time.perf_counter()
        result = verify(manifest, corpus, stream, case_count=n, options=Options(window=window),
                        record_path=record, progress=False, out=io.StringIO(), err=io.StringIO())
        seconds = time.perf_counter() - t0
        record_bytes = record.stat().st_size
    assert result.totals["cases"] == n, result.totals
    misbehaved = sum(result.totals[s] for s in ("faulted", "crashed", "timed-out", "protocol-error", "not-run"))
    return {
        "n": n, "port": port, "window": window, "seconds": seconds, "rate": n / seconds, "startup": startup,
        "steady_rate": (n - 1) / max(seconds - startup, 1e-9),
        "passed": result.totals["passed"], "misbehaved": misbehaved,
        "rss_before_mib": rss_before / 1024,
        # the peak during the run when the kernel lets us reset it, else over the process's life
        "harness_peak_mib": (_status_kib("VmHWM") if reset else resource.getrusage(resource.RUSAGE_SELF).ru_maxrss) / 1024,
        "port_peak_mib": max(port_peaks, default=0) / 1024,
        "record_mib": record_bytes / 2**20,
    }


def measure_in_child(n: int, port: str, window: int) -> dict:
    out = subprocess.run([sys.executable, __file__, "--child", str(n), port, str(window)],
                         capture_output=True, text=True, check=True, cwd=ROOT)
    return json.loads(out.stdout.strip().splitlines()[-1])


def machine() -> list[tuple[str, str]]:
    return [*_doc.machine("numpy"),
            ("load average (1 min) before / after", f"{LOAD_BEFORE:.2f} / {os.getloadavg()[0]:.2f}")]


def section(rows: list[dict], corpus_cases: int, took: float) -> str:
    lines = [
        START,
        "## Protocol overhead",
        "",
        "Written by `benchmarks/bench_protocol.py` (run `python benchmarks/bench_protocol.py` to reproduce; "
        f"this run took {took / 60:.1f} min; `--quick` prints smaller runs without writing).",
        "",
        f"`parity verify` through a port, in-process `conformance.harness.verify` with the record streamed to a "
        f"file and no progress bar. The bundled corpus ({corpus_cases:,} cases) is replayed cyclically to N cases "
        "and fed as a stream, so the corpus in memory is the same at every N: peak RSS that did not grow with N "
        "means no per-case state is kept. *reference* is ports/reference (decode, numpy call into "
        "conformance.reference, encode, judge, record); *echo* is a Python port that answers 0.5 without "
        "reading the case (the protocol and the judge alone; every case fails, the judge's slowest path). "
        "Window = run messages in flight. *Wall* and *cases/s* include starting the port; *start-up* is a "
        "separate run of one case (start the port, one case, stop), and *cases/s after start-up* is "
        "(N - 1) / (wall - start-up). Each row is a fresh process. *Harness peak RSS* is the peak during the run "
        "(VmHWM, reset after loading the corpus and before starting the port), *port peak RSS* the port "
        "process's VmHWM just before it is stopped.",
        "",
        "| port | window | cases | wall | cases/s | cases/s after start-up | start-up | harness peak RSS "
        "| port peak RSS | record size |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        lines.append(f"| {r['port']} | {r['window']} | {r['n']:,} | {r['seconds']:.2f} s | {r['rate']:,.0f} | "
                     f"{r['steady_rate']:,.0f} | {r['startup']:.2f} s | {r['harness_peak_mib']:.0f} MiB | "
                     f"{r['port_peak_mib']:.0f} MiB | {r['record_mib']:.0f} MiB |")
    ref = [r for r in rows if r["port"] == "reference" and r["window"] > 1]
    worst = min(r["rate"] for r in ref)
    peaks = [r["harness_peak_mib"] for r in ref]
    echo = max((r["steady_rate"] for r in rows if r["port"] == "echo"), default=0)
    lines += [
        "",
        f"Target: at least {TARGET:,} cases/s through the reference port on this machine's cores — measured "
        f"{worst:,.0f} at worst, start-up included ({'met' if worst >= TARGET else 'NOT met'}). Memory flat in the number of cases: "
        f"harness peak RSS {peaks[0]:.0f} MiB at {ref[0]['n']:,} cases and {peaks[-1]:.0f} MiB at "
        f"{ref[-1]['n']:,} ({'flat' if peaks[-1] <= peaks[0] * 1.1 + 5 else 'GROWS'}).",
        "",
        "Where the time goes: with a window, the harness (writing run lines, parsing answers, comparing, "
        "writing the record) and the port run in parallel on the two cores, so the rate is set by the slower "
        f"of the two. The echo rows are the harness's own ceiling, about {echo:,.0f} cases/s; through the "
        "reference port the port is the slower side (per case: parse the line, decode, `np.asarray`, the "
        "reference's input checks and counting, encode). With `--window 1` every case also pays a full round "
        "trip through two pipes and two process wake-ups.",
        "",
        "Machine:",
        "",
        "| | |",
        "|---|---|",
    ]
    lines += [f"| {k} | {v} |" for k, v in machine()]
    lines.append(END)
    return "\n".join(lines) + "\n"


def write_section(text: str) -> None:
    _doc.write_section(START, END, text)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller runs; print only")
    parser.add_argument("--echo-port", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--child", nargs=3, metavar=("N", "PORT", "WINDOW"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.echo_port:
        return echo_port()
    if args.child:
        n, port, window = args.child
        print(json.dumps(measure(int(n), port, int(window))))
        return 0

    started = time.perf_counter()
    load = os.getloadavg()[0]
    if load > 0.5:
        print(f"warning: load average {load:.2f}: other processes share the two cores; the figures will be low",
              file=sys.stderr)
    small, large = (2_000, 20_000) if args.quick else (20_000, 200_000)
    plan = [(small, "reference", 32), (large, "reference", 32), (small, "echo", 32), (large, "echo", 32),
            (small, "reference", 1)]
    rows = []
    for n, port, window in plan:
        row = measure_in_child(n, port, window)
        rows.append(row)
        print(f"{port:9} window {window:2}  {n:>8,} cases  {row['seconds']:6.2f} s  {row['rate']:8,.0f} cases/s  "
              f"({row['steady_rate']:,.0f} after start-up {row['startup']:.2f} s)  "
              f"harness peak {row['harness_peak_mib']:5.0f} MiB (before run {row['rss_before_mib']:.0f})  "
              f"port peak {row['port_peak_mib']:5.0f} MiB  passed {row['passed']:,}  misbehaved {row['misbehaved']}",
              flush=True)
    if not args.quick:
        from conformance.corpus import load_corpus

        write_section(section(rows, len(load_corpus()), time.perf_counter() - started))
        print(f"wrote {_doc.DOC}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
