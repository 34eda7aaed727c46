"""index.html: every string from a port escaped, and the page rendered by a real headless browser.

The browser test needs Debian's chromium.  It FAILS (never skips) when
chromium is missing; install it with

    apt-get update && apt-get install -y chromium
"""

from __future__ import annotations

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
def page(tmp_path_factory) -> Path:
    """alpha and beta, with alpha's implementation name turned into markup as well
    (alpha's records already carry a <script> in an error message and a javascript: link)."""
    tmp = tmp_path_factory.mktemp("html")
    events = [json.loads(line) for line in (DATA / "alpha.jsonl").read_text().splitlines()]
    events[0]["implementation"]["name"] = PAYLOAD_IMPL
    events[0]["divergences"][0]["note"] = "</td></tr></table><script>document.title='pwned'</script>"
    record = tmp / "alpha.jsonl"
    record.write_text("".join(json.dumps(e) + "\n" for e in events))
    build([record, DATA / "beta.jsonl"], tmp / "out", corpus=DATA / "corpus")
    return tmp / "out" / "index.html"


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


def test_a_ports_markup_comes_out_as_text(page):
    text = page.read_text(encoding="utf-8")
    elements = parse(text)
    tags = {t for t, _ in elements.tags}
    assert "script" not in tags and "img" not in tags
    assert tags <= {"html", "head", "meta", "title", "style", "body", "h1", "h2", "p", "table", "thead", "tbody",
                    "tr", "th", "td", "code", "span", "a", "strong"}
    assert all(not k.startswith("on") for _, attrs in elements.tags for k in attrs)
    words = "".join(elements.text)
    assert 'NullPointerException: <script>alert("x")</script> | broke' in words  # shown, as text
    assert PAYLOAD_IMPL in words and "<script>document.title='pwned'</script>" in words
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;" in text
    hrefs = [a["href"] for t, a in elements.tags if t == "a"]
    assert hrefs == ["alpha/equivalence.md", "beta/equivalence.md"]


def test_the_page_is_self_contained(page):
    text = page.read_text(encoding="utf-8")
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", text)
    assert "<link" not in text and "@import" not in text and "url(" not in text
    assert "Content-Security-Policy" in text and "default-src 'none'" in text


def chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if not found:
        pytest.fail(f"chromium is not installed; this test needs it: {INSTALL}")
    return found


def open_in_chromium(path: Path, profile: Path) -> tuple[str, list[str]]:
    """(the DOM after loading, the console messages logged) of ``path`` in headless chromium."""
    argv = [chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            f"--user-data-dir={profile}", "--enable-logging=stderr", "--v=0", "--dump-dom", path.as_uri()]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    console = [line for line in done.stderr.splitlines() if ":CONSOLE" in line or "Refused to" in line]
    return done.stdout, console


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
    assert re.findall(r"<th><code>(\w+)</code></th>", rows[0]) == ["alpha", "beta"]
    metrics = [re.search(r"<th><code>([a-z0-9_]+)</code></th>", r).group(1) for r in rows[1:]]
    assert metrics == ["accuracy_score", "classification_report", "confusion_matrix", "f1_score",
                       "precision_recall_fscore_support", "r2_score", "roc_auc_score"]
    cells = [re.findall(r'<td class="(\w+)"[^>]*><span class="pct">([^<]+)</span>', r) for r in rows[1:]]
    assert cells[0] == [("full", "100%"), ("full", "100%")]
    assert cells[2] == [("low", "0%"), ("full", "100%")]
    assert cells[6] == [("broken", "0%"), ("unsupported", "unsupported")]
    assert "<script" not in dom and "<img" not in dom
    assert "&lt;script&gt;alert(\"x\")&lt;/script&gt;" in dom
