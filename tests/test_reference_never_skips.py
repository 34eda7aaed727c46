"""The reference never skips (issue 24): a corpus metric it lacks fails `parity verify ports/reference`.

Before, the reference adapter skipped any metric it did not know and the run still said
"conformant".  ports/reference/port.yaml now declares ``complete: true``: a skipped case fails the
run, and a note names each metric skipped.  The planted corpus is two small files: some
accuracy_score cases, and the same cases renamed to a metric the reference has no function for.
"""

from __future__ import annotations

import json

from conformance.encoding import dumps, loads
from port_runs import REPO, parity

PLANTED = "planted_without_reference"


def _planted_corpus(folder):
    import generators

    source = loads((REPO / "oracle" / "accuracy_score.json").read_text(encoding="utf-8"))
    kept = [c for c in source["cases"] if "error" not in c["tags"]][:5]
    planted = [{**c, "id": c["id"].replace("accuracy_score/", f"{PLANTED}/", 1), "metric": PLANTED} for c in kept]
    texts = {"accuracy_score.json": dumps({**source, "cases": kept}),
             f"{PLANTED}.json": dumps({**source, "description": "planted", "cases": planted})}
    texts["MANIFEST.json"] = dumps(generators.manifest_for(texts))
    for name, text in texts.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def test_a_metric_the_reference_lacks_fails_the_run_naming_it(tmp_path):
    corpus = _planted_corpus(tmp_path)
    run = parity("verify", str(REPO / "ports" / "reference"), "--corpus", str(corpus),
                 "--json", str(tmp_path / "run.json"))
    assert run.returncode == 1, run.stdout + run.stderr
    named = [line for line in run.stdout.splitlines() if PLANTED in line and "skipped 5 case(s)" in line]
    assert named, run.stdout
    assert "incomplete:" in run.stdout.splitlines()[-1]
    end = [json.loads(line) for line in (tmp_path / "run.json").read_text().splitlines()][-1]
    assert (end["exit_status"], end["totals"]["passed"], end["totals"]["skipped"]) == (1, 5, 5)


def test_the_same_corpus_without_the_planted_metric_passes(tmp_path):
    corpus = _planted_corpus(tmp_path)
    (corpus / f"{PLANTED}.json").unlink()
    import generators

    texts = {"accuracy_score.json": (corpus / "accuracy_score.json").read_text(encoding="utf-8")}
    (corpus / "MANIFEST.json").write_text(dumps(generators.manifest_for(texts)), encoding="utf-8")
    run = parity("verify", str(REPO / "ports" / "reference"), "--corpus", str(corpus))
    assert run.returncode == 0, run.stdout + run.stderr
