"""Helpers shared by the numerics-family generators.

Every case goes through :func:`case`: the id is ``<metric>/numerics/<slug>``, the
family tag ``numerics`` and the ``sample-weight`` tag are added, and a case written
as a value that scikit-learn refuses (or the other way round) stops generation.

Inputs are kept short on purpose (the corpus is vendored and committed): integers
stay JSON integers, and long vectors use one- or two-digit labels and values.
"""

from __future__ import annotations

import numpy as np

from conformance import registry
from generators.counts._common import wrong  # noqa: F401  (re-exported)
from generators.oracle import make_case, rng_for  # noqa: F401  (re-exported)

FAMILY_TAG = "numerics"



def case(metric, slug, first, second, params=None, *, sample_weight=None, tags=(), description=None):
    """One corpus case ``<metric>/numerics/<slug>``; scikit-learn supplies ``expected``."""
    first_name, second_name = registry.METRICS[metric].input_names()[:2]  # scikit-learn's names for them
    inputs = {first_name: first, second_name: second}
    if sample_weight is not None:
        inputs["sample_weight"] = sample_weight
    tags = set(tags) | {FAMILY_TAG} | ({"sample-weight"} if sample_weight is not None else set())
    made = make_case(f"{metric}/numerics/{slug}", metric, inputs, params, sorted(tags), description)
    if ("error" in tags) != ("error" in made["expected"]):
        raise AssertionError(f"{made['id']}: tagged {'an error' if 'error' in tags else 'a value'} but "
                             f"scikit-learn gave {made['expected']}")
    return made


def floats(a) -> list:
    """A numpy array as a list of Python floats (what JSON carries exactly)."""
    return np.asarray(a, dtype=np.float64).tolist()


def ints(a) -> list:
    """A numpy array as a list of Python ints (short in JSON)."""
    return [int(v) for v in np.asarray(a)]
