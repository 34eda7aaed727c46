"""The metamorphic relations of conformance.fuzz.relations hold for scikit-learn itself.

For random calls (Hypothesis) of the metrics each relation covers, every variant
``variants()`` makes is sent to the pinned scikit-learn and must give
``variant.expected_from(<scikit-learn's answer to the original call>)`` under the corpus
comparator and tolerance (rtol 1e-9, atol 1e-12); where scikit-learn raises on the
original call, it must raise on the variant too.  "Under every convention a port may
follow": the check is repeated for every combination of conventions that applies to the
original call (docs/conventions.md), each realised as its rewritten scikit-learn call
(conformance.conventions.rewrite), and the same combinations must apply to the variant.
batch-split is also checked on the reference streaming accumulator
(conformance.reference.streaming), cut where the variant says.

Each relation is tested metric by metric (pytest parameters), about 100 examples per
relation under the default profile: left to Hypothesis, a draw among all the metrics leaves
about half of them out of 100 examples.  Then every exclusion in the module is shown to
be needed (scikit-learn breaks the relation there, with the counterexample the module
quotes), and per relation a deliberately broken implementation (one that ignores
weights, orders per-class outputs by first appearance, ...) must break it.

Weights and regression values are exact in binary (small integers, multiples of 1/4 or
1/8), scores sit on a grid with ties: the relations are identities, rounding stays far
inside the tolerance, and no sum of mixed-sign float weights is 0 only up to rounding
(whether it is exactly 0 would depend on the order of summation, as in
test_reference_vs_sklearn).
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import event, given, settings
from hypothesis.control import currently_in_test_context
from hypothesis import strategies as st

from conformance import conventions as conv
from conformance import registry
from conformance.compare import compare
from conformance.encoding import decode_numeric, decode_param, to_json
from conformance.fuzz import relations as R
from conformance.reference.streaming import CountAccumulator
from generators.oracle import call_oracle
from generators.scores.ece_oracle import expected_calibration_error as ece_oracle

RTOL, ATOL = 1e-9, 1e-12
ORACLES = {"expected_calibration_error": ece_oracle}


# ------------------------------------------------------------------ the check


def sklearn_outcome(metric, inputs, params, fn=None):
    """scikit-learn's outcome for a JSON-level call, as the corpus records it ({"value"} / {"error"})."""
    call_inputs = {k: decode_numeric(v, k) for k, v in inputs.items()}
    call_params = {k: decode_param(v) for k, v in params.items()}
    outcome, _ = call_oracle(metric, call_inputs, call_params, fn or ORACLES.get(metric))
    return outcome


def problems(metric, inputs, params, variant, fn=None) -> list[str]:
    """Why ``variant`` does not hold for ``fn`` (default: scikit-learn) on this call: one line per
    convention combination (none: the default) under which it fails."""
    out = []
    combos = conv.combinations(metric, inputs, params)
    theirs = conv.combinations(metric, variant.inputs, variant.params)
    if sorted(map(conv.key, combos)) != sorted(map(conv.key, theirs)):
        out.append(f"conventions differ: {combos} apply to the call, {theirs} to the variant")
    for combo in [{}] + combos:
        where = conv.key(combo) or "default"
        try:
            vparams = conv.rewrite(combo, metric, variant.inputs, variant.params)
        except conv.ConventionError as exc:
            out.append(f"{where}: {exc}")
            continue
        original = sklearn_outcome(metric, inputs, conv.rewrite(combo, metric, inputs, params), fn)
        transformed = sklearn_outcome(metric, variant.inputs, vparams, fn)
        if "error" in original:
            if "error" not in transformed:
                out.append(f"{where}: the call raises {original['error']['type']}, the variant gives "
                           f"{transformed['value']!r}")
            continue
        if "error" in transformed:
            out.append(f"{where}: the call gives {original['value']!r}, the variant raises "
                       f"{transformed['error']['type']}: {transformed['error']['message']}")
            continue
        want = variant.expected_from(decode_numeric(original["value"]))
        got = decode_numeric(transformed["value"])
        result = compare(want, got, RTOL, ATOL)
        if not result:
            out.append(f"{where}: {result.reason}; expected {want!r}, got {got!r}")
    return out


def streamed_outcome(metric, inputs, params, cuts):
    """The reference streaming accumulator fed the samples cut at ``cuts``: ("value", v) or ("error", type)."""
    y_true, y_pred = np.asarray(inputs["y_true"]), np.asarray(inputs["y_pred"])
    w = inputs.get("sample_weight")
    w = None if w is None else np.asarray(decode_numeric(w))
    edges = [0, *cuts, len(y_true)]
    acc = CountAccumulator()
    try:
        for lo, hi in zip(edges, edges[1:]):
            acc.update(y_true[lo:hi], y_pred[lo:hi], sample_weight=None if w is None else w[lo:hi])
        return {"value": to_json(acc.compute(metric, **{k: decode_param(v) for k, v in params.items()}))}
    except Exception as exc:  # noqa: BLE001 - the refusal is the outcome compared
        return {"error": {"type": type(exc).__name__}}


def assert_holds(relation, metric, inputs, params, seed, streaming=False):
    rng = np.random.default_rng(seed)
    found = [v for v in R.variants(metric, inputs, params, rng, streaming=streaming) if v.relation == relation]
    if currently_in_test_context():
        event(f"{metric}: {'checked' if found else 'no variant'}")  # --hypothesis-show-statistics
    for v in found:
        bad = problems(metric, inputs, params, v)
        assert not bad, (f"{relation} ({v.detail}) fails for scikit-learn on {metric}(**{inputs!r}, **{params!r})\n"
                         f"  variant: {v.inputs!r} {v.params!r}\n  " + "\n  ".join(bad))
    return found


# ------------------------------------------------------------------ strategies

# Class ids: small, negative, with gaps (rename-classes adds far-apart ones).
IDS = [-3, -1, 0, 1, 2, 3, 5, 7, 12]
GRID = [0.0, 0.1, 0.2, 0.25, 0.3, 0.5, 0.6, 0.7, 0.75, 0.8, 0.9, 1.0]


@st.composite
def sample_weights(draw, n):
    kind = draw(st.sampled_from(["none", "none", "int", "quarters", "positive"]))
    if kind == "none":
        return None
    if kind == "int":
        return draw(st.lists(st.integers(0, 3), min_size=n, max_size=n))
    if kind == "quarters":  # mixed signs, exact in any order of summation
        return [v / 4 for v in draw(st.lists(st.integers(-4, 12), min_size=n, max_size=n))]
    return [v / 8 for v in draw(st.lists(st.integers(1, 40), min_size=n, max_size=n))]


def _with_weights(draw, inputs, n):
    w = draw(sample_weights(n))
    if w is not None:
        inputs["sample_weight"] = w
    return inputs


def _maybe(draw, params, key, values):
    """Set params[key] to one of values, or leave it absent."""
    choice = draw(st.sampled_from([_ABSENT, *values]))
    if choice is not _ABSENT:
        params[key] = choice


_ABSENT = object()
PRF = ("precision_score", "recall_score", "f1_score", "fbeta_score", "precision_recall_fscore_support")


@st.composite
def label_calls(draw, metrics, multilabel=True):
    """(metric, inputs, params): 1-D integer labels (or, for the metrics that take them, indicator
    matrices) with keyword arguments from each metric's grid, refused values included."""
    metric = draw(st.sampled_from(sorted(metrics)))
    can_multilabel = multilabel and metric not in (
        "balanced_accuracy_score", "cohen_kappa_score", "confusion_matrix", "matthews_corrcoef")
    indicator = can_multilabel and draw(st.integers(0, 4)) == 0
    n = draw(st.integers(1, 9))
    if indicator:
        width = draw(st.integers(1, 4))
        row = st.lists(st.integers(0, 1), min_size=width, max_size=width)
        y_true, y_pred = (draw(st.lists(row, min_size=n, max_size=n)) for _ in range(2))
        classes = list(range(width))
    else:
        classes = draw(st.lists(st.sampled_from(IDS), min_size=1, max_size=4, unique=True))
        y_true, y_pred = (draw(st.lists(st.sampled_from(classes), min_size=n, max_size=n)) for _ in range(2))
    a, b = ("y1", "y2") if metric == "cohen_kappa_score" else ("y_true", "y_pred")
    inputs = _with_weights(draw, {a: y_true, b: y_pred}, n)
    params: dict = {}
    labels_pool = classes + ([] if indicator else [4, -2])
    labels = st.lists(st.sampled_from(labels_pool), min_size=1, max_size=4, unique=True)
    if metric in PRF or metric == "jaccard_score":
        _maybe(draw, params, "average", [None, "binary", "micro", "macro", "weighted", "samples"])
        if draw(st.booleans()):
            params["labels"] = draw(labels)
        _maybe(draw, params, "pos_label", classes[:2])
        zero = ["warn", 0, 1] + (["NaN"] if metric != "jaccard_score" else [])
        _maybe(draw, params, "zero_division", zero)
        if metric == "fbeta_score":
            params["beta"] = draw(st.sampled_from([1, 1.0, 0.5, 2]))
        elif metric == "precision_recall_fscore_support":
            _maybe(draw, params, "beta", [1.0, 0.5, 2])
    elif metric in ("accuracy_score", "zero_one_loss"):
        _maybe(draw, params, "normalize", [True, False])
    elif metric == "confusion_matrix":
        _maybe(draw, params, "normalize", [None, "true", "pred", "all"])
        if draw(st.booleans()):
            params["labels"] = draw(labels)
    elif metric == "multilabel_confusion_matrix":
        _maybe(draw, params, "samplewise", [False, True])
        if draw(st.booleans()):
            params["labels"] = draw(labels)
    elif metric == "classification_report":
        params["output_dict"] = True
        _maybe(draw, params, "zero_division", ["warn", 0, 1, "NaN"])
        if draw(st.booleans()):
            params["labels"] = draw(labels)
        if draw(st.integers(0, 3)) == 0:
            count = len(params.get("labels", sorted(set(_flat(y_true) + _flat(y_pred)))))
            if indicator:
                count = len(params.get("labels", classes))
            params["target_names"] = [f"c{i}" for i in range(count)]
    elif metric == "cohen_kappa_score":
        _maybe(draw, params, "weights", [None, "linear", "quadratic"])
        if draw(st.booleans()):
            params["labels"] = draw(labels)
        _maybe(draw, params, "replace_undefined_by", [0.0, -1.0, "NaN"])
    elif metric == "balanced_accuracy_score":
        _maybe(draw, params, "adjusted", [False, True])
    return metric, inputs, params


def _flat(y):
    return [v for row in y for v in (row if isinstance(row, list) else [row])]


def _labels_of(draw, n, pool):
    return draw(st.lists(st.sampled_from(pool), min_size=n, max_size=n))


def _probability_rows(draw, n, k):
    """n rows of k probabilities (multiples of 1/8, summing to 1): ties on purpose."""
    rows = []
    for _ in range(n):
        cuts = sorted(draw(st.lists(st.integers(0, 8), min_size=k - 1, max_size=k - 1)))
        edges = [0, *cuts, 8]
        rows.append([(hi - lo) / 8 for lo, hi in zip(edges, edges[1:])])
    return rows


def _extras_call(draw, metric, n):
    """A call of a classification extra (generators/extras/): binary labels, scores from GRID."""
    params: dict = {}
    if metric == "auc":
        return metric, {"x": sorted(_labels_of(draw, max(n, 2), GRID)), "y": _labels_of(draw, max(n, 2), GRID)}, params
    if metric == "hinge_loss" and draw(st.booleans()):
        params["labels"] = [0, 1, 2]
        inputs = {"y_true": _labels_of(draw, n, [0, 1, 2]),
                  "pred_decision": [_labels_of(draw, 3, [-1.5, -0.5, 0.0, 0.25, 1.0, 2.0]) for _ in range(n)]}
    elif metric == "hinge_loss":
        inputs = {"y_true": _labels_of(draw, n, draw(st.sampled_from([[0, 1], [-1, 1], [1, 2]]))),
                  "pred_decision": _labels_of(draw, n, [-1.5, -0.5, 0.0, 0.25, 1.0, 2.0])}
    elif metric == "class_likelihood_ratios":
        inputs = {"y_true": _labels_of(draw, n, [0, 1]), "y_pred": _labels_of(draw, n, [0, 1])}
        _maybe(draw, params, "replace_undefined_by", [1.0, "NaN", {"LR+": 2.0, "LR-": 0.5}])
    else:
        inputs = {"y_true": _labels_of(draw, n, [0, 1]), "y_score": _labels_of(draw, n, GRID)}
        if metric == "det_curve":
            _maybe(draw, params, "drop_intermediate", [False, True])
        elif metric == "metric_at_thresholds":
            params["metric_func"] = draw(st.sampled_from(["accuracy_score", "f1_score", "recall_score",
                                                          "matthews_corrcoef", "confusion_matrix"]))
    return metric, _with_weights(draw, inputs, n), params


@st.composite
def score_calls(draw, metrics):
    metric = draw(st.sampled_from(sorted(metrics)))
    n = draw(st.integers(1, 10))
    if registry.METRICS[metric].family == "extras":
        return _extras_call(draw, metric, n)
    params: dict = {}
    pool = draw(st.sampled_from([[0, 1], [-1, 1], [1, 2], [0, 1, 2], [0, 1, 2, 3]]))
    multiclass = len(pool) > 2
    if metric in ("roc_curve", "precision_recall_curve", "calibration_curve") or (
            metric in ("average_precision_score", "brier_score_loss", "expected_calibration_error")
            and not multiclass):
        pool = pool[:2]
        y_true = _labels_of(draw, n, pool)
        score_key = {"calibration_curve": "y_prob", "expected_calibration_error": "y_prob",
                     "brier_score_loss": "y_proba"}.get(metric, "y_score")
        values = GRID if metric != "roc_curve" or draw(st.booleans()) else [-2.5, -1.0, 0.0, 0.5, 3.0]
        inputs = {"y_true": y_true, score_key: _labels_of(draw, n, values)}
        if metric in ("roc_curve", "precision_recall_curve"):
            _maybe(draw, params, "drop_intermediate", [False, True])
            _maybe(draw, params, "pos_label", pool[1:])
        elif metric == "calibration_curve":
            params["n_bins"] = draw(st.integers(1, 5))
            _maybe(draw, params, "strategy", ["uniform", "quantile"])
            _maybe(draw, params, "pos_label", pool[1:])
        elif metric == "expected_calibration_error":
            params["confidence"] = "positive"
            params["n_bins"] = draw(st.integers(1, 5))
            _maybe(draw, params, "strategy", ["uniform", "quantile"])
            _maybe(draw, params, "pos_label", pool[1:])
        elif metric == "brier_score_loss":
            _maybe(draw, params, "pos_label", pool[1:])
            _maybe(draw, params, "scale_by_half", ["auto", True, False])
    elif metric in ("average_precision_score", "brier_score_loss", "expected_calibration_error", "log_loss",
                    "top_k_accuracy_score", "roc_auc_score"):
        k = len(pool)
        y_true = _labels_of(draw, n, pool)
        if metric == "average_precision_score" or (metric == "roc_auc_score" and draw(st.integers(0, 3)) == 0):
            # multilabel indicators with one score column per label
            y_true = [draw(st.lists(st.integers(0, 1), min_size=k, max_size=k)) for _ in range(n)]
            inputs = {"y_true": y_true, "y_score": [_labels_of(draw, k, GRID) for _ in range(n)]}
            _maybe(draw, params, "average", [None, "micro", "macro", "weighted", "samples"])
        else:
            key = {"log_loss": "y_proba", "brier_score_loss": "y_proba", "expected_calibration_error": "y_prob"}.get(
                metric, "y_score")
            inputs = {"y_true": y_true, key: _probability_rows(draw, n, k)}
            if metric == "roc_auc_score":
                params["multi_class"] = draw(st.sampled_from(["ovr", "ovo"]))
                _maybe(draw, params, "average", ["macro", "weighted"])
                if draw(st.booleans()):
                    params["labels"] = pool
            elif metric == "top_k_accuracy_score":
                params["k"] = draw(st.integers(1, k))
                _maybe(draw, params, "normalize", [True, False])
                if draw(st.booleans()):
                    params["labels"] = pool
            elif metric == "log_loss":
                _maybe(draw, params, "normalize", [True, False])
                if draw(st.booleans()):
                    params["labels"] = pool
            elif metric == "brier_score_loss":
                params["labels"] = pool
            elif metric == "expected_calibration_error":
                params["confidence"] = "top-label"
                params["labels"] = pool
                params["n_bins"] = draw(st.integers(1, 5))
    else:  # roc_auc_score / log_loss on binary 1-D scores
        y_true = _labels_of(draw, n, pool[:2])
        inputs = {"y_true": y_true, "y_score": _labels_of(draw, n, GRID)}
    if metric == "roc_auc_score" and "y_score" in inputs and not isinstance(inputs["y_score"][0], list):
        _maybe(draw, params, "max_fpr", [0.25, 0.5, 1.0])
    if metric not in R.UNWEIGHTED:
        inputs = _with_weights(draw, inputs, n)
    return metric, inputs, params


@st.composite
def regression_calls(draw, metrics):
    metric = draw(st.sampled_from(sorted(metrics)))
    n = draw(st.integers(1, 8))
    outputs = 1 if metric == "max_error" else draw(st.sampled_from([1, 1, 2, 3]))
    low = 0 if "log" in metric else -24
    value = st.integers(low, 24).map(lambda v: v / 4)
    row = value if outputs == 1 else st.lists(value, min_size=outputs, max_size=outputs)
    inputs = {"y_true": draw(st.lists(row, min_size=n, max_size=n)),
              "y_pred": draw(st.lists(row, min_size=n, max_size=n))}
    params: dict = {}
    if metric != "max_error":
        choices = ["raw_values", "uniform_average"] + (
            ["variance_weighted"] if metric in ("r2_score", "explained_variance_score") else [])
        if outputs > 1:
            choices.append([1.0] + [0.5] * (outputs - 1))
        _maybe(draw, params, "multioutput", choices)
        if metric in ("r2_score", "explained_variance_score"):
            _maybe(draw, params, "force_finite", [True, False])
        inputs = _with_weights(draw, inputs, n)
    return metric, inputs, params


@st.composite
def clustering_calls(draw, metrics):
    """(metric, inputs, params): two labelings of small integer ids, or 2-D points and their labels.
    (The clustering relations are the family's own: tests/test_clustering_relations.py draws them.)"""
    metric = draw(st.sampled_from(sorted(metrics)))
    n = draw(st.integers(2, 12))
    ids = st.lists(st.integers(0, 3), min_size=n, max_size=n)
    if registry.METRICS[metric].input_names()[0] == "X":
        point = st.lists(st.integers(-8, 8).map(float), min_size=2, max_size=2)
        return metric, {"X": draw(st.lists(point, min_size=n, max_size=n)), "labels": draw(ids)}, {}
    return metric, {"labels_true": draw(ids), "labels_pred": draw(ids)}, {}


@st.composite
def deviance_calls(draw, metrics):
    """(metric, inputs, params): the deviances and D² scores, inside each one's domain: positive
    quarters for the Tweedie powers, any quarters for the pinball loss, labels and probability rows
    for the D² of Brier and log loss."""
    metric = draw(st.sampled_from(sorted(metrics)))
    n = draw(st.integers(1, 8))
    params: dict = {}
    if metric in ("d2_brier_score", "d2_log_loss_score"):
        k = draw(st.sampled_from([2, 3]))
        y_true = [i % k for i in range(k)] + draw(st.lists(st.integers(0, k - 1), min_size=max(0, n - k),
                                                            max_size=max(0, n - k)))
        inputs = {"y_true": y_true[:max(n, k)], "y_proba": _probability_rows(draw, max(n, k), k)}
        return metric, _with_weights(draw, inputs, max(n, k)), params
    outputs = 1 if "tweedie" in metric or "poisson" in metric or "gamma" in metric else draw(
        st.sampled_from([1, 1, 2]))
    low = 1 if outputs == 1 and metric not in ("mean_pinball_loss",) else -24
    value = st.integers(low, 24).map(lambda v: v / 4)
    row = value if outputs == 1 else st.lists(value, min_size=outputs, max_size=outputs)
    inputs = {"y_true": draw(st.lists(row, min_size=n, max_size=n)),
              "y_pred": draw(st.lists(row, min_size=n, max_size=n))}
    if metric in ("mean_tweedie_deviance", "d2_tweedie_score"):
        _maybe(draw, params, "power", [0, 1, 1.5, 2, 3, -1])
    if metric in ("mean_pinball_loss", "d2_pinball_score"):
        _maybe(draw, params, "alpha", [0.0, 0.1, 0.5, 0.75, 1.0])
    if metric in ("mean_pinball_loss", "d2_pinball_score", "d2_absolute_error_score"):
        _maybe(draw, params, "multioutput", ["raw_values", "uniform_average"] + ([[1.0, 0.5]] if outputs > 1 else []))
    return metric, _with_weights(draw, inputs, n), params


@st.composite
def ranking_calls(draw, metrics):
    """(metric, inputs, params): an n × m matrix of relevances (0..3 for DCG/NDCG, 0/1 for the label-ranking
    metrics) and scores on a grid of halves, so that rows hold ties; DCG/NDCG's k, log_base and ignore_ties
    (ignore_ties=True only on rows of distinct scores: with ties the order is numpy's, docs/decisions/0026)."""
    metric = draw(st.sampled_from(sorted(metrics)))
    n, m = draw(st.integers(1, 6)), draw(st.integers(2, 5))
    gains = metric in ("dcg_score", "ndcg_score")
    cell = st.integers(0, 3 if gains else 1)
    y_true = draw(st.lists(st.lists(cell, min_size=m, max_size=m), min_size=n, max_size=n))
    params: dict = {}
    distinct = gains and draw(st.booleans())
    if distinct:
        row = st.permutations([v / 2 for v in range(m)])
        y_score = [list(draw(row)) for _ in range(n)]
        _maybe(draw, params, "ignore_ties", [False, True])
    else:
        y_score = draw(st.lists(st.lists(st.integers(-4, 4).map(lambda v: v / 2), min_size=m, max_size=m),
                                min_size=n, max_size=n))
    if gains:
        _maybe(draw, params, "k", [1, 2, 3, m + 1])
        if metric == "dcg_score":
            _maybe(draw, params, "log_base", [2, 10, 0.5])
    return metric, _with_weights(draw, {"y_true": y_true, "y_score": y_score}, n), params


#: The strategy each registry entry names (conformance/registry.py ``strategy``).
STRATEGIES = {"label-calls": label_calls, "score-calls": score_calls, "regression-calls": regression_calls,
              "clustering-calls": clustering_calls, "deviance-calls": deviance_calls,
              "ranking-calls": ranking_calls}


def calls_of(metric, multilabel=True):
    """Random calls of one metric, drawn by the strategy its registry entry names."""
    strategy = STRATEGIES[registry.METRICS[metric].strategy]
    return strategy(frozenset({metric}), multilabel) if strategy is label_calls else strategy(frozenset({metric}))


def test_every_registered_strategy_is_defined_here():
    assert set(registry.STRATEGIES) == set(STRATEGIES), "a strategy named in conformance/registry.py has no " \
        "function in tests/test_fuzz_relations.py STRATEGIES (or one here is unused)"


SEEDS = st.integers(0, 2 ** 32 - 1)


def examples(metrics) -> settings:
    """About 100 examples per relation under the default "dev" profile (150), spread evenly over its
    metrics (left to Hypothesis, a draw among all the metrics covers about half of them in 100 examples):
    2/3 of the profile's count per relation, divided among the metrics, at least 3 each."""
    return settings(max_examples=max(3, round(settings().max_examples * 2 / 3 / len(metrics))))


PERMUTE_METRICS = sorted(R.METRICS)
RENAME_METRICS = sorted(R.RENAME_METRICS)
WEIGHT_METRICS = sorted(R.WEIGHTED)
SWAP_METRICS = sorted(R.SWAP_METRICS)
BATCH_METRICS = sorted(R.LABEL_METRICS)


# ------------------------------------------------------------------ scikit-learn satisfies each relation


@pytest.mark.parametrize("metric", PERMUTE_METRICS)
def test_permute_samples_holds_for_sklearn(metric):
    @examples(PERMUTE_METRICS)
    @given(calls_of(metric), SEEDS)
    def check(call, seed):
        assert_holds(R.PERMUTE, *call, seed)
    check()


@pytest.mark.parametrize("metric", RENAME_METRICS)
def test_rename_classes_holds_for_sklearn(metric):
    @examples(RENAME_METRICS)
    @given(calls_of(metric, multilabel=False), SEEDS)
    def check(call, seed):
        assert_holds(R.RENAME, *call, seed)
    check()


@pytest.mark.parametrize("metric", WEIGHT_METRICS)
def test_duplicate_is_weight_2_holds_for_sklearn(metric):
    @examples(WEIGHT_METRICS)
    @given(calls_of(metric), SEEDS)
    def check(call, seed):
        assert_holds(R.DUPLICATE, *call, seed)
    check()


@pytest.mark.parametrize("metric", WEIGHT_METRICS)
def test_scale_weights_holds_for_sklearn(metric):
    @examples(WEIGHT_METRICS)
    @given(calls_of(metric), SEEDS)
    def check(call, seed):
        assert_holds(R.SCALE, *call, seed)
    check()


@pytest.mark.parametrize("metric", SWAP_METRICS)
def test_swap_symmetric_holds_for_sklearn(metric):
    @examples(SWAP_METRICS)
    @given(calls_of(metric), SEEDS)
    def check(call, seed):
        assert_holds(R.SWAP, *call, seed)
    check()


@pytest.mark.parametrize("metric", BATCH_METRICS)
def test_batch_split_holds_for_sklearn_and_the_reference_stream(metric):
    @examples(BATCH_METRICS)
    @given(calls_of(metric), SEEDS)
    def check(call, seed):
        metric, inputs, params = call
        for v in assert_holds(R.BATCH, metric, inputs, params, seed, streaming=True):
            assert v.inputs == inputs and v.params == params and v.batches
            assert all(0 < c < len(inputs["y_true"]) for c in v.batches) and v.batches == sorted(set(v.batches))
            if isinstance(inputs["y_true"][0], list):
                continue  # the reference stream refuses indicator matrices (docs/streaming.md)
            whole = sklearn_outcome(metric, inputs, params)
            streamed = streamed_outcome(metric, v.inputs, v.params, v.batches)
            assert ("error" in whole) == ("error" in streamed), (metric, inputs, params, v.batches, whole, streamed)
            if "value" in whole:
                result = compare(decode_numeric(whole["value"]), decode_numeric(streamed["value"]), RTOL, ATOL)
                assert result, (metric, inputs, params, v.batches, result.reason)
    check()


# ------------------------------------------------------------------ which relations apply where


def _relations(metric, inputs, params, streaming=False, seed=0):
    return {v.relation for v in R.variants(metric, inputs, params, np.random.default_rng(seed), streaming=streaming)}


def test_variants_apply_where_documented():
    labels = {"y_true": [0, 1, 2, 1], "y_pred": [0, 2, 2, 1]}
    assert _relations("accuracy_score", labels, {}) == {R.PERMUTE, R.RENAME, R.DUPLICATE, R.SCALE, R.SWAP}
    assert _relations("accuracy_score", labels, {}, streaming=True) >= {R.BATCH}
    assert R.SWAP not in _relations("balanced_accuracy_score", labels, {})
    assert R.SWAP not in _relations("f1_score", labels, {"average": "weighted"})
    assert R.SWAP not in _relations("f1_score", labels, {"average": "macro"})  # classes=supported may apply
    assert R.SWAP in _relations("f1_score", labels, {"average": "macro", "labels": [0, 1, 2]})
    assert R.SWAP not in _relations("fbeta_score", labels, {"average": "macro", "labels": [0, 1], "beta": 2})
    assert R.SWAP not in _relations("confusion_matrix", labels, {"labels": [0, 1]})
    assert R.RENAME not in _relations("cohen_kappa_score", {"y1": [0, 1, 2], "y2": [0, 2, 2]}, {"weights": "linear"})
    assert R.RENAME in _relations("cohen_kappa_score", {"y1": [0, 1, 2], "y2": [0, 2, 2]},
                                  {"weights": "linear", "labels": [2, 0, 1]})
    assert R.RENAME not in _relations("accuracy_score", {"y_true": [0.0, 1.0], "y_pred": [1.0, 1.0]}, {})
    assert R.RENAME not in _relations("accuracy_score", {"y_true": [[0, 1]], "y_pred": [[1, 1]]}, {})
    assert R.DUPLICATE not in _relations("r2_score", {"y_true": [1.0], "y_pred": [2.0]}, {})
    assert R.DUPLICATE in _relations("r2_score", {"y_true": [1.0, 2.0], "y_pred": [2.0, 2.0]}, {})
    ovo = {"y_true": [0, 1, 2], "y_score": [[0.5, 0.25, 0.25], [0.25, 0.5, 0.25], [0.25, 0.25, 0.5]]}
    assert not {R.DUPLICATE, R.SCALE} & _relations("roc_auc_score", ovo, {"multi_class": "ovo"})
    assert {R.DUPLICATE, R.SCALE} <= _relations("roc_auc_score", ovo, {"multi_class": "ovr"})
    assert _relations("max_error", {"y_true": [1.0, 2.0], "y_pred": [0.0, 2.0]}, {}) == {R.PERMUTE, R.SWAP}
    assert _relations("classification_report", labels, {}) == set()  # text
    assert _relations("no_such_metric", labels, {}) == set()
    assert _relations("accuracy_score", {"y_true": [0, 1], "y_pred": [0]}, {}) == {R.RENAME, R.SWAP}
    mcm = {"y_true": [[0, 1], [1, 1]], "y_pred": [[1, 1], [1, 0]]}
    assert R.DUPLICATE not in _relations("multilabel_confusion_matrix", mcm, {"samplewise": True})


def test_rename_keeps_the_declared_class_set():
    # classes=declared may apply: the ids are permuted within 0..C-1 and the largest id stays present.
    inputs = {"y_true": [0, 3, 3, 1], "y_pred": [1, 3, 0, 0]}
    for seed in range(50):
        (v,) = [v for v in R.variants("f1_score", inputs, {"average": None}, np.random.default_rng(seed))
                if v.relation == R.RENAME]
        ids = set(v.inputs["y_true"]) | set(v.inputs["y_pred"])
        assert ids <= set(range(4)) and 3 in ids and len(ids) == 3
    # with a negative id the new ids keep one (declared stays inapplicable)
    inputs = {"y_true": [-1, 3], "y_pred": [3, 3]}
    for seed in range(50):
        (v,) = [v for v in R.variants("confusion_matrix", inputs, {}, np.random.default_rng(seed))
                if v.relation == R.RENAME]
        assert min(v.inputs["y_true"] + v.inputs["y_pred"]) < 0


def test_expected_from_refuses_an_answer_of_another_shape():
    (v,) = [v for v in R.variants("f1_score", {"y_true": [0, 1, 2], "y_pred": [0, 2, 2]}, {"average": None},
                                  np.random.default_rng(1)) if v.relation == R.RENAME]
    with pytest.raises(ValueError):
        v.expected_from([0.5, 0.5])  # three classes observed (and declared), one supported: none has 2
    assert sorted(v.expected_from([1.0, 0.0, 0.5])) == [0.0, 0.5, 1.0]
    assert v.expected_from([1.0, 0.0, 0.5]) != [1.0, 0.0, 0.5]  # non-monotone: the order moves


# ------------------------------------------------------------------ every exclusion is needed

V = R.Variant
OVO = [[0.5, 0.25, 0.25], [0.25, 0.5, 0.25], [0.25, 0.25, 0.5]]
# (metric, inputs, params, the variant a relation would make without the exclusion): scikit-learn
# breaks each (the counterexamples quoted in conformance/fuzz/relations.py), and variants() never
# makes it.
EXCLUDED = {
    "rename kappa weights without labels": (
        "cohen_kappa_score", {"y1": [0, 1, 2], "y2": [0, 2, 2]}, {"weights": "linear"},
        V(R.RENAME, {"y1": [0, 2, 1], "y2": [0, 1, 1]}, {"weights": "linear"})),
    "rename report with repeated target_names": (
        "classification_report", {"y_true": [0, 1, 1], "y_pred": [0, 1, 0]},
        {"output_dict": True, "target_names": ["a", "a"]},
        V(R.RENAME, {"y_true": [1, 0, 0], "y_pred": [1, 0, 1]}, {"output_dict": True, "target_names": ["a", "a"]})),
    "rename out of 0..C-1 under classes=declared": (
        "f1_score", {"y_true": [0, 2], "y_pred": [0, 2]}, {"average": "macro"},
        V(R.RENAME, {"y_true": [0, 5], "y_pred": [0, 5]}, {"average": "macro"})),
    "swap confusion_matrix with labels": (
        "confusion_matrix", {"y_true": [0, 0, 1], "y_pred": [2, 2, 1]}, {"labels": [2]},
        V(R.SWAP, {"y_true": [2, 2, 1], "y_pred": [0, 0, 1]}, {"labels": [2]}, transform=R._transpose)),
    "swap kappa with labels": (
        "cohen_kappa_score", {"y1": [0, 0, 1], "y2": [2, 2, 1]}, {"labels": [2]},
        V(R.SWAP, {"y1": [2, 2, 1], "y2": [0, 0, 1]}, {"labels": [2]})),
    "swap F1 where classes=supported applies": (
        "f1_score", {"y_true": [0, 0], "y_pred": [0, 1]}, {"average": "micro"},
        V(R.SWAP, {"y_true": [0, 1], "y_pred": [0, 0]}, {"average": "micro"})),
    "swap weighted F1": (
        "f1_score", {"y_true": [1, 2, 2], "y_pred": [0, 0, 2]}, {"average": "weighted", "labels": [0, 1, 2]},
        V(R.SWAP, {"y_true": [0, 0, 2], "y_pred": [1, 2, 2]}, {"average": "weighted", "labels": [0, 1, 2]})),
    "swap balanced accuracy": (
        "balanced_accuracy_score", {"y_true": [1, 2, 2], "y_pred": [0, 0, 2]}, {},
        V(R.SWAP, {"y_true": [0, 0, 2], "y_pred": [1, 2, 2]}, {})),
    "permute median_absolute_error with a negative weight": (
        "median_absolute_error", {"y_true": [0.0, 0.0, 0.0], "y_pred": [1.0, 0.0, 1.0], "sample_weight": [-1, 1, 1]},
        {}, V(R.PERMUTE, {"y_true": [0.0, 0.0, 0.0], "y_pred": [0.0, 1.0, 1.0], "sample_weight": [1, 1, -1]}, {})),
    "duplicate median_absolute_error with a negative weight": (
        "median_absolute_error", {"y_true": [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]],
                                  "y_pred": [[0.0, 0.0, 0.25], [0.0, 0.0, 0.0]], "sample_weight": [-0.25, 0.0]}, {},
        V(R.DUPLICATE, {"y_true": [[0.0, 0.0, 0.0]] * 4,
                        "y_pred": [[0.0, 0.0, 0.25], [0.0, 0.0, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 0.25]],
                        "sample_weight": [-0.125, 0.0, 0.0, -0.125]}, {})),
    "duplicate r2 of one sample": (
        "r2_score", {"y_true": [1.0], "y_pred": [2.0]}, {},
        V(R.DUPLICATE, {"y_true": [1.0, 1.0], "y_pred": [2.0, 2.0], "sample_weight": [0.5, 0.5]}, {})),
    "duplicate roc_auc ovo without weights": (
        "roc_auc_score", {"y_true": [0, 1, 2], "y_score": OVO}, {"multi_class": "ovo"},
        V(R.DUPLICATE, {"y_true": [0, 1, 2, 0], "y_score": OVO + OVO[:1], "sample_weight": [0.5, 1, 1, 0.5]},
          {"multi_class": "ovo"})),
    "scale roc_auc ovo without weights": (
        "roc_auc_score", {"y_true": [0, 1, 2], "y_score": OVO}, {"multi_class": "ovo"},
        V(R.SCALE, {"y_true": [0, 1, 2], "y_score": OVO, "sample_weight": [2.0, 2.0, 2.0]}, {"multi_class": "ovo"})),
    "duplicate samplewise multilabel_confusion_matrix": (
        "multilabel_confusion_matrix", {"y_true": [[1, 0], [0, 1]], "y_pred": [[1, 1], [0, 1]]}, {"samplewise": True},
        V(R.DUPLICATE, {"y_true": [[1, 0], [0, 1], [1, 0]], "y_pred": [[1, 1], [0, 1], [1, 1]],
                        "sample_weight": [0.5, 1, 0.5]}, {"samplewise": True})),
}


@pytest.mark.parametrize("name", sorted(EXCLUDED))
def test_each_exclusion_has_a_sklearn_counterexample(name):
    metric, inputs, params, variant = EXCLUDED[name]
    assert problems(metric, inputs, params, variant), f"{name}: scikit-learn satisfies it after all"
    for seed in range(20):
        made = R.variants(metric, inputs, params, np.random.default_rng(seed))
        assert not [v for v in made if v.relation == variant.relation and v.inputs == variant.inputs], name
        if variant.relation in (R.SWAP, R.DUPLICATE, R.SCALE) and "declared" not in name:
            assert variant.relation not in {v.relation for v in made}, name


# ------------------------------------------------------------------ broken implementations break them


def _first_breaking(relation, metric, inputs, params, fn, streaming=False):
    """The problems of ``fn`` with the first variant of ``relation`` (there must be one)."""
    found = [v for v in R.variants(metric, inputs, params, np.random.default_rng(0), streaming=streaming)
             if v.relation == relation]
    assert found, f"no {relation} variant for {metric}"
    assert not problems(metric, inputs, params, found[0]), "scikit-learn itself must satisfy it"
    return [p for v in found for p in problems(metric, inputs, params, v, fn=fn)]


def test_a_port_that_depends_on_sample_order_breaks_permute_samples():
    import sklearn.metrics as skm

    def first_half_only(y_true, y_pred, **kwargs):  # "evaluates" the first half of the samples
        h = max(1, len(y_true) // 2)
        return skm.accuracy_score(y_true[:h], y_pred[:h], **kwargs)

    inputs = {"y_true": [0, 1, 1, 0, 2, 2], "y_pred": [0, 1, 0, 1, 2, 1]}
    assert _first_breaking(R.PERMUTE, "accuracy_score", inputs, {}, first_half_only)


def test_a_port_that_orders_classes_by_first_appearance_breaks_rename_classes():
    import sklearn.metrics as skm

    def by_appearance(y_true, y_pred, **kwargs):  # per-class F1 in order of first appearance
        seen = list(dict.fromkeys(np.concatenate([y_true, y_pred]).tolist()))
        return skm.f1_score(y_true, y_pred, labels=seen, **kwargs)

    inputs = {"y_true": [2, 0, 1, 1, 0], "y_pred": [2, 1, 1, 0, 0]}
    assert _first_breaking(R.RENAME, "f1_score", inputs, {"average": None}, by_appearance)


def test_a_port_that_ignores_weights_breaks_duplicate_and_scale():
    import sklearn.metrics as skm

    def unweighted_counts(y_true, y_pred, sample_weight=None, **kwargs):
        return skm.confusion_matrix(y_true, y_pred, **kwargs)

    def unweighted_mae(y_true, y_pred, sample_weight=None, **kwargs):
        return skm.mean_absolute_error(y_true, y_pred, **kwargs)

    labels = {"y_true": [0, 1, 1, 2, 2], "y_pred": [0, 1, 0, 2, 1]}
    assert _first_breaking(R.DUPLICATE, "confusion_matrix", labels, {}, unweighted_counts)
    assert _first_breaking(R.SCALE, "confusion_matrix", labels, {}, unweighted_counts)
    values = {"y_true": [0.0, 1.0, 4.0], "y_pred": [0.5, 3.0, 4.0]}
    assert _first_breaking(R.DUPLICATE, "mean_absolute_error", values, {}, unweighted_mae)


def test_a_port_that_normalises_counts_breaks_scale_weights():
    import sklearn.metrics as skm

    def normalised(y_true, y_pred, normalize=True, sample_weight=None):  # normalize=False ignored
        return skm.accuracy_score(y_true, y_pred, sample_weight=sample_weight)

    inputs = {"y_true": [0, 1, 1, 2], "y_pred": [0, 1, 0, 2], "sample_weight": [1, 2, 1, 1]}
    assert _first_breaking(R.SCALE, "accuracy_score", inputs, {"normalize": False}, normalised)


def test_a_port_that_reads_the_arguments_in_one_order_breaks_swap_symmetric():
    import sklearn.metrics as skm

    def relative(y_true, y_pred, **kwargs):  # "MAE" divided by |y_true|: not symmetric
        return skm.mean_absolute_percentage_error(y_true, y_pred, **kwargs)

    def pred_read_as_true(y_true, y_pred, normalize=None, **kwargs):  # normalize="pred" normalises rows
        return skm.confusion_matrix(y_true, y_pred, normalize="true" if normalize == "pred" else normalize, **kwargs)

    values = {"y_true": [1.0, 2.0, 4.0], "y_pred": [2.0, 2.0, 1.0]}
    assert _first_breaking(R.SWAP, "mean_absolute_error", values, {}, relative)
    labels = {"y_true": [0, 1, 1, 2], "y_pred": [0, 0, 0, 2]}
    assert _first_breaking(R.SWAP, "confusion_matrix", labels, {"normalize": "true"}, pred_read_as_true)


def test_a_stream_that_keeps_only_the_last_batch_breaks_batch_split():
    inputs = {"y_true": [0, 1, 1, 0, 2, 2], "y_pred": [0, 1, 0, 1, 2, 1]}
    found = [v for v in R.variants("recall_score", inputs, {"average": "macro"}, np.random.default_rng(0),
                                   streaming=True) if v.relation == R.BATCH]
    assert len(found) == 2 and found[0].batches != found[1].batches
    whole = decode_numeric(sklearn_outcome("recall_score", inputs, {"average": "macro"})["value"])

    def last_batch_only(cuts):  # a stream that resets on every update
        lo = cuts[-1]
        acc = CountAccumulator().update(np.asarray(inputs["y_true"][lo:]), np.asarray(inputs["y_pred"][lo:]))
        return acc.compute("recall_score", average="macro")

    good = [streamed_outcome("recall_score", v.inputs, v.params, v.batches) for v in found]
    assert all(compare(v.expected_from(whole), decode_numeric(g["value"]), RTOL, ATOL) for v, g in zip(found, good))
    assert any(not compare(v.expected_from(whole), last_batch_only(v.batches), RTOL, ATOL) for v in found)


def test_string_label_draws_are_not_renamed_and_the_other_relations_still_apply():
    """Issue 30: the fuzzer spells classes as strings; rename-classes and relabel-each rename integer ids only."""
    from conformance.fuzz import clustering_relations as CR

    words = {"y_true": ["B", "a", "", "a"], "y_pred": ["B", "\U0001d518", "", "a"]}
    assert _relations("accuracy_score", words, {}) == {R.PERMUTE, R.DUPLICATE, R.SCALE, R.SWAP}
    assert R.RENAME not in _relations("f1_score", words, {"average": "binary", "pos_label": "a"})
    assert R.RENAME not in _relations("confusion_matrix", words, {"labels": ["a", "B", ""]})
    rng = np.random.default_rng(0)
    pair = {"labels_true": ["B", "a", "a", ""], "labels_pred": ["x", "x", "y", "y"]}
    assert CR.relabel_each("adjusted_rand_score", pair, {}, rng) == []
    assert [v.relation for v in CR.permute("adjusted_rand_score", pair, {}, rng)] == [R.PERMUTE]
    assert [v.relation for v in CR.swap("adjusted_rand_score", pair, {}, rng)] == [R.SWAP]
