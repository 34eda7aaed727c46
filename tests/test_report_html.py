"""The HTML pages (index.html, <port>/report.html): every string from a port escaped, and every page
rendered by a real headless browser, without console errors and without horizontal overflow.

The browser tests need Debian's chromium.  They FAIL (never skip) when
chromium is missing; install it with

    apt-get update && apt-get install -y chromium

The width check loads the pages into iframes of a throwaway wrapper page
(in tmp, not subject to the reports' CSP, which forbids scripts) whose script
writes each page's scrollWidth and clientWidth into its DOM, dumped with
--dump-dom.  A page fits when its document is no wider than the viewport; at
1,400 px, no table box may scroll sideways either.
"""

from __future__ import annotations

import html
import html.parser
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from conformance.report import build

DATA = Path(__file__).resolve().parent / "data" / "reports"
INSTALL = "apt-get update && apt-get install -y chromium"
PAYLOAD_IMPL = '<img src=x onerror="document.title=\'pwned\'">alpha'


@pytest.fixture(scope="module")
def out(tmp_path_factory) -> Path:
    """alpha and beta, with alpha's implementation name turned into markup as well
    (alpha's records already carry a <script> in an error message and a javascript: link)."""
    tmp = tmp_path_factory.mktemp("html")
    events = [json.loads(line) for line in (DATA / "alpha.jsonl").read_text().splitlines()]
    events[0]["implementation"]["name"] = PAYLOAD_IMPL
    events[0]["divergences"][0]["note"] = "</td></tr></table><script>document.title='pwned'</script>"
    record = tmp / "alpha.jsonl"
    record.write_text("".join(json.dumps(e) + "\n" for e in events))
    build([record, DATA / "beta.jsonl"], tmp / "out", corpus=DATA / "corpus")
    return tmp / "out"


@pytest.fixture(scope="module")
def page(out) -> Path:
    return out / "index.html"


def pages(folder: Path) -> list[Path]:
    return [folder / "index.html", *sorted(folder.glob("*/report.html"))]


class Elements(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags: list[tuple[str, dict]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data):
        self.text.append(data)


def parse(text: str) -> Elements:
    parser = Elements()
    parser.feed(text)
    return parser


TAGS = {"html", "head", "meta", "title", "style", "body", "h1", "h2", "h3", "h4", "p", "table", "thead", "tbody",
        "tr", "th", "td", "code", "span", "a", "strong", "div", "details", "summary", "ul", "li", "pre", "br",
        "svg", "rect", "text", "line", "polyline", "circle"}


def test_a_ports_markup_comes_out_as_text(out):
    for path in pages(out):
        text = path.read_text(encoding="utf-8")
        elements = parse(text)
        tags = {t for t, _ in elements.tags}
        assert "script" not in tags and "img" not in tags, path
        assert tags <= TAGS, (path, tags - TAGS)
        assert all(not k.startswith("on") for _, attrs in elements.tags for k in attrs), path
    index = (out / "index.html").read_text(encoding="utf-8")
    words = "".join(parse(index).text)
    assert PAYLOAD_IMPL in words  # shown, as text
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;" in index
    alpha = (out / "alpha" / "report.html").read_text(encoding="utf-8")
    words = "".join(parse(alpha).text)
    assert 'NullPointerException: <script>alert("x")</script> | broke' in words
    assert PAYLOAD_IMPL in words and "<script>document.title='pwned'</script>" in words
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;" in alpha
    hrefs = [a["href"] for t, a in parse(index).tags if t == "a"]
    # The HTML index links the HTML pages, and each counterexample its spec section (decision 0019).
    assert [h for h in hrefs if not h.startswith("../../docs/spec/")] == ["beta/report.html", "alpha/report.html"]  # by agreement
    assert len(hrefs) == 5
    assert "javascript:" not in "".join(a.get("href", "") for t, a in parse(alpha).tags if t == "a")


def test_the_pages_are_self_contained(out):
    for path in pages(out):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"""<[^>]*\ssrc=""", text), path  # nothing is loaded; an <a href> is only followed when clicked
        assert not re.search(r"""<(?!a )[^>]*\shref=""", text), path
        assert "<link" not in text and "@import" not in text and "url(" not in text and "<image" not in text, path
        assert "Content-Security-Policy" in text and "default-src 'none'; style-src 'unsafe-inline'; img-src data:" in text


def test_every_port_page_and_the_index_have_their_charts(out):
    assert out.joinpath("index.html").read_text().count("<svg") == 1  # the heatmap
    for port in ("alpha", "beta"):
        page = (out / port / "report.html").read_text()
        assert page.count("<svg") == 1 and "cases by outcome per function" in page  # no history: one record each


def chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if not found:
        pytest.fail(f"chromium is not installed; this test needs it: {INSTALL}")
    return found


def open_in_chromium(path: Path, profile: Path, *flags: str) -> tuple[str, list[str]]:
    """(the DOM after loading, the console messages logged) of ``path`` in headless chromium."""
    argv = [chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            f"--user-data-dir={profile}", "--enable-logging=stderr", "--v=0", *flags, "--dump-dom", path.as_uri()]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    console = [line for line in done.stderr.splitlines() if ":CONSOLE" in line or "Refused to" in line]
    return done.stdout, console


def measure(paths: list[Path], width: int, tmp: Path) -> tuple[dict[str, tuple[int, int, list[str]]], list[str]]:
    """Each page at ``width`` px: {file name: (document scrollWidth, clientWidth, table boxes that
    scroll sideways)}, and the console messages chromium logged while loading them."""
    frames = "".join(f'<iframe style="width:{width}px;height:700px;border:0" src="{p.as_uri()}"></iframe>'
                     for p in paths)
    script = """window.addEventListener("load", () => {
  const out = [];
  for (const f of document.querySelectorAll("iframe")) {
    const d = f.contentDocument, e = d.documentElement;
    const wide = [...d.querySelectorAll(".wide")].filter(w => w.scrollWidth > w.clientWidth)
      .map(w => (w.firstElementChild && w.firstElementChild.id || "table") + ":" + w.scrollWidth);
    out.push([f.getAttribute("src"), e.scrollWidth, e.clientWidth, wide]);
  }
  document.getElementById("out").textContent = JSON.stringify(out);
});"""
    wrapper = tmp / f"wrapper-{width}.html"
    wrapper.write_text(f'<!DOCTYPE html><html><head><meta charset="utf-8"></head><body><pre id="out"></pre>'
                       f'{frames}<script>{script}</script></body></html>', encoding="utf-8")
    dom, console = open_in_chromium(wrapper, tmp / f"profile-{width}",
                                    "--allow-file-access-from-files", "--virtual-time-budget=20000")
    found = re.search(r'<pre id="out">(.*?)</pre>', dom, flags=re.S)
    assert found and found.group(1), dom[:2000]
    got = {}
    for src, scroll, client, wide in json.loads(html.unescape(found.group(1))):
        got[str(Path(src.removeprefix("file://")).relative_to(paths[0].parent))] = (scroll, client, wide)
    return got, console


def assert_fits(folder: Path, tmp: Path) -> None:
    paths = pages(folder)
    for width in (1400, 800):
        got, console = measure(paths, width, tmp)
        assert console == [], console
        assert len(got) == len(paths)
        for name, (scroll, client, wide) in got.items():
            assert client > width - 40 and scroll <= client, f"{name} at {width} px: {scroll} px wide in {client}"
            if width == 1400:
                assert wide == [], f"{name} at {width} px: a table scrolls sideways: {wide}"


def test_the_width_check_sees_a_page_that_overflows(tmp_path):
    """The check below can fail: a planted page wider than the window is caught, at both widths."""
    folder = tmp_path / "planted"
    (folder / "p").mkdir(parents=True)
    fine = "<!DOCTYPE html><html><head><meta charset='utf-8'><title>t</title></head><body><p>fine</p></body></html>"
    (folder / "index.html").write_text(fine)
    (folder / "p" / "report.html").write_text(fine.replace("<p>fine</p>", "<table><tr><td style='white-space:nowrap'>"
                                                           + "wide " * 400 + "</td></tr></table>"))
    got, console = measure(pages(folder), 1400, tmp_path)
    assert console == [] and got["index.html"][0] <= got["index.html"][1]
    assert got["p/report.html"][0] > 1400  # the document is wider than the viewport
    with pytest.raises(AssertionError, match=r"p/report.html at 1400 px: \d+ px wide"):
        assert_fits(folder, tmp_path)


def test_every_page_fits_the_screen_without_console_errors(out, tmp_path):
    assert_fits(out, tmp_path)


@pytest.mark.external_runtime  # Chromium over every published page (nox -s corpus_runs)
def test_the_published_records_render_into_pages_that_fit_the_screen(tmp_path):
    """The ports' real records (reports/published/runs/): long names, notes and calls; every page fits."""
    records = sorted((DATA.parents[2] / "reports" / "published" / "runs").glob("*.json"))
    assert len(records) >= 2, "reports/published/runs/ holds no records"
    build(records, tmp_path / "out", corpus=DATA.parents[2] / "oracle")
    assert len(pages(tmp_path / "out")) == len(records) + 1
    assert_fits(tmp_path / "out", tmp_path)


def test_the_console_check_sees_errors(tmp_path):
    """The check below can fail: a page that logs an error and breaks its CSP is caught."""
    bad = tmp_path / "bad.html"
    bad.write_text("<!DOCTYPE html><html><head><meta charset='utf-8'><title>t</title></head><body>"
                   "<table><tr><td>cell</td></tr></table><script>console.error('boom'); missing();</script></body></html>")
    dom, console = open_in_chromium(bad, tmp_path / "profile")
    assert "<td>cell</td>" in dom
    assert any("boom" in line for line in console) and any("missing is not defined" in line for line in console)


def test_the_index_renders_in_headless_chromium_without_console_errors(page, tmp_path):
    dom, console = open_in_chromium(page, tmp_path / "profile")
    assert console == [], console
    assert "<title>scikit-learn parity across ports</title>" in dom  # no payload retitled the page
    matrix = re.search(r'<table id="matrix">(.*?)</table>', dom, flags=re.S)
    assert matrix, dom[:2000]
    rows = re.findall(r"<tr>(.*?)</tr>", matrix.group(1), flags=re.S)
    assert re.findall(r"<th><code>(\w+)</code></th>", rows[0]) == ["beta", "alpha"]  # by agreement, highest first
    metrics = [re.search(r"<th><code>([a-z0-9_]+)</code></th>", r).group(1) for r in rows[1:]]
    assert metrics == ["accuracy_score", "classification_report", "confusion_matrix", "f1_score",
                       "precision_recall_fscore_support", "r2_score", "roc_auc_score"]
    cells = [re.findall(r'<td class="(\w+)"[^>]*><span class="pct">([^<]+)</span>', r) for r in rows[1:]]
    assert cells[0] == [("full", "100%"), ("full", "100%")]
    assert cells[2] == [("full", "100%"), ("low", "0%")]  # beta, then alpha
    assert cells[6] == [("unsupported", "not implemented"), ("broken", "0%")]
    assert "<script" not in dom and "<img" not in dom
    assert "&lt;script&gt;alert(\"x\")&lt;/script&gt;" in dom
