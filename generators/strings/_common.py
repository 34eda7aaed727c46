"""Helpers shared by the string-labels generators: the label sets and the case helper.

Every case goes through :func:`case`: the id is ``<metric>/strings/<slug>``, the family
tag ``string-labels`` is added, and a case tagged as an error that scikit-learn answers
(or the other way round) stops generation.

The label sets are listed in an order that is none of the sorts a port might use, and each
names the sorts it tells apart (docs/spec/confusion_matrix.md#string-labels): scikit-learn
orders string classes as ``np.unique`` does, by Unicode code point.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass

from conformance import registry
from generators.counts._common import wrong
from generators.oracle import make_case, oracle_for

FAMILY_TAG = "string-labels"


@dataclass(frozen=True)
class LabelSet:
    """Three string classes (a binary problem takes the first two), a slug, tags and a sentence."""

    slug: str
    classes: tuple[str, str, str]
    tags: tuple[str, ...]
    says: str


SETS = (
    LabelSet("ascii", ("dog", "cat", "fish"), (),
             "ASCII words; classes in code-point order: cat, dog, fish."),
    LabelSet("mixed-case", ("a", "B", "c"), ("code-point-order",),
             'Mixed case: code-point order puts "B" (U+0042) before "a" (U+0061) and "c"; a case-insensitive '
             '(or locale) sort gives a, B, c, so per-class outputs and the positive class move.'),
    LabelSet("non-ascii", ("z", "é", "Ω"), ("code-point-order", "non-ascii"),
             'Non-ASCII: code-point order z (U+007A) < é (U+00E9) < Ω (U+03A9); a locale sort puts é before z.'),
    LabelSet("non-bmp", ("～", "😀", "𝔸"), ("code-point-order", "non-bmp"),
             "Outside the BMP: code-point order ～ (U+FF5E) < 𝔸 (U+1D538) < 😀 (U+1F600); a sort by UTF-16 code "
             "units (JavaScript, Java, C#) puts the surrogate pairs (D835, D83D) before U+FF5E."),
    LabelSet("empty-string", ("b", "", "a"), ("empty-string-label",),
             'The empty string is a class like any other, and the first in code-point order: "", a, b.'),
)

# The wrong readings of the class order (generators/strings/readings.py) a label set tells apart, where the
# metric's output shows the order at all.
ORDER_READINGS = {"mixed-case": "classes-case-insensitive", "non-bmp": "classes-by-utf16"}


def order_tags(slug: str, shows_order: bool) -> list[str]:
    """The wrong-reading tag of the label set ``slug``, when the output shows the class order."""
    return wrong(ORDER_READINGS[slug]) if shows_order and slug in ORDER_READINGS else []


# Sample patterns (indices into a set's classes).
# Every class has its own precision, recall, F and Jaccard, and a linear-weighted kappa changes when two
# classes swap places, so a port that orders the classes differently gives a different output.
TRUE3 = (0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2)
PRED3 = (1, 1, 0, 0, 2, 2, 0, 0, 1, 1, 2, 1)
TRUE2 = (0, 0, 0, 1, 1, 0, 1, 0, 1, 1)
PRED2 = (0, 1, 0, 1, 0, 0, 1, 1, 1, 1)


def spell(classes, pattern) -> list:
    return [classes[i] for i in pattern]


def keywords(metric) -> frozenset[str]:
    """The keywords the metric's oracle takes (``labels``, ``pos_label``, ``average``, ...)."""
    return frozenset(inspect.signature(oracle_for(metric)).parameters)


def case(metric, slug, inputs, params=None, *, tags=(), description=None, error=None):
    """One corpus case ``<metric>/strings/<slug>``; scikit-learn supplies ``expected``.

    ``error``: True or False when the case is written as a refusal or a value (generation stops if
    scikit-learn disagrees); None when the case is whatever scikit-learn answers (the ``error`` tag
    then follows its answer: a string y_true without pos_label is refused by some score metrics)."""
    names = registry.METRICS[metric].input_names()
    unknown = set(inputs) - set(names)
    if unknown:
        raise AssertionError(f"{metric}: no input named {sorted(unknown)}")
    tags = set(tags) | {FAMILY_TAG} | ({"error"} if error else set())
    made = make_case(f"{metric}/strings/{slug}", metric, inputs, params, sorted(tags), description)
    refused = "error" in made["expected"]
    if error is None:
        made["tags"] = sorted(set(made["tags"]) | ({"error"} if refused else set()))
    elif error != refused:
        raise AssertionError(f"{made['id']}: written as {'an error' if error else 'a value'} but "
                             f"scikit-learn gave {made['expected']}")
    return made
