"""A light install: lint, verify, report and diff run without scikit-learn or scipy.

scikit-learn (with scipy) is the extra "oracle" (pyproject.toml): only `parity generate` and
`parity fuzz` need it.  Each command here runs in a subprocess in which `import sklearn` and
`import scipy` raise ImportError: a `python -c` wrapper installs a sys.meta_path finder that
refuses them, and the same finder, as a sitecustomize module on PYTHONPATH, is installed in
every Python the command starts (the reference port's adapter runs as its own process).  The
finder also logs every import it refused, so a command that merely *tried* to import the
oracle is caught too, not only one that failed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parent.parent
REFERENCE = REPO / "ports" / "reference"

# Installed at start-up (sitecustomize) and by the wrapper itself; installs itself once.
BLOCKER = '''
import os, sys, traceback

class OracleBlocker:
    """A meta-path finder: scikit-learn and scipy are not installed, as far as imports can tell."""
    BLOCKED = ("sklearn", "scipy")

    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in self.BLOCKED:
            log = os.environ.get("PARITY_BLOCKED_LOG")
            if log:
                importer = next((f"{frame.filename}:{frame.lineno}" for frame in reversed(traceback.extract_stack())
                                 if "importlib" not in frame.filename and "sitecustomize" not in frame.filename),
                                "?")
                with open(log, "a", encoding="utf-8") as f:
                    f.write(f"{name} from {importer}\\n")
            raise ImportError(f"No module named {name!r} (blocked: a light install has no oracle)", name=name)
        return None

if not any(type(finder).__name__ == "OracleBlocker" for finder in sys.meta_path):
    sys.meta_path.insert(0, OracleBlocker())
'''

WRAPPER = BLOCKER + '''
from conformance.cli import main
sys.exit(main(sys.argv[1:]))
'''


@pytest.fixture(scope="module")
def light(tmp_path_factory):
    """run(*args) -> CompletedProcess of `parity ARGS` with the oracle blocked, and the log of refused imports."""
    root = tmp_path_factory.mktemp("light")
    (root / "blocker").mkdir()
    (root / "blocker" / "sitecustomize.py").write_text(BLOCKER, encoding="utf-8")
    log = root / "blocked.log"
    env = dict(os.environ, PARITY_BLOCKED_LOG=str(log),
               PYTHONPATH=os.pathsep.join(p for p in (str(root / "blocker"), os.environ.get("PYTHONPATH")) if p))

    def run(*args, timeout: float = 300) -> subprocess.CompletedProcess:
        log.write_text("")
        done = subprocess.run([sys.executable, "-c", WRAPPER, *map(str, args)], capture_output=True, text=True,
                              env=env, cwd=root, timeout=timeout)
        done.blocked = log.read_text()
        return done

    run.root = root
    run.env = env
    return run


def test_the_blocker_works_in_the_command_and_in_every_python_it_starts(light):
    probe = "import sys\ntry:\n    import sklearn.metrics\nexcept ImportError:\n    sys.exit(3)\n"
    assert subprocess.run([sys.executable, "-c", probe], env=light.env).returncode == 3  # a child (sitecustomize)
    alone = {**light.env, "PYTHONPATH": os.environ.get("PYTHONPATH", "")}
    assert subprocess.run([sys.executable, "-c", BLOCKER + probe], env=alone).returncode == 3  # the wrapper's hook


def test_lint_verify_report_and_diff_never_import_the_oracle(light):
    r = light("lint")
    assert r.returncode == 0 and r.stdout.endswith(": ok\n"), r.stderr
    assert r.blocked == ""

    record = light.root / "run.json"
    r = light("verify", REFERENCE, "--only", "f1_score/*", "--no-progress", "--json", record)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "failed 0" in r.stdout and "crashed 0" in r.stdout and "conformant: every case passed" in r.stdout
    assert r.blocked == ""  # neither the harness nor the reference port's adapter tried
    end = [json.loads(line) for line in record.read_text().splitlines()][-1]
    assert end["totals"]["passed"] == end["totals"]["cases"] > 100

    r = light("report", record, "--out", light.root / "reports")
    assert r.returncode == 0, r.stderr
    assert (light.root / "reports" / "reference" / "equivalence.md").is_file() and r.blocked == ""

    r = light("diff", record, record)
    assert r.returncode == 0 and r.stdout.startswith("same corpus:"), r.stderr
    assert r.blocked == ""


@pytest.mark.parametrize("args", [["generate", "--check"], ["generate", "--out", "elsewhere"],
                                  ["fuzz", str(REFERENCE), "--examples", "1"]])
def test_the_commands_that_need_the_oracle_say_how_to_get_it_in_one_line(light, args):
    r = light(*args)
    assert r.returncode == 2
    extra = "fuzz" if args[0] == "fuzz" else "oracle"  # the README names the fuzz extra for fuzzing
    assert r.stdout == "" and r.stderr == (f'parity {args[0]}: needs scikit-learn (the oracle): '
                                           f'pip install "metric-parity[{extra}]"\n')
    assert r.blocked.startswith("sklearn from ")
    assert not (light.root / "elsewhere").exists()


def test_fuzz_without_hypothesis_says_so_in_one_line_before_drawing_anything(tmp_path):
    """The oracle installed but not the fuzz extra: `parity fuzz` names the missing shrinker and the extra
    at once, with exit 2, instead of drawing for its whole budget and dying unwritten."""
    blocker = BLOCKER.replace('BLOCKED = ("sklearn", "scipy")', 'BLOCKED = ("hypothesis",)')
    findings = tmp_path / "findings.json"
    r = subprocess.run([sys.executable, "-c", blocker + WRAPPER.removeprefix(BLOCKER), "fuzz", str(REFERENCE),
                        "--time", "60", "--json", str(findings)], capture_output=True, text=True, timeout=120)
    assert (r.returncode, r.stdout) == (2, "")
    assert r.stderr == 'parity fuzz: needs Hypothesis (the shrinker): pip install "metric-parity[fuzz]"\n'
    assert not findings.exists()


def test_suggest_names_kinds_of_difference_and_says_why_in_a_light_install(light):
    """The wrong readings' models live with the generators, which import scikit-learn: without it,
    --suggest groups failures by the kind of difference and says so in one comment."""
    port = light.root / "unweighted"
    port.mkdir(exist_ok=True)
    habits = REPO / "tests" / "planted_ports" / "habits_port.py"
    (port / "port.yaml").write_text(f'name: unweighted\nlanguage: python\ncommand: ["{{python}}", "{habits}", '
                                    '"mae-unweighted"]\nrefusals: [ValueError]\n', encoding="utf-8")
    r = light("verify", port, "--only", "mean_absolute_error", "--no-progress", "--suggest")
    assert r.returncode == 1, r.stderr
    assert "# wrong readings are not named in a light install (" in r.stdout
    stub = yaml.safe_load(r.stdout)
    assert [d["id"] for d in stub["divergences"]] == ["mean-absolute-error-other-value"]
    assert stub["divergences"][0]["kind"] == "TODO"
