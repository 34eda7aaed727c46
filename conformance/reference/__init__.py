"""The reference implementation: scikit-learn 1.9.1's label metrics in numpy alone.

This package is the executable spec that ports read.  Every function has
scikit-learn's name, signature and defaults, returns the same values (within
the corpus tolerance) and raises where scikit-learn raises, with an exception
of a built-in class scikit-learn's exception also has (docs/decisions/0004).
Warnings are not reproduced.

Scope: binary and multiclass labels (1-D; an (n, 1) column is accepted), and
multilabel indicator matrices (2-D, one column per label) for the metrics that
accept them in scikit-learn: accuracy, precision/recall/F, jaccard_score,
hamming_loss, zero_one_loss, multilabel_confusion_matrix, classification_report.

How it is built (read in this order):

* ``_inputs``  -- keyword and label checks, as scikit-learn's validation does them;
* ``_counts``  -- :func:`counts`, the single counting pass, and :class:`Counts`,
  which adds across batches;
* ``_metrics`` -- each metric as a function of ``Counts`` (``*_from_counts``) and
  the public wrappers with scikit-learn's signatures;
* ``_sums``    -- per-label one-vs-rest sums (TP, predicted, true, total), read off
  ``Counts`` or counted from indicator matrices: what P/R/F, Jaccard and
  multilabel_confusion_matrix read;
* ``_agreement`` -- balanced accuracy, Matthews correlation, Cohen's kappa and
  classification_report, from the same counts;
* ``_multilabel`` -- multilabel_confusion_matrix, jaccard_score, hamming_loss,
  zero_one_loss (label vectors or indicator matrices).

Conventions every metric shares (each is scikit-learn's, restated):

* the class set is the sorted union of the labels in y_true and y_pred, or
  ``labels`` when given (in that order);
* labels compare by value: 1, 1.0 and True are the same class;
* a sample weight may be negative; weights that are all 0 are an error;
* a 0/0 in precision, recall or F becomes ``zero_division`` ("warn" acts as 0).

Known limits (not mirrored, and not in the corpus):

* ``labels`` / ``pos_label`` of another kind than the data (the string "1" for
  integer labels): scikit-learn sometimes matches them through numpy's string
  casting; here they never match a label;
* float weights of mixed sign whose per-class sums are 0 only up to rounding:
  whether such a sum is exactly 0 depends on summation order, here and there;
* the matrix is dense K x K, so millions of distinct labels do not fit;
* for indicator matrices, ``labels`` that are not integer column indices (0.5) are
  truncated to one here; scikit-learn's sparse indexing decides there;
* classification_report's printed text follows scikit-learn's layout, including when a
  support prints as "3.0" rather than "3"; only its dict form is in the corpus.

Score-based metrics (top_k_accuracy_score, log_loss, brier_score_loss, the ROC and
precision-recall curves and their areas) live in ``_scores``, built on one
sort-and-group pass over the scores; calibration_curve and
expected_calibration_error (defined in docs/spec, scikit-learn has none) in
``_calibration``.

Clustering metrics (adjusted_rand_score, the mutual informations, the silhouette, ...)
live in ``_clustering``: one contingency table for the two-labeling scores, chunked
distances for the silhouette; its docstring lists their conventions.

Ranking metrics (dcg_score, ndcg_score, label_ranking_average_precision_score,
label_ranking_loss, coverage_error) live in ``_ranking``, vectorised over rows; its
docstring lists their conventions.

Regression metrics (r2_score, the mean/median/max errors, ...) live apart, in
``_regression``: they share no counting pass, only the keyword checks of
``_inputs``; its docstring lists their conventions.
"""

from conformance.reference._counts import Counts, counts
from conformance.reference._inputs import InvalidParameterError
from conformance.reference._metrics import (
    accuracy_from_counts,
    accuracy_score,
    confusion_matrix,
    confusion_matrix_from_counts,
    f1_score,
    fbeta_score,
    precision_recall_fscore_support,
    precision_score,
    prfs_from_counts,
    recall_score,
)
from conformance.reference._agreement import (
    balanced_accuracy_score,
    classification_report,
    cohen_kappa_score,
    matthews_corrcoef,
)
from conformance.reference._multilabel import (
    hamming_loss,
    jaccard_score,
    multilabel_confusion_matrix,
    zero_one_loss,
)
from conformance.reference._regression import (
    explained_variance_score,
    max_error,
    mean_absolute_error,
    mean_absolute_percentage_error,
    mean_squared_error,
    mean_squared_log_error,
    median_absolute_error,
    r2_score,
    root_mean_squared_error,
    root_mean_squared_log_error,
)
from conformance.reference._scores import (
    average_precision_score,
    brier_score_loss,
    log_loss,
    precision_recall_curve,
    roc_auc_score,
    roc_curve,
    top_k_accuracy_score,
)
from conformance.reference._calibration import calibration_curve, expected_calibration_error
from conformance.reference._clustering import (
    adjusted_mutual_info_score,
    adjusted_rand_score,
    calinski_harabasz_score,
    completeness_score,
    contingency_matrix,
    davies_bouldin_score,
    fowlkes_mallows_score,
    homogeneity_completeness_v_measure,
    homogeneity_score,
    mutual_info_score,
    normalized_mutual_info_score,
    pair_confusion_matrix,
    rand_score,
    silhouette_samples,
    silhouette_score,
    v_measure_score,
)
# deviances: the Tweedie deviances, the pinball loss and the D² scores
from conformance.reference._deviances import (
    d2_absolute_error_score,
    d2_brier_score,
    d2_log_loss_score,
    d2_pinball_score,
    d2_tweedie_score,
    mean_gamma_deviance,
    mean_pinball_loss,
    mean_poisson_deviance,
    mean_tweedie_deviance,
)
# the classification extras (_extras.py): hinge loss, likelihood ratios, the DET curve, auc, per-threshold functions
from conformance.reference._extras import (
    auc,
    class_likelihood_ratios,
    confusion_matrix_at_thresholds,
    det_curve,
    hinge_loss,
    metric_at_thresholds,
)
# ranking: DCG, NDCG and the label-ranking metrics, vectorised over rows
from conformance.reference._ranking import (
    coverage_error,
    dcg_score,
    label_ranking_average_precision_score,
    label_ranking_loss,
    ndcg_score,
)
# streaming: the count metrics batch by batch (update / merge / reset / compute; docs/streaming.md)
from conformance.reference.streaming import CountAccumulator

__all__ = [
    "CountAccumulator",
    "Counts",
    "InvalidParameterError",
    "accuracy_from_counts",
    "accuracy_score",
    "adjusted_mutual_info_score",
    "adjusted_rand_score",
    "average_precision_score",
    "balanced_accuracy_score",
    "brier_score_loss",
    "calibration_curve",
    "calinski_harabasz_score",
    "classification_report",
    "cohen_kappa_score",
    "completeness_score",
    "confusion_matrix",
    "confusion_matrix_from_counts",
    "contingency_matrix",
    "counts",
    "d2_absolute_error_score",
    "d2_brier_score",
    "d2_log_loss_score",
    "d2_pinball_score",
    "d2_tweedie_score",
    "davies_bouldin_score",
    "expected_calibration_error",
    "explained_variance_score",
    "f1_score",
    "fbeta_score",
    "fowlkes_mallows_score",
    "hamming_loss",
    "homogeneity_completeness_v_measure",
    "homogeneity_score",
    "jaccard_score",
    "log_loss",
    "matthews_corrcoef",
    "max_error",
    "mean_absolute_error",
    "mean_absolute_percentage_error",
    "mean_gamma_deviance",
    "mean_pinball_loss",
    "mean_poisson_deviance",
    "mean_squared_error",
    "mean_squared_log_error",
    "mean_tweedie_deviance",
    "median_absolute_error",
    "multilabel_confusion_matrix",
    "mutual_info_score",
    "normalized_mutual_info_score",
    "pair_confusion_matrix",
    "precision_recall_curve",
    "precision_recall_fscore_support",
    "precision_score",
    "prfs_from_counts",
    "r2_score",
    "rand_score",
    "recall_score",
    "roc_auc_score",
    "roc_curve",
    "root_mean_squared_error",
    "root_mean_squared_log_error",
    "silhouette_samples",
    "silhouette_score",
    "top_k_accuracy_score",
    "v_measure_score",
    "zero_one_loss",
    # classification extras (_extras.py)
    "auc",
    "class_likelihood_ratios",
    "confusion_matrix_at_thresholds",
    "det_curve",
    "hinge_loss",
    "metric_at_thresholds",
    # ranking
    "coverage_error",
    "dcg_score",
    "label_ranking_average_precision_score",
    "label_ranking_loss",
    "ndcg_score",
]
