"""The clustering family: the 15 clustering metrics of ``sklearn.metrics`` and
``sklearn.metrics.cluster.contingency_matrix``.

``cases()`` is the family's entry point (see generators/__init__.py).  Parts:

* :mod:`.labelings` -- the scores that compare two labelings (ARI, Rand, the pair
  confusion matrix, MI, NMI, AMI, homogeneity, completeness, V-measure, FMI, the
  contingency matrix): scikit-learn's docstring examples, one cluster, all
  singletons, empty and one-sample inputs, relabelled ids, keywords and refusals;
* :mod:`.points` -- the scores of one labeling of points (silhouette, Calinski-Harabasz,
  Davies-Bouldin): distances, singleton clusters, the number-of-labels rule;
* :mod:`.large` -- n = 10⁵ with hundreds of clusters (AMI's expected mutual
  information, NMI), pair counts past 2³¹, large feature values.

:mod:`.readings` generates nothing: it lists the family's wrong readings and checks
that a tagged case catches each (``python -m generators.clustering.readings``).
"""

from __future__ import annotations

from generators.clustering import labelings, large, points


def cases():
    for part in (labelings, points, large):
        yield from part.cases()
