package metricparity.metrics

import java.util.TreeSet

/*
 * A small classification-metrics library in plain Kotlin (standard library only),
 * written to the conventions of the Kotlin library of reference systems 000 and
 * 001, docs/reference-systems.md (its F1Score and Recall pull requests):
 *
 *  - one ConfusionMatrixAccumulator walks each batch once; Precision, Recall and
 *    F1Score only contribute their formula, applied by reduce();
 *  - Averaging.MACRO is the mean over the OBSERVED classes (targets ∪ predictions),
 *    so a class that no batch mentions does not dilute the mean;
 *  - Averaging.MICRO pools the counts of all observed classes;
 *  - Averaging.BINARY scores class 1, returns 0.0 when class 1 was never observed,
 *    and throws IllegalArgumentException when a class other than 0 and 1 was observed;
 *  - every zero division is 0.0, never NaN: a fresh accumulator, an empty batch,
 *    a class with no predictions or no true samples;
 *  - scores are Tensors with a class axis, `dim` (default -1, the last axis; 0 for a
 *    class-first (C, n) matrix, 1 for (N, C, L)); they are turned into classes along it
 *    by argmax (first maximum on ties), or, with a threshold, by "probability of
 *    class 1 > threshold" (an exact tie is class 0); a single column (N, 1) is a
 *    sigmoid output, class 1 when > threshold (0.5 without one);
 *  - targets are Int class indices (one per position of the predictions' other axes)
 *    or soft targets, a tensor of the predictions' shape (for instance one-hot), read
 *    by argmax along the same axis;
 *  - update() adds a batch, compute() reads what every batch since the last reset()
 *    added up to, reset() forgets everything (counts, observed classes, samples);
 *  - classes are non-negative Int indices, as they are in a tensor.
 */

/** How per-class counts are combined into one number. */
enum class Averaging { MACRO, MICRO, BINARY }

/**
 * A dense tensor of doubles, row-major: the library's input type for scores (logits,
 * probabilities) and for soft (for instance one-hot) targets.  [shape] lists the size of
 * each axis; one of them is the class axis, chosen by a metric's `dim`.
 */
class Tensor(shape: IntArray, val data: DoubleArray) {
    val shape: IntArray = shape.copyOf()

    init {
        require(shape.all { it >= 0 }) { "a tensor's axes cannot be negative: ${shape.toList()}" }
        val size = shape.fold(1L) { n, s -> n * s }
        require(size == data.size.toLong()) { "shape ${shape.toList()} holds $size values, not ${data.size}" }
    }

    val rank: Int get() = shape.size

    companion object {
        /** Rows of equal length: shape (rows.size, columns), the class axis last. */
        fun rows(rows: Array<DoubleArray>, columns: Int = if (rows.isEmpty()) 0 else rows[0].size): Tensor {
            require(rows.all { it.size == columns }) { "every row needs $columns columns" }
            val data = DoubleArray(rows.size * columns)
            for (i in rows.indices) System.arraycopy(rows[i], 0, data, i * columns, columns)
            return Tensor(intArrayOf(rows.size, columns), data)
        }
    }
}

/** A stateful metric: update() with batches, compute() at any time, reset() to start over. */
interface Metric<out T> {
    val name: String

    /** Hard predictions and targets: class indices, one per sample. */
    fun update(predictions: IntArray, targets: IntArray)

    /**
     * Scores with index targets: [predictions] holds a class axis (the metric's `dim`), and
     * [targets] one class index per position of the other axes, row-major (a rank-0 target
     * for rank-1 predictions is one index).
     */
    fun update(predictions: Tensor, targets: IntArray)

    /** Scores with soft (for instance one-hot) targets of the same shape, read along the same class axis. */
    fun update(predictions: Tensor, targets: Tensor)

    fun reset()

    fun compute(): T
}

/** The counts of one class, one-vs-rest. */
data class ClassCounts(val cls: Int, val tp: Long, val fp: Long, val fn: Long)

/**
 * Confusion counts over every batch seen since the last reset.  Rows are targets,
 * columns predictions; the matrix grows to the largest class index seen, and
 * [classes] are the indices actually observed.  [dim] is the class axis of score
 * tensors (negative: counted from the last axis); [threshold], when given, turns a
 * single sigmoid column (or column 1 of two) into class 1 when strictly above it.
 */
class ConfusionMatrixAccumulator(val dim: Int = -1, val threshold: Double? = null) {
    private var size = 0
    private var cells = LongArray(0)
    private val observed = TreeSet<Int>()

    /** Samples seen since the last reset. */
    var samples = 0L
        private set

    fun update(predictions: IntArray, targets: IntArray) {
        require(predictions.size == targets.size) {
            "predictions has ${predictions.size} samples, targets has ${targets.size}"
        }
        // Check the whole batch before counting any of it: a refused batch leaves no trace.
        var largest = size - 1
        for (i in predictions.indices) {
            val p = predictions[i]
            val t = targets[i]
            require(p >= 0 && t >= 0) { "class indices must be non-negative, got prediction $p and target $t at sample $i" }
            largest = maxOf(largest, p, t)
        }
        grow(largest + 1)
        for (i in predictions.indices) {
            cells[targets[i] * size + predictions[i]]++
            observed.add(targets[i])
            observed.add(predictions[i])
        }
        samples += predictions.size
    }

    fun update(predictions: Tensor, targets: IntArray) {
        update(along(predictions, classAxis(predictions)) { classOf(it) }, targets)
    }

    /** Soft (for instance one-hot) targets: the target class is the argmax along the class axis. */
    fun update(predictions: Tensor, targets: Tensor) {
        require(targets.shape.contentEquals(predictions.shape)) {
            "soft targets of shape ${targets.shape.toList()} do not match predictions of shape ${predictions.shape.toList()}"
        }
        val axis = classAxis(predictions)
        update(along(predictions, axis) { classOf(it) }, along(targets, axis) { argmax(it) })
    }

    /** The class axis of [t]: [dim], counted from the end when negative. */
    fun classAxis(t: Tensor): Int {
        val axis = if (dim < 0) dim + t.rank else dim
        require(axis in 0 until t.rank) { "dim $dim is not an axis of a tensor of shape ${t.shape.toList()}" }
        return axis
    }

    /** The class a row of scores stands for. */
    fun classOf(row: DoubleArray): Int {
        require(row.isNotEmpty()) { "a score row needs at least one column" }
        val t = threshold
        return when {
            row.size == 1 -> if (row[0] > (t ?: 0.5)) 1 else 0 // a single logit/probability: binary
            t != null && row.size == 2 -> if (row[1] > t) 1 else 0
            else -> argmax(row)
        }
    }

    /** [read] applied to each vector along [axis]; one result per position of the other axes, row-major. */
    private fun along(t: Tensor, axis: Int, read: (DoubleArray) -> Int): IntArray {
        val classes = t.shape[axis]
        var outer = 1
        for (a in 0 until axis) outer *= t.shape[a]
        var inner = 1
        for (a in axis + 1 until t.rank) inner *= t.shape[a]
        val row = DoubleArray(classes)
        val out = IntArray(outer * inner)
        for (o in 0 until outer) for (i in 0 until inner) {
            for (k in 0 until classes) row[k] = t.data[(o * classes + k) * inner + i]
            out[o * inner + i] = read(row)
        }
        return out
    }

    fun reset() {
        size = 0
        cells = LongArray(0)
        observed.clear()
        samples = 0
    }

    /** The observed classes, ascending. */
    fun classes(): List<Int> = observed.toList()

    fun count(target: Int, prediction: Int): Long =
        if (target < size && prediction < size) cells[target * size + prediction] else 0L

    /** Per observed class: true positives, false positives, false negatives. */
    fun counts(): List<ClassCounts> = observed.map { c ->
        var fp = 0L
        var fn = 0L
        for (o in observed) {
            if (o == c) continue
            fp += count(o, c)
            fn += count(c, o)
        }
        ClassCounts(c, count(c, c), fp, fn)
    }

    /** The matrix over the observed classes (ascending): rows targets, columns predictions. */
    fun matrix(): Array<LongArray> {
        val cls = classes()
        return Array(cls.size) { i -> LongArray(cls.size) { j -> count(cls[i], cls[j]) } }
    }

    /** Samples whose prediction equals the target. */
    fun correct(): Long = observed.fold(0L) { sum, c -> sum + count(c, c) }

    private fun grow(wanted: Int) {
        if (wanted <= size) return
        val next = LongArray(wanted * wanted)
        for (t in 0 until size) for (p in 0 until size) next[t * wanted + p] = cells[t * size + p]
        cells = next
        size = wanted
    }

    companion object {
        fun argmax(row: DoubleArray): Int {
            require(row.isNotEmpty()) { "argmax of an empty row" }
            var best = 0
            for (i in 1 until row.size) if (row[i] > row[best]) best = i
            return best
        }
    }
}

/** 0.0 when the denominator is zero: the zero-division convention of this library. */
internal fun ratio(numerator: Long, denominator: Long): Double =
    if (denominator == 0L) 0.0 else numerator.toDouble() / denominator

/** Applies a per-class formula (tp, fp, fn) -> score under an averaging mode. */
internal fun reduce(acc: ConfusionMatrixAccumulator, averaging: Averaging, formula: (Long, Long, Long) -> Double): Double {
    val counts = acc.counts()
    return when (averaging) {
        Averaging.MACRO -> if (counts.isEmpty()) 0.0 else counts.sumByDouble { formula(it.tp, it.fp, it.fn) } / counts.size
        Averaging.MICRO -> formula(counts.fold(0L) { s, c -> s + c.tp }, counts.fold(0L) { s, c -> s + c.fp }, counts.fold(0L) { s, c -> s + c.fn })
        Averaging.BINARY -> {
            val other = acc.classes().filter { it != 0 && it != 1 }
            require(other.isEmpty()) { "Averaging.BINARY needs class indices 0 and 1 only; observed ${acc.classes()}" }
            val positive = counts.firstOrNull { it.cls == 1 }
            if (positive == null) 0.0 else formula(positive.tp, positive.fp, positive.fn)
        }
    }
}

/** Shared plumbing: one accumulator, delegated updates. */
abstract class CountingMetric<out T>(dim: Int, threshold: Double?) : Metric<T> {
    protected val acc = ConfusionMatrixAccumulator(dim, threshold)
    override fun update(predictions: IntArray, targets: IntArray) = acc.update(predictions, targets)
    override fun update(predictions: Tensor, targets: IntArray) = acc.update(predictions, targets)
    override fun update(predictions: Tensor, targets: Tensor) = acc.update(predictions, targets)
    override fun reset() = acc.reset()
}

/** Precision, tp / (tp + fp). */
class Precision(val averaging: Averaging = Averaging.MACRO, dim: Int = -1, threshold: Double? = null) :
    CountingMetric<Double>(dim, threshold) {
    override val name = "precision"
    override fun compute(): Double = reduce(acc, averaging) { tp, fp, _ -> ratio(tp, tp + fp) }
}

/** Recall, tp / (tp + fn). */
class Recall(val averaging: Averaging = Averaging.MACRO, dim: Int = -1, threshold: Double? = null) :
    CountingMetric<Double>(dim, threshold) {
    override val name = "recall"
    override fun compute(): Double = reduce(acc, averaging) { tp, _, fn -> ratio(tp, tp + fn) }
}

/**
 * F1, 2·tp / (2·tp + fp + fn), per class.  Under MACRO it is the mean of the
 * per-class F1 values, not the F1 of macro precision and macro recall.
 */
class F1Score(val averaging: Averaging = Averaging.MACRO, dim: Int = -1, threshold: Double? = null) :
    CountingMetric<Double>(dim, threshold) {
    override val name = "f1"
    override fun compute(): Double = reduce(acc, averaging) { tp, fp, fn -> ratio(2 * tp, 2 * tp + fp + fn) }
}

/** The fraction of samples predicted right; 0.0 before any sample. */
class Accuracy(dim: Int = -1, threshold: Double? = null) : CountingMetric<Double>(dim, threshold) {
    override val name = "accuracy"
    override fun compute(): Double = ratio(acc.correct(), acc.samples)
}

/** The confusion matrix over the observed classes, ascending (rows targets, columns predictions). */
class ConfusionMatrix(dim: Int = -1, threshold: Double? = null) : CountingMetric<Array<LongArray>>(dim, threshold) {
    override val name = "confusion_matrix"
    override fun compute(): Array<LongArray> = acc.matrix()
    /** The class index of each row and column of [compute]. */
    fun classes(): List<Int> = acc.classes()
}

fun precision(averaging: Averaging = Averaging.MACRO, dim: Int = -1): Metric<Double> = Precision(averaging, dim)
fun binaryPrecision(threshold: Double = 0.5): Metric<Double> = Precision(Averaging.BINARY, threshold = threshold)
fun recall(averaging: Averaging = Averaging.MACRO, dim: Int = -1): Metric<Double> = Recall(averaging, dim)
fun binaryRecall(threshold: Double = 0.5): Metric<Double> = Recall(Averaging.BINARY, threshold = threshold)
fun f1Score(averaging: Averaging = Averaging.MACRO, dim: Int = -1): Metric<Double> = F1Score(averaging, dim)
fun binaryF1Score(threshold: Double = 0.5): Metric<Double> = F1Score(Averaging.BINARY, threshold = threshold)
fun accuracy(dim: Int = -1): Metric<Double> = Accuracy(dim)
fun confusionMatrix(dim: Int = -1): ConfusionMatrix = ConfusionMatrix(dim)
