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
# torchmetrics's expected mutual information loops in Python over cells and pair counts: at 20,000 samples
# and 300 clusters one call had not returned after 10 minutes (measured), past any case timeout.
AMI_MAX_SAMPLES = 10_000
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


def calls(case: dict, Call, Skip):
    """([Call], shape) for one clustering case, as the adapter's mappers return them."""
    metric, params = case["metric"], dict(case["params"])
    unknown = set(params) - KEYWORDS.get(metric, set())
    if unknown:
        raise Skip(f"torchmetrics's {metric} takes no {', '.join(sorted(unknown))}")
    if metric == "adjusted_mutual_info_score" and len(case["inputs"]["labels_true"]) > AMI_MAX_SAMPLES:
        raise Skip(f"more than {AMI_MAX_SAMPLES} samples: torchmetrics's adjusted_mutual_info_score had not answered "
                   "after 10 minutes at 20,000 (its expected mutual information is a Python loop)")
    if metric in PAIRS:
        fn, cls = PAIRS[metric]
        preds, target = label_tensor(case["inputs"]["labels_pred"]), label_tensor(case["inputs"]["labels_true"])
    else:
        fn, cls = POINTS[metric]
        preds = torch.from_numpy(np.asarray(decode_numeric(case["inputs"]["X"]), dtype=np.float64))
        target = label_tensor(case["inputs"]["labels"])
    return [Call(fn, cls, preds, target, params)], lambda values: values[0]
