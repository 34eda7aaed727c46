"""ports/pytorch-classification: the PyTorch family of reference system 004 (metrics.py), run through `parity verify`.

The port really runs, once per module, on the whole bundled corpus: torch must be installed in the interpreter
running the tests, at the version port.yaml's setup pins (.ci/install installs it).  The test fails, it does not
skip or install, when it is missing.

What is asserted: `parity verify` exits 0 with these exact totals and no misbehaviour; every declared divergence
covers at least one case and only cases that differ; stripped of its conventions and divergences, the same port
fails (exit 1) on exactly the cases they covered; and the family's accumulators merge exactly.
"""

from __future__ import annotations

import functools
import importlib.util
import re
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
import yaml

from conformance.encoding import decode_numeric, loads, to_json
from conformance.harness.record import read_record
from conformance.harness.status import MISBEHAVIOUR
from port_runs import TOTALS, corpus_run

REPO = Path(__file__).resolve().parent.parent
PORT = REPO / "ports" / "pytorch-classification"

# The whole run per status, per divergence ((matched, declared)) and the cases passed under a convention per
# metric are golden figures (tests/__snapshots__/test_port_pytorch_classification.ambr): they follow from the corpus.
DIVERGENCE_IDS = {"empty-input-is-nan", "rank-count-ties-count-for-the-true-class", "cross-entropy-not-clipped",
                  "scores-not-checked", "columns-are-the-classes", "auprc-binned-scores"}


def _manifest() -> dict:
    return yaml.safe_load((PORT / "port.yaml").read_text())


def _verify(port: Path, record: Path, *extra: str) -> subprocess.CompletedProcess:
    argv = [sys.executable, "-m", "conformance.cli", "verify", str(port), "--json", str(record), "--no-progress", *extra]
    return subprocess.run(argv, cwd=REPO, capture_output=True, text=True, timeout=900)


@pytest.fixture(scope="module")
@corpus_run
def run(tmp_path_factory):
    record = tmp_path_factory.mktemp("pytorch-classification") / "run.json"
    proc = _verify(PORT, record)  # no --setup: nothing is installed here
    assert record.exists(), f"no run record (exit {proc.returncode}):\n{proc.stdout[-3000:]}{proc.stderr[-3000:]}"
    return proc, read_record(record)


def test_torch_is_importable_at_the_pinned_version():
    import torch

    pinned = next(re.fullmatch(r"torch==(\S+)", arg).group(1) for arg in _manifest()["setup"]
                  if re.fullmatch(r"torch==\S+", arg))
    assert torch.__version__.split("+")[0] == pinned


def test_verify_exits_0_with_exact_totals(run, golden):
    proc, rec = run
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    totals = rec["end"]["totals"]
    golden({k: totals[k] for k in TOTALS}, "totals")
    assert {status: totals[status] for status in MISBEHAVIOUR} == dict.fromkeys(MISBEHAVIOUR, 0)
    assert totals["restarts"] == 0
    implementation = rec["start"]["implementation"]
    assert (implementation["name"], implementation["language"]) == ("pytorch-classification", "python")
    assert rec["start"]["harness"]["protocol"] == 2
    conventions = Counter(c["metric"] for c in rec["cases"] if c["status"] == "by-convention")
    golden(dict(sorted(conventions.items())), "by convention")
    # label metrics arrived as score matrices, cut into batches (port.yaml: forms, streaming)
    streamed = [c for c in rec["cases"] if c.get("batches") and c["status"] != "skipped"]
    assert streamed and all(c["form"]["y_pred"] == "scores" for c in streamed)


def test_every_divergence_covers_cases_that_differ_and_no_other(run, golden):
    _, rec = run
    by_id = {d["id"]: d for d in rec["end"]["divergences"]}
    assert set(by_id) == DIVERGENCE_IDS
    golden({k: (d["matched"], d["declared"]) for k, d in sorted(by_id.items())})
    for d in by_id.values():
        assert d["declared"] >= 1 and d["passed"] == 0 and not d["wider"] and not d["stale"] and not d["unmatched"], d
    declared = Counter(c["divergence"] for c in rec["cases"] if c["status"] == "declared")
    assert declared == {k: d["declared"] for k, d in by_id.items()}
    # each note names a case its divergence declares (its smallest)
    ids = {c["id"] for c in rec["cases"] if c["status"] == "declared"}
    for d in _manifest()["divergences"]:
        assert any(case_id in " ".join(d["note"].split()) for case_id in ids), d["id"]


def _glob_escape(text: str) -> str:
    return re.sub(r"([*?\[])", r"[\1]", text)


def test_stripped_of_conventions_and_divergences_it_fails(run, tmp_path):
    """The same adapter and library, with port.yaml's conventions and divergences removed: every case they
    covered fails, and verify exits 1."""
    _, rec = run
    covered = {c["id"] for c in rec["cases"] if c["status"] in ("by-convention", "declared")}
    port = tmp_path / "stripped"
    port.mkdir()
    for name in ("adapter.py", "metrics.py"):
        shutil.copy(PORT / name, port / name)
    manifest = _manifest()
    del manifest["conventions"], manifest["divergences"]
    (port / "port.yaml").write_text(yaml.safe_dump(manifest, sort_keys=False))
    only = [arg for case_id in sorted(covered) for arg in ("--only", _glob_escape(case_id))]
    proc = _verify(port, tmp_path / "stripped.json", *only)
    assert proc.returncode == 1, proc.stdout[-3000:]
    stripped = read_record(tmp_path / "stripped.json")
    assert {c["id"] for c in stripped["cases"] if c["status"] == "failed"} == covered


@functools.cache
def _family():
    """ports/pytorch-classification/metrics.py, imported under a name of its own."""
    name = "pytorch_classification_metrics"
    spec = importlib.util.spec_from_file_location(name, PORT / "metrics.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # its dataclasses look their module up while being defined
    spec.loader.exec_module(module)
    return module


def test_two_halves_merged_equal_the_whole():
    """Every metric of the family, on two heads: the accumulator of the first half merged with that of the
    second holds the state of one pass over the whole, and computes the same; merge leaves both operands as
    they were."""
    import torch

    family = _family()
    generator = torch.Generator().manual_seed(14)
    sizes = [3, 5]
    n = 41
    out = torch.randn(n, sum(sizes), generator=generator, dtype=torch.float64)
    out[:, :3] = torch.softmax(out[:, :3], dim=-1)
    out[:, 3:] = torch.softmax(out[:, 3:], dim=-1)
    target = torch.stack([torch.randint(0, k, (n,), generator=generator) for k in sizes], dim=1).to(torch.float64)
    options = {"top_k_acc": {"k": 2}, "balanced_acc": {"adjusted": True}, "cross_entropy": {"from_logits": False},
               "ece": {"from_logits": False, "n_bins": 7}, "auprc": {"from_logits": False}}
    assert set(options) < set(family.MetricFactory.registry)
    for name in family.MetricFactory.registry:
        make = lambda: family.MetricFactory.create(name, sizes, **options.get(name, {}))  # noqa: E731
        whole = make().update(out, target)
        first, second = make().update(out[:17], target[:17]), make().update(out[17:], target[17:])
        before = [[s.clone() for s in m.state] for m in (first, second)]
        merged = first.merge(second)
        for a, b in zip(merged.state, whole.state):
            assert a.dtype == b.dtype and a.shape == b.shape, name
            assert torch.equal(a, b) if not a.is_floating_point() else torch.allclose(a, b, rtol=1e-12, atol=1e-12), name
        for m, saved in zip((first, second), before):
            assert all(torch.equal(s, t) for s, t in zip(m.state, saved)), name
        for a, b in zip(merged.compute(), whole.compute()):
            assert torch.allclose(a, b, rtol=1e-12, atol=0, equal_nan=True), name
    # the confusion matrix itself: counts of [true, predicted] per head, whatever the cut
    first, second = family.ConfusionMetric(sizes).update(out[:5], target[:5]), family.ConfusionMetric(sizes)
    merged = first.merge(second.update(out[5:], target[5:]))
    for head, (m, k, start) in enumerate(zip(merged.confusion, sizes, (0, 3))):
        predicted = out[:, start:start + k].argmax(dim=-1)
        expected = torch.zeros(k, k, dtype=torch.int64)
        for t, p in zip(target[:, head].long().tolist(), predicted.tolist()):
            expected[t, p] += 1
        assert torch.equal(m, expected)


def test_cross_entropy_from_logits_is_log_loss_on_the_softmax():
    """The family's default reads logits; the corpus judges probabilities (from_logits=False). Both readings
    agree on the softmax of the logits."""
    import torch

    family = _family()
    logits = torch.tensor([[2.0, 1.0, -1.0], [0.1, 0.5, 0.1], [-3.0, 0.0, 3.0]], dtype=torch.float64)
    target = torch.tensor([[0.0], [1.0], [2.0]], dtype=torch.float64)
    from_logits = family.MetricFactory.create("cross_entropy", [3]).update(logits, target).compute()[0]
    softmax = torch.softmax(logits, dim=-1)
    from_probabilities = family.MetricFactory.create("cross_entropy", [3], from_logits=False).update(
        softmax, target).compute()[0]
    expected = -torch.log(softmax[torch.arange(3), target[:, 0].long()]).mean()
    assert torch.allclose(from_logits, from_probabilities, rtol=1e-12, atol=0)
    assert torch.allclose(from_logits, expected.reshape(1), rtol=1e-12, atol=0)


# The cases of the validation sweep without weights (decision 0044) that port.yaml declares, with the family's
# metric each one reaches: an empty call (empty-input-is-nan) and a binary y_true with two score columns
# (columns-are-the-classes).
SWEEP_DECLARED = {
    "accuracy_score/validation/unweighted/empty": ("top_k_acc", {"k": 1}),
    "balanced_accuracy_score/validation/unweighted/empty": ("balanced_acc", {}),
    "cohen_kappa_score/validation/unweighted/empty": ("cohen_kappa", {}),
    "confusion_matrix/validation/unweighted/empty": ("confusion", {}),
    "average_precision_score/validation/unweighted/y_score/ndim-2": ("auprc", {"from_logits": False}),
    "top_k_accuracy_score/validation/unweighted/y_score/ndim-2": ("top_k_acc", {"k": 1}),
}


def test_the_family_itself_answers_the_declared_sweep_cases(run):
    """Direct calls of metrics.py (no adapter, no harness) on the stored inputs of each declared case of the
    unweighted sweep: the family answers where scikit-learn raises, and its answer is the one the run
    recorded.  An accumulator that saw nothing computes NaN (a confusion matrix of zeros over the columns the
    harness sent); a binary y_true against two score columns is two classes, one per column."""
    import torch

    family = _family()
    _, rec = run
    cases = {c["id"]: c for c in rec["cases"]}
    for case_id, (name, options) in SWEEP_DECLARED.items():
        metric = case_id.split("/")[0]
        stored = {c["id"]: c for c in loads((REPO / "oracle" / f"{metric}.json").read_text(encoding="utf-8"))["cases"]}
        inputs, case = stored[case_id]["inputs"], cases[case_id]
        assert "error" in stored[case_id]["expected"] and case["status"] == "declared", case_id
        if case_id.endswith("/empty"):
            assert all(v == [] for v in inputs.values()), case_id
            k = case["form"]["classes"] if "form" in case else 1  # kappa's one-hot of no class has one column
            if name == "confusion":
                answer = family.ConfusionMetric([k]).confusion[0].tolist()
            else:
                answer = family.MetricFactory.create(name, [k], **options).compute()[0].item()
        else:
            out = torch.tensor(decode_numeric(inputs["y_score"]), dtype=torch.float64)
            target = torch.tensor(decode_numeric(inputs["y_true"]), dtype=torch.float64).reshape(-1, 1)
            options = {**options, "k": stored[case_id]["params"]["k"]} if "k" in options else options
            answer = family.MetricFactory.create(name, [out.shape[1]], **options).update(out, target).compute()[0].item()
        assert to_json(answer) == case["actual"]["value"], case_id
