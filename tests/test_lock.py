"""The lock file holds every package the suite imports, so a fresh machine gets the versions CI saw.

requirements/lock.txt (written by `nox -s lock`, installed by .ci/install) pins the suite's packages
and the libraries its ports judge at exact versions.  A module imported anywhere in the repository's
Python (the package, the generators, the tests, the benchmarks, the ports' adapters, noxfile.py) that
is neither the standard library nor the repository's own must come from a distribution the lock pins;
otherwise CI's green depends on what happened to be installed.
"""

from __future__ import annotations

import ast
import importlib.metadata
import os
import re
import sys
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
LOCK = REPO / "requirements" / "lock.txt"
PORTS_IN = REPO / "requirements" / "ports.in"
SKIP_DIRS = {"node_modules", ".nox", ".git", "build", ".venv", "__pycache__"}


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def locked(text: str) -> dict[str, str]:
    """{canonical name: version} of the lock's pins (``name==version`` lines)."""
    pins = (re.match(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==(\S+)", line) for line in text.splitlines())
    return {canonical(m[1]): m[2] for m in pins if m}


def python_files(root: Path):
    """The Python files under ``root``, sorted, never entering SKIP_DIRS (node_modules alone holds tens of
    thousands of files: walking into it and filtering after cost most of this test's time)."""
    found = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d not in SKIP_DIRS]
        found += [Path(folder, f) for f in files if f.endswith(".py")]
    return sorted(found)


def imported(path: Path) -> set[str]:
    """The top-level names of the absolute imports of one file."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name.partition(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.partition(".")[0])
    return names


def own_modules(root: Path) -> set[str]:
    """Names the repository itself provides: every module file and package folder in it."""
    files = list(python_files(root))
    folders = {p.name for p in root.iterdir() if p.is_dir()}  # `import tests.x` from the repository's root
    return {p.stem for p in files} | {p.parent.name for p in files if p.name == "__init__.py"} | folders


def unlocked(root: Path, pins: dict[str, str]) -> list[str]:
    """One line per third-party module imported under ``root`` that no pinned distribution provides."""
    own = own_modules(root)
    providers = importlib.metadata.packages_distributions()
    problems = []
    for path in python_files(root):
        for name in sorted(imported(path) - own - set(sys.stdlib_module_names) - {"__future__"}):
            dists = providers.get(name)
            where = path.relative_to(root)
            if not dists:
                problems.append(f"{where}: imports {name}, which no installed distribution provides")
            elif not any(canonical(d) in pins for d in dists):
                problems.append(f"{where}: imports {name} (from {', '.join(sorted(dists))}), not in "
                                f"requirements/lock.txt: add it to pyproject.toml or requirements/ports.in "
                                f"and run `nox -s lock`")
    return problems


def test_every_imported_package_is_in_the_lock():
    assert unlocked(REPO, locked(LOCK.read_text(encoding="utf-8"))) == []


def test_a_package_missing_from_the_lock_is_named_with_the_file_that_imports_it(tmp_path):
    (tmp_path / "tool.py").write_text("import yaml\nimport numpy.linalg\nfrom tool import x\nimport json\n")
    pins = locked(LOCK.read_text(encoding="utf-8"))
    assert unlocked(tmp_path, pins) == []
    del pins["pyyaml"]
    assert unlocked(tmp_path, pins) == [
        "tool.py: imports yaml (from PyYAML), not in requirements/lock.txt: add it to pyproject.toml or "
        "requirements/ports.in and run `nox -s lock`"]
    (tmp_path / "other.py").write_text("import surely_not_installed_anywhere\n")
    assert unlocked(tmp_path, pins)[0] == ("other.py: imports surely_not_installed_anywhere, which no installed "
                                           "distribution provides")


def test_every_declared_requirement_is_pinned_exactly_in_the_lock():
    """pyproject.toml's dependencies and extras, and requirements/ports.in, all resolved into the lock: a
    requirement added without `nox -s lock` fails here."""
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    requirements = list(project["dependencies"])
    for extra in project["optional-dependencies"].values():
        requirements += extra
    requirements += [line for line in PORTS_IN.read_text(encoding="utf-8").splitlines()
                     if line.strip() and not line.startswith("#")]
    names = {canonical(re.split(r"[\s=<>!~\[;]", r, maxsplit=1)[0]) for r in requirements} - {"metric-parity"}
    pins = locked(LOCK.read_text(encoding="utf-8"))
    assert sorted(names - set(pins)) == []
    for line in PORTS_IN.read_text(encoding="utf-8").splitlines():  # the ports' libraries: exactly as asked
        if "==" in line and not line.startswith("#"):
            name, version = line.split("==")
            assert pins[canonical(name)].split("+")[0] == version.strip(), line
