"""Helpers shared by the count-family generators.

Every case goes through :func:`case`, which builds the id, adds the tags that
follow from the case's shape (``sample-weight``, ``error``) and checks that a
case written as an error really is one in scikit-learn, and the other way
round, so a surprise in the oracle stops generation instead of slipping into
the corpus with the wrong tags.
"""

from __future__ import annotations

import math

import numpy as np

from generators.oracle import NICE_WEIGHTS, draw_weights, make_case  # noqa: F401  (re-exported)
from generators.readings import PREFIX

NAN = float("nan")
INF = float("inf")

PRF = (
    "precision_score",
    "recall_score",
    "f1_score",
    "fbeta_score",
    "precision_recall_fscore_support",
)
# The functions whose value contains a precision, a recall, an F-score.
P_SIDE = ("precision_score", "precision_recall_fscore_support")
R_SIDE = ("recall_score", "precision_recall_fscore_support")
F_FAMILY = ("f1_score", "fbeta_score", "precision_recall_fscore_support")
# fbeta_score has no default beta; a case that does not choose one uses this.
FBETA_DEFAULT = 2

# Tags for the grid's labels and weights modes.
LABEL_MODE_TAGS = {"none": [], "subset": ["labels-subset"], "absent": ["absent-class"],
                   "reordered": ["labels-order"], "range": ["labels-declared"]}
WEIGHT_MODE_TAGS = {"none": [], "int": [], "float": ["fractional-weight"], "zeros": ["zero-weight"]}


def fmt(value) -> str:
    """A parameter value as it appears in a case id: None, nan, inf, 0.5, 0, 0.0."""
    if isinstance(value, float) and math.isnan(value):
        return "nan"
    if isinstance(value, float) and math.isinf(value):
        return "inf" if value > 0 else "-inf"
    return str(value)


def wrong(*readings: str) -> list[str]:
    """Tags naming the wrong readings of the spec a case tells apart from scikit-learn."""
    return [f"{PREFIX}{r}" for r in readings]


def case(metric, slug, y_true, y_pred, params=None, *, sample_weight=None, tags=(), description=None):
    """One corpus case ``<metric>/<slug>``; scikit-learn supplies ``expected``."""
    inputs = {"y_true": y_true, "y_pred": y_pred}
    if sample_weight is not None:
        inputs["sample_weight"] = sample_weight
    tags = set(tags)
    if sample_weight is not None:
        tags.add("sample-weight")
    made = make_case(f"{metric}/{slug}", metric, inputs, params, sorted(tags), description)
    if ("error" in tags) != ("error" in made["expected"]):
        raise AssertionError(
            f"{made['id']}: tagged {'an error' if 'error' in tags else 'a value'} but scikit-learn gave "
            f"{made['expected']}"
        )
    return made


def prf_case(metric, slug, y_true, y_pred, params=None, **kw):
    """A precision/recall/F case; fbeta_score gets FBETA_DEFAULT unless params choose a beta."""
    params = dict(params or {})
    if metric == "fbeta_score":
        params.setdefault("beta", FBETA_DEFAULT)
    return case(metric, slug, y_true, y_pred, params, **kw)


def each_prf(slug, y_true, y_pred, params=None, metrics=PRF, *, tags=(), only=(), **kw):
    """The same described case for each of ``metrics``.

    ``only`` is a list of ``(metrics, tags)`` pairs: tags that apply to some of the
    functions only, e.g. a wrong reading of F that precision_score cannot show.
    """
    for metric in metrics:
        extra = [t for some, ts in only if metric in some for t in ts]
        yield prf_case(metric, slug, y_true, y_pred, params, tags=[*tags, *extra], **kw)


# --- random inputs for the grid ------------------------------------------------------


def draw_targets(rng: np.random.Generator, n_classes: int) -> tuple[list, list]:
    """1 to 12 samples over classes 0..n_classes-1.

    Classes are drawn with skewed frequencies, and y_pred copies y_true with a
    random accuracy and otherwise draws from its own skewed frequencies, so small
    draws often leave a class unpredicted, never true, or absent from both --
    the zero-division paths.
    """
    n = int(rng.integers(1, 13))
    y_true = rng.choice(n_classes, n, p=rng.dirichlet(np.full(n_classes, 0.7)))
    noise = rng.choice(n_classes, n, p=rng.dirichlet(np.full(n_classes, 0.7)))
    keep = rng.random(n) < rng.uniform(0.2, 0.85)
    y_pred = np.where(keep, y_true, noise)
    return [int(v) for v in y_true], [int(v) for v in y_pred]


def draw_label_list(rng: np.random.Generator, mode: str, n_classes: int, y_true: list, y_pred: list):
    """The ``labels`` argument for ``mode``:

    * subset: some of the observed classes, sorted (a proper subset when there is one);
    * absent: the observed classes plus one that occurs nowhere, sorted;
    * reordered: the observed classes in a random order;
    * range: all of 0..n_classes-1, as a port that is told the number of classes would use.
    """
    present = sorted(set(y_true) | set(y_pred))
    if mode == "none":
        return None
    if mode == "subset":
        size = int(rng.integers(1, max(1, len(present) - 1) + 1))
        return sorted(int(v) for v in rng.choice(present, size, replace=False))
    if mode == "absent":
        return sorted(present + [n_classes + int(rng.integers(0, 3))])
    if mode == "reordered":
        return [int(v) for v in rng.permutation(present)]
    if mode == "range":
        return list(range(n_classes))
    raise ValueError(mode)
