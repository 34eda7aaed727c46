"""auc: the trapezoidal area under any curve given by its points, x monotonic."""

from __future__ import annotations

from generators.extras._common import case, wrong

A = "auc"
TRAPEZOID = wrong("auc-step")


def _auc(slug, x, y, *, tags=(), description=None):
    return case(A, slug, {"x": x, "y": y}, None, tags=tags, description=description)


def cases():
    yield _auc("increasing", [0.0, 0.5, 1.0], [0.0, 1.0, 1.0], tags=["worked-example", *TRAPEZOID],
               description="Two trapezoids: 0.5·(0 + 1)/2 + 0.5·(1 + 1)/2 = 0.75.")
    yield _auc("decreasing", [1.0, 0.5, 0.0], [1.0, 1.0, 0.0], tags=[*TRAPEZOID, *wrong("auc-signed")],
               description="x decreasing: the same positive area, 0.75, not its negative.")
    yield _auc("repeated-x", [0.0, 0.5, 0.5, 1.0], [0.0, 0.2, 0.8, 1.0], tags=["ties", *TRAPEZOID],
               description="A repeated x (a vertical step) is still monotonic and adds no area.")
    yield _auc("decreasing-with-repeats", [1.0, 1.0, 0.5, 0.0], [1.0, 0.5, 0.5, 0.0],
               tags=["ties", *wrong("auc-signed")],
               description="Non-increasing x with a repeat counts as decreasing.")
    yield _auc("constant-x", [0.5, 0.5, 0.5], [0.0, 1.0, 2.0], tags=["degenerate"],
               description="x constant: no width, area 0.0.")
    yield _auc("two-points", [0.0, 2.0], [1.0, 3.0], tags=[*TRAPEZOID],
               description="Two points: one trapezoid, 2·(1 + 3)/2 = 4.")
    yield _auc("negative-y", [0.0, 1.0, 2.0], [-1.0, 1.0, -3.0], tags=[*TRAPEZOID],
               description="Negative y values count negatively: the area is signed in y.")
    yield _auc("roc-points", [0.0, 0.0, 0.5, 0.5, 1.0], [0.0, 0.5, 0.5, 1.0, 1.0], tags=["ties"],
               description="Points of a ROC curve, steps only: 0.75, which trapezoids and a step sum agree on.")
    yield _auc("huge-values", [0.0, 1e150, 2e150], [1e150, 1e150, 3e150], tags=["huge-values"],
               description="x and y near 1e150: the products near 1e300 stay finite.")
    yield _auc("overflow", [0.0, 1e200], [1e200, 1e200], tags=["overflow", "huge-values"],
               description="A width of 1e200 times a height of 1e200 overflows to infinity.")
    yield _auc("error/not-monotonic", [0.0, 1.0, 0.5], [0.0, 1.0, 1.0], tags=["error"],
               description="x rises then falls: neither increasing nor decreasing, refused.")
    yield _auc("error/one-point", [0.5], [1.0], tags=["error", "single-sample", "degenerate"],
               description="One point has no area: at least two are needed.")
    yield _auc("error/mismatched-lengths", [0.0, 0.5, 1.0], [0.0, 1.0], tags=["error", "mismatched-lengths"],
               description="Three x, two y.")
