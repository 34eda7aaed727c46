"""The ranking metrics, mapped to torchmetrics: part of ports/torchmetrics/adapter.py.

* ``ndcg_score`` -> ``torchmetrics.retrieval.RetrievalNormalizedDCG``.  torchmetrics's
  functional ``retrieval_normalized_dcg`` scores one query; the mean over queries, which is
  scikit-learn's value, is the retrieval class's (``aggregation="mean"``).  So each element's
  ``indexes`` is its row number (a 1-D ``y_true`` is one query), in the target's shape, and the
  tensors go over in their own shapes: torchmetrics checks that the three match and flattens them
  (a 3-D score against a 2-D target is its refusal).  ``k`` is ``top_k``, and a query with no
  relevant item scores 0 as in scikit-learn (``empty_target_action="neg"``).  The answer is one ``update`` with every
  row; the cross-check two ``update`` batches cut between rows.  torchmetrics always averages
  tied scores (scikit-learn's ``ignore_ties=False``): ``ignore_ties=True`` is a skip.
* ``label_ranking_average_precision_score``, ``label_ranking_loss``, ``coverage_error`` ->
  ``multilabel_ranking_average_precision``, ``multilabel_ranking_loss``,
  ``multilabel_coverage_error`` of ``torchmetrics.functional.classification`` (their classes
  cross-checked), with ``num_labels`` the width of ``y_true``.
* ``dcg_score``: torchmetrics has no unnormalised DCG; ``sample_weight``: no torchmetrics ranking
  metric takes one.  Both are skips.

y_true is handed over as a long tensor when its values are whole numbers (torchmetrics takes
integer targets), otherwise as the float tensor it is, for the library to judge; y_score as
float64.
"""

from __future__ import annotations

import numpy as np
import torch
import torchmetrics.classification as C
import torchmetrics.functional.classification as FC
import torchmetrics.retrieval as TR

from conformance.encoding import decode_numeric

LABELS = {
    "label_ranking_average_precision_score": (FC.multilabel_ranking_average_precision,
                                              C.MultilabelRankingAveragePrecision),
    "label_ranking_loss": (FC.multilabel_ranking_loss, C.MultilabelRankingLoss),
    "coverage_error": (FC.multilabel_coverage_error, C.MultilabelCoverageError),
}
METRICS = ("ndcg_score", *LABELS)
# Past this many rows a call outlasts the case timeout (5 s): RetrievalNormalizedDCG computes query by query and
# multilabel_ranking_average_precision row by row, in Python.  Measured on the corpus's own cases: NDCG over
# 100,000 queries of two items took 32 s; LRAP over 25,000 rows took 2.0 s alone and timed out in a parity verify run.
MAX_ROWS = {"ndcg_score": 10_000, "label_ranking_average_precision_score": 10_000}
NO_SUCH = {"dcg_score": "torchmetrics has no unnormalised DCG (only retrieval_normalized_dcg)"}


def _target(values) -> torch.Tensor:
    a = np.asarray(decode_numeric(values), dtype=float)
    if a.size and np.all(np.isfinite(a)) and np.all(a == np.round(a)) and np.all(np.abs(a) < 2**62):
        return torch.from_numpy(a.astype(np.int64))
    return torch.from_numpy(a)


def _scores(values) -> torch.Tensor:
    return torch.from_numpy(np.asarray(decode_numeric(values), dtype=np.float64))


class RetrievalCall:
    """RetrievalNormalizedDCG over the rows as queries (duck-typed like the adapter's Call)."""

    def __init__(self, preds: torch.Tensor, target: torch.Tensor, top_k):
        self.preds, self.target, self.top_k = preds, target, top_k

    def _indexes(self, tensor: torch.Tensor) -> torch.Tensor:
        """The query of each element, in the target's own shape: its row of a 2-D target, else one query.  The
        tensors go to torchmetrics in their own shapes: it checks that they match and flattens them itself."""
        if tensor.dim() == 2:
            return torch.arange(tensor.shape[0]).unsqueeze(1).expand(tensor.shape).contiguous()
        return torch.zeros(tensor.shape, dtype=torch.long)

    def _metric(self):
        metric = TR.RetrievalNormalizedDCG(top_k=self.top_k, empty_target_action="neg")
        metric.set_dtype(torch.float64)
        return metric

    def _update(self, metric, preds, target):
        metric.update(preds, target, indexes=self._indexes(target))

    def functional(self):
        metric = self._metric()
        self._update(metric, self.preds, self.target)
        return metric.compute()

    def with_class(self):
        metric = self._metric()
        n = self.target.shape[0] if self.target.dim() == 2 else 0
        if n >= 2 and self.preds.dim() == 2 and self.preds.shape[0] == n:
            cut = n // 2
            # the second batch's queries keep their own row numbers
            metric.update(self.preds[:cut], self.target[:cut], indexes=self._indexes(self.target[:cut]))
            metric.update(self.preds[cut:], self.target[cut:], indexes=self._indexes(self.target[cut:]) + cut)
        else:
            self._update(metric, self.preds, self.target)
        return metric.compute()


def calls(case: dict, Call, Skip):
    """([call], shape) for one ranking case, as the adapter's mappers return them."""
    metric, params, inputs = case["metric"], dict(case["params"]), case["inputs"]
    if "sample_weight" in inputs:
        raise Skip(f"torchmetrics's {'retrieval NDCG' if metric == 'ndcg_score' else metric} takes no sample_weight")
    if metric in MAX_ROWS and len(inputs["y_true"]) > MAX_ROWS[metric]:
        raise Skip(f"more than {MAX_ROWS[metric]} rows: torchmetrics's {metric} loops over rows in Python (100,000 NDCG "
                   "queries took 32 s, 25,000 LRAP rows 2 s), past the case timeout")
    target, preds = _target(inputs["y_true"]), _scores(inputs["y_score"])
    if metric == "ndcg_score":
        ignore_ties = params.pop("ignore_ties", False)
        if ignore_ties is not False:
            raise Skip(f"ignore_ties={ignore_ties!r}: torchmetrics's retrieval NDCG has no ignore_ties; it always "
                       "averages tied scores (scikit-learn's ignore_ties=False)")
        top_k = params.pop("k", None)
        if params:
            raise Skip(f"torchmetrics's retrieval NDCG takes no {', '.join(sorted(params))}")
        return [RetrievalCall(preds, target, top_k)], lambda values: values[0]
    if params:
        raise Skip(f"torchmetrics's {metric} takes no {', '.join(sorted(params))}")
    fn, cls = LABELS[metric]
    num_labels = int(target.shape[-1]) if target.dim() >= 1 else 0
    return [Call(fn, cls, preds, target, {"num_labels": num_labels})], lambda values: values[0]
