"""Hypothesis strategies for the suite's own objects: run messages, answers, run records.

The harness and the reports are tested on what these generate, not only on the records of the
bundled ports, so that a record reader, a diff or a renderer meets shapes no port happens to
produce.  Everything generated is valid by the schemas under conformance/protocol_schema/
(tests/test_harness_properties.py checks that first).
"""

from __future__ import annotations

from hypothesis import strategies as st

from conformance.harness.status import STATUSES

NONFINITE = ("NaN", "Infinity", "-Infinity")
HONEST_ANSWERS = ("value", "error", "skipped")

names = st.text("abcdefghijklmnopqrstuvwxyz_", min_size=1, max_size=12)
words = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=30)
numbers = st.one_of(st.integers(-10**6, 10**6), st.floats(allow_nan=False, allow_infinity=False),
                    st.sampled_from(NONFINITE))
# a value in the corpus encoding: a number, null, a nested list or object of them
values = st.recursive(st.one_of(st.none(), numbers),
                      lambda inner: st.one_of(st.lists(inner, max_size=5), st.dictionaries(names, inner, max_size=4)),
                      max_leaves=20)
vectors = st.lists(numbers, max_size=8)
params = st.dictionaries(names, st.one_of(numbers, st.booleans(), names, st.lists(st.integers(0, 9), max_size=4)),
                         max_size=3)


@st.composite
def run_messages(draw) -> dict:
    """A protocol-2 run message (run.schema.json): the call and nothing else about the case."""
    return {"cmd": "run", "seq": draw(st.integers(0, 2**53)), "metric": draw(names),
            "inputs": draw(st.dictionaries(st.sampled_from(["y_true", "y_pred", "sample_weight", "y_score"]),
                                           vectors, min_size=1, max_size=3)),
            "params": draw(params)}


errors = st.builds(lambda t, m, u: {"type": t, "message": m, **({"uncaught": u} if u is not None else {})},
                   names, st.text(max_size=40), st.one_of(st.none(), st.booleans()))


@st.composite
def outcomes(draw, kinds=HONEST_ANSWERS) -> dict:
    """What an answer says, without its seq: {"value": …} | {"error": {…}} | {"skipped": reason}."""
    kind = draw(st.sampled_from(kinds))
    if kind == "value":
        return {"value": draw(values)}
    if kind == "error":
        return {"error": draw(errors)}
    return {"skipped": draw(words)}


@st.composite
def answers(draw, seq: int) -> dict:
    """An answer to the run message ``seq`` (answer.schema.json)."""
    return {"seq": seq, **draw(outcomes())}


@st.composite
def case_events(draw, n: int, case_id: str) -> dict:
    """A case event of a run record (run-record.schema.json, format 2)."""
    status = draw(st.sampled_from(STATUSES))
    expected = draw(outcomes(kinds=("value", "error")))
    expected.get("error", {}).pop("uncaught", None)
    actual = None if status in ("crashed", "timed-out", "not-run", "protocol-error") else draw(outcomes())
    event = {"event": "case", "n": n, "id": case_id, "metric": case_id.split("/")[0],
             "tags": draw(st.lists(names, max_size=3, unique=True)), "params": draw(params),
             "input_names": ["y_true", "y_pred"], "status": status, "expected": expected, "actual": actual,
             "max_error": draw(st.one_of(st.none(), st.floats(0, 10))),
             "detail": None if status == "passed" else draw(words),
             "divergence": draw(names) if status == "declared" else None}
    if status == "by-convention":
        event["convention"] = draw(st.sampled_from(["zero-division=1", "classes=declared"]))
    return event


def start_event(port: str, corpus_sha: str = "0" * 64, cases: int = 0, self_reported: bool = False) -> dict:
    """A start event (run-record.schema.json) for ``port`` judging a corpus of ``cases`` cases."""
    return {"event": "start", "record_format": 2, "mode": "results" if self_reported else "live",
            "self_reported": self_reported, "started": "2026-12-01T12:00:00Z",
            "harness": {"name": "metric-parity", "version": "0.1.0", "protocol": 2},
            "port": {"name": port, "language": "python", "dir": f"ports/{port}", "command": ["{python}", "adapter.py"]},
            "implementation": {"name": port, "version": "1.0", "language": "python"},
            "corpus": {"version": "1.2.0", "sha256": corpus_sha, "path": "oracle", "cases": cases, "selected": cases},
            "oracle": {"library": "scikit-learn", "version": "1.9.1"},
            "tolerance": {"rtol": 1e-9, "atol": 1e-12, "source": "corpus"},
            "refusals": [], "selection": {"only": []},
            "options": {"timeout": 5.0, "window": 32, "max_restarts": 20},
            "divergences": [], "names": {}, "extensions": [], "conventions": {}, "streaming": False}


def end_event(cases: list[dict]) -> dict:
    totals = {"cases": len(cases), **{s: sum(c["status"] == s for c in cases) for s in STATUSES}, "restarts": 0}
    return {"event": "end", "finished": "2026-12-01T12:01:00Z", "seconds": 1.0, "interrupted": False,
            "totals": totals, "divergences": [], "exit_status": 1, "verdict": "generated",
            "stderr": {"bytes": 0, "kept": 0}, "notes": []}


case_ids = st.lists(st.builds(lambda m, k: f"{m}/{k}", st.sampled_from(["f1_score", "r2_score", "log_loss"]),
                              st.text("abcdefgh-=0123456789", min_size=1, max_size=10)),
                    min_size=0, max_size=12, unique=True)


@st.composite
def records(draw, port: str | None = None, ids: list[str] | None = None, ended: bool | None = None) -> list[dict]:
    """The events of one run record: start, a case event per id (in run order), and usually an end."""
    port = port or draw(st.text("abcdefghijklmnopqrstuvwxyz0123456789-", min_size=1, max_size=10).map(lambda s: "p" + s))
    ids = draw(case_ids) if ids is None else ids
    cases = [draw(case_events(n, case_id)) for n, case_id in enumerate(ids)]
    events = [start_event(port, cases=len(ids), self_reported=draw(st.booleans())), *cases]
    if draw(st.booleans()) if ended is None else ended:
        events.append(end_event(cases))
    return events
