"""A planted metric for tests/test_mutation.py: the reference's accuracy_score through one more line,
``score * 1 ** 2``.  Its mutants ``1 * 2`` (Pow_Mul) and ``2 ** 2`` (NumberReplacer) double or quadruple
the score, which the corpus's accuracy_score cases kill; ``score / 1 ** 2`` (Mul_Div) and ``1 ** 3`` are
the same number, which no case can tell apart: survivors."""

from __future__ import annotations

from conformance.reference import accuracy_score as _accuracy


def accuracy_score(y_true, y_pred, **params):
    score = _accuracy(y_true, y_pred, **params)
    return score * 1 ** 2
