"""Clustering metrics: scikit-learn 1.9.1's ``sklearn.metrics.cluster`` in numpy alone.

Two groups, as in scikit-learn:

* comparing two labelings (``labels_true``, ``labels_pred``): everything is read off
  one contingency table, :func:`contingency_matrix` -- the pair counts (Rand, ARI,
  Fowlkes-Mallows), the entropies and the mutual information (MI, NMI, AMI,
  homogeneity, completeness, V-measure);
* scoring one labeling of points (``X``, ``labels``): the silhouette, Calinski-Harabasz
  and Davies-Bouldin.

Conventions, each scikit-learn's (docs/spec/clustering.md says why they matter):

* labels compare by value, like the classification metrics; their ids mean nothing,
  so any relabelling leaves every score unchanged;
* logarithms are natural (nats), and NMI/AMI's ``average_method`` defaults to
  ``'arithmetic'`` (scikit-learn changed it from geometric/max in 0.22);
* pair counts are int64 and ARI's formula runs on Python integers: no overflow below
  ~3e9 samples;
* a labeling whose two sides both have one cluster (or no samples) scores 1.0 under
  ARI, Rand, NMI, AMI, homogeneity, completeness and V; FMI scores 0.0 when no pair is
  together in both;
* the expected mutual information of AMI is a sum of hypergeometric terms computed in
  log space; its log-factorials are cumulative sums of logarithms (no gamma function:
  scipy is not a dependency here), accumulated in extended precision so that
  ln(10⁵!) ~ 10⁶ keeps the ~1e-10 absolute accuracy ``exp`` needs;
* silhouette distances are computed a block of rows at a time (:data:`BLOCK_BYTES`),
  so n = 20,000 samples never holds the n x n matrix;
* euclidean distances are scikit-learn's: (-2x·y + ||x||²) + ||y||², clipped at 0, then
  the root.  On points close together relative to their norms this expansion cancels
  (Davies-Bouldin moves by ~1e-8 relative against distances from differences), and the
  corpus is scikit-learn's value, so the reference keeps the expansion; the other
  distances (manhattan, chebyshev, sqeuclidean, which scipy computes) are summed from
  differences, feature by feature.

``silhouette_score``'s ``sample_size`` draws a subsample with numpy's Mersenne Twister:
out of scope, refused with NotImplementedError (docs/decisions/0022).
"""

from __future__ import annotations

import math

import numpy as np

from conformance.reference._inputs import InvalidParameterError, refuse_mixed_labels

AVERAGE_METHODS = ("arithmetic", "geometric", "max", "min")
# One block of silhouette distances holds at most this many bytes (64 MiB).
BLOCK_BYTES = 64 * 2**20
# The distances the silhouette supports here (scikit-learn takes any of scipy's too).
METRICS = ("euclidean", "l2", "manhattan", "l1", "cityblock", "cosine", "sqeuclidean", "chebyshev",
           "precomputed")
# scipy metrics scikit-learn also accepts; the reference does not compute them.
_UNSUPPORTED = ("minkowski", "russellrao", "haversine", "canberra", "hamming", "sokalsneath", "yule",
                "correlation", "braycurtis", "rogerstanimoto", "seuclidean", "dice", "wminkowski",
                "nan_euclidean", "matching", "mahalanobis", "jaccard")
_EPS = np.finfo(np.float64).eps


# --- labelings ------------------------------------------------------------------------------------


def _labels(values, name: str) -> np.ndarray:
    a = np.asarray(values)
    refuse_mixed_labels(a)  # numpy would turn the mix into strings; scikit-learn cannot sort it
    if a.dtype.kind == "O":
        a = np.asarray(a.tolist())
    if a.ndim != 1:
        raise ValueError(f"{name} must be 1D: shape is {a.shape!r}")
    if a.dtype.kind in "fc" and not np.isfinite(a).all():
        raise ValueError(f"Input {name} contains NaN or infinity.")
    return a


def _labelings(labels_true, labels_pred) -> tuple[np.ndarray, np.ndarray]:
    """Both labelings as 1-D arrays of one length (scikit-learn's check_clusterings)."""
    a, b = _labels(labels_true, "labels_true"), _labels(labels_pred, "labels_pred")
    if a.shape[0] != b.shape[0]:
        raise ValueError(f"Found input variables with inconsistent numbers of samples: {[a.shape[0], b.shape[0]]}")
    return a, b


def _codes(labels: np.ndarray) -> tuple[np.ndarray, int]:
    """Each label's index in the sorted set of distinct labels, and how many there are.

    Small non-negative integer ids (the common case) take an O(n) bincount path; anything
    else sorts (np.unique).  Both give the same codes.
    """
    if labels.dtype.kind in "iub" and labels.size and labels.min() >= 0 and labels.max() < 4 * labels.size + 1024:
        labels = labels.astype(np.intp, copy=False)
        present = np.bincount(labels) > 0
        lookup = np.cumsum(present) - 1
        return lookup[labels], int(present.sum())
    _, inverse = np.unique(labels, return_inverse=True)
    return inverse.reshape(-1), int(inverse.max()) + 1 if labels.size else 0


# Samples per chunk of the direct count: the chunk's combined index stays in cache.
CHUNK = 2**16


def _small_ids(labels: np.ndarray, limit: int) -> int | None:
    """1 + the largest id when the ids are non-negative integers below ``limit``; else None."""
    if labels.dtype.kind not in "iu" or not labels.size:
        return None
    low, high = int(labels.min()), int(labels.max())
    return high + 1 if low >= 0 and high < limit else None


def _table(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The contingency table (int64): rows the classes of ``a``, columns those of ``b``.

    Small non-negative integer ids (the common case) are counted directly, chunk by chunk,
    into an id-by-id table whose empty rows and columns are then dropped: no sort and no
    n-long temporary.  Other ids are first replaced by their rank (:func:`_codes`).
    """
    n = a.shape[0]
    ka, kb = _small_ids(a, 2**20), _small_ids(b, 2**20)
    if ka is not None and kb is not None and ka * kb <= 4 * n + 2**16:
        counts = np.zeros(ka * kb, dtype=np.int64)
        for start in range(0, n, CHUNK):
            index = a[start:start + CHUNK].astype(np.int64) * kb
            index += b[start:start + CHUNK]
            counts += np.bincount(index, minlength=ka * kb)
        table = counts.reshape(ka, kb)
        return table[table.any(axis=1)][:, table.any(axis=0)]
    ca, ka = _codes(a)
    cb, kb = _codes(b)
    return np.bincount(ca * kb + cb, minlength=ka * kb).reshape(ka, kb).astype(np.int64, copy=False)


def contingency_matrix(labels_true, labels_pred, *, eps=None, sparse=False, dtype=np.int64):
    """C[i, j]: the samples in true class i (sorted) and predicted cluster j (sorted).

    As in scikit-learn, the labels are not validated beyond what counting needs: arrays of
    other shapes or lengths are refused because they cannot be paired.
    """
    if eps is not None and (isinstance(eps, bool) or not isinstance(eps, (int, float)) or not eps >= 0):
        raise InvalidParameterError(f"The 'eps' parameter of contingency_matrix must be a float in the range "
                                    f"[0, inf) or None. Got {eps!r} instead.")
    if eps is not None and sparse:
        raise ValueError("Cannot set 'eps' when sparse=True")
    if sparse:
        raise NotImplementedError("sparse=True returns a scipy matrix; the reference is numpy only")
    a, b = np.asarray(labels_true), np.asarray(labels_pred)
    if a.ndim != 1 or b.ndim != 1:
        raise ValueError("coordinates and data arrays must be 1-D")
    if a.shape[0] != b.shape[0]:
        raise ValueError("all index and data arrays must have the same length")
    table = _table(a, b)
    return table + eps if eps is not None else table.astype(dtype, copy=False)


# --- pair counts ----------------------------------------------------------------------------------


def _pairs(table: np.ndarray, n: int) -> np.ndarray:
    """The 2 x 2 pair confusion matrix (ordered pairs, int64 as in scikit-learn)."""
    n = np.int64(n)
    squares = (table * table).sum(dtype=np.int64)
    rows, cols = table.sum(axis=1), table.sum(axis=0)
    c = np.empty((2, 2), dtype=np.int64)
    c[1, 1] = squares - n
    c[0, 1] = (cols * cols).sum(dtype=np.int64) - squares
    c[1, 0] = (rows * rows).sum(dtype=np.int64) - squares
    c[0, 0] = n * n - c[0, 1] - c[1, 0] - squares
    return c


def pair_confusion_matrix(labels_true, labels_pred):
    a, b = _labelings(labels_true, labels_pred)
    return _pairs(_table(a, b), a.shape[0])


def rand_score(labels_true, labels_pred):
    c = pair_confusion_matrix(labels_true, labels_pred)
    agree, total = int(c[0, 0] + c[1, 1]), int(c.sum())
    if agree == total or total == 0:  # no pairs, or every pair agrees
        return 1.0
    return float(agree / total)


def adjusted_rand_score(labels_true, labels_pred):
    tn, fp, fn, tp = (int(v) for v in pair_confusion_matrix(labels_true, labels_pred).ravel())
    if fn == 0 and fp == 0:  # identical partitions, including one cluster each and n < 2
        return 1.0
    # Python integers: tp * tn (each ~n²) would overflow int64 past ~55,000 samples.
    return 2.0 * (tp * tn - fn * fp) / ((tp + fn) * (fn + tn) + (tp + fp) * (fp + tn))


def fowlkes_mallows_score(labels_true, labels_pred):
    a, b = _labelings(labels_true, labels_pred)
    n = a.shape[0]
    table = _table(a, b)
    tk = int((table * table).sum(dtype=np.int64)) - n
    pk = int((table.sum(axis=0) ** 2).sum(dtype=np.int64)) - n
    qk = int((table.sum(axis=1) ** 2).sum(dtype=np.int64)) - n
    return float(math.sqrt(tk / pk) * math.sqrt(tk / qk)) if tk != 0 else 0.0


# --- information ----------------------------------------------------------------------------------


def _entropy(counts: np.ndarray) -> float:
    """H in nats of a labeling given its cluster sizes; 1.0 for no samples, as scikit-learn."""
    counts = counts[counts > 0].astype(np.float64)
    if counts.sum() == 0:
        return 1.0
    if counts.size == 1:
        return 0.0
    total = counts.sum()
    return float(-np.sum(counts / total * (np.log(counts) - math.log(total))))


def _mutual_info(table: np.ndarray) -> float:
    rows, cols = table.sum(axis=1), table.sum(axis=0)
    if rows.size == 1 or cols.size == 1:
        return 0.0
    total = table.sum()
    if total <= 0 or rows.sum() <= 0 or cols.sum() <= 0:  # scikit-learn's math.log(0)
        raise ValueError("math domain error")
    i, j = np.nonzero(table)
    nz = table[i, j].astype(np.float64)
    with np.errstate(invalid="ignore", divide="ignore"):
        p = nz / total
        outer = rows[i].astype(np.int64) * cols[j].astype(np.int64)
        mi = p * (np.log(nz) - math.log(total)) + p * (-np.log(outer) + math.log(rows.sum()) + math.log(cols.sum()))
    mi = np.where(np.abs(mi) < _EPS, 0.0, mi)  # terms below eps are rounding, as in scikit-learn
    return float(np.clip(mi.sum(), 0.0, None))


def mutual_info_score(labels_true, labels_pred, *, contingency=None):
    """MI in nats.  A given ``contingency`` replaces the labelings (which are then not read); a
    float table is truncated to integers, as scikit-learn's check_array does."""
    if contingency is None:
        table = _table(*_labelings(labels_true, labels_pred))
    else:
        table = np.asarray(contingency)
        if table.ndim != 2:
            raise ValueError(f"Expected 2D array, got {table.ndim}D array instead")
        if table.shape[0] == 0 or table.shape[1] == 0:
            raise ValueError(f"Found array with 0 sample(s) (shape={table.shape}) while a minimum of 1 is required.")
        if table.dtype.kind == "f" and not np.isfinite(table).all():
            raise ValueError("Input contains NaN or infinity.")
        if table.dtype.kind not in "iu":
            table = table.astype(np.int64)
        table = table.astype(np.int64, copy=False)
    return _mutual_info(table)


def _average(u: float, v: float, method: str) -> float:
    if method == "min":
        return min(u, v)
    if method == "geometric":
        return float(np.sqrt(u * v))
    if method == "arithmetic":
        return (u + v) / 2
    return max(u, v)


def _check_average(average_method, metric: str) -> None:
    if not isinstance(average_method, str) or average_method not in AVERAGE_METHODS:
        raise InvalidParameterError(f"The 'average_method' parameter of {metric} must be a str among "
                                    f"{{'arithmetic', 'geometric', 'max', 'min'}}. Got {average_method!r} instead.")


def normalized_mutual_info_score(labels_true, labels_pred, *, average_method="arithmetic"):
    _check_average(average_method, "normalized_mutual_info_score")
    table = _table(*_labelings(labels_true, labels_pred))
    if table.shape[0] == table.shape[1] and table.shape[0] <= 1:  # one cluster each, or no samples
        return 1.0
    mi = _mutual_info(table)
    if mi == 0:
        return 0.0
    return float(mi / _average(_entropy(table.sum(axis=1)), _entropy(table.sum(axis=0)), average_method))


def _log_factorials(n: int) -> np.ndarray:
    """ln(k!) for k = 0..n: a cumulative sum of ln(1..n), accumulated in extended precision."""
    logs = np.log(np.arange(1, n + 1, dtype=np.longdouble))
    return np.concatenate([[0.0], np.cumsum(logs).astype(np.float64)])


def expected_mutual_information(table: np.ndarray, n: int) -> float:
    """E[MI] over all labelings with these cluster sizes (hypergeometric model, Vinh et al. 2010).

    EMI = sum over cells (i, j) and nij of  nij/N · ln(N·nij / (ai·bj)) · P(nij), where
    P(nij) = ai! bj! (N-ai)! (N-bj)! / (N! nij! (ai-nij)! (bj-nij)! (N-ai-bj+nij)!),
    each factorial taken in log space: the factorials themselves overflow past 170.
    """
    a, b = table.sum(axis=1).astype(np.int64), table.sum(axis=0).astype(np.int64)
    if a.size == 1 or b.size == 1:
        return 0.0
    lf = _log_factorials(n)
    b_lf, nb_lf = lf[b], lf[n - b]
    emi = 0.0
    top = int(max(a.max(), b.max()))
    nij_all = np.arange(0, top + 1)
    for ai in a:
        # every (j, nij) at once: nij runs from max(1, ai + bj - N) to min(ai, bj)
        nij = nij_all[1:min(ai, b.max()) + 1][None, :]
        bj = b[:, None]
        valid = (nij >= np.maximum(1, ai - n + bj)) & (nij <= np.minimum(ai, bj))
        nij_c = np.where(valid, nij, 1)
        rest = np.where(valid, n - ai - bj + nij_c, 0)
        gln = (lf[ai] + b_lf[:, None] + lf[n - ai] + nb_lf[:, None] - lf[nij_c] - lf[n]
               - lf[np.where(valid, ai - nij_c, 0)] - lf[np.where(valid, bj - nij_c, 0)] - lf[rest])
        term = nij_c / n * (math.log(n) + np.log(nij_c) - math.log(ai) - np.log(bj)) * np.exp(gln)
        emi += float(np.sum(np.where(valid, term, 0.0)))
    return emi


def adjusted_mutual_info_score(labels_true, labels_pred, *, average_method="arithmetic"):
    _check_average(average_method, "adjusted_mutual_info_score")
    a, b = _labelings(labels_true, labels_pred)
    table = _table(a, b)
    classes, clusters = table.shape
    if classes == clusters and classes <= 1:  # one cluster each, or no samples
        return 1.0
    if classes == 1 or clusters == 1:  # one side has no information
        return 0.0
    mi = _mutual_info(table)
    emi = expected_mutual_information(table, a.shape[0])
    normalizer = _average(_entropy(table.sum(axis=1)), _entropy(table.sum(axis=0)), average_method)
    # scikit-learn keeps both differences at least eps away from 0, sign kept
    denominator = normalizer - emi
    denominator = min(denominator, -_EPS) if denominator < 0 else max(denominator, _EPS)
    numerator = mi - emi
    numerator = min(numerator, -_EPS) if numerator < 0 else max(numerator, _EPS)
    return float(numerator / denominator)


def homogeneity_completeness_v_measure(labels_true, labels_pred, *, beta=1.0):
    if isinstance(beta, bool) or not isinstance(beta, (int, float)) or not beta >= 0:
        raise InvalidParameterError(f"The 'beta' parameter must be a float in the range [0, inf). Got {beta!r} instead.")
    a, b = _labelings(labels_true, labels_pred)
    if a.shape[0] == 0:
        return (1.0, 1.0, 1.0)
    table = _table(a, b)
    h_true, h_pred = _entropy(table.sum(axis=1)), _entropy(table.sum(axis=0))
    mi = _mutual_info(table)
    homogeneity = mi / h_true if h_true else 1.0
    completeness = mi / h_pred if h_pred else 1.0
    if homogeneity + completeness == 0.0:
        v = 0.0
    else:
        v = (1 + beta) * homogeneity * completeness / (beta * homogeneity + completeness)
    return (float(homogeneity), float(completeness), float(v))


def homogeneity_score(labels_true, labels_pred):
    return homogeneity_completeness_v_measure(labels_true, labels_pred)[0]


def completeness_score(labels_true, labels_pred):
    return homogeneity_completeness_v_measure(labels_true, labels_pred)[1]


def v_measure_score(labels_true, labels_pred, *, beta=1.0):
    return homogeneity_completeness_v_measure(labels_true, labels_pred, beta=beta)[2]


# --- points and their labels ----------------------------------------------------------------------


def _points(X, labels) -> tuple[np.ndarray, np.ndarray, int]:
    """X as a finite float (n, d) array, the labels' codes, and the number of clusters
    (scikit-learn's check_X_y, LabelEncoder and check_number_of_labels)."""
    x = np.asarray(X)
    if x.ndim != 2:
        raise ValueError(f"Expected 2D array, got {x.ndim}D array instead")
    if x.dtype.kind not in "biuf":
        raise ValueError("X must be numeric")
    x = x.astype(np.float64)
    y = np.asarray(labels)
    if y.ndim == 2 and y.shape[1] == 1:  # a column is raveled (scikit-learn warns)
        y = y.ravel()
    if y.ndim != 1:
        raise ValueError(f"y should be a 1d array, got an array of shape {y.shape} instead.")
    if x.shape[0] < 1:
        raise ValueError(f"Found array with 0 sample(s) (shape={x.shape}) while a minimum of 1 is required.")
    if x.shape[1] < 1:
        raise ValueError(f"Found array with 0 feature(s) (shape={x.shape}) while a minimum of 1 is required.")
    if not np.isfinite(x).all() or (y.dtype.kind == "f" and not np.isfinite(y).all()):
        raise ValueError("Input contains NaN or infinity.")
    if x.shape[0] != y.shape[0]:
        raise ValueError(f"Found input variables with inconsistent numbers of samples: {[x.shape[0], y.shape[0]]}")
    codes, k = _codes(y)
    if not 1 < k < x.shape[0]:
        raise ValueError(f"Number of labels is {k}. Valid values are 2 to n_samples - 1 (inclusive)")
    return x, codes, k


def _distances(x: np.ndarray, rows: slice, metric: str) -> np.ndarray:
    """Distances from the samples ``rows`` to every sample: one block of the n x n matrix."""
    block = x[rows]
    if metric == "precomputed":
        return block
    if metric in ("euclidean", "l2"):
        return _euclidean(block, x, same_start=rows.start)
    if metric == "cosine":
        norms = np.sqrt(np.einsum("ij,ij->i", x, x))
        unit = x / np.where(norms == 0, 1.0, norms)[:, None]
        d = np.clip(1.0 - unit[rows] @ unit.T, 0.0, 2.0)
    else:
        d = np.zeros((block.shape[0], x.shape[0]))
        for f in range(x.shape[1]):  # feature by feature: no cancellation, memory of one block
            diff = block[:, f, None] - x[None, :, f]
            if metric in ("manhattan", "l1", "cityblock"):
                d += np.abs(diff)
            elif metric == "chebyshev":
                np.maximum(d, np.abs(diff), out=d)
            else:
                d += diff * diff
    d[np.arange(d.shape[0]), np.arange(rows.start, rows.start + d.shape[0])] = 0.0  # a sample to itself
    return d


def _euclidean(a: np.ndarray, b: np.ndarray, same_start: int | None = None) -> np.ndarray:
    """Euclidean distances from the rows of ``a`` to those of ``b`` as scikit-learn computes them:
    (-2 a·b + ||a||²) + ||b||², clipped at 0; when ``a`` is rows ``same_start..`` of ``b``, a
    sample's distance to itself is exactly 0."""
    d = -2 * (a @ b.T)
    d += np.einsum("ij,ij->i", a, a)[:, None]
    d += np.einsum("ij,ij->i", b, b)[None, :]
    np.maximum(d, 0, out=d)
    if same_start is not None:
        d[np.arange(d.shape[0]), np.arange(same_start, same_start + d.shape[0])] = 0.0
    return np.sqrt(d)


def _check_precomputed(x: np.ndarray) -> None:
    if x.shape[0] != x.shape[1]:
        raise ValueError(f"Precomputed metric requires shape (n_queries, n_indexed). Got {x.shape} for "
                         f"{x.shape[0]} indexed.")
    if np.any(np.abs(np.diagonal(x)) > _EPS * 100):
        raise ValueError("The precomputed distance matrix contains non-zero elements on the diagonal. "
                         "Use np.fill_diagonal(X, 0).")
    if (x < 0).any():
        raise ValueError("Negative values in data passed to precomputed distance matrix.")


def silhouette_samples(X, labels, *, metric="euclidean", **kwds):
    """s(i) = (b - a) / max(a, b): a the mean distance to i's own cluster (the others in it),
    b the smallest mean distance to another cluster; 0 for a sample alone in its cluster."""
    if kwds:
        raise NotImplementedError(f"distance keywords {sorted(kwds)} are not supported by the reference")
    if not isinstance(metric, str) or metric not in METRICS + _UNSUPPORTED:
        raise InvalidParameterError(f"The 'metric' parameter of silhouette_samples must be a str among the "
                                    f"supported distances or a callable. Got {metric!r} instead.")
    if metric in _UNSUPPORTED:
        raise NotImplementedError(f"metric={metric!r} is not computed by the reference")
    x, codes, k = _points(X, labels)
    if metric == "precomputed":
        _check_precomputed(x)
    n = x.shape[0]
    sizes = np.bincount(codes, minlength=k)
    order = np.argsort(codes, kind="stable")
    starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
    intra, inter = np.empty(n), np.empty(n)
    step = max(1, BLOCK_BYTES // (8 * n * 3))
    for start in range(0, n, step):
        rows = slice(start, min(n, start + step))
        sums = np.add.reduceat(_distances(x, rows, metric)[:, order], starts, axis=1)  # (rows, k)
        own = codes[rows]
        idx = np.arange(sums.shape[0])
        intra[rows] = sums[idx, own]
        sums[idx, own] = np.inf
        inter[rows] = (sums / sizes).min(axis=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        intra = intra / (sizes - 1)[codes]
        s = (inter - intra) / np.maximum(intra, inter)
    return np.nan_to_num(s)  # a singleton's 0/0 is 0


def silhouette_score(X, labels, *, metric="euclidean", sample_size=None, random_state=None, **kwds):
    """The mean of :func:`silhouette_samples` over all samples."""
    if sample_size is not None:
        raise NotImplementedError("sample_size draws a random subsample (numpy's RandomState): out of scope, "
                                  "docs/decisions/0022")
    return float(np.mean(silhouette_samples(X, labels, metric=metric, **kwds)))


def _centroids(x: np.ndarray, codes: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
    sizes = np.bincount(codes, minlength=k)
    sums = np.zeros((k, x.shape[1]))
    np.add.at(sums, codes, x)
    return sums / sizes[:, None], sizes


def calinski_harabasz_score(X, labels):
    """(between-cluster dispersion / (k - 1)) / (within-cluster dispersion / (n - k)); 1.0 when
    every cluster is a single point repeated (no within-cluster dispersion)."""
    x, codes, k = _points(X, labels)
    n = x.shape[0]
    centroids, sizes = _centroids(x, codes, k)
    extra = float(np.sum(sizes * np.sum((centroids - x.mean(axis=0)) ** 2, axis=1)))
    intra = float(np.sum((x - centroids[codes]) ** 2))
    return 1.0 if intra == 0.0 else float(extra * (n - k) / (intra * (k - 1.0)))


def davies_bouldin_score(X, labels):
    """The mean over clusters i of max over j != i of (s_i + s_j) / d(c_i, c_j): s the mean
    distance of a cluster's points to its centroid, d between centroids.  0.0 when every s or
    every d is within 1e-8 of 0 (scikit-learn's isclose), and a pair of coinciding centroids
    is skipped (its distance counts as infinite)."""
    x, codes, k = _points(X, labels)
    centroids, sizes = _centroids(x, codes, k)
    intra = np.array([_euclidean(x[codes == c], centroids[c:c + 1]).mean() for c in range(k)])
    between = _euclidean(centroids, centroids, same_start=0)
    if np.all(np.abs(intra) <= 1e-8) or np.all(np.abs(between) <= 1e-8):
        return 0.0
    between[between == 0] = np.inf
    return float(np.mean(np.max((intra[:, None] + intra[None, :]) / between, axis=1)))
