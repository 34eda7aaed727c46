"""The metric registry: one declaration per metric, from which every list of metrics is derived.

Adding a metric to the suite is adding its generator, its reference function, its readings, its
spec page and **one entry here** (docs/adding-cases.md).  Nothing else names it: the generators'
families, the spec section a case cites, the spec index (docs/spec/README.md), the input names of
the case-file schema, the metamorphic relations the fuzzer applies, the input forms the harness
may send, the Hypothesis strategy the tests draw calls from, and the reference adapter's metric
lookup all read this module, or are generated from it and checked fresh
(tests/test_registry.py, ``parity generate --check``).  Why one registry rather than a list per
concern: docs/decisions/0021.

This module is data: it imports nothing from the project and nothing outside the standard
library, so the judge side (``pip install .`` without extras) reads it without scikit-learn.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class Kind(StrEnum):
    """What an input array holds.  The vocabulary is wider than today's metrics use, so a new
    family (clustering's feature matrix, ranking's relevance matrix) names its inputs without
    growing it."""

    LABELS = "labels"  # one class label per sample (1-D, or an (n, 1) column)
    INDICATOR = "indicator matrix"  # multilabel: one 0/1 column per label
    SCORES = "scores"  # decision values or scores, one per sample or one column per class
    PROBABILITIES = "probabilities"  # probabilities of the positive class, or one column per class
    REGRESSION = "regression values"  # real targets or predictions, one column per output
    RELEVANCE = "relevance matrix"  # ranking: a graded relevance per sample and item
    FEATURES = "feature matrix"  # clustering: one row of features per sample
    WEIGHTS = "sample weights"  # sample_weight: one weight per sample


# The metamorphic relations (conformance/fuzz/relations.py defines what each one does).
PERMUTE = "permute-samples"
RENAME = "rename-classes"
DUPLICATE = "duplicate-is-weight-2"
SCALE = "scale-weights"
SWAP = "swap-symmetric"
BATCH = "batch-split"  # also: the harness may send the case in other input forms and in batches
RELATIONS = (PERMUTE, RENAME, DUPLICATE, SCALE, SWAP, BATCH)

# The Hypothesis strategies that draw random calls of a metric (tests/test_fuzz_relations.py STRATEGIES).
STRATEGIES = ("label-calls", "score-calls", "regression-calls", "clustering-calls", "deviance-calls",
              "ranking-calls")


@dataclass(frozen=True)
class Input:
    """An array argument, by scikit-learn's parameter name, and the kinds it may hold."""

    name: str
    kinds: tuple[Kind, ...]
    required: bool = True


@dataclass(frozen=True)
class Metric:
    """One metric of the corpus.

    ``family`` is the generators package that writes its cases (``generators/<family>/``);
    ``core`` the spec page of the rules its group shares (its own page is ``<name>.md``);
    ``returns`` its line in the spec index; ``oracle`` the function that computes its expected
    values (a scikit-learn function, or a spec-derived one the case says it is); ``reference``
    the module whose attribute ``<name>`` is its reference function.
    """

    name: str
    family: str
    inputs: tuple[Input, ...]
    core: str
    returns: str
    relations: frozenset[str]
    strategy: str
    oracle: str = ""
    reference: str = "conformance.reference"
    weighted: bool = field(init=False)

    def __post_init__(self):
        object.__setattr__(self, "weighted", any(i.kinds == (Kind.WEIGHTS,) for i in self.inputs))
        if not self.oracle:
            object.__setattr__(self, "oracle", f"sklearn.metrics.{self.name}")

    @property
    def page(self) -> str:
        return f"{self.name}.md"

    @property
    def spec_derived(self) -> bool:
        """Its expected values come from a computation the spec defines: scikit-learn has no such function."""
        return not self.oracle.startswith("sklearn.")

    def input_names(self) -> tuple[str, ...]:
        return tuple(i.name for i in self.inputs)


# The spec core pages that are no metric's own page (the rules a group of metrics shares), with their
# line in the spec index.  A metric's own page may also be its group's core page (confusion_matrix.md).
CORES = {
    "regression.md": "shared rules of the regression metrics: inputs, `multioutput`, weights, non-finite results",
    "scores.md": "shared rules of the score-based metrics: input names, the threshold pass, the positive class, bins",
    "multilabel.md": "shared rules of indicator-matrix input: validation, columns as labels, `average=\"samples\"`",
    "clustering.md": "shared rules of the clustering metrics: labelings, the contingency table, pair counts, nats, degenerate labelings, distances",
    "deviances.md": "shared rules of the deviances and D² scores: the Tweedie power and its domain, the factor 2, D²'s null model, fewer than two samples, a zero null deviance",
    "ranking.md": "shared rules of the ranking metrics: rows as queries, relevance, ties, `k`, the discount, weights",
}

W = Input("sample_weight", (Kind.WEIGHTS,), required=False)
LABEL_PAIR = (Input("y_true", (Kind.LABELS, Kind.INDICATOR)), Input("y_pred", (Kind.LABELS, Kind.INDICATOR)))
VECTOR_PAIR = (Input("y_true", (Kind.LABELS,)), Input("y_pred", (Kind.LABELS,)))
RATERS = (Input("y1", (Kind.LABELS,)), Input("y2", (Kind.LABELS,)))
VALUES = (Input("y_true", (Kind.REGRESSION,)), Input("y_pred", (Kind.REGRESSION,)))
TRUTH = Input("y_true", (Kind.LABELS, Kind.INDICATOR))


def _scores(name: str, *, required: bool = True) -> tuple[Input, ...]:
    kinds = (Kind.PROBABILITIES,) if name in ("y_proba", "y_prob") else (Kind.SCORES, Kind.PROBABILITIES)
    return (TRUTH, Input(name, kinds, required))


def _counts(name, returns, inputs=LABEL_PAIR + (W,), core="confusion_matrix.md", *, swap=True, batch=True,
            family="counts", **more):
    """A metric of class labels (``more``: ``oracle``, ``reference``)."""
    relations = {PERMUTE, RENAME, DUPLICATE, SCALE} | ({SWAP} if swap else set()) | ({BATCH} if batch else set())
    return Metric(name, family, inputs, core, returns, frozenset(relations), "label-calls", **more)


def _regression(name, returns, *, weighted=True, swap=True):
    relations = {PERMUTE} | ({DUPLICATE, SCALE} if weighted else set()) | ({SWAP} if swap else set())
    return Metric(name, "regression", VALUES + ((W,) if weighted else ()), "regression.md", returns,
                  frozenset(relations), "regression-calls")


def _score(name, score_input, returns, *, weighted=True, required=True, oracle=""):
    relations = {PERMUTE} | ({DUPLICATE, SCALE} if weighted else set())
    inputs = _scores(score_input, required=required) + ((W,) if weighted else ())
    return Metric(name, "scores", inputs, "scores.md", returns, frozenset(relations), "score-calls", oracle)


def _clustering(name, returns, *, points=False, oracle=""):
    """A clustering metric: two labelings (labels_true, labels_pred), or points and their labels (X,
    labels).  Its metamorphic relations (relabel each labeling, swap, permute the samples) are the
    clustering family's own (conformance/fuzz/clustering_relations.py), not the label metrics'."""
    inputs = ((Input("X", (Kind.FEATURES,)), Input("labels", (Kind.LABELS,))) if points else
              (Input("labels_true", (Kind.LABELS,)), Input("labels_pred", (Kind.LABELS,))))
    return Metric(name, "clustering", inputs, "clustering.md", returns, frozenset(), "clustering-calls", oracle)


def _deviance(name, returns, *, probabilities=False):
    """A deviance or D² score: regression values, or (the D² of Brier and log loss) labels and probabilities."""
    # d2_log_loss_score's y_proba defaults to None (the deprecated y_pred may carry it), as log_loss's.
    proba = Input("y_proba", (Kind.PROBABILITIES,), required=name != "d2_log_loss_score")
    inputs = ((Input("y_true", (Kind.LABELS,)), proba) if probabilities else VALUES) + (W,)
    return Metric(name, "deviances", inputs, "deviances.md", returns, frozenset({PERMUTE, DUPLICATE, SCALE}),
                  "deviance-calls")


PRF = "precision_recall_fscore_support.md"
MULTILABEL = "multilabel.md"

_ENTRIES = (
    # counts: the label metrics of one confusion matrix
    _counts("confusion_matrix", "K×K counts (or normalized)", VECTOR_PAIR + (W,)),
    _counts("accuracy_score", "float"),
    _counts("precision_recall_fscore_support", "P, R, F, support", core=PRF, swap=False),
    _counts("precision_score", "P of the core page", core=PRF, swap=False),
    _counts("recall_score", "R of the core page", core=PRF, swap=False),
    _counts("f1_score", "F of the core page with `beta=1`", core=PRF),
    _counts("fbeta_score", "F of the core page with a required `beta`", core=PRF),
    # regression
    _regression("r2_score", "R² per output, combined; `force_finite`, NaN below two samples", swap=False),
    _regression("explained_variance_score", "R² with centred residuals", swap=False),
    _regression("mean_squared_error", "float, or a list with `\"raw_values\"`"),
    _regression("root_mean_squared_error", "mean of the per-output roots"),
    _regression("mean_absolute_error", "float, or a list"),
    _regression("median_absolute_error", "mean of the per-output (weighted) medians"),
    _regression("max_error", "float, one output only", weighted=False),
    _regression("mean_absolute_percentage_error", "a fraction; zero targets divided by 2⁻⁵²", swap=False),
    _regression("mean_squared_log_error", "MSE of `log1p`; values ≤ −1 refused"),
    _regression("root_mean_squared_log_error", "mean of the per-output roots of MSLE"),
    # scores
    _score("top_k_accuracy_score", "y_score", "float; ties go to the higher column index"),
    _score("log_loss", "y_proba", "float; probabilities clipped to [ε, 1 − ε], ε = 2⁻⁵²", required=False),
    _score("brier_score_loss", "y_proba", "float; binary halved, multiclass not"),
    _score("roc_curve", "y_score", "`[fpr, tpr, thresholds]`, first threshold +∞"),
    _score("precision_recall_curve", "y_score", "`[precision, recall, thresholds]`, thresholds increasing"),
    _score("average_precision_score", "y_score", "step-sum AP; float or K floats"),
    _score("roc_auc_score", "y_score", "float or K floats; ovr / ovo; NaN for one class"),
    _score("calibration_curve", "y_prob", "`[prob_true, prob_pred]`, non-empty bins only", weighted=False,
           oracle="sklearn.calibration.calibration_curve"),
    _score("expected_calibration_error", "y_prob", "float; `confidence=\"positive\"` or `\"top-label\"`",
           weighted=False, oracle="generators.scores.ece_oracle.expected_calibration_error"),
    # multilabel: written by the agreement family, their rules on the multilabel page
    _counts("jaccard_score", "float or K floats; no `zero_division=nan`", core=MULTILABEL, family="agreement"),
    _counts("hamming_loss", "float; wrong samples, or wrong cells of a matrix", core=MULTILABEL, family="agreement"),
    _counts("zero_one_loss", "float; `1 − accuracy` (subset loss for matrices)", core=MULTILABEL, family="agreement"),
    _counts("multilabel_confusion_matrix", "K × `[[TN, FP], [FN, TP]]`, every sample counted", core=MULTILABEL,
            family="agreement"),
    # agreement: read off the same counts
    _counts("balanced_accuracy_score", "float; mean recall over classes with true samples; `adjusted` may give "
            "NaN/−∞", VECTOR_PAIR + (W,), swap=False, family="agreement"),
    _counts("matthews_corrcoef", "float; 0.0 on every zero denominator", VECTOR_PAIR + (W,), family="agreement"),
    _counts("cohen_kappa_score", "float or `replace_undefined_by`; inputs `y1`, `y2`; weights by label position",
            RATERS + (W,), batch=False, family="agreement"),
    _counts("classification_report", "`output_dict=True`: a JSON object of rows and averages", core=PRF,
            swap=False, batch=False, family="agreement"),
    # clustering: two labelings, or points and their labels
    _clustering("adjusted_rand_score", "float; Rand adjusted for chance, 1.0 for identical partitions"),
    _clustering("rand_score", "float; share of agreeing pairs"),
    _clustering("pair_confusion_matrix", "2 × 2 int64 pair counts"),
    _clustering("contingency_matrix", "classes × clusters counts; `eps`",
                oracle="sklearn.metrics.cluster.contingency_matrix"),
    _clustering("mutual_info_score", "float in nats; `contingency`"),
    _clustering("adjusted_mutual_info_score", "float; MI adjusted by its expectation"),
    _clustering("normalized_mutual_info_score", "float; `average_method` (default arithmetic)"),
    _clustering("homogeneity_score", "float; MI / H(true)"),
    _clustering("completeness_score", "float; MI / H(pred)"),
    _clustering("v_measure_score", "float; `beta`"),
    _clustering("homogeneity_completeness_v_measure", "three floats"),
    _clustering("fowlkes_mallows_score", "float; pair precision and recall"),
    _clustering("silhouette_score", "float; `metric`; `sample_size` out of scope", points=True),
    _clustering("silhouette_samples", "one float per sample", points=True),
    _clustering("calinski_harabasz_score", "float", points=True),
    _clustering("davies_bouldin_score", "float", points=True),
    # deviances: the Tweedie deviances, the pinball loss and the D² scores (fraction of a deviance explained
    # against a constant null model fitted to y_true).  Permuting, duplicating a sample at half weight and
    # scaling the weights change none of them (D² below two samples excepted: conformance/fuzz/relations.py);
    # none is symmetric (pinball's sides, the deviances' domains, D²'s null model are y_true's).
    *(_deviance(name, returns) for name, returns in (
        ("mean_pinball_loss", "float or a list; `alpha` weighs under-prediction, 1 − `alpha` over-prediction"),
        ("mean_poisson_deviance", "float; Tweedie power 1, y ≥ 0 and y_pred > 0"),
        ("mean_gamma_deviance", "float; Tweedie power 2, y > 0 and y_pred > 0"),
        ("mean_tweedie_deviance", "float; `power` ≤ 0 or ≥ 1, one output"),
        ("d2_tweedie_score", "float; null model the mean; NaN below two samples; error for a constant y_true"),
        ("d2_pinball_score", "float or a list; null model the `alpha`-quantile; 1.0 / 0.0 for a constant y_true"),
        ("d2_absolute_error_score", "`d2_pinball_score` with `alpha=0.5`: null model the median"),
    )),
    *(_deviance(name, returns, probabilities=True) for name, returns in (
        ("d2_brier_score", "float; null model the class frequencies; NaN/−∞ for one class in y_true"),
        ("d2_log_loss_score", "float; null model the class frequencies, clipped to [ε, 1 − ε]"),
    )),
    # classification extras: hinge loss, likelihood ratios, the DET curve, auc and the per-threshold functions
    # (generators/extras/, conformance/reference/_extras.py; metric_func by name: docs/decisions/0030).  No
    # rename-classes: the greater class is the positive one.  No scale-weights where the answer holds weighted
    # counts (the per-threshold functions); none for auc, whose points are ordered and unweighted.
    *(Metric(name, "extras", inputs, core, returns, frozenset(relations), "score-calls")
      for name, inputs, core, returns, relations in (
          ("hinge_loss", (VECTOR_PAIR[0], Input("pred_decision", (Kind.SCORES,)), W), "scores.md",
           "float; binary ±1 margins, multiclass Crammer-Singer", {PERMUTE, DUPLICATE, SCALE}),
          ("class_likelihood_ratios", VECTOR_PAIR + (W,), "confusion_matrix.md",
           "`[LR+, LR-]`; `replace_undefined_by` on a zero denominator", {PERMUTE, DUPLICATE, SCALE}),
          ("det_curve", (VECTOR_PAIR[0], Input("y_score", (Kind.SCORES, Kind.PROBABILITIES)), W),
           "scores.md",
           "`[fpr, fnr, thresholds]`, thresholds increasing", {PERMUTE, DUPLICATE, SCALE}),
          ("auc", (Input("x", (Kind.SCORES,)), Input("y", (Kind.SCORES,))), "scores.md",
           "float; trapezoids, x increasing or decreasing", set()),
          ("confusion_matrix_at_thresholds", (VECTOR_PAIR[0], Input("y_score", (Kind.SCORES, Kind.PROBABILITIES)), W),
           "scores.md",
           "`[tns, fps, fns, tps, thresholds]`, thresholds decreasing", {PERMUTE, DUPLICATE}),
          ("metric_at_thresholds", (VECTOR_PAIR[0], Input("y_score", (Kind.SCORES, Kind.PROBABILITIES)), W),
           "scores.md",
           "`[values, thresholds]`; `metric_func` a corpus metric's name", {PERMUTE, DUPLICATE}),
      )),
    # ranking: one query per row of y_true (graded relevances, or an indicator matrix) and y_score; every
    # metric is a weighted mean over rows, so permuting rows, scaling the weights and a row of weight 2
    # given twice leave it unchanged (no class ids to rename, y_true and y_score are not symmetric).
    *(Metric(name, "ranking", (Input("y_true", (kind,)), Input("y_score", (Kind.SCORES,)), W), "ranking.md",
             returns, frozenset({PERMUTE, DUPLICATE, SCALE}), "ranking-calls")
      for name, kind, returns in (
          ("dcg_score", Kind.RELEVANCE, "float; `k`, `log_base`, ties averaged unless `ignore_ties`"),
          ("ndcg_score", Kind.RELEVANCE, "float in [0, 1]; DCG over the ideal DCG at the same `k`; 0 for no relevance"),
          ("label_ranking_average_precision_score", Kind.INDICATOR, "float; rows with no or only relevant labels score 1"),
          ("label_ranking_loss", Kind.INDICATOR, "float; misordered (relevant, irrelevant) pairs over their count"),
          ("coverage_error", Kind.INDICATOR, "float; labels down to the lowest-scored relevant one"),
      )),
)

#: Every metric of the corpus, by name.
METRICS: dict[str, Metric] = {m.name: m for m in _ENTRIES}


def families() -> list[str]:
    """The generators families that write metrics, in first-declared order."""
    return list(dict.fromkeys(m.family for m in METRICS.values()))


def with_relation(relation: str, metrics: dict[str, Metric] | None = None) -> frozenset[str]:
    """The metrics a relation applies to."""
    return frozenset(name for name, m in (metrics or METRICS).items() if relation in m.relations)


def input_names(metrics: dict[str, Metric] | None = None) -> list[str]:
    """Every input name, in first-declared order."""
    return list(dict.fromkeys(i.name for m in (metrics or METRICS).values() for i in m.inputs))


def required_inputs(metrics: dict[str, Metric] | None = None) -> list[list[str]]:
    """The distinct sets of required input names, sorted: the case-file schema's ``inputs.anyOf``."""
    return sorted({tuple(sorted(i.name for i in m.inputs if i.required)) for m in (metrics or METRICS).values()})


def unknown(names) -> list[str]:
    """A one-line problem for each name that is not a registered metric."""
    return [f"{name}: not a registered metric (add its entry to conformance/registry.py, docs/adding-cases.md)"
            for name in sorted(set(names) - set(METRICS))]
