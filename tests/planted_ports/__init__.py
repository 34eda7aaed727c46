"""Ports with one planted bug each (planted.py, README.md), for the fuzzer's tests.

``make_planted_port(root, bug)`` writes a port folder whose port.yaml runs
``planted.py BUG`` with the interpreter running ``parity`` and declares the
reference port's refusals.  ``make_scores_port(root, name, ties, classes, declare)``
does the same for ``scores_port.py`` (a port taking score matrices, read back one
way or another), with ``declare`` (forms, rules, conventions) added to port.yaml.
"""

from __future__ import annotations

import re
from pathlib import Path

PLANTED_DIR = Path(__file__).resolve().parent
SCRIPT = PLANTED_DIR / "planted.py"
SCORES_SCRIPT = PLANTED_DIR / "scores_port.py"
REFERENCE_PORT_YAML = PLANTED_DIR.parent.parent / "ports" / "reference" / "port.yaml"

# The bugs planted.py knows, in README order (planted.BUGS holds their code).
BUGS = ("f1-of-means", "float32-accumulation", "macro-over-y-true", "ignored-sample-weight", "one-pass-r2",
        "order-dependent", "case-insensitive-classes", "drops-non-finite")


def reference_refusals() -> str:
    """The `refusals:` line of ports/reference/port.yaml, as written there."""
    text = REFERENCE_PORT_YAML.read_text(encoding="utf-8")
    found = re.search(r"^refusals:.*$", text, flags=re.M)
    if found is None:
        raise ValueError(f"{REFERENCE_PORT_YAML}: no refusals line")
    return found.group(0)


def make_planted_port(root: Path, bug: str) -> Path:
    """A port folder ``root/planted-<bug>`` running ``planted.py BUG``; returns the folder."""
    if bug not in BUGS:
        raise ValueError(f"unknown bug {bug!r}: one of {', '.join(BUGS)}")
    name = f"planted-{bug}"
    port = Path(root) / name
    port.mkdir(parents=True, exist_ok=True)
    argv = ["{python}", str(SCRIPT), bug]
    quoted = ", ".join(f'"{a}"' for a in argv)
    (port / "port.yaml").write_text(
        f"name: {name}\nlanguage: python\n"
        f"description: conformance.reference with one planted bug ({bug}; tests/planted_ports/README.md).\n"
        f"command: [{quoted}]\n{reference_refusals()}\n",
        encoding="utf-8",
    )
    return port


def make_scores_port(root: Path, name: str, ties: str, classes: str, declare: str) -> Path:
    """A port folder ``root/name`` running ``scores_port.py TIES CLASSES`` (how it really reads
    score rows and counts classes), with the reference's refusals and ``declare`` (port.yaml
    lines: forms, rules, conventions: what it says it does); returns the folder."""
    port = Path(root) / name
    port.mkdir(parents=True, exist_ok=True)
    quoted = ", ".join(f'"{a}"' for a in ["{python}", str(SCORES_SCRIPT), ties, classes])
    (port / "port.yaml").write_text(
        f"name: {name}\nlanguage: python\n"
        f"description: score matrices read with ties={ties}, classes={classes} (tests/planted_ports/README.md).\n"
        f"command: [{quoted}]\n{reference_refusals()}\n{declare}",
        encoding="utf-8",
    )
    return port


RELEASE_SCRIPT = PLANTED_DIR / "release_port.py"


def make_release_port(root: Path, release: str, error_types: set[str]) -> Path:
    """A port folder ``root/release-<release>`` running ``release_port.py RELEASE`` (a port that
    answers as that scikit-learn release where its outcome differs from the corpus's), refusing
    the reference's error types and ``error_types`` (the release's own); returns the folder."""
    name = f"release-{release}"
    port = Path(root) / name
    port.mkdir(parents=True, exist_ok=True)
    quoted = ", ".join(f'"{a}"' for a in ["{python}", str(RELEASE_SCRIPT), release])
    refusals = set(re.findall(r"\w+", reference_refusals().partition(":")[2])) | set(error_types)
    (port / "port.yaml").write_text(
        f"name: {name}\nlanguage: python\n"
        f"description: answers as scikit-learn {release} where it differs from the corpus (tests/planted_ports).\n"
        f"command: [{quoted}]\nrefusals: [{', '.join(sorted(refusals))}]\n",
        encoding="utf-8",
    )
    return port


CAMPAIGN_SCRIPT = PLANTED_DIR / "campaign_port.py"


def make_campaign_port(root: Path, name: str, mode: str, arg: str | None = None, extra: str = "") -> Path:
    """A port folder ``root/name`` running ``campaign_port.py MODE [ARG]`` (answers only some metrics,
    answers flakily, or hangs on one), with the reference's refusals and ``extra`` port.yaml lines."""
    port = Path(root) / name
    port.mkdir(parents=True, exist_ok=True)
    quoted = ", ".join(f'"{a}"' for a in ["{python}", str(CAMPAIGN_SCRIPT), mode] + ([arg] if arg else []))
    (port / "port.yaml").write_text(
        f"name: {name}\nlanguage: python\n"
        f"description: the reference port, {mode} {arg or ''} (tests/planted_ports/README.md).\n"
        f"command: [{quoted}]\n{reference_refusals()}\n{extra}",
        encoding="utf-8",
    )
    return port
