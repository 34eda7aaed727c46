package metricparity.port

import metricparity.corpus.Case
import metricparity.corpus.CorpusReader
import metricparity.corpus.EncodingException
import metricparity.metrics.Accuracy
import metricparity.metrics.Averaging
import metricparity.metrics.ConfusionMatrix
import metricparity.metrics.CountingMetric
import metricparity.metrics.F1Score
import metricparity.metrics.Metric
import metricparity.metrics.Precision
import metricparity.metrics.Recall

/*
 * The translation layer: a metric call, in scikit-learn's names, becomes calls of
 * the Kotlin library in metricparity.metrics, and its result an answer in
 * scikit-learn's shape.  The adapter translates names, parameters and input forms
 * only (y_true -> targets, y_pred -> predictions, integral numbers -> Int class
 * indices); whatever the library cannot be asked for is answered `skipped` with
 * the reason.  It never computes a metric itself.
 *
 * A call is what protocol 2 sends: the metric, its inputs and its params, and
 * nothing else (no case id, no tags).  The offline replay makes the same Call
 * from each corpus case, so both modes give the adapter exactly the same.
 *
 * Input forms (port.yaml `forms`, docs/protocol.md "Input forms"): the harness sends
 * y_pred as scores (one row per sample) and y_true one-hot, and says so in the run
 * message's "form"; they go to the library's update(scores, targets) overloads, which
 * argmax each row (first maximum on ties) or threshold a single column (> 0.5).  A
 * class-first score matrix is transposed into rows, a 1-D probability vector becomes
 * rows of one column; nothing else is done to them.
 *
 * Errors: an exception is answered with its real class name.  The library's one
 * deliberate refusal is IllegalArgumentException (its require(...) checks; port.yaml
 * `refusals`).  An exception whose innermost metricparity frame is not in the library
 * (metricparity.metrics) comes from the adapter or the corpus decoder: it is also
 * marked "uncaught", so the harness counts it as a fault, never as a refusal.
 */

/** One metric call: scikit-learn's function name, its array arguments and its keyword arguments, decoded. */
class Call(val metric: String, val inputs: Map<String, Any?>, val params: Map<String, Any?>) {
    companion object {
        /** The call a corpus case makes (offline replay). */
        fun of(case: Case) = Call(case.metric, case.inputs, case.params)

        /** The call in a protocol-2 run message: its top-level metric, inputs and params, nothing else. */
        fun decode(message: Map<*, *>): Call {
            val metric = message["metric"] as? String ?: throw EncodingException("metric", "missing or not a string")
            val inputs = message["inputs"] as? Map<*, *> ?: throw EncodingException("inputs", "missing or not an object")
            val params = message["params"] as? Map<*, *> ?: throw EncodingException("params", "missing or not an object")
            return Call(
                metric,
                inputs.entries.associate { (k, v) -> k as String to CorpusReader.decodeNumeric(v, "inputs.$k") },
                params.entries.associate { (k, v) -> k as String to CorpusReader.decodeParam(v) }
            )
        }
    }
}

/** The library has no way to express this case. */
class Skip(reason: String) : RuntimeException(reason)

object Adapter {
    const val VERSION = "0.1.0"

    /** The answer to one call: {"value": ...}, {"error": {...}} or {"skipped": "..."}. */
    fun run(call: Call, form: Map<*, *>? = null): Map<String, Any?> = try {
        mapOf("value" to encode(dispatch(call, form)))
    } catch (s: Skip) {
        mapOf("skipped" to s.message)
    } catch (e: Exception) {
        val error = linkedMapOf<String, Any?>("type" to e.javaClass.simpleName, "message" to (e.message ?: ""))
        if (!thrownByLibrary(e)) error["uncaught"] = true
        mapOf("error" to error)
    }

    /** Whether the innermost frame of our own code (metricparity.*) that [e] passed through is the library's. */
    fun thrownByLibrary(e: Throwable): Boolean =
        e.stackTrace.firstOrNull { it.className.startsWith("metricparity.") }
            ?.className?.startsWith("metricparity.metrics.") == true

    private fun dispatch(c: Call, form: Map<*, *>?): Any? = when (c.metric) {
        "accuracy_score" -> accuracy(c, form)
        "confusion_matrix" -> confusionMatrix(c, form)
        "precision_score" -> score(c, "precision", form)
        "recall_score" -> score(c, "recall", form)
        "f1_score" -> score(c, "f1", form)
        "fbeta_score" -> score(c, "f1", form)
        "precision_recall_fscore_support" -> score(c, "prfs", form)
        else -> throw Skip("no such metric in this library")
    }

    private fun accuracy(c: Call, form: Map<*, *>?): Double {
        keywords(c, setOf("normalize"))
        if (c.params["normalize"] == false) throw Skip("Accuracy gives the fraction only, no count of correct samples (normalize=False)")
        return feed(Accuracy(), c, form).compute()
    }

    private fun confusionMatrix(c: Call, form: Map<*, *>?): Array<LongArray> {
        keywords(c, setOf("labels", "normalize"))
        if (c.params["labels"] != null) throw Skip("ConfusionMatrix is over the observed classes; it has no labels parameter")
        if (c.params["normalize"] != null) throw Skip("ConfusionMatrix holds counts; it has no normalisation (normalize=${c.params["normalize"]})")
        return feed(ConfusionMatrix(), c, form).compute()
    }

    private fun score(c: Call, which: String, form: Map<*, *>?): Any? {
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
        val metrics: List<Metric<Double>> = when (which) {
            "precision" -> listOf(Precision(averaging))
            "recall" -> listOf(Recall(averaging))
            "f1" -> listOf(F1Score(averaging))
            else -> listOf(Precision(averaging), Recall(averaging), F1Score(averaging))
        }
        val values = metrics.map { feed(it, c, form).compute() }
        // precision_recall_fscore_support's averaged support is None.
        return if (isPrfs) values + listOf(null) else values[0]
    }

    /** y_pred -> predictions, y_true -> targets, in the library's one update call for their forms. */
    private fun <M : Metric<*>> feed(metric: M, c: Call, form: Map<*, *>?): M {
        val predForm = form?.get("y_pred") as? String ?: "labels"
        val trueForm = form?.get("y_true") as? String ?: "labels"
        val yPred = c.inputs["y_pred"]
        val yTrue = c.inputs["y_true"]
        when {
            trueForm == "one-hot" -> {
                if (predForm == "labels") throw Skip("one-hot targets go with score predictions in this library")
                val counting = metric as? CountingMetric<*> ?: throw Skip("${metric.name} takes no soft targets")
                counting.update(scoreRows(yPred, predForm, "y_pred"), scoreRows(yTrue, "scores", "y_true"))
            }
            predForm == "labels" -> metric.update(classIndices(yPred, "y_pred"), classIndices(yTrue, "y_true"))
            else -> metric.update(scoreRows(yPred, predForm, "y_pred"), classIndices(yTrue, "y_true"))
        }
        return metric
    }

    /** Scores as rows, one per sample: "scores" as sent, "scores-class-first" transposed,
     *  "probability" (one number per sample) as rows of one column. */
    private fun scoreRows(value: Any?, form: String, name: String): Array<DoubleArray> {
        val list = value as? List<*> ?: throw Skip("$name is not an array")
        fun number(v: Any?): Double = (v as? Number)?.toDouble() ?: throw Skip("$name holds $v, not a score")
        fun row(v: Any?): DoubleArray = (v as? List<*> ?: throw Skip("$name is not a matrix")).map { number(it) }.toDoubleArray()
        return when (form) {
            "scores" -> Array(list.size) { row(list[it]) }
            "scores-class-first" -> {
                val columns = Array(list.size) { row(list[it]) }
                val n = if (columns.isEmpty()) 0 else columns[0].size
                Array(n) { i -> DoubleArray(columns.size) { k -> columns[k][i] } }
            }
            "probability" -> Array(list.size) { doubleArrayOf(number(list[it])) }
            else -> throw Skip("no input form $form in this adapter")
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
    private fun classIndices(value: Any?, name: String): IntArray {
        val list = value as? List<*> ?: throw Skip("$name is not an array")
        return IntArray(list.size) { i ->
            when (val v = list[i]) {
                is Long -> if (v >= Int.MIN_VALUE && v <= Int.MAX_VALUE) v.toInt() else throw Skip("$name[$i] = $v is not an Int class index")
                is Double -> if (!v.isNaN() && !v.isInfinite() && v == Math.rint(v) && Math.abs(v) <= Int.MAX_VALUE) v.toInt()
                             else throw Skip("$name[$i] = $v is not a class index: the library takes Int class indices")
                is List<*> -> throw Skip("$name is 2-D (multilabel or scores): the adapter passes 1-D class indices")
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

    /** Results in the corpus encoding: non-finite doubles become the three strings. */
    fun encode(v: Any?): Any? = when (v) {
        is Double -> when {
            v.isNaN() -> "NaN"
            v == Double.POSITIVE_INFINITY -> "Infinity"
            v == Double.NEGATIVE_INFINITY -> "-Infinity"
            else -> v
        }
        is Array<*> -> v.map { encode(it) }
        is LongArray -> v.toList()
        is List<*> -> v.map { encode(it) }
        else -> v
    }
}
