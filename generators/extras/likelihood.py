"""class_likelihood_ratios: LR+ = sensitivity / (1 - specificity), LR- = (1 - sensitivity) /
specificity, their zero denominators and what replace_undefined_by makes of them."""

from __future__ import annotations

from generators.extras._common import case, wrong

L = "class_likelihood_ratios"
SWAP = wrong("likelihood-rates-swapped")
# The replacements of an undefined ratio: the default NaN, 1.0 (both ratios 1, no information),
# and a dict with a value per ratio.
REPLACEMENTS = (("default", None), ("1.0", 1.0), ("dict", {"LR+": 10.0, "LR-": 0.5}),
                ("dict-infinity", {"LR+": "Infinity", "LR-": 1.0}))


def _lr(slug, y_true, y_pred, params=None, *, sample_weight=None, tags=(), description=None):
    return case(L, slug, {"y_true": y_true, "y_pred": y_pred, "sample_weight": sample_weight}, params,
                tags=tags, description=description)


def defined():
    yield _lr("defined/basic", [0, 0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1, 0],
              tags=["worked-example", *SWAP],
              description="tp=2, fn=1, fp=2, tn=2: sensitivity 2/3, specificity 1/2, LR+ = (2/3)/(1/2) = "
              "4/3, LR- = (1/3)/(1/2) = 2/3.")
    yield _lr("defined/labels-3-8", [3, 8, 8, 3, 3], [8, 8, 3, 3, 3], tags=["non-contiguous-labels", *SWAP],
              description="Labels 3 and 8: the greater (8) is the positive class.")
    yield _lr("defined/labels-reversed", [0, 0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1, 0], {"labels": [1, 0]},
              tags=["labels-declared", "labels-order", "pos-label", *SWAP],
              description="labels=[1, 0] makes 0 the positive class: the ratios of the same predictions with "
              "the roles exchanged.")
    yield _lr("defined/sample-weight", [0, 0, 0, 1, 1, 1], [0, 1, 1, 1, 0, 1], sample_weight=[1, 2, 0.5, 1, 0, 3],
              tags=["zero-weight", "fractional-weight", *SWAP],
              description="Weighted counts: the weight-0 false negative does not count.")
    yield _lr("defined/single-class-predicted-both", [0, 0, 1, 1], [0, 1, 1, 1], tags=[*SWAP],
              description="fn = 0 but fp and tn are not: LR- is 0.0, LR+ is 2.")


def undefined():
    calls = (
        ("no-false-positive", [0, 0, 1, 1, 1], [0, 0, 1, 1, 0],
         "fp = 0: LR+ divides by 0 and is replaced; LR- = (1/3)/1 is defined."),
        ("no-true-negative", [0, 0, 1, 1], [1, 1, 1, 0],
         "tn = 0 (every negative predicted positive): LR- divides by 0 and is replaced."),
        ("nothing-predicted-positive", [0, 0, 1, 1], [0, 0, 0, 0],
         "No sample predicted positive: tp = fp = 0, LR+ is replaced; LR- = 1.0."),
        ("no-positive-in-y-true", [0, 0, 0, 0], [0, 1, 0, 1],
         "No positive sample in y_true: both ratios divide 0 by 0, NaN, as no replacement applies."),
        ("all-predicted-positive", [0, 1, 1, 0], [1, 1, 1, 1],
         "Every sample predicted positive: tn = 0, LR- is replaced; LR+ = 1.0."),
        ("perfect", [0, 1, 1, 0], [0, 1, 1, 0],
         "Perfect predictions: fp = 0 (LR+ replaced) and LR- = 0.0."),
    )
    for slug, y_true, y_pred, text in calls:
        for name, value in REPLACEMENTS:
            params = None if value is None else {"replace_undefined_by": value}
            suffix = "" if value is None else f"/replace_undefined_by={name}"
            tags = ["zero-division", "degenerate"] + (["nan-result"] if value is None or slug ==
                                                       "no-positive-in-y-true" else [])
            if slug == "no-positive-in-y-true":
                tags.append("single-class")
            yield _lr(f"undefined/{slug}{suffix}", y_true, y_pred, params, tags=tags, description=text)
    yield _lr("undefined/zero-weight-false-positive", [0, 0, 1, 1], [0, 1, 1, 0], sample_weight=[1, 0, 1, 1],
              tags=["zero-division", "zero-weight", "nan-result"],
              description="The one false positive has weight 0: fp = 0 by weight, so LR+ is undefined.")


def errors():
    yield _lr("error/multiclass", [0, 1, 2], [0, 1, 2], tags=["error", "multiclass"],
              description="Three classes: only binary problems are accepted.")
    yield _lr("error/replace-undefined-by-0", [0, 1], [0, 1], {"replace_undefined_by": 0.0},
              tags=["error", "keyword"], description="replace_undefined_by=0.0 is neither NaN, 1.0 nor a dict.")
    yield _lr("error/replace-undefined-by-lr-plus-below-1", [0, 1], [0, 1],
              {"replace_undefined_by": {"LR+": 0.5, "LR-": 0.5}}, tags=["error", "keyword"],
              description="A replacement LR+ below 1 is refused: LR+ of an uninformative test is 1.")
    yield _lr("error/replace-undefined-by-lr-minus-above-1", [0, 1], [0, 1],
              {"replace_undefined_by": {"LR+": 2.0, "LR-": 1.5}}, tags=["error", "keyword"],
              description="A replacement LR- above 1 is refused.")
    yield _lr("error/replace-undefined-by-one-key", [0, 1], [0, 1], {"replace_undefined_by": {"LR+": 2.0}},
              tags=["error", "keyword"], description="A dict without its LR- key is refused.")
    yield _lr("error/mismatched-lengths", [0, 1, 1], [0, 1], tags=["error", "mismatched-lengths"],
              description="Three true labels, two predictions.")


def cases():
    yield from defined()
    yield from undefined()
    yield from errors()
