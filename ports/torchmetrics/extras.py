"""The classification extras torchmetrics has: hinge_loss, mapped to
torchmetrics.functional.classification.binary_hinge_loss / multiclass_hinge_loss (answers) and
torchmetrics.classification.BinaryHingeLoss / MulticlassHingeLoss (the class API, cross-checked):
part of ports/torchmetrics/adapter.py.

scikit-learn's class set becomes torchmetrics's class indices:

* two classes (the binary branch: ``pred_decision`` one value per sample): y_true's greater class
  is target 1, the other 0 (scikit-learn's +1 and -1); ``labels`` is not read, as scikit-learn
  does not read it there;
* more than two classes (``labels``, else y_true's classes, sorted): class k is index k,
  ``num_classes`` their number, ``multiclass_mode="crammer-singer"`` (scikit-learn's margin).

A y_true that holds no labels (empty, or NaN, infinities, 2.5) is handed over as the float tensor it
is, for torchmetrics's validation to judge (as adapter.py's ``classes`` does).

``pred_decision`` is handed over as the float64 tensor it is: torchmetrics reads values outside
[0, 1] as logits (sigmoid, softmax), which port.yaml declares.
"""

from __future__ import annotations

import numpy as np
import torch
import torchmetrics.classification as TC
import torchmetrics.functional.classification as TF

from conformance.encoding import decode_numeric

HINGE = "hinge_loss"
NO_SUCH = {
    "class_likelihood_ratios": "torchmetrics has no likelihood ratios",
    "det_curve": "torchmetrics has no DET curve",
    "auc": "torchmetrics has no public auc of arbitrary points (torchmetrics.utilities.compute._auc_compute "
           "is private)",
    "confusion_matrix_at_thresholds": "torchmetrics has no confusion matrix per threshold (its curves keep "
                                      "their counts private)",
    "metric_at_thresholds": "torchmetrics has no metric evaluated per threshold",
}


def calls(case: dict, Call, Skip):
    """([Call], shape) for one hinge_loss case, as the adapter's mappers return them."""
    params, inputs = dict(case["params"]), case["inputs"]
    if "sample_weight" in inputs:
        raise Skip("torchmetrics's hinge loss takes no sample_weight")
    y = np.asarray(decode_numeric(inputs["y_true"]))
    d = np.asarray(decode_numeric(inputs["pred_decision"]), dtype=np.float64)
    preds = torch.from_numpy(d)
    if not y.size or not np.all(np.isfinite(y)) or not np.all(y == np.round(y)):
        # No labels (an empty y_true), or values that are not labels (NaN, infinities, 2.5): there is no class
        # index to map them to.  Hand torchmetrics the float tensor as it is, to the binary loss for one decision
        # per sample and to the multiclass one for a column per class, and let its own validation answer.
        target = torch.from_numpy(y.astype(np.float64).reshape(-1))
        if d.ndim == 1:
            return [Call(TF.binary_hinge_loss, TC.BinaryHingeLoss, preds, target, {"validate_args": True})], \
                lambda values: values[0]
        kwargs = {"num_classes": int(d.shape[1]), "multiclass_mode": "crammer-singer", "validate_args": True}
        return [Call(TF.multiclass_hinge_loss, TC.MulticlassHingeLoss, preds, target, kwargs)], \
            lambda values: values[0]
    classes = np.unique(np.asarray(params["labels"]) if params.get("labels") is not None else y)
    if classes.size <= 2:
        seen = np.unique(y)
        if seen.size == 1:
            raise Skip("one class in y_true: scikit-learn reads it as -1 (LabelBinarizer's one-class column); which "
                       "of torchmetrics's targets 0 and 1 it is would be the adapter's choice, not the library's")
        if seen.size > 2:
            raise Skip("labels names two classes but y_true holds more: scikit-learn's binary branch reads y_true's "
                       "first class as +1 and every other as -1; torchmetrics's binary hinge loss takes two classes")
        target = torch.from_numpy((y == seen[1]).astype(np.int64).reshape(-1))
        return [Call(TF.binary_hinge_loss, TC.BinaryHingeLoss, preds, target, {"validate_args": True})], \
            lambda values: values[0]
    codes = np.searchsorted(classes, y.reshape(-1))
    if np.any(codes >= classes.size) or np.any(classes[np.minimum(codes, classes.size - 1)] != y.reshape(-1)):
        raise Skip("y_true holds a class labels does not list: it has no class index to give torchmetrics")
    kwargs = {"num_classes": int(classes.size), "multiclass_mode": "crammer-singer", "validate_args": True}
    return [Call(TF.multiclass_hinge_loss, TC.MulticlassHingeLoss, preds, torch.from_numpy(codes.astype(np.int64)),
                 kwargs)], lambda values: values[0]
