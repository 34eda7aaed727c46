"""Charts as inline SVG, drawn when the report is rendered (docs/reports.md).

No script, nothing fetched: plain shapes and text with presentation
attributes, so the pages' Content-Security-Policy (``default-src 'none'``)
holds.  Every string from a record is escaped here, since the templates put
the SVG in unescaped.  Every chart has its natural size, a ``viewBox`` and
``max-width: 100%``: it shrinks to a narrow page and never makes it wider.  Coordinates are printed with at
most two decimals, so the same records give the same bytes.
"""

from __future__ import annotations

from collections import Counter
from html import escape

from conformance.report import model

# One colour per outcome of the outcome chart, and per class of the heatmap (as the tables' CSS).
OUTCOME_COLOURS = {
    "passed": "#2da44e", "by-convention": "#54aeff", "declared": "#bf8700", "skipped": "#d0d7de",
    "failed": "#cf222e", "faults": "#8250df",
}
HEAT_COLOURS = {"full": "#dafbe1", "high": "#eef7d9", "mid": "#fff8c5", "low": "#ffebe9", "broken": "#ffd8b5",
                "unsupported": "#f6f8fa", "absent": "#ffffff"}
INK, GRID, MUTED = "#1b1f23", "#d0d7de", "#57606a"
FONT = 'font-family="system-ui, sans-serif"'


def _n(x: float) -> str:
    """A coordinate: an integer when it is one, else two decimals."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _svg(width: float, height: float, label: str, body: list[str]) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_n(width)} {_n(height)}" width="{_n(width)}" '
            f'height="{_n(height)}" style="max-width: 100%; height: auto" role="img" aria-label="{escape(label)}" '
            f'{FONT} font-size="13">'
            f"<title>{escape(label)}</title>{''.join(body)}</svg>")


def _text(x: float, y: float, text: str, anchor: str = "start", size: int | None = None, fill: str = INK,
          weight: str | None = None) -> str:
    extra = (f' font-size="{size}"' if size else "") + (f' font-weight="{weight}"' if weight else "")
    return (f'<text x="{_n(x)}" y="{_n(y)}" text-anchor="{anchor}" fill="{fill}"{extra}>'
            f"{escape(text)}</text>")


def _legend(items: list[tuple[str, str]], y: float, x: float = 0) -> list[str]:
    out = []
    for name, colour in items:
        out.append(f'<rect x="{_n(x)}" y="{_n(y - 10)}" width="12" height="12" fill="{colour}" stroke="{GRID}"/>')
        out.append(_text(x + 17, y, name, size=12))
        x += 30 + 7.2 * len(name)
    return out


def outcomes(rows: list[tuple[str, Counter]]) -> str:
    """Per function a bar of its cases by outcome (passed, by-convention, declared, skipped, failed,
    faults), each bar the function's cases in full, with the counts in its tooltip and at its end."""
    label_w, bar_w, count_w, row_h, top = 250, 560, 90, 22, 34
    width, height = label_w + bar_w + count_w, top + row_h * len(rows) + 6
    body = _legend([(o, OUTCOME_COLOURS[o]) for o in model.OUTCOMES], 14)
    for i, (metric, counts) in enumerate(rows):
        y = top + i * row_h
        total = sum(counts.values())
        body.append(_text(label_w - 8, y + 14, metric, "end", size=12))
        x = float(label_w)
        for outcome in model.OUTCOMES:
            n = counts.get(outcome, 0)
            if not n:
                continue
            w = bar_w * n / total
            body.append(f'<rect x="{_n(x)}" y="{_n(y + 3)}" width="{_n(w)}" height="{row_h - 6}" '
                        f'fill="{OUTCOME_COLOURS[outcome]}"><title>{escape(metric)}: {n} {outcome}</title></rect>')
            x += w
        failing = counts.get("failed", 0) + counts.get("faults", 0)
        summary = f"{total} cases" + (f", {failing} bad" if failing else "")
        body.append(_text(label_w + bar_w + 6, y + 14, summary, size=11, fill=MUTED))
    return _svg(width, height, "cases by outcome per function", body)


def heatmap(idx: model.Index) -> str:
    """Metrics × ports, each cell the port's agreement with scikit-learn on that metric (as the matrix table's colours)."""
    label_w, col_w, row_h, top = 250, 112, 20, 44
    ports = [r.name for r in idx.ports]
    width, height = label_w + col_w * len(ports), top + row_h * len(idx.metrics) + 4
    body = []
    for j, port in enumerate(ports):
        body.append(_text(label_w + col_w * (j + 0.5), top - 10, port, "middle", size=12, weight="600"))
    for i, metric in enumerate(idx.metrics):
        y = top + i * row_h
        name = metric + (" †" if metric in idx.spec_derived else "")
        body.append(_text(label_w - 8, y + 14, name, "end", size=12))
        for j, port in enumerate(ports):
            cell = idx.cell(port, metric)
            x = label_w + col_w * j
            tip = f"{port} · {metric}: {cell.text}; {cell.evidence}"
            body.append(f'<rect x="{_n(x + 1)}" y="{_n(y + 1)}" width="{col_w - 2}" height="{row_h - 2}" '
                        f'fill="{HEAT_COLOURS[cell.css]}" stroke="{GRID}"><title>{escape(tip)}</title></rect>')
            shown = "n/i" if cell.status == model.NOT_IMPLEMENTED else cell.text
            body.append(_text(x + col_w / 2, y + 14, shown, "middle", size=11,
                              fill=INK if cell.css not in ("unsupported", "absent") else MUTED))
    return _svg(width, height, "agreement by metric and port", body)


def history(points: list[model.Point]) -> str:
    """Agreement over a port's runs, oldest first, as a line (0-100 %), each point its date and time (UTC) and version."""
    left, right, top, plot_h, bottom = 46, 20, 14, 160, 44
    step = 140
    plot_w = step * max(1, len(points) - 1)
    width, height = left + plot_w + right + 40, top + plot_h + bottom
    body = []
    for pct in (0, 25, 50, 75, 100):
        y = top + plot_h * (1 - pct / 100)
        body.append(f'<line x1="{left}" y1="{_n(y)}" x2="{_n(left + plot_w + 20)}" y2="{_n(y)}" stroke="{GRID}"/>')
        body.append(_text(left - 6, y + 4, f"{pct}%", "end", size=11, fill=MUTED))
    coords = []
    for i, p in enumerate(points):
        x = left + 10 + step * i
        if p.agreement is not None:
            coords.append((x, top + plot_h * (1 - p.agreement / 100), p))
        body.append(_text(x, top + plot_h + 18, f"{p.date} UTC", "middle", size=11))
        body.append(_text(x, top + plot_h + 34, p.version + (" (self-reported)" if p.self_reported else ""),
                          "middle", size=11, fill=MUTED))
    if len(coords) > 1:
        path = " ".join(f"{_n(x)},{_n(y)}" for x, y, _ in coords)
        body.append(f'<polyline points="{path}" fill="none" stroke="#0969da" stroke-width="2"/>')
    for x, y, p in coords:
        body.append(f'<circle cx="{_n(x)}" cy="{_n(y)}" r="4" fill="#0969da"><title>{escape(p.date)} '
                    f'{escape(p.version)}: {p.agreement}% agreement, pass rate {escape(p.pass_rate)}, '
                    f'{p.cases} cases</title></circle>')
        body.append(_text(x, y - 8, f"{p.agreement}%", "middle", size=11, weight="600"))
    return _svg(width, height, "agreement over the port's runs", body)
