"""Helpers shared by the classification-extras generators.

Every case goes through :func:`case`, which adds the tags that follow from the call
(``sample-weight``) and checks that a case written as an error really is one, and the
other way round, so a surprise in the oracle stops generation.
"""

from __future__ import annotations

from generators.counts._common import wrong  # noqa: F401  (re-exported)
from generators.oracle import make_case, rng_for  # noqa: F401  (re-exported)

METRICS = ("hinge_loss", "class_likelihood_ratios", "det_curve", "auc", "confusion_matrix_at_thresholds",
           "metric_at_thresholds")


def case(metric, slug, inputs, params=None, *, tags=(), description=None):
    """One corpus case ``<metric>/<slug>``; scikit-learn supplies ``expected``."""
    inputs = {k: v for k, v in inputs.items() if v is not None}
    tags = set(tags)
    if "sample_weight" in inputs:
        tags.add("sample-weight")
    made = make_case(f"{metric}/{slug}", metric, inputs, params, sorted(tags), description)
    if ("error" in tags) != ("error" in made["expected"]):
        raise AssertionError(f"{made['id']}: tagged {'an error' if 'error' in tags else 'a value'} but the "
                             f"oracle gave {made['expected']}")
    return made
