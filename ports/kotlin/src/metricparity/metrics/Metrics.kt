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
 *  - scores are turned into classes by argmax (first maximum on ties), or, with a
 *    threshold, by "probability of class 1 > threshold" (an exact tie is class 0);
 *  - classes are non-negative Int indices, as they are in a tensor.
 */

/** How per-class counts are combined into one number. */
enum class Averaging { MACRO, MICRO, BINARY }

/** A stateful metric: update() with batches, compute() at any time, reset() to start over. */
interface Metric<out T> {
    val name: String

    /** Hard predictions and targets: class indices, one per sample. */
    fun update(predictions: IntArray, targets: IntArray)

    /** Scores (one row per sample, one column per class, or one column for a binary logit/probability). */
    fun update(scores: Array<DoubleArray>, targets: IntArray)

    fun reset()

    fun compute(): T
}

/** The counts of one class, one-vs-rest. */
data class ClassCounts(val cls: Int, val tp: Long, val fp: Long, val fn: Long)

/**
 * Confusion counts over every batch seen since the last reset.  Rows are targets,
 * columns predictions; the matrix grows to the largest class index seen, and
 * [classes] are the indices actually observed.
 */
class ConfusionMatrixAccumulator(val threshold: Double? = null) {
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

    fun update(scores: Array<DoubleArray>, targets: IntArray) {
        update(IntArray(scores.size) { classOf(scores[it]) }, targets)
    }

    /** Soft (for instance one-hot) targets: the target class is the argmax of each row. */
    fun update(scores: Array<DoubleArray>, targets: Array<DoubleArray>) {
        update(IntArray(scores.size) { classOf(scores[it]) }, IntArray(targets.size) { argmax(targets[it]) })
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
abstract class CountingMetric<out T>(threshold: Double?) : Metric<T> {
    protected val acc = ConfusionMatrixAccumulator(threshold)
    override fun update(predictions: IntArray, targets: IntArray) = acc.update(predictions, targets)
    override fun update(scores: Array<DoubleArray>, targets: IntArray) = acc.update(scores, targets)
    fun update(scores: Array<DoubleArray>, targets: Array<DoubleArray>) = acc.update(scores, targets)
    override fun reset() = acc.reset()
}

/** Precision, tp / (tp + fp). */
class Precision(val averaging: Averaging = Averaging.MACRO, threshold: Double? = null) : CountingMetric<Double>(threshold) {
    override val name = "precision"
    override fun compute(): Double = reduce(acc, averaging) { tp, fp, _ -> ratio(tp, tp + fp) }
}

/** Recall, tp / (tp + fn). */
class Recall(val averaging: Averaging = Averaging.MACRO, threshold: Double? = null) : CountingMetric<Double>(threshold) {
    override val name = "recall"
    override fun compute(): Double = reduce(acc, averaging) { tp, _, fn -> ratio(tp, tp + fn) }
}

/**
 * F1, 2·tp / (2·tp + fp + fn), per class.  Under MACRO it is the mean of the
 * per-class F1 values, not the F1 of macro precision and macro recall.
 */
class F1Score(val averaging: Averaging = Averaging.MACRO, threshold: Double? = null) : CountingMetric<Double>(threshold) {
    override val name = "f1"
    override fun compute(): Double = reduce(acc, averaging) { tp, fp, fn -> ratio(2 * tp, 2 * tp + fp + fn) }
}

/** The fraction of samples predicted right; 0.0 before any sample. */
class Accuracy(threshold: Double? = null) : CountingMetric<Double>(threshold) {
    override val name = "accuracy"
    override fun compute(): Double = ratio(acc.correct(), acc.samples)
}

/** The confusion matrix over the observed classes, ascending (rows targets, columns predictions). */
class ConfusionMatrix(threshold: Double? = null) : CountingMetric<Array<LongArray>>(threshold) {
    override val name = "confusion_matrix"
    override fun compute(): Array<LongArray> = acc.matrix()
    /** The class index of each row and column of [compute]. */
    fun classes(): List<Int> = acc.classes()
}

fun precision(averaging: Averaging = Averaging.MACRO): Metric<Double> = Precision(averaging)
fun binaryPrecision(threshold: Double = 0.5): Metric<Double> = Precision(Averaging.BINARY, threshold)
fun recall(averaging: Averaging = Averaging.MACRO): Metric<Double> = Recall(averaging)
fun binaryRecall(threshold: Double = 0.5): Metric<Double> = Recall(Averaging.BINARY, threshold)
fun f1Score(averaging: Averaging = Averaging.MACRO): Metric<Double> = F1Score(averaging)
fun binaryF1Score(threshold: Double = 0.5): Metric<Double> = F1Score(Averaging.BINARY, threshold)
fun accuracy(): Metric<Double> = Accuracy()
fun confusionMatrix(): ConfusionMatrix = ConfusionMatrix()
