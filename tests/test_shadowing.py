"""Shadowed divergences: when a case matches more than one divergence, the first in port.yaml claims
it; the summary and the run record say which one claimed it and which were shadowed, and a
divergence every case of which another already claimed is flagged.

The port is tests/planted_ports/habits_port.py with mae-unweighted (mean_absolute_error drops
sample_weight), judged on mean_absolute_error only.
"""

from __future__ import annotations

import json

from fake_ports import kit
from planted_ports import PLANTED_DIR, reference_refusals

DIVERGENCES = """divergences:
  - id: mae-drops-weights
    kind: bug
    selector: {metrics: [mean_absolute_error]}
    note: sample_weight is ignored
    link: https://example.invalid/1
  - id: mae-weighted-grid
    kind: bug
    selector: {metrics: [mean_absolute_error], tags: [grid]}
    note: the same bug, declared again for the grid cases
    link: https://example.invalid/2
  - id: r2-unrelated
    kind: bug
    selector: {metrics: [r2_score]}
    note: matches nothing in this run
    link: https://example.invalid/3
"""


def test_a_shadowed_divergence_is_reported_in_the_summary_and_the_record(tmp_path):
    port = tmp_path / "shadow"
    port.mkdir()
    (port / "port.yaml").write_text(
        f'name: shadow\nlanguage: python\ncommand: ["{{python}}", "{PLANTED_DIR / "habits_port.py"}", '
        f'"mae-unweighted"]\n{reference_refusals()}\n{DIVERGENCES}', encoding="utf-8")
    record = tmp_path / "run.json"
    run = kit.parity("verify", str(port), "--no-progress", "--only", "mean_absolute_error", "--json", str(record))
    assert run.returncode == 0, run.stdout + run.stderr
    events = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()]
    declared = [e for e in events if e.get("event") == "case" and e["status"] == "declared"]
    assert declared and all(e["divergence"] == "mae-drops-weights" for e in declared)
    shadowed = [e for e in declared if "shadowed" in e]
    assert shadowed and all(e["shadowed"] == ["mae-weighted-grid"] and "grid" in e["tags"] for e in shadowed)
    assert all("grid" not in e["tags"] for e in declared if "shadowed" not in e)
    end = {d["id"]: d for d in events[-1]["divergences"]}
    assert end["mae-weighted-grid"]["only_shadowed"] and end["mae-weighted-grid"]["declared"] == 0
    assert end["mae-weighted-grid"]["shadowed"] == len(shadowed)
    assert end["mae-weighted-grid"]["shadowed_by"] == ["mae-drops-weights"]
    assert not end["mae-drops-weights"]["only_shadowed"] and end["mae-drops-weights"]["shadowed"] == 0
    assert not end["r2-unrelated"]["only_shadowed"] and end["r2-unrelated"]["unmatched"]
    assert (f"divergence mae-weighted-grid: matched {end['mae-weighted-grid']['matched']}, differ 0, passed "
            f"{end['mae-weighted-grid']['passed']}, skipped 0, shadowed {len(shadowed)} (claimed first by "
            "mae-drops-weights)  (shadowed: every case it would declare was claimed first by mae-drops-weights; "
            "remove it, or narrow that one)") in run.stdout
