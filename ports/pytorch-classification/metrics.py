"""A small PyTorch (CPU) classification-metric family, written after a PyTorch library's documentation.

The documented behaviour it follows (docs/reference-systems.md, system 004; this port's README says
which choices are this port's own where the documentation is silent):

* A model output is packed: each *head* owns a run of columns, its scores over that head's classes,
  and owns one column of the target block, a class index.  :func:`heads` walks the heads one at a
  time and rejects a target block that is not one column per head.
* **Arg-max metrics** read only which class scored highest, so logits, log-probabilities and
  probabilities give the same answer; they take no option for it.  **Distribution metrics** read the
  probabilities themselves and take ``from_logits`` (default ``True``): a softmax over the head's
  columns, or the columns as they are.
* **Confusion-matrix metrics** (:class:`ConfusionMetric`) keep one ``[K, K]`` matrix per head,
  indexed ``[true, predicted]``.  Counting two batches and adding the matrices is counting their
  union, so ``update`` batch by batch and ``merge`` of accumulators are exact.  Each metric supplies
  only ``reduce``: one head's matrix to that head's 1-D value.
* A class the evaluation set never contains (support 0) has an undefined score: NaN per class, and
  left out of every macro average (:func:`macro`), never counted as 0.
* Every other metric subclasses :class:`ClassificationMetric` with its own accumulator and the full
  monoid over it (``empty``, ``add``).

Every metric is an accumulator: ``update(out, target)`` adds a batch, ``merge(other)`` returns the
accumulator of both streams (operands unchanged), ``compute()`` returns one 1-D tensor per head,
``reset()`` empties it.  Deliberate refusals raise :class:`ValueError`.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import ClassVar, Generic, Iterator, Sequence, TypeVar

import torch
from torch import Tensor

__version__ = "0.1.0"

__all__ = [
    "AUPRC", "BalancedAccuracy", "ClassificationMetric", "CohenKappa", "Config", "ConfusionMetric",
    "CrossEntropy", "ExpectedCalibrationError", "MacroF1", "MacroRecall", "MetricFactory", "PerClassRecall",
    "TopKAccuracy", "heads", "macro", "probabilities",
]

#: Floating dtype of every computed value: counts are int64 and divided in float64.
FLOAT = torch.float64


# --------------------------------------------------------------------------- configs


@dataclass(frozen=True)
class Config:
    """The family's empty config: a metric that takes no options."""


@dataclass(frozen=True)
class BalancedConfig(Config):
    adjusted: bool = False  # rescale so that chance scores 0 and a perfect score 1


@dataclass(frozen=True)
class TopKConfig(Config):
    k: int = 5


@dataclass(frozen=True)
class DistributionConfig(Config):
    from_logits: bool = True


@dataclass(frozen=True)
class BinnedConfig(DistributionConfig):
    n_bins: int = 15  # the calibration error's bins


@dataclass(frozen=True)
class AUPRCConfig(BinnedConfig):
    n_bins: int = 100  # score bins, hence thresholds 0, 0.01, ..., 0.99


def _check_bool(config: Config, name: str) -> None:
    if not isinstance(getattr(config, name), bool):
        raise ValueError(f"{type(config).__name__}.{name} must be a bool, got {getattr(config, name)!r}")


def _check_positive_int(config: Config, name: str) -> None:
    value = getattr(config, name)
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{type(config).__name__}.{name} must be an integer >= 1, got {value!r}")


# --------------------------------------------------------------------------- the family's readers


def heads(out: Tensor, target: Tensor, sizes: Sequence[int]) -> Iterator[tuple[int, Tensor, Tensor]]:
    """Walk the heads: ``(head, scores [B, K], labels [B])`` for each head, in order.

    ``out`` is the packed output ``[B, sum(sizes)]``; ``target`` the target block ``[B, H]``, one
    column per head holding a class index (stored as an integer or as a whole float).  A target block
    that is not one column per head, a batch size that differs, or a label that is not a class index
    of its head is refused (ValueError).
    """
    if out.dim() != 2 or out.shape[1] != sum(sizes):
        raise ValueError(f"output must be [batch, {sum(sizes)}] for heads of {list(sizes)} classes, "
                         f"got {list(out.shape)}")
    if target.dim() != 2 or target.shape[1] != len(sizes):
        raise ValueError(f"target block must be [batch, {len(sizes)}]: one column per head, got {list(target.shape)}")
    if target.shape[0] != out.shape[0]:
        raise ValueError(f"output has {out.shape[0]} rows, target {target.shape[0]}")
    start = 0
    for head, k in enumerate(sizes):
        column = target[:, head]
        if column.is_floating_point():
            if not bool(torch.isfinite(column).all()) or not bool((column == column.round()).all()):
                raise ValueError(f"head {head}: target holds values that are not class indices")
        labels = column.long()
        if labels.numel() and (int(labels.min()) < 0 or int(labels.max()) >= k):
            raise ValueError(f"head {head}: target holds class indices outside 0..{k - 1}")
        yield head, out[:, start:start + k], labels
        start += k


def probabilities(scores: Tensor, *, from_logits: bool) -> Tensor:
    """Class probabilities for one head's scores ``[B, K]``: a softmax over the classes when the
    scores are logits, else the scores as they are."""
    scores = scores.to(FLOAT).contiguous()
    return torch.softmax(scores, dim=-1) if from_logits else scores


def macro(values: Tensor, mask: Tensor) -> Tensor:
    """Mean of the selected entries as a 1-element tensor; the others are dropped, not counted as 0.
    No entry selected: NaN."""
    selected = values[mask]
    return (selected.sum() / selected.numel()).reshape(1)


# --------------------------------------------------------------------------- the base class

C = TypeVar("C", bound=Config)


class ClassificationMetric(Generic[C]):
    """A metric over heads, with its own accumulator (``state``: one entry per head)."""

    name: ClassVar[str]
    version: ClassVar[int] = 1
    config_type: ClassVar[type] = Config

    def __init__(self, sizes: Sequence[int], config: C | None = None) -> None:
        sizes = list(sizes)
        if not sizes or any(isinstance(k, bool) or not isinstance(k, int) or k < 1 for k in sizes):
            raise ValueError(f"head sizes must be class counts >= 1, got {sizes!r}")
        config = self.config_type() if config is None else config
        if not isinstance(config, self.config_type):
            raise ValueError(f"{type(self).__name__} takes a {self.config_type.__name__}, got {type(config).__name__}")
        self.validate_config(config)
        self.sizes = sizes
        self.config: C = config
        self.state = [self.empty(k) for k in sizes]

    # -- to be supplied by each metric
    def validate_config(self, config: C) -> None:
        """Refuse a config this metric cannot use (ValueError)."""

    def empty(self, k: int):
        """The neutral state of one head of k classes."""
        raise NotImplementedError

    def add(self, a, b):
        """The state of both streams: a and b unchanged."""
        raise NotImplementedError

    def count(self, scores: Tensor, labels: Tensor, k: int):
        """The state of one batch of one head."""
        raise NotImplementedError

    def value(self, state, k: int) -> Tensor:
        """One head's 1-D value from its state."""
        raise NotImplementedError

    @property
    def optimum(self) -> float:
        raise NotImplementedError

    def repr(self) -> str:
        return self.name

    # -- the accumulator
    def update(self, out: Tensor, target: Tensor) -> "ClassificationMetric":
        batch = [self.count(scores, labels, self.sizes[h]) for h, scores, labels in heads(out, target, self.sizes)]
        self.state = [self.add(s, b) for s, b in zip(self.state, batch)]
        return self

    def merge(self, other: "ClassificationMetric") -> "ClassificationMetric":
        if type(other) is not type(self) or other.sizes != self.sizes or other.config != self.config:
            raise ValueError(f"cannot merge {other.repr()} {other.sizes} into {self.repr()} {self.sizes}")
        merged = type(self)(self.sizes, self.config)
        merged.state = [self.add(a, b) for a, b in zip(self.state, other.state)]
        return merged

    __add__ = merge

    def compute(self) -> list[Tensor]:
        return [self.value(s, k) for s, k in zip(self.state, self.sizes)]

    def reset(self) -> "ClassificationMetric":
        self.state = [self.empty(k) for k in self.sizes]
        return self


class MetricFactory:
    """Metric classes by name."""

    registry: ClassVar[dict[str, type]] = {}

    @classmethod
    def register(cls, metric: type) -> type:
        cls.registry[metric.name] = metric
        return metric

    @classmethod
    def create(cls, name: str, sizes: Sequence[int], **options) -> ClassificationMetric:
        try:
            metric = cls.registry[name]
        except KeyError:
            raise ValueError(f"no metric {name!r} (known: {', '.join(sorted(cls.registry))})") from None
        known = {f.name for f in fields(metric.config_type)}
        unknown = sorted(set(options) - known)
        if unknown:
            raise ValueError(f"{name} has no option {', '.join(unknown)}")
        return metric(sizes, metric.config_type(**options))


# --------------------------------------------------------------------------- confusion-matrix metrics


class ConfusionMetric(ClassificationMetric[C]):
    """One [K, K] int64 matrix per head, indexed [true, predicted]; metrics implement ``reduce``."""

    def empty(self, k: int) -> Tensor:
        return torch.zeros(k, k, dtype=torch.int64)

    def add(self, a: Tensor, b: Tensor) -> Tensor:
        return a + b

    def count(self, scores: Tensor, labels: Tensor, k: int) -> Tensor:
        predicted = scores.argmax(dim=-1) if scores.numel() else torch.zeros(0, dtype=torch.int64)
        return torch.bincount(labels * k + predicted, minlength=k * k).reshape(k, k)

    def value(self, state: Tensor, k: int) -> Tensor:
        return self.reduce(state)

    def reduce(self, confusion: Tensor) -> Tensor:
        raise NotImplementedError

    @property
    def confusion(self) -> list[Tensor]:
        """The accumulated matrices, one per head."""
        return [m.clone() for m in self.state]

    @staticmethod
    def recall(confusion: Tensor) -> tuple[Tensor, Tensor]:
        """(per-class recall, support): recall is NaN where the support is 0."""
        support = confusion.sum(dim=1)
        tp = confusion.diagonal().to(FLOAT)
        recall = torch.where(support > 0, tp / support.clamp(min=1).to(FLOAT), torch.full_like(tp, float("nan")))
        return recall, support


@MetricFactory.register
class MacroF1(ConfusionMetric[Config]):
    """F1 averaged with equal weight per class."""

    name = "macro_f1"

    @property
    def optimum(self) -> float:
        return 1.0

    def reduce(self, confusion: Tensor) -> Tensor:
        _, support = self.recall(confusion)
        tp = confusion.diagonal().to(FLOAT)
        fp = confusion.sum(dim=0).to(FLOAT) - tp
        fn = support.to(FLOAT) - tp
        f1 = torch.where(support > 0, 2 * tp / (2 * tp + fp + fn).clamp(min=1), torch.full_like(tp, float("nan")))
        return macro(f1, support > 0)


@MetricFactory.register
class MacroRecall(ConfusionMetric[Config]):
    """Recall averaged with equal weight per class."""

    name = "macro_recall"

    @property
    def optimum(self) -> float:
        return 1.0

    def reduce(self, confusion: Tensor) -> Tensor:
        recall, support = self.recall(confusion)
        return macro(recall, support > 0)


@MetricFactory.register
class PerClassRecall(ConfusionMetric[Config]):
    """Recall, one value per class (NaN for a class with no support)."""

    name = "per_class_recall"

    @property
    def optimum(self) -> float:
        return 1.0

    def reduce(self, confusion: Tensor) -> Tensor:
        return self.recall(confusion)[0]


@MetricFactory.register
class BalancedAccuracy(ConfusionMetric[BalancedConfig]):
    """Accuracy as if every class were equally represented: the macro recall.  ``adjusted``: rescaled
    so that chance (1 / the number of classes averaged) scores 0."""

    name = "balanced_acc"
    config_type = BalancedConfig

    def validate_config(self, config: BalancedConfig) -> None:
        _check_bool(config, "adjusted")

    @property
    def optimum(self) -> float:
        return 1.0

    def reduce(self, confusion: Tensor) -> Tensor:
        recall, support = self.recall(confusion)
        mask = support > 0
        score = macro(recall, mask)
        if self.config.adjusted:
            chance = 1.0 / mask.sum().to(FLOAT)
            score = (score - chance) / (1 - chance)
        return score


@MetricFactory.register
class CohenKappa(ConfusionMetric[Config]):
    """Agreement against what the class marginals would reach by chance."""

    name = "cohen_kappa"

    @property
    def optimum(self) -> float:
        return 1.0

    def reduce(self, confusion: Tensor) -> Tensor:
        m = confusion.to(FLOAT)
        n = m.sum()
        observed = m.diagonal().sum() / n
        expected = (m.sum(dim=1) * m.sum(dim=0)).sum() / (n * n)
        return ((observed - expected) / (1 - expected)).reshape(1)


# --------------------------------------------------------------------------- other metrics


@MetricFactory.register
class TopKAccuracy(ClassificationMetric[TopKConfig]):
    """Fraction of samples whose true class is within the top k scores: a rank count.  The true
    class's rank is the number of classes scoring strictly higher; a hit is a rank below k."""

    name = "top_k_acc"
    config_type = TopKConfig

    def validate_config(self, config: TopKConfig) -> None:
        _check_positive_int(config, "k")

    @property
    def optimum(self) -> float:
        return 1.0

    def empty(self, k: int) -> Tensor:
        return torch.zeros(2, dtype=torch.int64)  # hits, samples

    def add(self, a: Tensor, b: Tensor) -> Tensor:
        return a + b

    def count(self, scores: Tensor, labels: Tensor, k: int) -> Tensor:
        scores = scores.to(FLOAT)
        true = scores.gather(1, labels.reshape(-1, 1))
        rank = (scores > true).sum(dim=1)
        return torch.stack([(rank < self.config.k).sum(), torch.tensor(labels.numel())])

    def value(self, state: Tensor, k: int) -> Tensor:
        return (state[0].to(FLOAT) / state[1].to(FLOAT)).reshape(1)


@MetricFactory.register
class CrossEntropy(ClassificationMetric[DistributionConfig]):
    """Mean negative log-probability of the true class."""

    name = "cross_entropy"
    config_type = DistributionConfig

    def validate_config(self, config: DistributionConfig) -> None:
        _check_bool(config, "from_logits")

    @property
    def optimum(self) -> float:
        return 0.0

    def empty(self, k: int) -> Tensor:
        return torch.zeros(2, dtype=FLOAT)  # summed negative log-probability, samples

    def add(self, a: Tensor, b: Tensor) -> Tensor:
        return a + b

    def count(self, scores: Tensor, labels: Tensor, k: int) -> Tensor:
        scores = scores.to(FLOAT)
        if self.config.from_logits:
            log_p = torch.log_softmax(scores, dim=-1)
        else:
            log_p = torch.log(probabilities(scores, from_logits=False))
        nll = -log_p.gather(1, labels.reshape(-1, 1)).sum()
        return torch.stack([nll, torch.tensor(float(labels.numel()), dtype=FLOAT)])

    def value(self, state: Tensor, k: int) -> Tensor:
        return (state[0] / state[1]).reshape(1)


def _edges(n_bins: int) -> Tensor:
    return torch.linspace(0, 1, n_bins + 1, dtype=FLOAT)


@MetricFactory.register
class ExpectedCalibrationError(ClassificationMetric[BinnedConfig]):
    """Gap between stated confidence and observed accuracy over binned confidences.

    The confidence is the top-label probability (the arg-max class's); ``n_bins`` equal-width bins
    on [0, 1], edges ``torch.linspace(0, 1, n_bins + 1)``, each bin closed on the right (a
    confidence on an inner edge belongs to the lower bin).  Each non-empty bin weighs its share of
    the samples: ECE = sum over bins of |hits - summed confidence| / N.
    """

    name = "ece"
    config_type = BinnedConfig

    def validate_config(self, config: BinnedConfig) -> None:
        _check_bool(config, "from_logits")
        _check_positive_int(config, "n_bins")

    @property
    def optimum(self) -> float:
        return 0.0

    def empty(self, k: int) -> Tensor:
        return torch.zeros(3, self.config.n_bins, dtype=FLOAT)  # samples, summed confidence, hits

    def add(self, a: Tensor, b: Tensor) -> Tensor:
        return a + b

    def count(self, scores: Tensor, labels: Tensor, k: int) -> Tensor:
        p = probabilities(scores, from_logits=self.config.from_logits)
        confidence, predicted = p.max(dim=-1) if p.numel() else (p.new_zeros(0), labels.new_zeros(0))
        inner = _edges(self.config.n_bins)[1:-1].contiguous()
        index = torch.bucketize(confidence, inner, right=False)
        state = self.empty(k)
        state[0].index_add_(0, index, torch.ones_like(confidence))
        state[1].index_add_(0, index, confidence)
        state[2].index_add_(0, index, (predicted == labels).to(FLOAT))
        return state

    def value(self, state: Tensor, k: int) -> Tensor:
        return ((state[2] - state[1]).abs().sum() / state[0].sum()).reshape(1)


@MetricFactory.register
class AUPRC(ClassificationMetric[AUPRCConfig]):
    """Macro-averaged area under the precision-recall curve, over binned scores.

    Each class is one-vs-rest on its own column.  Probabilities fall into ``n_bins`` bins
    ``[edge_b, edge_b+1)`` (edges ``torch.linspace(0, 1, n_bins + 1)``, the last bin closed; values
    outside [0, 1] are clamped into the first or last bin), and each bin's lower edge is a threshold:
    the area is sum over thresholds, highest first, of (R_t - R_prev) * P_t, step-wise, without
    interpolation.  A class with no positive sample is NaN and left out of the mean.
    """

    name = "auprc"
    config_type = AUPRCConfig

    def validate_config(self, config: AUPRCConfig) -> None:
        _check_bool(config, "from_logits")
        _check_positive_int(config, "n_bins")

    @property
    def optimum(self) -> float:
        return 1.0

    def empty(self, k: int) -> Tensor:
        return torch.zeros(2, k, self.config.n_bins, dtype=torch.int64)  # positives, negatives per bin

    def add(self, a: Tensor, b: Tensor) -> Tensor:
        return a + b

    def count(self, scores: Tensor, labels: Tensor, k: int) -> Tensor:
        p = probabilities(scores, from_logits=self.config.from_logits)
        n_bins = self.config.n_bins
        index = (torch.bucketize(p, _edges(n_bins), right=True) - 1).clamp(0, n_bins - 1)  # [B, K]
        positive = torch.nn.functional.one_hot(labels, k).bool() if labels.numel() else torch.zeros_like(index).bool()
        state = self.empty(k)
        flat = (torch.arange(k).reshape(1, k) * n_bins + index)  # [B, K] cell of each score
        state[0] = torch.bincount(flat[positive], minlength=k * n_bins).reshape(k, n_bins)
        state[1] = torch.bincount(flat[~positive], minlength=k * n_bins).reshape(k, n_bins)
        return state

    def value(self, state: Tensor, k: int) -> Tensor:
        pos, neg = state[0].to(FLOAT), state[1].to(FLOAT)
        tp = pos.flip(-1).cumsum(-1).flip(-1)  # at or above each bin's threshold
        fp = neg.flip(-1).cumsum(-1).flip(-1)
        support = pos.sum(dim=-1, keepdim=True)
        precision = torch.where(tp + fp > 0, tp / (tp + fp).clamp(min=1), torch.zeros_like(tp))
        recall = tp / support
        recall_above = torch.cat([recall[:, 1:], torch.zeros_like(recall[:, :1])], dim=-1)
        area = ((recall - recall_above) * precision).sum(dim=-1)
        return macro(area, support.squeeze(-1) > 0)
