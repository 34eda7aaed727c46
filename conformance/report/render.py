"""Rendering reports with the jinja2 templates under reports/templates/.

The Markdown templates escape every string that came from a port or a
record through the ``md`` (text) and ``code`` (code span) filters; the
HTML template is rendered with autoescape on, so nothing a port wrote can
become markup.  Output is deterministic: no clock, no absolute paths, no
durations, dict and set orders fixed in model.py.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import jinja2
import markupsafe

from conformance.report import charts, model
from conformance.report.values import number

TEMPLATES = "templates"
PAGE = "report.html"  # a port's HTML page, in its folder next to equivalence.md
# The repository's docs/, from where reports are published (reports/published/index.md and
# reports/published/<port>/equivalence.md): a failing case links its spec section, a tag its line in
# docs/tags.md (docs/decisions/0019).
DOCS_FROM_INDEX = "../../docs"
DOCS_FROM_PORT = "../../../docs"
_SPEC = re.compile(r"^[a-z0-9_]+\.md#[a-z0-9_-]+$")
_TAG = re.compile(r"^[a-z0-9][a-z0-9-]*$")


def templates_dir() -> Path:
    """reports/templates/ of a source checkout, or its copy inside an installed wheel."""
    conformance = Path(__file__).resolve().parent.parent
    for candidate in (conformance / "_report_templates", conformance.parent / "reports" / TEMPLATES):
        if (candidate / "equivalence.md.j2").is_file():
            return candidate
    raise FileNotFoundError("no report templates found (expected reports/templates/equivalence.md.j2)")


_MD_SPECIAL = re.compile(r"([\\`*\[\]|~])")
_MD_LINE_START = re.compile(r"^(?:([#+=-])|(\d+)([.)]))")


def md(text: object) -> str:
    """Text safe inside a Markdown line or table cell: one line, no HTML, no table breaks,
    no emphasis, links or code started by a port's string."""
    text = " ".join(str(text).split())
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return _MD_SPECIAL.sub(r"\\\1", text)


def md_block(text: object) -> str:
    """:func:`md` for text that starts a line: no heading or list either."""
    return _MD_LINE_START.sub(lambda m: "\\" + m.group(1) if m.group(1) else f"{m.group(2)}\\{m.group(3)}", md(text))


def code(text: object) -> str:
    """A Markdown code span holding ``text`` literally (on one line; a pipe escaped for tables)."""
    text = " ".join(str(text).split())
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") or not text else ""
    return f"{fence}{pad}{text.replace('|', chr(92) + '|')}{pad}{fence}"


def fence(text: object) -> str:
    """A backtick fence longer than any run of backticks in ``text``, for a fenced block."""
    longest = max((len(run) for run in re.findall(r"`+", str(text))), default=0)
    return "`" * max(3, longest + 1)


def md_link(note: model.Note) -> str:
    """A note's link as Markdown: a link when the address is safe, else the address as a code span."""
    if note.link:
        url = note.link.replace("(", "%28").replace(")", "%29").replace("|", "%7C")
        return f"[link]({url})"
    if note.raw_link:
        return code(note.raw_link)
    return ""


def spec_href(spec: object, docs: str) -> str:
    """The link to a case's spec section (``page.md#anchor`` under docs/spec), or "" when it is not one."""
    return f"{docs}/spec/{spec}" if isinstance(spec, str) and _SPEC.match(spec) else ""


def tag_href(tag: object, docs: str) -> str:
    """The link to a tag's line in docs/tags.md (its anchor is the tag), or "" when it is no tag."""
    return f"{docs}/tags.md#{tag}" if isinstance(tag, str) and _TAG.match(tag) else ""


def md_ref(text: object, href: str) -> str:
    """``text`` as a code span, linked to ``href`` when there is one."""
    return f"[{code(text)}]({href})" if href else code(text)


@cache
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(templates_dir())),
        autoescape=lambda name: bool(name) and name.endswith(".html.j2"),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters.update(md=md, md_block=md_block, code=code, fence=fence, md_link=md_link, number=number,
                       md_ref=md_ref, spec_href=spec_href, tag_href=tag_href)
    # The charts escape what they draw from a record themselves (conformance/report/charts.py).
    env.globals.update(outcome_chart=lambda rows: markupsafe.Markup(charts.outcomes(rows)),
                       heatmap=lambda idx: markupsafe.Markup(charts.heatmap(idx)),
                       history_chart=lambda points: markupsafe.Markup(charts.history(points)),
                       PAGE=PAGE)
    return env


def render(template: str, **context) -> str:
    text = environment().get_template(template).render(**context)
    return re.sub(r"\n{3,}", "\n\n", text).rstrip("\n") + "\n"  # one blank line between blocks, one newline at the end


def equivalence_md(report: model.PortReport) -> str:
    return render("equivalence.md.j2", r=report, docs=DOCS_FROM_PORT)


def index_md(idx: model.Index) -> str:
    return render("index.md.j2", idx=idx, docs=DOCS_FROM_INDEX)


def index_html(idx: model.Index) -> str:
    return render("index.html.j2", idx=idx, docs=DOCS_FROM_INDEX)


def port_html(report: model.PortReport) -> str:
    return render("port.html.j2", r=report, docs=DOCS_FROM_PORT)


def badge_json(report: model.PortReport) -> str:
    return json.dumps(report.badge, indent=2, ensure_ascii=False) + "\n"


def write(out: Path, reports: list[model.PortReport]) -> list[Path]:
    """Write every port's folder (report.html, equivalence.md, badge.json) and the index; returns the files written."""
    out.mkdir(parents=True, exist_ok=True)
    written = []

    def put(path: Path, text: str) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8", newline="\n")
        written.append(path)

    for report in sorted(reports, key=lambda r: r.name):
        put(out / report.name / PAGE, port_html(report))
        put(out / report.name / "equivalence.md", equivalence_md(report))
        put(out / report.name / "badge.json", badge_json(report))
    idx = model.index(reports)
    put(out / "index.md", index_md(idx))
    put(out / "index.html", index_html(idx))
    return written
