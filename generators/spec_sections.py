"""Which spec section explains a case: the ``spec`` field of every generated case (docs/decisions/0019).

The section is derived from the case's metric and tags, never typed per case.  Each metric has
its page (``docs/spec/<metric>.md``) and a **core page** that holds the rules its group shares
(``CORE``, from its registry entry).  ``TOPICS`` is read top to bottom: the first topic one of
whose tags the case carries names the candidate sections, ``{page}`` standing for the metric's
page, ``{core}`` for its core page and ``{indicator}`` for the section of multilabel.md that says
how it reads a matrix; the first candidate that is a heading of docs/spec, on a page that speaks
for the metric (:func:`_speaks_for`), is the case's section.  A case no topic claims, or whose
topic's candidates are all missing, gets its page's definition (``DEFINITION``).
:func:`with_spec` refuses a case for which nothing resolves, so a renamed heading fails
generation rather than leaving a dead link.
"""

from __future__ import annotations

from conformance import registry

PRF = "precision_recall_fscore_support.md"
REGRESSION = "regression.md"
SCORES = "scores.md"
MULTILABEL = "multilabel.md"
COUNTS = "confusion_matrix.md"
CLUSTERING = "clustering.md"

# The core page of each metric: the page its group's shared rules are written on (its registry entry).
CORE = {name: metric.core for name, metric in registry.METRICS.items()}

# Metrics that read an indicator matrix label by label (per-label counts); the others compare rows or
# cells, which multilabel.md's "The input" says for each.
PER_LABEL = {metric for metric, core in CORE.items() if core == PRF} | {"jaccard_score", "multilabel_confusion_matrix"}

VALIDATION = ("{page}#inputs-and-validation", "{page}#validation", "{core}#inputs-and-validation",
              "{core}#validation")

# (topic, the tags that select it, candidate sections in order).
TOPICS = (
    # Before the refusals: a string-label case refused (a mix of strings and numbers, a string y_true without
    # pos_label) is explained where the page says how string labels are read.
    ("string labels", {"string-labels"}, ("{page}#string-labels", "{core}#string-labels")),
    ("refusals", {"error"}, VALIDATION),
    ("multilabel averaging", {"samples"}, (f"{MULTILABEL}#averagesamples",)),
    ("indicator matrices", {"multilabel", "non-binary-indicator"},
     ("{page}#indicator-matrices", "{indicator}")),
    ("undefined values", {"zero-division", "constant-target", "force-finite", "force-finite-false", "nan-result",
                          "single-class"},
     ("{page}#zero-denominator", "{page}#undefined", "{page}#one-class", "{core}#zero-division",
      "{core}#non-finite-results")),
    ("averaging", {"averaging", "micro", "macro", "weighted"}, ("{core}#averaging",)),
    ("outputs", {"multioutput", "raw-values", "uniform-average", "variance-weighted", "output-weights"},
     ("{page}#multioutput", f"{REGRESSION}#combining-outputs-multioutput")),
    ("multiclass scores", {"ovr", "ovo", "partial-auc"}, ("{page}#multiclass",)),
    ("bins", {"bin-edge", "empty-bins", "quantile", "quantile-index-rounding"},
     (f"{SCORES}#bins-calibration_curve-expected_calibration_error",)),
    ("thresholds", {"ties", "drop-intermediate", "decision-values"}, (f"{SCORES}#the-threshold-pass", "{core}#ties")),
    ("the positive class", {"pos-label", "binary-scores"}, ("{core}#the-positive-class", "{core}#the-class-set")),
    ("the class set", {"class-set", "labels-declared", "labels-subset", "labels-order", "absent-class",
                       "empty-labels", "gap-in-label-values", "non-contiguous-labels"},
     ("{page}#the-class-set", "{page}#the-classes-and-the-columns", "{core}#the-class-set")),
    ("floating point", {"huge-values", "tiny-values", "large-offset", "overflow", "underflow", "subnormal",
                        "long-input", "numerics"},
     ("{page}#floating-point-traps", "{core}#floating-point-order")),
    ("finite inputs", {"non-finite-input", "nan-input"}, (f"{SCORES}#scores-must-be-finite",) + VALIDATION),
    ("worked examples", {"worked-example"}, ("{page}#worked-examples",)),
)

# The section that defines a metric's value: the first of these its page has.
DEFINITION = ("{page}#definition", "{page}#reduction", "{page}#the-dict", "{page}#binary",
              "{core}#counts-and-formulas")


class NoSpecSection(ValueError):
    """No candidate section of a case is a heading of docs/spec."""


def _speaks_for(page: str, metric: str) -> bool:
    """Whether ``page`` may explain a case of ``metric``: its own page, its core page, or multilabel.md for a
    metric that takes indicator matrices (its registry entry says which).  A tag alone never sends a case to
    another group's page (``ties`` of a ranking metric is not scores.md's threshold pass)."""
    entry = registry.METRICS[metric]
    if page in (entry.page, entry.core):
        return True
    return page == MULTILABEL and any(registry.Kind.INDICATOR in i.kinds for i in entry.inputs)


def _first(candidates, metric: str, sections: dict[str, list[str]]) -> str | None:
    for candidate in candidates:
        indicator = f"{MULTILABEL}#per-label-counts" if metric in PER_LABEL else f"{MULTILABEL}#the-input"
        spec = candidate.format(page=f"{metric}.md", core=CORE.get(metric, f"{metric}.md"), indicator=indicator)
        page, _, anchor = spec.partition("#")
        if anchor in sections.get(page, ()) and _speaks_for(page, metric):
            return spec
    return None


def spec_section(case: dict, sections: dict[str, list[str]]) -> str:
    """The section (``page.md#anchor``) that explains ``case``, given each spec page's anchors."""
    tags = set(case["tags"])
    for _topic, selectors, candidates in TOPICS:
        if tags & selectors:
            found = _first(candidates, case["metric"], sections)
            if found:
                return found
    found = _first(DEFINITION, case["metric"], sections)
    if found is None:
        raise NoSpecSection(f"{case['id']}: no section of docs/spec explains it (generators/spec_sections.py)")
    return found


def with_spec(case: dict, sections: dict[str, list[str]]) -> dict:
    """``case`` with its ``spec`` field placed after ``tags``."""
    out = {}
    for key, value in case.items():
        if key != "spec":
            out[key] = value
        if key == "tags":
            out["spec"] = spec_section(case, sections)
    return out
