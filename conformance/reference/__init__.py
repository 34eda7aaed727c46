"""The reference implementation: scikit-learn 1.9.1's label metrics in numpy alone.

This package is the executable spec that ports read.  Every function has
scikit-learn's name, signature and defaults, returns the same values (within
the corpus tolerance) and raises where scikit-learn raises, with an exception
of a built-in class scikit-learn's exception also has (docs/decisions/0004).
Warnings are not reproduced.

Scope: binary and multiclass labels (1-D; an (n, 1) column is accepted).
Multilabel indicator matrices are out of scope and raise ValueError.

How it is built (read in this order):

* ``_inputs``  -- keyword and label checks, as scikit-learn's validation does them;
* ``_counts``  -- :func:`counts`, the single counting pass, and :class:`Counts`,
  which adds across batches;
* ``_metrics`` -- each metric as a function of ``Counts`` (``*_from_counts``) and
  the public wrappers with scikit-learn's signatures.

Conventions every metric shares (each is scikit-learn's, restated):

* the class set is the sorted union of the labels in y_true and y_pred, or
  ``labels`` when given (in that order);
* labels compare by value: 1, 1.0 and True are the same class;
* a sample weight may be negative; weights that are all 0 are an error;
* a 0/0 in precision, recall or F becomes ``zero_division`` ("warn" acts as 0).

Known limits (not mirrored, and not in the corpus):

* ``labels`` / ``pos_label`` of another kind than the data (the string "1" for
  integer labels): scikit-learn sometimes matches them through numpy's string
  casting; here they never match a label;
* float weights of mixed sign whose per-class sums are 0 only up to rounding:
  whether such a sum is exactly 0 depends on summation order, here and there;
* the matrix is dense K x K, so millions of distinct labels do not fit.
"""

from conformance.reference._counts import Counts, counts
from conformance.reference._inputs import InvalidParameterError
from conformance.reference._metrics import (
    accuracy_from_counts,
    accuracy_score,
    confusion_matrix,
    confusion_matrix_from_counts,
    f1_score,
    fbeta_score,
    precision_recall_fscore_support,
    precision_score,
    prfs_from_counts,
    recall_score,
)

__all__ = [
    "Counts",
    "InvalidParameterError",
    "accuracy_from_counts",
    "accuracy_score",
    "confusion_matrix",
    "confusion_matrix_from_counts",
    "counts",
    "f1_score",
    "fbeta_score",
    "precision_recall_fscore_support",
    "precision_score",
    "prfs_from_counts",
    "recall_score",
]
