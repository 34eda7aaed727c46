"""The closed list of case tags (docs/decisions/0018): every tag a case may carry, each in one line.

``TAGS`` holds the plain tags, written here by hand.  Three families are listed member by
member from the code that owns their names, so that a misspelt member is refused like any
unknown tag:

* ``wrong-reading-<name>``: one per reading of the families' ``readings`` modules
  (generators/readings.py); its line is the reading's rule.
* ``relation-<name>``: one per metamorphic relation of conformance/fuzz/relations.py, carried
  by a promoted fuzz finding that broke it.
* ``found-by-<port>``: written in ``TAGS`` (one per port whose findings were promoted).

:func:`tag_list` is the document written to ``oracle/schema/tags.json``; :func:`unlisted`
names every case tag that is not in it, and :func:`generators.build` refuses to write a corpus
that has one.
"""

from __future__ import annotations

from collections.abc import Iterable

from conformance.fuzz.relations import RELATIONS
from generators.readings import FAMILIES, PREFIX, family

RELATION_PREFIX = "relation-"


class UnlistedTag(ValueError):
    """A generated case carries a tag that is not in the closed list."""

TAGS = {
    "absent-class": "A class the call declares or scores (labels, a score column) is absent from y_true, or one of "
                    "y_true's classes never appears in y_pred.",
    "adjusted": "balanced_accuracy_score with adjusted=True: the score rescaled so that chance is 0.",
    "all-wrong": "Every prediction is wrong.",
    "all-zero-weights": "Every sample weight is 0.",
    "average-method": "normalized_ or adjusted_mutual_info_score's average_method: which mean of the two "
                      "entropies normalises the mutual information.",
    "averaging": "How per-class (or per-row) values are combined into one: micro, macro, weighted, samples.",
    "beta": "fbeta_score's beta (how much more recall weighs than precision, its edges 0 and infinity), or the "
            "V-measure's (how much more completeness weighs than homogeneity).",
    "bin-edge": "A probability on an edge between calibration bins: which bin it belongs to.",
    "binary-scores": "Scores of a binary problem: one column, or two columns read as two classes.",
    "class-set": "Which values make up the class set (present in either input, declared, or only in y_pred).",
    "clipping": "log_loss clips probabilities away from 0 and 1 before the logarithm.",
    "column-target": "A target shaped as an (n, 1) column or with no outputs rather than a 1-D vector.",
    "constant-target": "y_true is constant, so the variance in the denominator of R2 or explained variance is 0.",
    "contingency": "A clustering call given its contingency table: mutual_info_score's contingency keyword, "
                   "contingency_matrix's eps.",
    "decision-values": "Scores that are not probabilities: integers, negative or unbounded decision values.",
    "default-params": "A keyword the call leaves at its default, or that is ignored for this input type.",
    "defaults": "The call with no keyword at all: what the defaults select (binary mode, pos_label=1, ...).",
    "degenerate": "An input at the edge of what the metric defines: empty, one sample, one class, 0/0.",
    "digits": "classification_report's digits keyword, which formats the printed report only.",
    "distance-metric": "The silhouette's metric keyword: which distance between points (or precomputed).",
    "drop-intermediate": "The curves' drop_intermediate keyword: which points of collinear runs are dropped.",
    "empty": "Inputs with no samples.",
    "empty-bins": "Calibration bins that hold no sample.",
    "empty-labels": "labels=[]: an empty list of declared classes.",
    "error": "scikit-learn refuses the call: the case expects an error.",
    "float-ids": "Class ids stored as floats (1.0), alone or mixed with integers.",
    "force-finite": "force_finite at its default (True): a 0/0 or x/0 score replaced by a finite value.",
    "force-finite-false": "force_finite=False: the formula's NaN or -inf is returned as it is.",
    "found-by-mljs": "A promoted finding of parity fuzz against the mljs port.",
    "found-by-torchmetrics": "A promoted finding of parity fuzz against the torchmetrics port.",
    "found-by-weka": "A promoted finding of parity fuzz against the weka port.",
    "fractional-weight": "sample_weight with non-integer weights.",
    "fuzzed": "A case promoted from a finding of parity fuzz (docs/fuzzing.md).",
    "gap-in-label-values": "Class ids with a gap (0 and 2 without 1): the missing value is no class.",
    "grid": "A case of a generated grid over keywords, weights and inputs; its id ends in the grid point.",
    "huge-values": "Values large enough that squares or sums lose precision or overflow.",
    "integer-values": "Integer-valued data whose sums are exact in float64 in any order.",
    "k-ge-classes": "top_k_accuracy_score with k at least the number of classes.",
    "keyword": "A keyword given an unknown or invalid value.",
    "labels-declared": "Classes declared with the labels keyword.",
    "labels-order": "The order of a declared labels list: which order the outputs follow.",
    "labels-subset": "labels declares only some of the classes present.",
    "large-ids": "Class ids beyond the integers float32 represents exactly.",
    "large-offset": "Values with a large common offset and a small spread.",
    "log-domain": "Values at or below -1, outside the domain of log1p.",
    "long-input": "A long input whose counts or sums pass the limits of narrow integer or float types.",
    "macro": "average='macro': the unweighted mean over classes.",
    "many-classes": "Hundreds of classes or more.",
    "micro": "average='micro': counts pooled over classes before the ratio.",
    "mismatched-lengths": "Inputs (sample_weight included) of different lengths.",
    "multiclass": "More than two classes.",
    "multilabel": "Multilabel indicator matrices.",
    "multioutput": "Regression with several outputs, or the multioutput keyword.",
    "nan-input": "NaN in an input array.",
    "nan-result": "The expected value is or contains NaN.",
    "negative-labels": "Negative class ids.",
    "negative-weight": "Negative sample weights.",
    "non-binary-indicator": "An indicator matrix holding values other than 0 and 1.",
    "non-contiguous-labels": "Class ids that are not 0..K-1.",
    "non-finite-input": "NaN or infinity in an input that scikit-learn checks for finiteness.",
    "normalize": "confusion_matrix's normalize keyword (over true, pred or all).",
    "numerics": "The numerics family: floating-point edges (offsets, magnitudes, long inputs, many classes).",
    "output-weights": "multioutput given as an array of weights, one per output.",
    "overflow": "An intermediate that overflows float64.",
    "one-cluster": "A labeling that puts every sample in one cluster.",
    "ovo": "roc_auc_score with multi_class='ovo': one-vs-one.",
    "ovr": "roc_auc_score with multi_class='ovr': one-vs-rest.",
    "partial-auc": "roc_auc_score's max_fpr: the standardized partial AUC.",
    "pos-label": "Which class is positive: the pos_label keyword and its default.",
    "positive-class": "expected_calibration_error with confidence='positive': the positive class's probability.",
    "probability-bounds": "Probabilities at or beyond 0 and 1.",
    "quantile": "calibration_curve with strategy='quantile'.",
    "quantile-index-rounding": "Quantile bin edges falling between two samples: how the percentile interpolates.",
    "quirk": "scikit-learn behaviour that departs from its own documentation, recorded as it is.",
    "raw-values": "multioutput='raw_values': one value per output.",
    "sample-weight": "The call passes sample_weight.",
    "string-in-number": "A non-numeric string (\"abc\") in an input that holds numbers, never labels.",
    "samples": "average='samples': the mean over rows of a multilabel input.",
    "samplewise": "multilabel_confusion_matrix with samplewise=True: one matrix per sample.",
    "shape": "Inputs of the wrong shape or dimension for the metric.",
    "single-class": "Only one class occurs in y_true, or in both inputs.",
    "single-sample": "One sample.",
    "singletons": "A labeling with clusters of one sample, or only such clusters.",
    "spec-derived": "A metric scikit-learn lacks: its value is computed from its page in docs/spec.",
    "subnormal": "Subnormal floats in the inputs or intermediates.",
    "symmetric": "The metric is symmetric in its two inputs: swapping them gives the same value.",
    "target-names": "classification_report's target_names keyword.",
    "ties": "Tied scores: one threshold for the whole group.",
    "tiny-values": "Values small enough that squares underflow or lose precision.",
    "top-label": "expected_calibration_error with confidence='top-label': the arg-max class's probability.",
    "underflow": "An intermediate that underflows to 0.",
    "uniform-average": "multioutput='uniform_average': the plain mean over outputs.",
    "unnormalized-rows": "Probability rows that do not sum to 1.",
    "regimes": "The regimes family: every metric's base call moved into one input regime (docs/decisions/0045).",
    "validation": "The validation family: the bad-input sweep of every metric's base call (docs/decisions/0034).",
    "variance-weighted": "multioutput='variance_weighted': outputs weighted by the variance of their target.",
    "weight-2-duplicate": "A weight of 2 equals the same sample given twice.",
    "weighted": "average='weighted': classes weighted by their true support.",
    "weights": "cohen_kappa_score's weights keyword (None, linear, quadratic).",
    "worked-example": "A small example worked by hand in docs/spec, a docstring or a port's fixture.",
    "zero-division": "A ratio with a zero denominator, and what the zero_division keyword makes of it.",
    "zero-target": "A target of 0 in a relative error (MAPE).",
    "zero-weight": "Samples of weight 0.",
    # deviances: the Tweedie deviances, the pinball loss and the D² scores
    "tweedie-power": "The Tweedie power keyword: which deviance (0 squared error, 1 Poisson, 2 Gamma, others), and "
                     "the powers in (0, 1) that are refused.",
    "deviance-domain": "Values at the edge of or outside a deviance's domain: y_pred <= 0, y_true < 0 (Poisson), "
                       "y_true <= 0 (Gamma).",
    "pinball-alpha": "The pinball loss's alpha: the quantile level, which side of the prediction weighs alpha.",
    "null-model": "D²'s null model: the constant fitted to y_true (mean, alpha-quantile, class frequencies) "
                  "that the model's deviance is compared with.",
    "zero-null-deviance": "y_true is constant (one class), so the deviance of D²'s null model is 0.",
    # The strings family (generators/strings/).
    "code-point-order": "String classes whose order by Unicode code point (numpy's, scikit-learn's) differs from a "
                        "case-insensitive, locale or UTF-16 code-unit order: per-class outputs and score columns "
                        "move.",
    "empty-string-label": "The empty string \"\" as a class label.",
    "mixed-label-types": "String labels mixed with numbers, in one vector or across the two: scikit-learn refuses "
                         "the mix (clustering reads each labeling on its own).",
    "non-ascii": "String labels outside ASCII (é, Ω).",
    "non-bmp": "String labels outside the Basic Multilingual Plane (😀, 𝔸): one code point, two UTF-16 code "
               "units.",
    "string-labels": "Class labels that are strings (the strings family, docs/decisions/0033).",
}


def tag_list() -> dict:
    """The document of ``oracle/schema/tags.json``: plain tags and each family's members."""
    readings: dict[str, dict] = {}
    for name in FAMILIES:
        for reading in family(name).readings:
            entry = readings.setdefault(PREFIX + reading.name, {"meaning": reading.rule, "families": []})
            if entry["meaning"] != reading.rule:
                entry["meaning"] += f" | {reading.rule}"
            entry["families"].append(name)
    relations = {RELATION_PREFIX + r: {"meaning": f"A promoted fuzz finding where the port broke the {r} "
                                                  "relation (conformance/fuzz/relations.py)."} for r in RELATIONS}
    return {
        "format": 1,
        "description": "The closed list of case tags (docs/tags.md, docs/decisions/0018). Written by "
                       "generators/tags.py; parity lint refuses a case tag that is not here.",
        "tags": {tag: {"meaning": TAGS[tag]} for tag in sorted(TAGS)},
        "families": {
            "wrong-reading": {
                "meaning": "A case that catches a plausible misreading of the spec: the reading gives another "
                           "outcome than the case expects (generators/readings.py).",
                "members": dict(sorted(readings.items())),
            },
            "relation": {
                "meaning": "A promoted finding of parity fuzz that broke a metamorphic relation.",
                "members": relations,
            },
        },
    }


def listed(document: dict) -> set[str]:
    """Every tag the list holds, family members included."""
    return set(document["tags"]) | {m for fam in document["families"].values() for m in fam["members"]}


def unlisted(cases: Iterable[dict], document: dict) -> list[str]:
    """'<case id>: tag <tag> is not in the tag list' for each tag a case carries that is not listed."""
    known = listed(document)
    return [f"{case['id']}: tag {tag!r} is not in the tag list (generators/tags.py)"
            for case in cases for tag in case["tags"] if tag not in known]
