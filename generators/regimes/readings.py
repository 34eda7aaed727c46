"""Wrong readings the input regimes expose, and the check that the regimes family catches them (issue 36).

    python -m generators.regimes.readings

Each was found in an independent library and confirmed against scikit-learn 1.9.1: every other case
of the corpus agreed with it.  The faithful model is the reference; each reading is the reference
with one step read wrongly, and :data:`SAME` where the call does not show the regime the step needs.
"""

from __future__ import annotations

import math
import sys

import numpy as np

from conformance import registry, regimes
from generators.readings import SAME, Family, Refused, Registry, check, main, reference
from generators.regimes import FAMILY_TAG, cases as generated_cases

REGISTRY = Registry()
HOMOGENEITY = ("homogeneity_score", "v_measure_score", "homogeneity_completeness_v_measure")
EPSILON = 1e-10  # the divisor the identical-centres reading puts where a centroid distance is 0


def _ints(value) -> np.ndarray | None:
    """A labelling of non-negative integral numbers as int64, else None."""
    if not isinstance(value, list) or not value or any(isinstance(v, (list, str)) for v in value):
        return None
    a = np.asarray(value, dtype=float)
    if not np.isfinite(a).all() or np.any(a < 0) or np.any(a != np.trunc(a)):
        return None
    return a.astype(np.int64)


def _entropy(counts: np.ndarray) -> float:
    p = counts[counts > 0] / counts.sum()
    return float(-(p * np.log(p)).sum())


@REGISTRY.reading("homogeneity-over-classes",
                  "the conditional entropy H(classes | clusters) loops over the cluster ids 0 .. n_classes - 1 "
                  "(the class axis's length): a cluster whose id is past the number of classes is left out",
                  HOMOGENEITY)
def homogeneity_over_classes(metric, inputs, params):
    truth, pred = _ints(inputs.get("labels_true")), _ints(inputs.get("labels_pred"))
    if truth is None or pred is None or len(truth) != len(pred):
        return SAME
    classes = np.unique(truth)
    k = len(classes)
    table = np.zeros((k, max(int(pred.max()) + 1, k)))
    np.add.at(table, (np.searchsorted(classes, truth), pred), 1)
    n, h_true = len(truth), _entropy(table.sum(axis=1))
    conditional = 0.0
    for cluster in range(k):  # the wrong axis: as many clusters as there are classes
        column = table[:, cluster]
        if column.sum():
            p = column[column > 0]
            conditional -= float((p / n * np.log(p / column.sum())).sum())
    h = 1.0 - conditional / h_true if h_true else 1.0
    right = reference("homogeneity_completeness_v_measure", inputs, {"beta": params.get("beta", 1.0)})
    c, beta = right[1], params.get("beta", 1.0)
    v = 0.0 if h + c == 0 else (1 + beta) * h * c / (beta * h + c)
    return {"homogeneity_score": h, "v_measure_score": v, "homogeneity_completeness_v_measure": [h, c, v]}[metric]


LABEL_METRICS = tuple(m.name for m in registry.METRICS.values() if regimes.label_inputs(m))


def _fractional(value) -> bool:
    return isinstance(value, list) and any(isinstance(v, float) and math.isfinite(v) and not v.is_integer()
                                           for v in value)


@REGISTRY.reading("non-integer-labels-rounded",
                  "labels given as non-integer floats are rounded to the nearest integer ([0.4, 1.6, 1] read as "
                  "[0, 2, 1]) where scikit-learn refuses a continuous target", LABEL_METRICS)
def non_integer_labels_rounded(metric, inputs, params):
    names = [n for n in regimes.label_inputs(registry.METRICS[metric]) if _fractional(inputs.get(n))]
    if not names:
        return SAME
    rounded = {k: (np.rint(np.asarray(v, dtype=float)).astype(np.int64).tolist() if k in names else v)
               for k, v in inputs.items()}
    return reference(metric, rounded, params)


SCORED = tuple(m.name for m in registry.METRICS.values()
               if any(i.name == "y_score" and regimes.is_score(i) for i in m.inputs) and m.family != "ranking")


@REGISTRY.reading("integer-scores-read-as-labels",
                  "a 1-D y_score of integer values is taken for a second label vector and refused (a "
                  "type-of-target check on the scores), where scikit-learn ranks them as scores", SCORED)
def integer_scores_read_as_labels(metric, inputs, params):
    scores = inputs.get("y_score")
    if not isinstance(scores, list) or not scores or any(isinstance(v, (list, str)) for v in scores):
        return SAME
    if all(isinstance(v, int) or (isinstance(v, float) and math.isfinite(v) and v.is_integer()) for v in scores):
        raise Refused("y_score holds labels, not scores")
    return SAME


@REGISTRY.reading("identical-centres-epsilon",
                  f"Davies-Bouldin divides by max(d(c_i, c_j), {EPSILON:g}): coinciding centroids give a ratio "
                  "near 1e10, where scikit-learn skips the pair (and gives 0.0 when every centroid coincides)",
                  ("davies_bouldin_score",))
def identical_centres_epsilon(metric, inputs, params):
    try:
        x = np.asarray(inputs.get("X"), dtype=float)
    except (TypeError, ValueError):
        return SAME
    labels = inputs.get("labels")
    if x.ndim != 2 or not isinstance(labels, list) or len(labels) != len(x) or not np.isfinite(x).all():
        return SAME
    classes = sorted({str(v) for v in labels})
    if len(classes) < 2 or len(classes) >= len(x):
        return SAME
    codes = np.array([classes.index(str(v)) for v in labels])
    centroids = np.array([x[codes == c].mean(axis=0) for c in range(len(classes))])
    intra = np.array([np.linalg.norm(x[codes == c] - centroids[c], axis=1).mean() for c in range(len(classes))])
    between = np.linalg.norm(centroids[:, None] - centroids[None, :], axis=2)
    off = ~np.eye(len(classes), dtype=bool)
    if not np.any(between[off] == 0):
        return SAME
    ratio = (intra[:, None] + intra[None, :]) / np.maximum(between, EPSILON)
    return float(np.mean(np.max(np.where(off, ratio, -np.inf), axis=1)))


READINGS = tuple(REGISTRY.readings)

FAMILY = Family(
    name="regimes",
    readings=READINGS,
    model=REGISTRY.model(reference),
    owns=lambda case: FAMILY_TAG in case["tags"],
    cases=generated_cases,
    variants={"the reference": reference},
)


def catches(case: dict) -> list[str]:
    """The readings one generated case tells apart from scikit-learn (its wrong-reading tags)."""
    from generators import TOLERANCE

    checked = check(FAMILY, [{**case, "tags": [t for t in case["tags"] if not t.startswith("wrong-reading-")]}],
                    TOLERANCE)
    return sorted(checked.caught)


if __name__ == "__main__":
    sys.exit(main(FAMILY))
