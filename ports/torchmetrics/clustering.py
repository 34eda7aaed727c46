"""The clustering metrics, mapped to torchmetrics.functional.clustering (answers) and
torchmetrics.clustering (the class API, cross-checked): part of ports/torchmetrics/adapter.py.

scikit-learn's ``labels_true`` / ``labels_pred`` are torchmetrics's ``target`` / ``preds``;
``X`` / ``labels`` are its ``data`` / ``labels``.  Label ids that are whole numbers are handed
over as a long tensor, as they are (negative and large ids included: torchmetrics relabels
them itself); other values (0.5, NaN) as the float tensor they are, for the library to judge.
Keywords torchmetrics takes (``average_method``, ``beta``) are passed on; one it lacks is a skip.
"""

from __future__ import annotations

import numpy as np
import torch
import torchmetrics.clustering as TC
import torchmetrics.functional.clustering as TF

from conformance.encoding import decode_numeric

PAIRS = {
    "adjusted_rand_score": (TF.adjusted_rand_score, TC.AdjustedRandScore),
    "rand_score": (TF.rand_score, TC.RandScore),
    "mutual_info_score": (TF.mutual_info_score, TC.MutualInfoScore),
    "normalized_mutual_info_score": (TF.normalized_mutual_info_score, TC.NormalizedMutualInfoScore),
    "adjusted_mutual_info_score": (TF.adjusted_mutual_info_score, TC.AdjustedMutualInfoScore),
    "homogeneity_score": (TF.homogeneity_score, TC.HomogeneityScore),
    "completeness_score": (TF.completeness_score, TC.CompletenessScore),
    "v_measure_score": (TF.v_measure_score, TC.VMeasureScore),
    "fowlkes_mallows_score": (TF.fowlkes_mallows_index, TC.FowlkesMallowsIndex),
}
POINTS = {
    "calinski_harabasz_score": (TF.calinski_harabasz_score, TC.CalinskiHarabaszScore),
    "davies_bouldin_score": (TF.davies_bouldin_score, TC.DaviesBouldinScore),
}
KEYWORDS = {"normalized_mutual_info_score": {"average_method"}, "adjusted_mutual_info_score": {"average_method"},
            "v_measure_score": {"beta"}}
# torchmetrics's expected mutual information loops in Python, one step per cell of the contingency table and
# per count that cell can hold (expected_mutual_info_score: for i, for j, for nij in range(start, end)), about
# 0.1 ms a step: parity fuzz drew 940 samples in 286 and 282 clusters, 195,461 steps, which took 21 s, and 1,579
# samples in 299 and 299 clusters took 89 s (measured, issue 28), past any case timeout.  A call is skipped
# beyond AMI_MAX_STEPS steps, counted as that loop counts them.
AMI_MAX_STEPS = 20_000
NO_SUCH = {
    "silhouette_score": "torchmetrics has no silhouette score",
    "silhouette_samples": "torchmetrics has no silhouette score",
    "pair_confusion_matrix": "torchmetrics has no public pair confusion matrix (only a helper in "
                             "functional.clustering.utils)",
    "contingency_matrix": "torchmetrics has no public contingency matrix (only a helper in "
                          "functional.clustering.utils)",
    "homogeneity_completeness_v_measure": "torchmetrics has no homogeneity_completeness_v_measure function (the "
                                          "name is a module holding the three scores, each answered on its own)",
}


def label_tensor(values) -> torch.Tensor:
    a = np.asarray(decode_numeric(values), dtype=float)
    if a.size and np.all(np.isfinite(a)) and np.all(a == np.round(a)) and np.all(np.abs(a) < 2**62):
        return torch.from_numpy(a.astype(np.int64))
    if not a.size:
        return torch.zeros(a.shape, dtype=torch.int64)
    return torch.from_numpy(a)


def emi_steps(inputs: dict) -> int:
    """How many times torchmetrics's expected_mutual_info_score runs its inner loop on these labelings:
    for each pair of cluster sizes (a_i, b_j), max(1, a_i + b_j - n) .. min(a_i, b_j)."""
    true, pred = (np.asarray(decode_numeric(inputs[k]), dtype=float) for k in ("labels_true", "labels_pred"))
    if true.ndim != 1 or true.shape != pred.shape or not true.size or not np.all(np.isfinite(true)) \
            or not np.all(np.isfinite(pred)):
        return 0  # torchmetrics refuses or answers these before the loop
    a = np.unique(true, return_counts=True)[1][:, None]
    b = np.unique(pred, return_counts=True)[1][None, :]
    return int(np.maximum(np.minimum(a, b) + 1 - np.maximum(1, a + b - true.size), 0).sum())


def calls(case: dict, Call, Skip):
    """([Call], shape) for one clustering case, as the adapter's mappers return them."""
    metric, params = case["metric"], dict(case["params"])
    unknown = set(params) - KEYWORDS.get(metric, set())
    if unknown:
        raise Skip(f"torchmetrics's {metric} takes no {', '.join(sorted(unknown))}")
    if metric == "adjusted_mutual_info_score" and emi_steps(case["inputs"]) > AMI_MAX_STEPS:
        raise Skip(f"more than {AMI_MAX_STEPS:,} steps of torchmetrics's expected mutual information, a Python loop "
                   "over the contingency table's cells and their counts (about 0.1 ms a step): past a case's time limit")
    if metric in PAIRS:
        fn, cls = PAIRS[metric]
        preds, target = label_tensor(case["inputs"]["labels_pred"]), label_tensor(case["inputs"]["labels_true"])
    else:
        fn, cls = POINTS[metric]
        preds = torch.from_numpy(np.asarray(decode_numeric(case["inputs"]["X"]), dtype=np.float64))
        target = label_tensor(case["inputs"]["labels"])
    return [Call(fn, cls, preds, target, params)], lambda values: values[0]
