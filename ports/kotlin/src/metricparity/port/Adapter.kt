package metricparity.port

import metricparity.metrics.Accuracy
import metricparity.metrics.Averaging
import metricparity.metrics.ConfusionMatrix
import metricparity.metrics.F1Score
import metricparity.metrics.Metric
import metricparity.metrics.Precision
import metricparity.metrics.Recall
import metricparity.metrics.Tensor
import metricparity.protocol.Call
import metricparity.protocol.Skip
import metricparity.protocol.answer

/*
 * The translation layer: a metric call, in scikit-learn's names, becomes calls of
 * the Kotlin library in metricparity.metrics, and its result an answer in
 * scikit-learn's shape.  The adapter translates names, parameters and input forms
 * only (y_true -> targets, y_pred -> predictions, integral numbers -> Int class
 * indices); whatever the library cannot be asked for is answered `skipped` with
 * the reason.  It never computes a metric itself.
 *
 * A call (metricparity.protocol.Call, in the Kotlin library shared with ports/weka,
 * ports/kotlin-common) is what protocol 2 sends: the metric, its inputs and its params,
 * and nothing else (no case id, no tags).  The offline replay makes the same Call
 * from each corpus case, so both modes give the adapter exactly the same.
 *
 * Input forms (port.yaml `forms`, docs/protocol.md "Input forms"): the harness sends
 * y_pred as scores and y_true one-hot (or as labels), and says so in the run message's
 * "form".  Scores become a Tensor and go to the library's update(Tensor, ...) overloads
 * with the form's class axis as the metric's `dim` (scores: (n, C), class_axis 1;
 * scores-class-first: (C, n), class_axis 0, not transposed here); the library argmaxes
 * along it (first maximum on ties).  A 1-D probability vector becomes a (n, 1) Tensor,
 * the library's single sigmoid column, and the form's threshold the metric's
 * `threshold`; one-hot targets are the library's soft targets.  Nothing else is done to
 * them.
 *
 * Streaming (port.yaml `streaming: true`, docs/protocol.md "Streaming"): one metric
 * instance per (class, averaging, dim, threshold) lives as long as the process; each
 * call resets it, updates it with every batch the run message's `batches` cut (each
 * array's last batch runs to that array's own end) and answers what compute() returns.
 * The answer's "x-updates" (ignored by the harness) says how many update() calls the
 * library received.
 *
 * Errors: an exception is answered with its real class name.  The library's one
 * deliberate refusal is IllegalArgumentException (its require(...) checks; port.yaml
 * `refusals`).  An exception whose innermost metricparity frame is not in the library
 * (metricparity.metrics) comes from the adapter or the corpus decoder: it is also
 * marked "uncaught", so the harness counts it as a fault, never as a refusal.
 */

object Adapter {
    const val VERSION = "0.2.0"

    /** The answer to one call: {"value": ...}, {"error": {...}} or {"skipped": "..."}; with
     *  [batches] (streaming), also "x-updates": the update() calls the library received. */
    fun run(call: Call, form: Map<*, *>? = null, batches: List<Int>? = null): Map<String, Any?> {
        val feeding = Feeding(call, form, batches)
        val reply = answer(::thrownByLibrary) { dispatch(feeding) }
        if (batches != null && feeding.updates > 0) reply["x-updates"] = feeding.updates
        return reply
    }

    /** Whether the innermost frame of our own code (metricparity.*) that [e] passed through is the library's. */
    fun thrownByLibrary(e: Throwable): Boolean =
        e.stackTrace.firstOrNull { it.className.startsWith("metricparity.") }
            ?.className?.startsWith("metricparity.metrics.") == true

    /** The metric instances, kept across calls and reset before each (streaming: reset between uses). */
    private val instances = HashMap<String, Metric<*>>()

    /** How many metric instances the adapter has made (the self-test checks that calls reuse them). */
    val instanceCount: Int get() = instances.size

    @Suppress("UNCHECKED_CAST")
    private fun <M : Metric<*>> instance(key: String, make: () -> M): M = instances.getOrPut(key, make) as M

    private fun dispatch(f: Feeding): Any? = when (f.call.metric) {
        "accuracy_score" -> accuracy(f)
        "confusion_matrix" -> confusionMatrix(f)
        "precision_score" -> score(f, "precision")
        "recall_score" -> score(f, "recall")
        "f1_score" -> score(f, "f1")
        "fbeta_score" -> score(f, "f1")
        "precision_recall_fscore_support" -> score(f, "prfs")
        else -> throw Skip("no such metric in this library")
    }

    private fun accuracy(f: Feeding): Double {
        val c = f.call
        keywords(c, setOf("normalize"))
        if (c.params["normalize"] == false) throw Skip("Accuracy gives the fraction only, no count of correct samples (normalize=False)")
        val (dim, threshold) = f.layout()
        return f.feed(instance("accuracy/$dim/$threshold") { Accuracy(dim, threshold) }).compute()
    }

    private fun confusionMatrix(f: Feeding): Array<LongArray> {
        val c = f.call
        keywords(c, setOf("labels", "normalize"))
        if (c.params["labels"] != null) throw Skip("ConfusionMatrix is over the observed classes; it has no labels parameter")
        if (c.params["normalize"] != null) throw Skip("ConfusionMatrix holds counts; it has no normalisation (normalize=${c.params["normalize"]})")
        val (dim, threshold) = f.layout()
        return f.feed(instance("confusion/$dim/$threshold") { ConfusionMatrix(dim, threshold) }).compute()
    }

    private fun score(f: Feeding, which: String): Any? {
        val c = f.call
        val isPrfs = which == "prfs"
        val allowed = mutableSetOf("average", "labels", "pos_label", "zero_division")
        if (isPrfs) allowed += setOf("beta", "warn_for")
        if (c.metric == "fbeta_score") allowed += "beta"
        keywords(c, allowed)
        val p = c.params
        if (c.metric == "fbeta_score" || p.containsKey("beta")) {
            val beta = p["beta"]
            if (!isNumber(beta, 1.0)) throw Skip("F1Score only: the library has no F-beta (beta=$beta)")
        }
        if (p["labels"] != null) throw Skip("no labels parameter: the classes are the observed ones (targets ∪ predictions)")
        if (p.containsKey("zero_division")) {
            val zd = p["zero_division"]
            if (zd != "warn" && !isNumber(zd, 0.0)) {
                throw Skip("every zero division is 0.0 in this library; it cannot be asked for zero_division=${show(zd)}")
            }
        }
        val average = if (p.containsKey("average")) p["average"] else if (isPrfs) null else "binary"
        val averaging = when (average) {
            "macro" -> Averaging.MACRO
            "micro" -> Averaging.MICRO
            "binary" -> {
                if (p.containsKey("pos_label") && !isNumber(p["pos_label"], 1.0)) {
                    throw Skip("Averaging.BINARY scores class 1; there is no pos_label=${show(p["pos_label"])}")
                }
                Averaging.BINARY
            }
            null -> throw Skip("no per-class output (average=None): the library averages MACRO, MICRO or BINARY")
            else -> throw Skip("no average=${show(average)}: the library averages MACRO, MICRO or BINARY")
        }
        val (dim, threshold) = f.layout()
        fun precision() = instance("precision/$averaging/$dim/$threshold") { Precision(averaging, dim, threshold) }
        fun recall() = instance("recall/$averaging/$dim/$threshold") { Recall(averaging, dim, threshold) }
        fun f1() = instance("f1/$averaging/$dim/$threshold") { F1Score(averaging, dim, threshold) }
        val metrics: List<Metric<Double>> = when (which) {
            "precision" -> listOf(precision())
            "recall" -> listOf(recall())
            "f1" -> listOf(f1())
            else -> listOf(precision(), recall(), f1())
        }
        val values = metrics.map { f.feed(it).compute() }
        // precision_recall_fscore_support's averaged support is None.
        return if (isPrfs) values + listOf(null) else values[0]
    }

    /**
     * One call's inputs on their way into the library: y_pred -> predictions, y_true ->
     * targets, in their forms, batch by batch.
     */
    private class Feeding(val call: Call, form: Map<*, *>?, val batches: List<Int>?) {
        val predForm = form?.get("y_pred") as? String ?: "labels"
        val trueForm = form?.get("y_true") as? String ?: "labels"
        /** C, from the form: the columns of an empty score matrix. */
        val classes = (form?.get("classes") as? Number)?.toInt()
        val classAxis = (form?.get("class_axis") as? Number)?.toInt()
        val threshold = (form?.get("threshold") as? Number)?.toDouble()
        var updates = 0

        /** The library's (dim, threshold) for these forms: the form's class axis and threshold. */
        fun layout(): Pair<Int, Double?> = Pair(classAxis ?: -1, if (predForm == "probability") threshold else null)

        /** reset(), one update() per batch, in order; the metric, ready for compute(). */
        fun <M : Metric<*>> feed(metric: M): M {
            metric.reset()
            val yPred = call.inputs["y_pred"]
            val yTrue = call.inputs["y_true"]
            val cuts = batches ?: emptyList()
            var from = 0
            for (k in 0..cuts.size) {
                val to = if (k < cuts.size) cuts[k] else null // the last batch: to each array's own end
                update(metric, slice(yPred, predForm, from, to, "y_pred"), slice(yTrue, trueForm, from, to, "y_true"))
                if (to != null) from = to
            }
            return metric
        }

        private fun update(metric: Metric<*>, yPred: Any?, yTrue: Any?) {
            val predictions = if (predForm == "labels") null else tensor(yPred, predForm, "y_pred")
            when {
                trueForm == "one-hot" -> {
                    if (predictions == null) throw Skip("one-hot targets go with score predictions in this library")
                    if (predForm == "scores-class-first") throw Skip("one-hot targets are (n, C); class-first scores are (C, n): the library takes soft targets in the predictions' layout")
                    updates++
                    metric.update(predictions, tensor(yTrue, "one-hot", "y_true"))
                }
                predictions == null -> { updates++; metric.update(classIndices(yPred, "y_pred"), classIndices(yTrue, "y_true")) }
                else -> { updates++; metric.update(predictions, classIndices(yTrue, "y_true")) }
            }
        }

        /** The samples [from, to) of an input sent in [form] (to = null: to its end); for a
         *  class-first matrix the samples are its columns. */
        private fun slice(value: Any?, form: String, from: Int, to: Int?, name: String): Any? {
            if (batches == null) return value
            val list = value as? List<*> ?: throw Skip("$name is not an array")
            fun cut(l: List<*>) = l.subList(minOf(from, l.size), minOf(to ?: l.size, l.size))
            return if (form == "scores-class-first") list.map { cut(it as? List<*> ?: throw Skip("$name is not a matrix")) } else cut(list)
        }

        /** The Tensor an input sent in [form] is: "scores" and "one-hot" (n, C), "scores-class-first"
         *  (C, n) as sent, "probability" (one number per sample) (n, 1). */
        private fun tensor(value: Any?, form: String, name: String): Tensor {
            val list = value as? List<*> ?: throw Skip("$name is not an array")
            fun number(v: Any?): Double = (v as? Number)?.toDouble() ?: throw Skip("$name holds $v, not a score")
            fun matrix(rows: Int, columns: Int): Tensor {
                val data = DoubleArray(rows * columns)
                for (i in 0 until rows) {
                    val row = list[i] as? List<*> ?: throw Skip("$name is not a matrix")
                    if (row.size != columns) throw Skip("$name is ragged: row $i has ${row.size} entries, not $columns")
                    for (j in 0 until columns) data[i * columns + j] = number(row[j])
                }
                return Tensor(intArrayOf(rows, columns), data)
            }
            return when (form) {
                "scores", "one-hot" -> matrix(list.size, (list.firstOrNull() as? List<*>)?.size ?: classes ?: 0)
                "scores-class-first" -> matrix(list.size, (list.firstOrNull() as? List<*>)?.size ?: 0)
                "probability" -> Tensor(intArrayOf(list.size, 1), DoubleArray(list.size) { number(list[it]) })
                else -> throw Skip("no input form $form in this adapter")
            }
        }
    }

    private fun keywords(c: Call, allowedParams: Set<String>) {
        for ((k, v) in c.inputs) {
            if (v == null) continue
            when (k) {
                "y_true", "y_pred" -> {}
                "sample_weight" -> throw Skip("the library has no sample weights")
                else -> throw Skip("${c.metric}: the library has no input $k")
            }
        }
        for (k in c.params.keys) if (k !in allowedParams) throw Skip("${c.metric}: the library has no parameter $k")
        if (c.inputs["y_true"] == null || c.inputs["y_pred"] == null) throw Skip("${c.metric} needs y_true and y_pred")
    }

    /** Integral numbers (1 or 1.0) are class indices; anything else the library cannot take. */
    internal fun classIndices(value: Any?, name: String): IntArray {
        val list = value as? List<*> ?: throw Skip("$name is not an array")
        return IntArray(list.size) { i ->
            when (val v = list[i]) {
                is Long -> if (v >= Int.MIN_VALUE && v <= Int.MAX_VALUE) v.toInt() else throw Skip("$name[$i] = $v is not an Int class index")
                is Double -> if (!v.isNaN() && !v.isInfinite() && v == Math.rint(v) && Math.abs(v) <= Int.MAX_VALUE) v.toInt()
                             else throw Skip("$name[$i] = $v is not a class index: the library takes Int class indices")
                is List<*> -> throw Skip("$name is 2-D (multilabel or scores): the adapter passes 1-D class indices")
                is String -> throw Skip("$name[$i] = \"$v\" is a string label: the library takes Int class indices")
                else -> throw Skip("$name[$i] = $v is not a class index")
            }
        }
    }

    private fun isNumber(v: Any?, x: Double): Boolean = (v is Long && v.toDouble() == x) || (v is Double && v == x)

    private fun show(v: Any?): String = when (v) {
        is String -> "\"$v\""
        is Double -> if (v.isNaN()) "NaN" else v.toString()
        else -> v.toString()
    }
}
