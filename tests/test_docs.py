"""Docs that cannot go stale (issue 13).

The rule: a number in prose (a case count, a rate, a version) is written by the code that
measures it, or is not written; every case id a page cites exists; every link stays in the
repository or goes to a public web page.  The checks:

* **Cited case ids.**  A case id is recognised as ``<metric>/<path>`` where ``<metric>`` is
  one of the bundled corpus's metrics and the token is not part of a longer path (so
  ``docs/spec/f1_score.md`` is not one): in backticks, in a JSON example (``"id": "…"``) or
  bare.  A token with ``*`` or ``?`` is a glob (a port.yaml ``ids:`` selector) and must match
  at least one case; a token ending in ``/`` is a prefix and must start at least one id.
  Scanned: README.md, docs/**, ports/** (Markdown; port.yaml is not scanned), oracle/*.md
  and reports/*.md.  Not scanned: reports/published (generated from run records) and the
  tests' own golden files.  docs/decisions is scanned: a record that cites an id on purpose
  although it is not a case (a rejected id scheme) says so in ``NOT_CASES`` below.
* **Links.**  Every link of every Markdown file of the repository (reports/published
  included: its links are fine) is an http(s) URL of a public host, or a relative path that
  resolves to a file or folder inside the repository, with its ``#anchor`` a heading of the
  target page.  Absolute paths, other schemes and paths that climb out of the repository
  (``../shared/…``) fail.
* **The seed systems' originals** live outside the repository; no file may point there.
* **Figures.**  Every version number (``X.Y.Z``) written in README.md, docs/ (outside the
  decision records, which keep the versions of their day) and the port READMEs is one the code
  knows: read from oracle/MANIFEST.json, the releases of oracle/provenance.jsonl, pyproject.toml,
  a port's pins or a published run record.  Counts of cases and percentages are not written there by hand.  Sections between
  ``<!-- name:start -->`` and ``<!-- name:end -->`` are written by a script (benchmarks/ or
  docs/examples/) and skipped by these two checks; a test checks that the script exists
  and writes that section.
* **docs/format.md's examples** are the bundled corpus's own case and manifest.
"""

from __future__ import annotations

import fnmatch
import json
import os
import re
import tomllib
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from conformance.spec_sections import heading_anchors as spec_heading_anchors

REPO = Path(__file__).resolve().parent.parent

# Folders that are not the repository's content: version control, tool caches, virtualenvs,
# build output and third-party packages.
NOT_CONTENT = {".git", ".nox", ".tox", ".venv", "venv", "__pycache__", ".pytest_cache", ".hypothesis",
               ".mypy_cache", ".ruff_cache", ".benchmarks"}
THIRD_PARTY = {"node_modules", "build"}

# The distinct case ids (and globs and prefixes) cited in the scanned pages.  Pinned so that a
# recogniser that silently matches nothing, or a page that loses its citations, fails here:
# when you add or remove a citation, update the number.
CITED_IDS = 791  # the spec pages' checked examples, docs/changes.md (each change backed by its smallest case), ports/weka, the glossary and the rest

# Tokens that look like case ids and are cited on purpose although no case has them.
NOT_CASES = {
    ("docs/decisions/0002-case-ids.md", "f1_score/3fa2c9"): "the content-hash id scheme the record rejects",
    ("docs/run-record.md", "roc_auc_score/x"): "the results-problem event's example: an id that is not in "
                                               "the corpus is what that event reports",
}

# Figures that are not hand-written measurements: constants of the harness, the parameters of a
# documented input, example messages, figures another test checks.  (page, a regular expression
# the whole figure matches) → why it may stay.
NOT_MEASURED = {
    ("docs/ports.md", r"20 cases"): "the summary's fixed limit of listed cases",
    ("docs/ports.md", r"90%"): "the harness's fixed give-up threshold",
    ("docs/fuzzing.md", r"5%"): "the default --oracle-sample, and the floor of a template's draw weight",
    ("docs/fuzzing.md", r"10%"): "the default --relation-sample",
    ("docs/fuzzing.md", r"80%"): "the judged share tests/test_fuzz_campaign.py asserts",
    ("docs/ports.md", r"46 declared cases"): "an example of a note parity verify prints",
    ("docs/run-record.md", r"1 case\(s\)"): "an example verdict line",
    ("docs/reports.md", r"100%"): "how rounding down reads, not a measurement",
    ("docs/reports.md", r"0%"): "how rounding up reads, not a measurement",
    ("docs/reports.md", r"55%|94%|declared 126"): "the example badge (decision 0023's tfjs), which "
                                                  "test_report_model renders from its counts",
    ("docs/streaming.md", r"70%"): "how the example's input is drawn",
    ("docs/spec/mean_absolute_percentage_error.md", r"50 %"): "0.5 read as a percentage",
    ("README.md", r"[\d,]+ JSON cases"): "tests/test_corpus_loader.py checks it against the corpus",
    ("docs/coverage.md", r"[\d,]+ cases"): "written by generators/coverage.py; tests/test_coverage.py checks it fresh",
    ("docs/format.md", r'"cases": \d+'): "the manifest example: test_the_format_page_shows_the_bundled_manifest "
                                         "checks it against oracle/MANIFEST.json",
    ("docs/run-record.md", r'"(?:cases|selected)": \d+'): "the example record: "
                                                           "test_the_run_record_example_is_the_bundled_corpus checks it",
}

# Version numbers in examples of messages a hypothetical port sends (docs/protocol.md).
EXAMPLE_VERSIONS = {
    ("docs/protocol.md", "1.4.0"): "the start reply of an example torchmetrics port",
    ("docs/protocol.md", "2.1.0"): "the results-file header of an example library",
}


def not_measured(page: str, figure: str) -> bool:
    return any(p == page and re.fullmatch(rx, figure) for (p, rx) in NOT_MEASURED)


# --- reading the tree ----------------------------------------------------------------------------

def repo_files(root: Path, *, suffix: str | None = None, third_party: bool = False):
    """Every file of the repository under ``root`` (caches and version control left out)."""
    skip = NOT_CONTENT | (set() if third_party else THIRD_PARTY)
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d not in skip)
        for name in sorted(files):
            if suffix is None or name.endswith(suffix):
                yield Path(folder) / name


def rel(path: Path, root: Path = REPO) -> str:
    return path.relative_to(root).as_posix()


def id_pages(root: Path = REPO) -> list[Path]:
    """The pages whose case-id citations are checked."""
    pages = [root / "README.md"]
    for top in ("docs", "ports"):
        pages += repo_files(root / top, suffix=".md")
    pages += sorted((root / "oracle").glob("*.md")) + sorted((root / "reports").glob("*.md"))
    return [p for p in pages if p.is_file()]


def figure_pages(root: Path = REPO) -> list[Path]:
    """The pages whose figures are checked: README.md, docs/ without the decision records, the port
    READMEs.  (oracle/CHANGELOG.md records each corpus version's figures as they were.)"""
    pages = [p for p in repo_files(root / "docs", suffix=".md") if "decisions" not in p.relative_to(root).parts]
    return [root / "README.md"] + pages + sorted((root / "ports").glob("*/README.md"))


FENCE = re.compile(r"^\s{0,3}(```|~~~)")
SECTION = re.compile(r"<!--\s*([\w.-]+):\s*start\s*-->.*?<!--\s*\1:\s*end\s*-->", re.S)


def without_code(text: str) -> str:
    """The text with fenced blocks and code spans blanked (links inside code are not links)."""
    out, fenced = [], False
    for line in text.splitlines():
        if FENCE.match(line):
            fenced = not fenced
            out.append("")
            continue
        out.append("" if fenced else re.sub(r"(`+)(.+?)\1", "", line))
    return "\n".join(out)


def without_written_sections(text: str) -> str:
    return SECTION.sub("", text)


# --- case ids ------------------------------------------------------------------------------------

def id_pattern(metrics) -> re.Pattern:
    names = "|".join(sorted(map(re.escape, metrics), key=len, reverse=True))
    return re.compile(r"(?<![\w/.\-])(?:" + names + r")/[A-Za-z0-9_.,=+\-/*?]+")


def cited_ids(text: str, metrics) -> list[str]:
    """The case ids (globs, prefixes) a page cites, in order, without trailing punctuation."""
    return [m.group(0).rstrip(".,:;") for m in id_pattern(metrics).finditer(text)]


def unknown_ids(text: str, ids: set[str], metrics) -> list[str]:
    """The cited ids, globs and prefixes that no case of ``ids`` answers."""
    bad = []
    for token in dict.fromkeys(cited_ids(text, metrics)):
        if any(ch in token for ch in "*?"):
            ok = any(fnmatch.fnmatchcase(i, token) for i in ids)
        elif token.endswith("/"):
            ok = any(i.startswith(token) for i in ids)
        else:
            ok = token in ids
        if not ok:
            bad.append(token)
    return bad


# --- links ---------------------------------------------------------------------------------------

INLINE_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]*)>?(?:\s+[\"'][^\"']*[\"'])?\s*\)")
REFERENCE_DEF = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)", re.M)
AUTOLINK = re.compile(r"<([a-zA-Z][a-zA-Z0-9+.-]*:[^>\s]+)>")
HTML_LINK = re.compile(r"""\b(?:href|src)\s*=\s*["']([^"']+)["']""")
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")
PRIVATE_HOST = r"^(?:127\.|0\.|10\.|192\.168\.)"


def links(text: str) -> list[str]:
    prose = without_code(text)
    found = []
    for pattern in (INLINE_LINK, REFERENCE_DEF, AUTOLINK, HTML_LINK):
        found += [m.group(1) for m in pattern.finditer(prose)]
    return found


def heading_anchors(text: str) -> set[str]:
    """GitHub's anchors for a page: one per heading (conformance.spec_sections, which the corpus's
    spec sections are written with), and explicit ``<a id>``/``<a name>`` anchors."""
    anchors = set(spec_heading_anchors(text))
    anchors.update(re.findall(r"""<a\s+(?:id|name)\s*=\s*["']([^"']+)["']""", text))
    return anchors


def link_problems(text: str, source: Path, root: Path) -> list[str]:
    """Why each link of ``text`` (a page at ``source``) does not stay in the repository at
    ``root``; an http(s) link to a public host is fine."""
    problems = []
    for target in links(text):
        if SCHEME.match(target) or target.startswith("//"):
            parts = urlsplit(target if not target.startswith("//") else "https:" + target)
            host = (parts.hostname or "").lower()
            if parts.scheme not in ("http", "https") or target.startswith("//"):
                problems.append(f"{target}: leaves the repository ({parts.scheme or 'protocol-relative'} link)")
            elif host in ("", "localhost") or host.endswith(".local") or re.match(PRIVATE_HOST, host):
                problems.append(f"{target}: not a public web page")
            continue
        path, _, anchor = target.partition("#")
        path = unquote(path)
        if path.startswith("/"):
            problems.append(f"{target}: an absolute path, outside the repository for every reader")
            continue
        dest = (source.parent / path).resolve() if path else source.resolve()
        try:
            inside = dest.relative_to(root.resolve())
        except ValueError:
            problems.append(f"{target}: climbs out of the repository")
            continue
        if inside.parts[:1] == (".git",):
            problems.append(f"{target}: points into .git")
        elif not dest.exists():
            problems.append(f"{target}: no such file in the repository")
        elif anchor and dest.is_file() and dest.suffix == ".md":
            if unquote(anchor) not in heading_anchors(dest.read_text(encoding="utf-8")):
                problems.append(f"{target}: {rel(dest, root.resolve())} has no heading #{anchor}")
    return problems


# --- figures -------------------------------------------------------------------------------------

VERSION = re.compile(r"(?<![\w.])\d+\.\d+\.\d+(?![\w.]*\d)")
_WS = r"(?:[ \t]+\n?[ \t]*|\n[ \t]*)"  # a space, or a line break inside a paragraph
# "N cases", "N case(s)", and with one word between: a backticked tag or a qualifier ("N declared cases").
_BETWEEN = r"(?:`[^`\n]+`|more|other|distinct|declared|skipped|failing|passing|judged|JSON|new)"
COUNT = re.compile(r"(?<![\w.,])(?:\d{1,3}(?:,\d{3})+|\d+)" + _WS + r"(?:" + _BETWEEN + _WS + r")?(?:case\(s\)|cases?\b)"
                   r"|\b(?:passed|failed|skipped|declared|convention)" + _WS + r"\d+"
                   r"|\"(?:cases|selected)\":\s*\d+"
                   r"|(?<![\w.])\d+(?:\.\d+)?\s?%")


def written_figures(text: str) -> tuple[list[str], list[str]]:
    """(version numbers, counts and percentages) written by hand in a page."""
    text = without_written_sections(text)
    return VERSION.findall(text), [m.group(0) for m in COUNT.finditer(text)]


def run_header(path: Path) -> dict:
    with path.open(encoding="utf-8") as f:
        return json.loads(f.readline())


def known_versions(root: Path = REPO) -> dict[str, str]:
    """Every version the code knows, with where it is read from."""
    manifest = json.loads((root / "oracle" / "MANIFEST.json").read_text(encoding="utf-8"))
    known = {manifest["corpus_version"]: "oracle/MANIFEST.json corpus_version",
             manifest["oracle"]["version"]: "oracle/MANIFEST.json oracle"}
    known.update({v: f"oracle/MANIFEST.json generated_with.{k}" for k, v in manifest["generated_with"].items()})
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    known[project["version"]] = "pyproject.toml version (the harness's)"
    for manifest_path in sorted((root / "ports").glob("*/port.yaml")):  # each port's pinned installs
        setup = manifest_path.read_text(encoding="utf-8")
        known.update({v: f"{manifest_path.relative_to(root)} setup ({name})"
                      for name, v in re.findall(r"\b([A-Za-z][\w.-]*)==([\d.]+)\b", setup)})
    package = json.loads((root / "ports" / "mljs" / "package.json").read_text(encoding="utf-8"))
    known.update({v.lstrip("^~="): f"ports/mljs/package.json ({name})" for name, v in package["dependencies"].items()})
    provenance = root / "oracle" / "provenance.jsonl"
    if provenance.exists():
        known.update({v: "oracle/provenance.jsonl releases" for v in run_header(provenance)["releases"]})
    mutation = root / "generators" / "mutation" / "results.json"  # the corpus the mutants were last judged on
    if mutation.exists() and json.loads(mutation.read_text(encoding="utf-8")).get("corpus"):
        known.setdefault(json.loads(mutation.read_text(encoding="utf-8"))["corpus"], "generators/mutation/results.json corpus")
    kotlin = root / "reports" / "published" / "runs" / "kotlin.json"
    if kotlin.exists():
        known[run_header(kotlin)["implementation"]["language_version"]] = (
            "reports/published/runs/kotlin.json (kotlinc)")
    return known


# --- the tests -----------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def case_ids(corpus) -> set[str]:
    return {case.id for case in corpus}


@pytest.fixture(scope="module")
def metrics(corpus) -> set[str]:
    return {case.metric for case in corpus}


def test_every_cited_case_id_is_in_the_corpus(case_ids, metrics):
    bad, cited = [], set()
    for page in id_pages():
        name = rel(page)
        text = page.read_text(encoding="utf-8")
        cited.update(cited_ids(text, metrics))
        bad += [f"{name}: {token}" for token in unknown_ids(text, case_ids, metrics)
                if (name, token) not in NOT_CASES]
    assert bad == [], "case ids cited but not in the bundled corpus:\n" + "\n".join(bad)
    assert len(cited) == CITED_IDS, f"{len(cited)} distinct ids cited, {CITED_IDS} expected (update CITED_IDS)"


def test_the_recogniser_finds_the_ids_a_page_cites(metrics):
    # Beside the pinned count: the ids of a known passage, in backticks and in a JSON example.
    spec = (REPO / "docs" / "spec" / "f1_score.md").read_text(encoding="utf-8")
    assert {"f1_score/zero-division/binary-no-positive-anywhere/zero_division=nan",
            "f1_score/errors/empty"} <= set(cited_ids(spec, metrics))
    protocol = (REPO / "docs" / "protocol.md").read_text(encoding="utf-8")
    assert {"f1_score/worked-example/kotlin-fixture/average=macro", "roc_auc_score/ties/half-credit"} <= \
        set(cited_ids(protocol, metrics))


def test_allowances_are_still_needed(case_ids, metrics):
    for (name, token) in NOT_CASES:
        text = (REPO / name).read_text(encoding="utf-8")
        assert token in unknown_ids(text, case_ids, metrics), f"{name} no longer cites {token}: drop its entry"
    for (name, figure) in EXAMPLE_VERSIONS:
        versions, counts = written_figures((REPO / name).read_text(encoding="utf-8"))
        assert figure in versions + counts, f"{name} no longer writes {figure!r}: drop its entry"
    for (name, rx) in NOT_MEASURED:
        _, counts = written_figures((REPO / name).read_text(encoding="utf-8"))
        assert any(re.fullmatch(rx, c) for c in counts), f"{name} no longer writes {rx!r}: drop its entry"


# Markdown that is not the repository's pages: the golden files are the report renderer's expected
# output, whose links resolve where the tests render them; reports/published is generated by
# `parity report` (its links are the renderer's to get right, and are checked there).
NOT_PAGES = ("tests/golden/", "reports/published/")


def test_every_link_stays_in_the_repository():
    bad = []
    for page in repo_files(REPO, suffix=".md"):
        if rel(page).startswith(NOT_PAGES):
            continue
        bad += [f"{rel(page)}: {problem}" for problem in
                link_problems(page.read_text(encoding="utf-8"), page, REPO)]
    assert bad == [], "links that leave the repository or lead nowhere:\n" + "\n".join(bad)


def test_nothing_points_at_the_seed_systems_originals():
    needle = ("shared" + "/" + "reference").encode()  # spelled apart so this file is not a hit
    hits = [rel(path) for path in repo_files(REPO, third_party=True) if needle in path.read_bytes()]
    assert hits == [], "files naming the originals outside the repository (describe them in " \
                       "docs/reference-systems.md instead):\n" + "\n".join(hits)


def test_versions_in_docs_are_the_ones_the_code_knows():
    known = known_versions()
    bad = []
    for page in figure_pages():
        name = rel(page)
        versions, _ = written_figures(page.read_text(encoding="utf-8"))
        bad += [f"{name}: {v}" for v in versions if v not in known
                and (name, v) not in EXAMPLE_VERSIONS]
    assert bad == [], ("version numbers no code reads (" + ", ".join(f"{v} from {k}" for v, k in known.items())
                       + "):\n" + "\n".join(bad))


def test_no_counts_or_rates_written_by_hand():
    bad = []
    for page in figure_pages():
        name = rel(page)
        _, counts = written_figures(page.read_text(encoding="utf-8"))
        bad += [f"{name}: {c!r}" for c in counts if not not_measured(name, c)]
    assert bad == [], ("counts and rates written by hand (remove them, point to `parity verify`, the run "
                       "record or reports/published/, or have a script write them):\n" + "\n".join(bad))


def test_written_sections_are_written_by_their_script():
    for page in repo_files(REPO / "docs", suffix=".md"):
        text = page.read_text(encoding="utf-8")
        for m in re.finditer(r"<!--\s*([\w.-]+):\s*start\s*-->", text):
            name = m.group(1)
            scripts = [p for p in (REPO / "benchmarks" / f"{name}.py", REPO / "docs" / "examples" / f"{name}.py")
                       if p.exists()]
            assert scripts, f"{rel(page)}: section {name!r} is written by no script"
            assert m.group(0) in scripts[0].read_text(encoding="utf-8"), \
                f"{rel(scripts[0])} does not write {m.group(0)!r}"
            assert SECTION.search(text[m.start():]), f"{rel(page)}: section {name!r} has no end marker"


def test_the_benchmark_sections_count_todays_corpus(corpus):
    # performance.md's protocol section says how many cases the corpus has; it is written by
    # benchmarks/bench_protocol.py, which must be re-run when the corpus changes.
    text = (REPO / "docs" / "performance.md").read_text(encoding="utf-8")
    section = SECTION.search(text[text.index("<!-- bench_protocol:start -->"):]).group(0)
    assert f"The bundled corpus ({len(corpus):,} cases)" in section, \
        "docs/performance.md's protocol section is stale: run python benchmarks/bench_protocol.py"


def json_block_after(text: str, heading: str) -> dict:
    after = text.split(heading, 1)[1]
    return json.loads(after.split("```json", 1)[1].split("```", 1)[0])


def test_the_format_page_shows_a_real_case():
    text = (REPO / "docs" / "format.md").read_text(encoding="utf-8")
    shown = json_block_after(text, "## A case file")
    real = json.loads((REPO / "oracle" / "f1_score.json").read_text(encoding="utf-8"))
    assert {k: shown[k] for k in ("format", "description", "oracle")} == \
           {k: real[k] for k in ("format", "description", "oracle")}
    (case,) = shown["cases"]
    assert case == next(c for c in real["cases"] if c["id"] == case["id"])


def test_the_format_page_shows_the_bundled_manifest():
    text = (REPO / "docs" / "format.md").read_text(encoding="utf-8")
    shown = json_block_after(text, "## MANIFEST.json")
    real = json.loads((REPO / "oracle" / "MANIFEST.json").read_text(encoding="utf-8"))
    assert {k: v for k, v in shown.items() if k != "files"} == {k: v for k, v in real.items() if k != "files"}
    for name, entry in shown["files"].items():
        assert entry["cases"] == real["files"][name]["cases"], \
            f"{name}: {entry['cases']} cases shown: run `parity generate`, which rewrites it"


def test_the_run_record_example_is_the_bundled_corpus(corpus):
    text = (REPO / "docs" / "run-record.md").read_text(encoding="utf-8")
    start = json_block_after(text, "### start")
    end = json_block_after(text, "### end")
    assert start["corpus"]["version"] == corpus.version
    assert start["corpus"]["cases"] == start["corpus"]["selected"] == end["totals"]["cases"] == len(corpus), \
        "docs/run-record.md: the example's case counts are stale: run `parity generate`, which rewrites them"
    assert start["oracle"] == corpus.oracle


# --- the checkers fail where they should ---------------------------------------------------------

def test_the_checkers_catch_a_made_up_id_and_a_link_out_of_the_repository(tmp_path):
    root = tmp_path / "repo"
    (root / "docs" / "spec").mkdir(parents=True)
    (root / "docs" / "format.md").write_text("# Format\n\n## A case file\n", encoding="utf-8")
    page = root / "docs" / "spec" / "f1_score.md"
    text = (
        "# f1_score\n\n"
        "NaN → `NaN` (corpus case `f1_score/zd-nan`); empty input: `f1_score/errors/empty`.\n"
        '```json\n{"id": "f1_score/made-up/in-a-json-example", "value": 0.5}\n```\n'
        "Selectors: `f1_score/errors/*` and `f1_score/nowhere/*`; prefix `f1_score/errors/`.\n"
        "See [the originals](../../../shared/x.md), [not here](../../shared/x.md), [format](../format.md),\n"
        "[a section](../format.md#a-case-file), [no section](../format.md#no-such-heading),\n"
        "[gone](missing.md), [scikit-learn](https://scikit-learn.org/stable/), [mail](mailto:a@b.c),\n"
        "[abs](/etc/passwd), [local](http://localhost:8000/x), [here](#f1_score), `[code](../../x.md)`.\n"
    )
    readme = root / "README.md"
    readme.write_text("[reference systems](../shared/x.md) · [docs](docs/format.md)\n", encoding="utf-8")
    assert link_problems(readme.read_text(encoding="utf-8"), readme, root) == [
        "../shared/x.md: climbs out of the repository"]
    page.write_text(text, encoding="utf-8")
    ids = {"f1_score/errors/empty", "f1_score/errors/mismatched-lengths"}
    assert unknown_ids(text, ids, {"f1_score"}) == [
        "f1_score/zd-nan", "f1_score/made-up/in-a-json-example", "f1_score/nowhere/*"]
    assert link_problems(text, page, root) == [
        "../../../shared/x.md: climbs out of the repository",
        "../../shared/x.md: no such file in the repository",
        "../format.md#no-such-heading: docs/format.md has no heading #no-such-heading",
        "missing.md: no such file in the repository",
        "mailto:a@b.c: leaves the repository (mailto link)",
        "/etc/passwd: an absolute path, outside the repository for every reader",
        "http://localhost:8000/x: not a public web page",
    ]


def test_the_figure_check_catches_hand_written_figures():
    versions, counts = written_figures(
        "On the bundled corpus of 4101 cases (corpus 1.1.0, scikit-learn 1.9.1): **passed 212**, 5.1% "
        "pass; all 11 `wrong-reading-x` cases.\n<!-- bench_x:start -->\n1,494 cases, 99%\n<!-- bench_x:end -->\n")
    assert versions == ["1.1.0", "1.9.1"]
    assert counts == ["4101 cases", "passed 212", "5.1%", "11 `wrong-reading-x` cases"]


def test_heading_anchors_follow_github():
    assert heading_anchors("# A `case` file\n## Names and extensions\n## Names and extensions\n"
                           "```\n# not a heading\n```\n### 0002 — Case ids: chosen!\n") == {
        "a-case-file", "names-and-extensions", "names-and-extensions-1", "0002--case-ids-chosen"}
