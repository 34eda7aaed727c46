"""`parity diff A B`: what changed between two run records, matched by case id.

Two runs of one port (before and after a change) or two ports on the same
corpus.  Sections (docs/reports.md):

* newly declared - declared in B, not in A (a departure the port now declares);
* declaration removed - declared in A, not in B (whatever B says now);
* newly failing - otherwise: not failing in A, failed or misbehaved in B;
* newly passing - otherwise: neither passed nor convention in A, one of them in B;
* values that moved - both answered a value and they differ beyond tolerance
  (whatever the statuses: two different wrong values move too);
* values that moved within tolerance - both answered a value, not the same one, within tolerance;
* other status changes - every other change of status (passed -> skipped, crashed -> failed, ...);
* only in A / only in B - case ids one record has and the other does not;
* expected values that changed - only possible when the records judged different corpora.
"""

from __future__ import annotations

from conformance.compare import compare
from conformance.encoding import EncodingError, decode_numeric
from conformance.harness.status import MISBEHAVIOUR, Status
from conformance.report import values
from conformance.report.runs import Run

FAILING = (Status.FAILED, *MISBEHAVIOUR)


def _side(run: Run) -> dict:
    impl = run.start.get("implementation") or {}
    return {
        "record": str(run.path), "port": run.port,
        "implementation": {k: impl.get(k) for k in ("name", "version", "language")} if impl else None,
        "corpus": {"version": run.corpus.get("version"), "sha256": run.corpus.get("sha256")},
        "started": run.start.get("started"), "cases": len(run.cases), "partial": run.partial,
        "totals": {k: v for k, v in run.totals().items() if v},
    }


def _tolerance(a: Run, b: Run) -> tuple[float, float]:
    """The stricter of the two runs' tolerances."""
    ta, tb = a.start["tolerance"], b.start["tolerance"]
    return min(ta["rtol"], tb["rtol"]), min(ta["atol"], tb["atol"])


def _moved(x: dict | None, y: dict | None, rtol: float, atol: float) -> tuple[bool, float | None]:
    if not (isinstance(x, dict) and isinstance(y, dict) and "value" in x and "value" in y):
        return False, None
    try:
        result = compare(decode_numeric(x["value"]), decode_numeric(y["value"]), rtol, atol)
    except EncodingError:  # a value outside the corpus encoding: compare the text
        return values.key(x["value"]) != values.key(y["value"]), None
    return not result.ok, result.max_error


def diff(a: Run, b: Run) -> dict:
    rtol, atol = _tolerance(a, b)
    ca = {c["id"]: c for c in a.cases}
    cb = {c["id"]: c for c in b.cases}
    common = sorted(set(ca) & set(cb))
    out = {
        "same_corpus": a.corpus.get("sha256") == b.corpus.get("sha256"),
        "a": _side(a), "b": _side(b), "common": len(common),
        "tolerance": {"rtol": rtol, "atol": atol},
        "newly_failing": [], "newly_passing": [], "newly_declared": [], "declaration_removed": [],
        "values_moved": [], "values_moved_within_tolerance": [], "status_changes": [],
        "only_in_a": sorted(set(ca) - set(cb)), "only_in_b": sorted(set(cb) - set(ca)),
        "expected_changed": [],
    }
    for cid in common:
        x, y = ca[cid], cb[cid]
        sx, sy = x["status"], y["status"]
        entry = {"id": cid, "metric": y["metric"], "a": sx, "b": sy, "detail": y.get("detail") or x.get("detail"),
                 "divergence": y.get("divergence") or x.get("divergence"),
                 "convention": y.get("convention") or x.get("convention")}
        if sx != sy:
            if sy == Status.DECLARED:
                out["newly_declared"].append(entry)
            elif sx == Status.DECLARED:
                out["declaration_removed"].append(entry)
            elif sy in FAILING and sx not in FAILING:
                out["newly_failing"].append(entry)
            elif sy in (Status.PASSED, Status.BY_CONVENTION) and sx not in (Status.PASSED, Status.BY_CONVENTION):
                out["newly_passing"].append(entry)
            else:
                out["status_changes"].append(entry)
        moved, size = _moved(x.get("actual"), y.get("actual"), rtol, atol)
        if moved or size:  # size: a non-zero difference within tolerance
            out["values_moved" if moved else "values_moved_within_tolerance"].append(
                {"id": cid, "metric": y["metric"], "a": x["actual"]["value"], "b": y["actual"]["value"],
                 "max_error": size, "status_a": sx, "status_b": sy})
        # a case judged under a convention records that convention's outcome as expected
        same_basis = x.get("convention") == y.get("convention")
        if same_basis and values.key(x.get("expected")) != values.key(y.get("expected")):
            out["expected_changed"].append({"id": cid, "a": x.get("expected"), "b": y.get("expected")})
    return out


def _describe(side: dict) -> str:
    impl = side["implementation"]
    what = f"{impl['name']} {impl['version']} ({impl['language']})" if impl else "did not start"
    partial = ", partial record" if side["partial"] else ""
    return (f"port {side['port']}: {what}, corpus {side['corpus']['version']} "
            f"(sha256 {str(side['corpus']['sha256'])[:12]}…), started {side['started']}, "
            f"{side['cases']} cases{partial} — {side['record']}")


def text(d: dict) -> list[str]:
    """The diff as lines for a person."""
    a, b = d["a"], d["b"]
    if d["same_corpus"]:
        first = f"same corpus: {b['corpus']['version']} (sha256 {b['corpus']['sha256']})"
    else:
        first = (f"DIFFERENT CORPORA: A judged {a['corpus']['version']} (sha256 {a['corpus']['sha256']}), "
                 f"B judged {b['corpus']['version']} (sha256 {b['corpus']['sha256']}); expected values may differ")
    lines = [first, f"A: {_describe(a)}", f"B: {_describe(b)}",
             f"{d['common']} case(s) in both; tolerance for moved values rtol {values.number(d['tolerance']['rtol'])}, "
             f"atol {values.number(d['tolerance']['atol'])}"]

    def section(title, items, fmt):
        lines.append("")
        lines.append(f"{title} ({len(items)})" + (":" if items else ""))
        lines.extend(f"  {fmt(item)}" for item in items)

    def change(e):
        extra = (f" [{e['divergence']}]" if e["b"] == Status.DECLARED and e.get("divergence")
                 else f" [follows {e['convention']}]" if e["b"] == Status.BY_CONVENTION and e.get("convention") else "")
        detail = f": {e['detail']}" if e.get("detail") and e["b"] not in (Status.PASSED, Status.BY_CONVENTION) else ""
        return f"{e['id']}: {e['a']} -> {e['b']}{extra}{detail}"

    def move(m):
        return (f"{m['id']}: {values.show(m['a'], 20)} -> {values.show(m['b'], 20)}"
                + (f" (by {values.number(m['max_error'])})" if m["max_error"] is not None else ""))

    section("newly failing", d["newly_failing"], change)
    section("newly passing", d["newly_passing"], change)
    section("newly declared", d["newly_declared"], change)
    section("declaration removed", d["declaration_removed"],
            lambda e: change(e) + (f" [was {e['divergence']}]" if e.get("divergence") and e["b"] != Status.DECLARED else ""))
    section("values that moved beyond tolerance", d["values_moved"], move)
    section("values that moved within tolerance", d["values_moved_within_tolerance"], move)
    section("other status changes", d["status_changes"], change)
    section("only in A", d["only_in_a"], str)
    section("only in B", d["only_in_b"], str)
    if d["expected_changed"] or not d["same_corpus"]:
        section("expected values that changed", d["expected_changed"],
                lambda e: f"{e['id']}: {values.outcome(e['a'], 20)} -> {values.outcome(e['b'], 20)}")
    return lines
