"""parity verify with declared conventions, input forms and streaming (docs/conventions.md,
docs/protocol.md "Input forms" and "Streaming"), through fake ports and the real CLI."""

from __future__ import annotations

import json
import tempfile
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from conformance import conventions as conv
from conformance.cli import main
from conformance.corpus import load_corpus
from conformance.forms import Declared, Unexpressible, class_count, transform
from conformance.harness.record import read_record
from fake_ports import kit
from generators import TOLERANCE
from generators.conventions import with_conventions
from generators.oracle import make_case, rng_for
from planted_ports import make_scores_port


def _cases() -> list[dict]:
    mc = {"y_true": [0, 0, 3, 1, 1], "y_pred": [0, 3, 3, 1, 0]}  # class 2 absent from both
    cases = [
        make_case("f1_score/conv/absent/macro", "f1_score", mc, {"average": "macro"}, tags=["absent-class"]),
        make_case("recall_score/conv/absent/none", "recall_score", mc, {"average": None}, tags=["absent-class"]),
        make_case("precision_score/conv/predicted-only/macro", "precision_score",
                  {"y_true": [0, 0, 1], "y_pred": [0, 2, 1]}, {"average": "macro"}),
        make_case("f1_score/conv/labels-given", "f1_score", mc, {"average": "macro", "labels": [0, 1, 2, 3]}),
        make_case("f1_score/conv/no-positive", "f1_score", {"y_true": [0, 0], "y_pred": [0, 0]}),
        make_case("confusion_matrix/conv/absent", "confusion_matrix", mc),
        make_case("accuracy_score/conv/basic", "accuracy_score", mc),
        make_case("precision_score/forms/binary", "precision_score",
                  {"y_true": [0, 1, 1, 0, 1, 0, 0, 1], "y_pred": [0, 1, 0, 0, 1, 1, 0, 1]}),
        make_case("recall_score/forms/negative", "recall_score", {"y_true": [-1, 0, 1], "y_pred": [0, 0, 1]},
                  {"average": "macro"}),
        make_case("f1_score/forms/empty", "f1_score", {"y_true": [], "y_pred": []}, {"average": "macro"}),
        make_case("mean_squared_error/forms/untouched", "mean_squared_error",
                  {"y_true": [0.5, 1.0], "y_pred": [1.0, 1.0]}),
    ]
    for i in range(6):  # random multiclass cases: ties in their score rows
        rng = rng_for(f"forms/{i}")
        n = int(rng.integers(4, 12))
        inputs = {"y_true": rng.integers(0, 4, n).tolist(), "y_pred": rng.integers(0, 4, n).tolist()}
        for metric, params in (("f1_score", {"average": "macro"}), ("accuracy_score", {}),
                               ("precision_score", {"average": "weighted", "zero_division": 0})):
            cases.append(make_case(f"{metric}/forms/random-{i}", metric, inputs, params))
    return [with_conventions(c, TOLERANCE) for c in cases]


@cache
def corpus_dir() -> Path:
    return kit.write_corpus(Path(tempfile.mkdtemp(prefix="parity-conv-")) / "corpus", _cases())


@cache
def corpus():
    return load_corpus(corpus_dir())


def run(tmp_path, script, *args, extra="", name="fake"):
    port = kit.make_port(tmp_path, script, *args, extra=extra, name=name, corpus=corpus_dir())
    record = tmp_path / f"{name}.json"
    code = main(["verify", str(port), "--corpus", str(corpus_dir()), "--json", str(record), "--no-progress",
                 "--timeout", "10"])
    return code, {c["id"]: c for c in read_record(record)["cases"]}, record


def with_key(key):
    return {c.id for c in corpus() if key in c.raw.get("conventions", {})}


# ------------------------------------------------------------------ conventions


def test_the_corpus_has_what_the_tests_need():
    assert with_key("classes=declared") >= {"f1_score/conv/absent/macro", "recall_score/conv/absent/none",
                                            "confusion_matrix/conv/absent"}
    assert "precision_score/conv/predicted-only/macro" in with_key("classes=supported")
    assert "f1_score/conv/no-positive" in with_key("zero-division=1")


def test_a_port_following_a_declared_convention_passes_those_cases_as_convention(tmp_path, capsys):
    code, cases, _ = run(tmp_path, "conventional.py", "classes=declared",
                         extra='conventions: {"*": [classes=declared]}\n')
    out = capsys.readouterr().out
    assert code == 0, out
    followed = {i for i, c in cases.items() if c["status"] == "by-convention"}
    assert followed == with_key("classes=declared")
    for i in followed:
        assert cases[i]["convention"] == "classes=declared"
        assert cases[i]["expected"] == corpus().cases[[c.id for c in corpus()].index(i)].raw["conventions"][
            "classes=declared"]
    assert all(c["status"] in ("passed", "by-convention") for c in cases.values())
    assert f"convention {len(followed)}" in out


def test_the_same_answers_without_the_declaration_fail(tmp_path, capsys):
    code, cases, _ = run(tmp_path, "conventional.py", "classes=declared")
    assert code == 1
    assert {i for i, c in cases.items() if c["status"] == "failed"} == with_key("classes=declared")
    assert "convention" not in json.dumps([c.get("convention") for c in cases.values() if c.get("convention")])


def test_a_port_declaring_a_convention_it_does_not_follow_fails_against_the_conventions_value(tmp_path, capsys):
    code, cases, _ = run(tmp_path, "honest.py", extra='conventions: {f1_score: [classes=declared]}\n')
    assert code == 1
    failed = {i for i, c in cases.items() if c["status"] == "failed"}
    assert failed == {i for i in with_key("classes=declared") if i.startswith("f1_score/")}
    case = cases["f1_score/conv/absent/macro"]
    assert case["convention"] == "classes=declared" and case["detail"].startswith("under classes=declared:")
    stored = next(c for c in corpus() if c.id == case["id"]).raw["conventions"]["classes=declared"]
    assert case["expected"] == stored  # the convention's outcome is what it was judged against


def test_combined_conventions_are_judged_by_their_joint_key(tmp_path, capsys):
    extra = 'conventions: {"*": [classes=supported, zero-division=1]}\n'
    code, cases, _ = run(tmp_path, "conventional.py", "classes=supported", "zero-division=1", extra=extra)
    assert code == 0, capsys.readouterr().out
    keys = {c["convention"] for c in cases.values() if c["status"] == "by-convention"}
    assert "classes=supported+zero-division=1" in keys and "zero-division=1" in keys
    assert cases["precision_score/conv/predicted-only/macro"]["convention"] == "classes=supported+zero-division=1"


def test_a_metrics_own_entry_overrides_the_star_entry(tmp_path, capsys):
    extra = 'conventions: {"*": [classes=declared], f1_score: [classes=observed]}\n'
    code, cases, _ = run(tmp_path, "conventional.py", "classes=declared", extra=extra)
    assert code == 1
    declared = with_key("classes=declared")
    assert {i for i, c in cases.items() if c["status"] == "failed"} == {i for i in declared if i.startswith("f1_score/")}
    assert {i for i, c in cases.items() if c["status"] == "by-convention"} == {
        i for i in declared if not i.startswith("f1_score/")}


def test_a_divergence_explained_by_a_convention_is_stale(tmp_path, capsys):
    extra = ('conventions: {"*": [classes=declared]}\ndivergences:\n  - id: absent-classes\n    kind: choice\n'
             '    selector: {tags: [absent-class]}\n    note: n\n    link: l\n')
    code, cases, record = run(tmp_path, "conventional.py", "classes=declared", extra=extra)
    out = capsys.readouterr().out
    assert code == 0 and "divergence absent-classes: matched" in out and "(stale: remove it from port.yaml)" in out


# ------------------------------------------------------------------ port.yaml


@pytest.mark.parametrize("extra, message", [
    ('conventions: {f1_score: [classes=all]}\n',
     "conventions.f1_score[0]: 'classes=all' is not one of classes=observed, classes=declared"),
    ('conventions: {f1_score: [average=macro]}\n', "conventions.f1_score[0]: 'average=macro' is not one of"),
    ('conventions: {f1_score: [classes=declared, classes=supported]}\n',
     "conventions.f1_score[1]: 'classes=supported': classes is already declared as 'classes=declared' for f1_score"),
    ('forms: {y_pred: logits}\n', "forms.y_pred: 'logits' is not one of labels, scores, scores-class-first, probability"),
    ('forms: {y_pred: scores}\n', "forms.y_pred: 'scores' needs rules.argmax-ties (lowest, highest or all)"),
    ('forms: {y_pred: scores}\nrules: {argmax-ties: every}\n',
     "rules.argmax-ties: 'every' is not one of lowest, highest, all"),
    ('forms: {y_pred: probability}\nrules: {threshold: above}\n',
     "rules.threshold: 'above' is not one of strict, inclusive"),
    ('forms: {y_score: scores}\n', "forms.y_score: unknown field (allowed: y_true, y_pred"),
    ('streaming: yes please\n', "streaming: must be boolean"),
])
def test_bad_declarations_are_one_line_errors(tmp_path, capsys, extra, message):
    port = kit.make_port(tmp_path, "honest.py", extra=extra, corpus=corpus_dir())
    code = main(["verify", str(port), "--corpus", str(corpus_dir()), "--no-progress"])
    err = capsys.readouterr().err
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and message in lines[0] and lines[0].startswith(str(port / "port.yaml")), err


# ------------------------------------------------------------------ input forms


def ties(rule_forms: Declared) -> set[str]:
    out = set()
    for c in corpus():
        try:
            if transform(c.id, c.metric, c.raw["inputs"], c.raw["params"], rule_forms).ties:
                out.add(c.id)
        except Unexpressible:
            pass
    return out


FORMS = [
    ("{y_true: one-hot, y_pred: scores}", "{argmax-ties: lowest}", "argmax-ties=highest",
     Declared("one-hot", "scores", argmax_ties="lowest")),
    ("{y_true: float-ids, y_pred: scores-class-first}", "{argmax-ties: highest}", "argmax-ties=lowest",
     Declared("float-ids", "scores-class-first", argmax_ties="highest")),
    ("{y_pred: probability}", "{threshold: strict}", "threshold=inclusive",
     Declared(y_pred="probability", threshold="strict")),
]


@pytest.mark.parametrize("forms, rules, other, declared", FORMS)
def test_a_port_reading_its_forms_with_the_declared_rule_passes(tmp_path, capsys, monkeypatch, forms, rules, other,
                                                                 declared):
    spy = tmp_path / "spy.jsonl"
    monkeypatch.setenv("PARITY_SPY", str(spy))
    code, cases, _ = run(tmp_path, "forms_port.py", extra=f"forms: {forms}\nrules: {rules}\n")
    assert code == 0, capsys.readouterr().out
    sent = {m["id"]: m["form"] for m in map(json.loads, spy.read_text().splitlines())}
    assert sent["mean_squared_error/forms/untouched"] is None  # not a label metric: sent as stored
    assert all(f is not None for i, f in sent.items() if not i.startswith("mean_squared_error"))
    skipped = {i: c["detail"] for i, c in cases.items() if c["status"] == "skipped"}
    assert set(skipped) == set(cases) - set(sent)  # skipped by the harness, never sent
    for reason in skipped.values():
        assert reason.startswith(f"form ") and "cannot express this case" in reason
    if declared.y_true == "one-hot":
        assert "recall_score/forms/negative" in skipped and "f1_score/forms/empty" not in skipped
    if declared.y_pred == "probability":
        assert "f1_score/conv/absent/macro" in skipped  # multiclass
        assert cases["precision_score/forms/binary"]["form"]["threshold"] == 0.5
    assert ties(declared), "the corpus must give the form some ties"


@pytest.mark.parametrize("forms, rules, other, declared", FORMS)
def test_a_port_breaking_ties_the_other_way_fails_exactly_tie_cases(tmp_path, capsys, forms, rules, other, declared):
    code, cases, _ = run(tmp_path, "forms_port.py", other, extra=f"forms: {forms}\nrules: {rules}\n")
    failed = {i for i, c in cases.items() if c["status"] == "failed"}
    assert code == 1 and failed
    assert failed <= ties(declared)
    assert all(c["status"] in ("passed", "skipped") for i, c in cases.items() if i not in ties(declared))


def test_without_forms_nothing_is_transformed(tmp_path, capsys, monkeypatch):
    spy = tmp_path / "spy.jsonl"
    monkeypatch.setenv("PARITY_SPY", str(spy))
    code, cases, _ = run(tmp_path, "forms_port.py")
    assert code == 0
    assert all(json.loads(line)["form"] is None for line in spy.read_text().splitlines())


# ------------------------------------------------------------------ streaming


def test_a_streaming_port_gets_batches_and_is_judged_on_the_whole(tmp_path, capsys, monkeypatch):
    spy = tmp_path / "spy.jsonl"
    monkeypatch.setenv("PARITY_SPY", str(spy))
    code, cases, _ = run(tmp_path, "streaming_port.py", extra="streaming: true\n")
    assert code == 0, capsys.readouterr().out
    log = {m["id"]: m for m in map(json.loads, spy.read_text().splitlines())}
    for case_id, m in log.items():
        label_metric = not case_id.startswith("mean_squared_error")
        if label_metric and m["n"] >= 2:
            assert m["batches"] and all(0 < c < m["n"] for c in m["batches"]), m
            assert cases[case_id]["batches"] == m["batches"]
        else:
            assert m["batches"] is None
    # the same cuts in every run: seeded by the case id
    monkeypatch.setenv("PARITY_SPY", str(tmp_path / "again.jsonl"))
    run(tmp_path, "streaming_port.py", extra="streaming: true\n", name="again")
    again = {m["id"]: m["batches"] for m in map(json.loads, (tmp_path / "again.jsonl").read_text().splitlines())}
    assert again == {i: m["batches"] for i, m in log.items()}


def test_a_streaming_port_that_forgets_earlier_batches_fails(tmp_path, capsys):
    code, cases, _ = run(tmp_path, "streaming_port.py", "last-batch", extra="streaming: true\n")
    assert code == 1
    # measured on the small corpus: every multi-batch label case whose last batch alone gives another
    # value fails; the single-batch ones and those whose last batch happens to agree pass
    assert sorted(Counter(c["status"] for c in cases.values()).items()) == [("failed", 23), ("passed", 6)]


# ------------------------------------------------------------------ reports


def test_reports_show_conventions_apart_from_divergences(tmp_path, capsys):
    code, _, record = run(tmp_path, "conventional.py", "classes=declared",
                          extra='conventions: {"*": [classes=declared]}\nforms: {y_true: float-ids}\n')
    assert code == 0
    assert main(["report", str(record), "--out", str(tmp_path / "out"), "--corpus", str(corpus_dir())]) == 0
    table = (tmp_path / "out" / "fake" / "equivalence.md").read_text()
    assert "follows classes=declared" in table
    row = next(line for line in table.splitlines() if line.startswith("| `f1_score` |"))
    # mixed cases: the row says so with the counts (decision 0015), and names the convention
    assert "| partly: 8 same, 2 other convention | follows classes=declared |" in row
    assert "convention (classes=declared)" in row
    index = (tmp_path / "out" / "index.md").read_text()
    assert "`*: classes=declared`" in index and "`y_true: float-ids`" in index
    badge = json.loads((tmp_path / "out" / "fake" / "badge.json").read_text())
    assert badge["message"] == "100% agreement, conformant"  # a declared convention agrees (decision 0023)


def test_diff_counts_a_case_that_now_follows_a_convention_as_newly_passing(tmp_path, capsys):
    _, _, before = run(tmp_path, "conventional.py", "classes=declared", name="before")
    _, _, after = run(tmp_path, "conventional.py", "classes=declared", name="after",
                      extra='conventions: {"*": [classes=declared]}\n')
    capsys.readouterr()
    assert main(["diff", str(before), str(after), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert {e["id"] for e in result["newly_passing"]} == with_key("classes=declared")
    assert all(e["convention"] == "classes=declared" for e in result["newly_passing"])
    assert result["expected_changed"] == []


def test_a_results_file_is_judged_under_the_declared_conventions_too(tmp_path, capsys):
    results = tmp_path / "results.jsonl"
    lines = []
    for c in corpus():
        outcome = c.raw.get("conventions", {}).get("classes=declared", c.raw["expected"])
        lines.append(json.dumps({"id": c.id, **({"value": outcome["value"]} if "value" in outcome
                                                else {"error": {"type": "ValueError", "message": "m"}})}))
    results.write_text("\n".join(lines) + "\n")
    port = kit.make_port(tmp_path, "honest.py", extra='conventions: {"*": [classes=declared]}\n', corpus=corpus_dir())
    record = tmp_path / "offline.json"
    code = main(["verify", str(port), "--corpus", str(corpus_dir()), "--results", str(results), "--json", str(record),
                 "--no-progress"])
    assert code == 0, capsys.readouterr().out
    statuses = {c["id"]: c["status"] for c in read_record(record)["cases"]}
    assert {i for i, s in statuses.items() if s == "by-convention"} == with_key("classes=declared")


def test_records_and_run_messages_with_forms_batches_and_conventions_follow_their_schemas(tmp_path, capsys):
    from conformance.harness.manifest import load_manifest
    from conformance.harness.protocol import conforms, run_message, schema_errors
    from conformance.harness.verify import prepared

    extra = ('conventions: {"*": [classes=declared]}\nforms: {y_true: one-hot, y_pred: scores-class-first}\n'
             'rules: {argmax-ties: lowest}\nstreaming: true\n')
    code, _, record = run(tmp_path, "conventional.py", "classes=declared", extra=extra)
    events = read_record(record)["events"]
    assert any("convention" in e for e in events) and any("form" in e for e in events)
    assert any("batches" in e for e in events)
    for event in events:
        assert conforms("run-record", event), schema_errors("run-record", event)
    manifest = load_manifest(kit.make_port(tmp_path, "honest.py", extra=extra, name="m", corpus=corpus_dir()))
    skipped = []
    sent = list(prepared(manifest, enumerate(corpus().cases), lambda n, case, reason: skipped.append(reason)))
    assert skipped and len(sent) + len(skipped) == len(corpus().cases)
    for seq, case in sent:
        message = run_message(seq, case)
        assert conforms("run", message), schema_errors("run", message)


# ------------------------------------------------------------------ what the summary tells a porter


def test_failures_that_follow_a_convention_are_counted_and_a_declaration_suggested(tmp_path, capsys):
    code, cases, _ = run(tmp_path, "conventional.py", "classes=declared")
    out = capsys.readouterr().out
    failed = {i for i, c in cases.items() if c["status"] == "failed"}
    assert code == 1 and failed == with_key("classes=declared")
    assert all("classes=declared" in cases[i]["follows"] for i in failed)
    n = len(failed)
    assert f"{n} of {n} failures follow classes=declared: declare it in port.yaml" in out


def test_a_divergence_whose_cases_follow_a_convention_says_so(tmp_path, capsys):
    extra = ("divergences:\n  - id: absent-classes\n    kind: choice\n    selector: {ids: [" +
             ", ".join(f'"{i}"' for i in sorted(with_key("classes=declared"))) + "]}\n    note: n\n    link: l\n")
    code, cases, _ = run(tmp_path, "conventional.py", "classes=declared", extra=extra)
    out = capsys.readouterr().out
    n = len(with_key("classes=declared"))
    assert code == 0
    assert f"divergence absent-classes: matched {n}, differ {n}, passed 0, skipped 0\n" in out
    assert f"  {n} of its {n} declared cases follow classes=declared: declare the convention instead?" in out


def test_a_case_sent_in_another_form_records_the_inputs_as_sent_and_shows_them(tmp_path, capsys):
    forms, rules = "{y_true: one-hot, y_pred: scores}", "{argmax-ties: lowest}"
    code, cases, _ = run(tmp_path, "forms_port.py", "argmax-ties=highest", extra=f"forms: {forms}\nrules: {rules}\n")
    out = capsys.readouterr().out
    declared = Declared("one-hot", "scores", argmax_ties="lowest")
    by_id = {c.id: c for c in corpus()}
    failed = [i for i, c in cases.items() if c["status"] == "failed"]
    assert code == 1 and failed
    for case_id in failed:
        raw = by_id[case_id].raw
        sent = transform(case_id, raw["metric"], raw["inputs"], raw["params"], declared).inputs
        assert cases[case_id]["sent"] == sent  # with metric and params: the call, reproducible from the record
    first = failed[0]
    rows = cases[first]["sent"]["y_pred"]
    assert f"{first}: failed:" in out and f"y_pred=[{json.dumps(rows[0])}".replace('", "', ", ") in out.replace('", "', ", ")
    assert "sent" not in cases["mean_squared_error/forms/untouched"]  # sent as stored


# ------------------------------------------------------------------ conventions x forms (decision 0014)
#
# tests/planted_ports/scores_port.py takes one-hot targets and score matrices, as Keras's F1Score does,
# answers the five precision/recall/F functions, and reads them back in the way its arguments say
# (whatever port.yaml declares): TIES (lowest, highest, all: every tied maximum is predicted) and
# CLASSES (columns: the class axis's width, classes=declared; labels: the planted bug).

ONE = {"y_true": [0, 0, 0], "y_pred": [0, 0, 0]}  # one class: classes=declared's class set is {0}
ABSENT = {"y_true": [0, 0, 3, 1, 1], "y_pred": [0, 3, 3, 1, 0]}  # class 2 in neither


def _axis_cases() -> list[dict]:
    """Cases where the class axis matters: one class (under classes=declared a one-column axis),
    an absent class (the columns count it), and random multiclass cases."""
    cases = [
        make_case("f1_score/axis/one-class/none", "f1_score", ONE, {"average": None}),
        make_case("recall_score/axis/one-class/macro", "recall_score", ONE, {"average": "macro"}),
        make_case("precision_score/axis/one-class/weighted", "precision_score", ONE, {"average": "weighted"}),
        make_case("f1_score/axis/one-class/binary", "f1_score", ONE),  # binary: the convention does not apply
        make_case("f1_score/axis/one-class/labels-given", "f1_score", ONE, {"average": None, "labels": [0]}),
        make_case("accuracy_score/axis/one-class", "accuracy_score", ONE),  # no convention; the port skips it
        make_case("f1_score/axis/absent/macro", "f1_score", ABSENT, {"average": "macro"}),
        make_case("recall_score/axis/absent/none", "recall_score", ABSENT, {"average": None}),
        make_case("precision_score/axis/absent/weighted", "precision_score", ABSENT, {"average": "weighted"}),
    ]
    for i in range(4):
        rng = rng_for(f"axis/{i}")
        n = int(rng.integers(4, 12))
        inputs = {"y_true": rng.integers(0, 4, n).tolist(), "y_pred": rng.integers(0, 4, n).tolist()}
        for metric, average in (("f1_score", None), ("precision_score", "macro")):
            cases.append(make_case(f"{metric}/axis/random-{i}/{average}", metric, inputs, {"average": average}))
    return [with_conventions(c, TOLERANCE) for c in cases]


def _tie_cases() -> list[dict]:
    """Micro-averaged F1 on random multiclass labels, each with a right prediction: a tied column read
    as a second prediction adds a false positive or turns a miss into a hit, and either moves micro
    F1 when some prediction is right, so every case given a tie changes under the other reading.
    The last two cases predict only the last column (no tie under lowest: no higher column) and only
    the first (none under highest)."""
    cases = []
    for i in range(8):
        rng = rng_for(f"ties/{i}")
        n = int(rng.integers(4, 12))
        y_true = rng.integers(0, 4, n).tolist()
        y_pred = [y_true[0], *rng.integers(0, 4, n - 1).tolist()]
        cases.append(make_case(f"f1_score/ties/random-{i}/micro", "f1_score", {"y_true": y_true, "y_pred": y_pred},
                               {"average": "micro"}))
    cases.append(make_case("f1_score/ties/last-column-only/micro", "f1_score",
                           {"y_true": [3, 0, 3, 1], "y_pred": [3, 3, 3, 3]}, {"average": "micro"}))
    cases.append(make_case("f1_score/ties/first-column-only/micro", "f1_score",
                           {"y_true": [0, 1, 0, 3], "y_pred": [0, 0, 0, 0]}, {"average": "micro"}))
    return [with_conventions(c, TOLERANCE) for c in cases]


@cache
def axis_corpus():
    return load_corpus(kit.write_corpus(Path(tempfile.mkdtemp(prefix="parity-axis-")) / "corpus", _axis_cases()))


@cache
def tie_corpus():
    return load_corpus(kit.write_corpus(Path(tempfile.mkdtemp(prefix="parity-ties-")) / "corpus", _tie_cases()))


def scores_port(tmp_path, corpus, ties, classes, rule, name="scores"):
    """`parity verify` of scores_port.py TIES CLASSES, declaring one-hot / scores, rule, classes=declared."""
    declare = ("forms: {y_true: one-hot, y_pred: scores}\n"
               f"rules: {{argmax-ties: {rule}}}\nconventions: {{\"*\": [classes=declared]}}\n")
    port = make_scores_port(tmp_path, name, ties, classes, declare)
    record = tmp_path / f"{name}.json"
    code = main(["verify", str(port), "--corpus", str(corpus.root), "--json", str(record), "--no-progress",
                 "--timeout", "10"])
    return code, {c["id"]: c for c in read_record(record)["cases"]}


#: The cases of the axis corpus whose class set under classes=declared is one class: typed, and checked below.
ONE_CLASS = {"f1_score/axis/one-class/none", "recall_score/axis/one-class/macro",
             "precision_score/axis/one-class/weighted"}


def declared_changes(corpus) -> set[str]:
    """The precision/recall/F cases whose outcome classes=declared changes (the corpus's stored key)."""
    return {c.id for c in corpus if c.metric in conv.PRF and "classes=declared" in c.raw.get("conventions", {})}


def harness_skips(cases) -> dict[str, str]:
    return {i: c["detail"] for i, c in cases.items()
            if c["status"] == "skipped" and c["detail"].startswith("form ")}


def test_the_axis_corpus_has_what_the_tests_need():
    fixed = {c.id: conv.class_axis({"classes": "declared"}, c.metric, c.raw["inputs"], c.raw["params"])
             for c in axis_corpus()}
    assert {i for i, C in fixed.items() if C == 1} == ONE_CLASS
    assert fixed["f1_score/axis/one-class/binary"] is None and fixed["f1_score/axis/one-class/labels-given"] is None
    assert fixed["f1_score/axis/absent/macro"] == 4
    assert {"f1_score/axis/absent/macro", "recall_score/axis/absent/none"} <= declared_changes(axis_corpus())
    assert "precision_score/axis/absent/weighted" not in declared_changes(axis_corpus())  # weight 0: unchanged


def test_under_classes_declared_a_score_port_gets_the_conventions_classes_and_passes(tmp_path, capsys):
    code, cases = scores_port(tmp_path, axis_corpus(), "lowest", "columns", "lowest")
    assert code == 0, capsys.readouterr().out
    assert {i for i, c in cases.items() if c["status"] == "by-convention"} == declared_changes(axis_corpus())
    assert {i for i, c in cases.items() if c["status"] == "failed"} == set()
    # The one-class cases are skipped by the harness, saying why; every other case was sent.
    skipped = harness_skips(cases)
    assert set(skipped) == ONE_CLASS
    for reason in skipped.values():
        assert reason.startswith("form one-hot cannot express this case: under classes=declared its class set is "
                                 "the one class 0, and a class axis of one column reads as a single sigmoid")
    assert cases["accuracy_score/axis/one-class"]["status"] == "skipped"  # by the port: not its metric
    assert {i for i, c in cases.items() if c["status"] == "passed"} == (
        set(cases) - ONE_CLASS - declared_changes(axis_corpus()) - {"accuracy_score/axis/one-class"})
    # The class axis: the convention's classes where it applies, else at least two columns as before.
    for c in axis_corpus():
        if c.id in ONE_CLASS:
            assert "form" not in cases[c.id]
            continue
        C = conv.class_axis({"classes": "declared"}, c.metric, c.raw["inputs"], c.raw["params"])
        want = C if C is not None else max(class_count(c.raw["inputs"], c.raw["params"]), 2)
        assert cases[c.id]["form"]["classes"] == want, c.id
        assert all(len(row) == want for row in cases[c.id]["sent"]["y_pred"])
    assert cases["f1_score/axis/one-class/binary"]["form"]["classes"] == 2  # not under the convention: two columns


def test_two_columns_for_a_one_class_case_under_classes_declared_would_fail_it(tmp_path, capsys, monkeypatch):
    """The harness before decision 0014 (at least two columns, whatever the conventions): the port that
    reads its classes off the columns fails the one-class cases -- all but the weighted one, where the
    second column's class has no support and weighs 0 (the harness skips it all the same: it cannot
    know that two columns change nothing)."""
    monkeypatch.setattr(conv, "class_axis", lambda *args: None)
    code, cases = scores_port(tmp_path, axis_corpus(), "lowest", "columns", "lowest")
    assert code == 1
    assert {i for i, c in cases.items() if c["status"] == "failed"} == {"f1_score/axis/one-class/none",
                                                                        "recall_score/axis/one-class/macro"}
    assert cases["precision_score/axis/one-class/weighted"]["status"] == "passed"
    assert harness_skips(cases) == {}


def test_a_port_counting_its_classes_off_the_labels_fails_exactly_the_cases_the_convention_changes(tmp_path,
                                                                                                    capsys):
    """Planted: it declares classes=declared and takes scores, but counts the classes it read back."""
    code, cases = scores_port(tmp_path, axis_corpus(), "lowest", "labels", "lowest")
    assert code == 1
    assert {i for i, c in cases.items() if c["status"] == "failed"} == declared_changes(axis_corpus())
    assert all(cases[i]["convention"] == "classes=declared" for i in declared_changes(axis_corpus()))
    assert set(harness_skips(cases)) == ONE_CLASS


def tie_cases(corpus, rule) -> set[str]:
    """The cases the harness gives a tie for a port declaring ``rule`` (and classes=declared)."""
    declared = Declared("one-hot", "scores", argmax_ties=rule)
    return {c.id for c in corpus
            if transform(c.id, c.metric, c.raw["inputs"], c.raw["params"], declared, {"classes": "declared"}).ties}


@pytest.mark.parametrize("rule", ["lowest", "highest"])
def test_a_port_declaring_one_tied_maximum_but_counting_every_one_fails_exactly_the_tie_cases(tmp_path, capsys,
                                                                                              rule):
    """Planted: it declares lowest (or highest) and predicts every tied maximum, as Keras's F1Score does."""
    ties = tie_cases(tie_corpus(), rule)
    untied = {"lowest": "f1_score/ties/last-column-only/micro", "highest": "f1_score/ties/first-column-only/micro"}
    assert ties == {c.id for c in tie_corpus()} - {untied[rule]}
    code, cases = scores_port(tmp_path, tie_corpus(), "all", "columns", rule)
    assert code == 1
    assert {i for i, c in cases.items() if c["status"] == "failed"} == ties
    assert {i for i, c in cases.items() if c["status"] == "passed"} == {c.id for c in tie_corpus()} - ties


@pytest.mark.parametrize("corpus", [axis_corpus, tie_corpus], ids=["axis", "ties"])
@pytest.mark.parametrize("reads", ["all", "lowest"])
def test_a_port_declaring_all_is_sent_no_tie_and_passes(tmp_path, capsys, corpus, reads):
    """Declared all: no row has two maxima, so a port predicting every tied maximum passes -- and so does
    one taking the first maximum: on what the harness sends the rules agree (decision 0014)."""
    code, cases = scores_port(tmp_path, corpus(), reads, "columns", "all")
    assert code == 0, capsys.readouterr().out
    assert {i for i, c in cases.items() if c["status"] == "failed"} == set()
    sent = [c for c in cases.values() if "sent" in c]
    assert len(sent) == len(cases) - len(harness_skips(cases))
    for c in sent:
        assert c["form"]["rules"] == {"argmax-ties": "all"}
        assert all(sorted(row)[-1] > sorted(row)[-2] for row in c["sent"]["y_pred"]), c["id"]
    if corpus is axis_corpus:
        assert {i for i, c in cases.items() if c["status"] == "by-convention"} == declared_changes(axis_corpus())
        assert set(harness_skips(cases)) == ONE_CLASS
