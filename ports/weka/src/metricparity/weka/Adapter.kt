package metricparity.weka

import metricparity.protocol.Call
import metricparity.protocol.Skip
import metricparity.protocol.answer
import weka.classifiers.Evaluation

/*
 * The translation layer: a metric call, in scikit-learn's names, becomes an Evaluation
 * fed with the case's predictions (Feed), and the answer is the number Weka's evaluation
 * code reports for it (decision 0017 gives the map):
 *
 *   accuracy_score            pctCorrect() / 100 (normalize=False: correct())
 *   zero_one_loss             errorRate() (normalize=False: incorrect())
 *   confusion_matrix          confusionMatrix() (labels: the class attribute's values)
 *   cohen_kappa_score         kappa() (labels: the class attribute's values)
 *   precision / recall / F1   precision(i), recall(i), fMeasure(i) per class (average=None),
 *                             weightedPrecision() … (average="weighted"), the pos_label's class
 *                             (average="binary", two labels)
 *   precision_recall_fscore_support   the same three, and per class the confusion matrix's row sum as support
 *   roc_auc_score             ThresholdCurve.getROCArea of the larger label's curve (binary),
 *                             Evaluation.weightedAreaUnderROC() (multi_class="ovr", average="weighted")
 *   mean_absolute_error       meanAbsoluteError()
 *   root_mean_squared_error   rootMeanSquaredError()
 *
 * Whatever Weka has no number or no parameter for is answered `skipped` with the reason.
 * The adapter never computes a metric itself: it only divides pctCorrect by 100 and
 * gathers Weka's per-class numbers into scikit-learn's array shape.
 *
 * Errors: an exception is answered with its class name; one whose innermost frame in
 * weka.* or metricparity.* is not Weka's own code is marked "uncaught" (a fault of the
 * adapter, never a refusal: decision 0013).
 */
object Adapter {
    const val VERSION = "0.1.0"

    /** The answer to one call: {"value": ...}, {"error": {...}} or {"skipped": "..."}. */
    fun run(call: Call): Map<String, Any?> = answer(::thrownByWeka) { dispatch(call) }

    /** Whether the innermost frame of Weka's or our code that [e] passed through is Weka's. */
    fun thrownByWeka(e: Throwable): Boolean =
        e.stackTrace.firstOrNull { it.className.startsWith("weka.") || it.className.startsWith("metricparity.") }
            ?.className?.startsWith("weka.") == true

    private fun dispatch(c: Call): Any? = when (c.metric) {
        "accuracy_score" -> counted(c, { it.pctCorrect() / 100 }, { it.correct() })
        "zero_one_loss" -> counted(c, { it.errorRate() }, { it.incorrect() })
        "confusion_matrix" -> confusionMatrix(c)
        "cohen_kappa_score" -> kappa(c)
        "precision_score" -> score(c, "precision")
        "recall_score" -> score(c, "recall")
        "f1_score", "fbeta_score" -> score(c, "f")
        "precision_recall_fscore_support" -> score(c, "prfs")
        "roc_auc_score" -> rocAuc(c)
        "mean_absolute_error" -> regression(c) { it.meanAbsoluteError() }
        "root_mean_squared_error" -> regression(c) { it.rootMeanSquaredError() }
        "mean_squared_error" -> throw Skip("Weka's Evaluation reports the root mean squared error, not its square")
        else -> throw Skip("Weka's Evaluation has no such measure")
    }

    private fun counted(c: Call, fraction: (Evaluation) -> Double, count: (Evaluation) -> Double): Double {
        keywords(c, setOf("y_true", "y_pred"), setOf("normalize"))
        val e = labelEvaluation(c, "y_true", "y_pred", null)
        return if (c.params["normalize"] == false) count(e) else fraction(e)
    }

    private fun confusionMatrix(c: Call): Array<DoubleArray> {
        keywords(c, setOf("y_true", "y_pred"), setOf("labels", "normalize"))
        if (c.params["normalize"] != null) throw Skip("Weka's confusion matrix holds (weighted) counts; it has no normalize=${show(c.params["normalize"])}")
        return labelEvaluation(c, "y_true", "y_pred", labelsParam(c)).confusionMatrix()
    }

    private fun kappa(c: Call): Double {
        keywords(c, setOf("y1", "y2"), setOf("labels", "weights"))
        if (c.params["weights"] != null) throw Skip("Weka's kappa() is unweighted; it has no weights=${show(c.params["weights"])}")
        return labelEvaluation(c, "y1", "y2", labelsParam(c)).kappa()
    }

    private fun score(c: Call, which: String): Any? {
        val isPrfs = which == "prfs"
        val allowed = mutableSetOf("average", "pos_label", "zero_division")
        if (isPrfs) allowed += setOf("beta", "warn_for")
        if (c.metric == "fbeta_score") allowed += "beta"
        keywords(c, setOf("y_true", "y_pred"), allowed)
        val p = c.params
        if (c.metric == "fbeta_score" || p.containsKey("beta")) {
            if (!isNumber(p["beta"], 1.0)) throw Skip("Weka has the F-measure (beta=1) only, no beta=${show(p["beta"])}")
        }
        val zd = p["zero_division"]
        if (p.containsKey("zero_division") && zd != "warn" && !isNumber(zd, 0.0)) {
            throw Skip("Weka's precision, recall and F-measure are 0 on a zero division; there is no zero_division=${show(zd)}")
        }
        val average = if (p.containsKey("average")) p["average"] else if (isPrfs) null else "binary"
        val yTrue = labels(c, "y_true")
        val yPred = labels(c, "y_pred")
        sameLength(yTrue, yPred)
        val observed = Feed.observed(yTrue, yPred)
        val e: Evaluation
        val classes: List<Int>
        when (average) {
            null, "weighted" -> {
                e = Feed.labels(yTrue, yPred, weights(c), observed)
                classes = observed.indices.toList()
            }
            "binary" -> {
                val pos = p["pos_label"] ?: 1L
                val posLabel = label(pos) ?: throw Skip("pos_label=${show(pos)} is not a label")
                if (observed.size > 2) throw Skip("Weka scores one class or all of them; it has no average='binary' check for more than two labels")
                if (observed.size == 2 && posLabel !in observed) throw Skip("pos_label=${show(pos)} is not one of the two labels; Weka has no such class")
                val binaryLabels = (observed + posLabel).distinct().sortedWith(Feed.order)
                e = Feed.labels(yTrue, yPred, weights(c), binaryLabels)
                classes = listOf(binaryLabels.indexOf(posLabel))
            }
            else -> throw Skip("Weka averages per class weighted by class size only; it has no average=${show(average)}")
        }
        fun perClass(f: (Int) -> Double) = DoubleArray(classes.size) { f(classes[it]) }
        if (average == "weighted") {
            val values = listOf(e.weightedPrecision(), e.weightedRecall(), e.weightedFMeasure())
            return when (which) {
                "precision" -> values[0]
                "recall" -> values[1]
                "f" -> values[2]
                else -> values + listOf(null)
            }
        }
        val precision = perClass { e.precision(it) }
        val recall = perClass { e.recall(it) }
        val f = perClass { e.fMeasure(it) }
        val matrix = e.confusionMatrix()
        val support = perClass { matrix[it].sum() }
        val values: List<Any?> = if (average == null) listOf(precision, recall, f, support)
                                 else listOf(precision[0], recall[0], f[0], null)
        return when (which) {
            "precision" -> values[0]
            "recall" -> values[1]
            "f" -> values[2]
            else -> values
        }
    }

    private fun rocAuc(c: Call): Double {
        keywords(c, setOf("y_true", "y_score"), setOf("average", "multi_class"))
        val yTrue = labels(c, "y_true")
        val observed = Feed.observed(yTrue)
        val score = c.inputs["y_score"] as? List<*> ?: throw Skip("y_score is not an array")
        if (score.isNotEmpty() && score[0] is List<*>) {
            val rows = score.mapIndexed { i, row ->
                val r = row as? List<*> ?: throw Skip("y_score is ragged at row $i")
                DoubleArray(r.size) { j -> number(r[j], "y_score") }
            }
            if (c.params["multi_class"] != "ovr") throw Skip("Weka's weightedAreaUnderROC is one-vs-rest; it has no multi_class=${show(c.params["multi_class"] ?: "raise")}")
            if (c.params["average"] != "weighted") throw Skip("Weka averages ROC areas weighted by class size only; it has no average=${show(c.params["average"] ?: "macro")}")
            if (rows.size != yTrue.size) throw Skip("y_true and y_score differ in length: no prediction pairs them")
            if (rows.any { it.size != observed.size }) throw Skip("y_score's columns are not y_true's labels: Weka's distribution is over the class attribute's values")
            return Feed.scores(yTrue, rows, weights(c), observed).weightedAreaUnderROC()
        }
        if (c.params["average"] != null && c.params["average"] != "macro" || c.params["multi_class"] != null && c.params["multi_class"] != "raise") {
            throw Skip("binary y_score: average and multi_class do not apply to Weka's areaUnderROC(class)")
        }
        if (score.size != yTrue.size) throw Skip("y_true and y_score differ in length: no prediction pairs them")
        if (observed.size != 2) throw Skip("y_true has ${observed.size} distinct label(s): a binary score is a distribution over two classes")
        val rows = score.map { val s = number(it, "y_score"); doubleArrayOf(1 - s, s) }
        return Feed.binaryRocArea(yTrue, rows, weights(c), observed)
    }

    private fun regression(c: Call, measure: (Evaluation) -> Double): Double {
        keywords(c, setOf("y_true", "y_pred"), setOf("multioutput"))
        val mo = c.params["multioutput"]
        if (mo is List<*>) throw Skip("Weka's Evaluation has one numeric target; it has no multioutput weights")
        if (mo != null && mo != "uniform_average") throw Skip("Weka's Evaluation has one numeric target; no multioutput=${show(mo)}")
        val yTrue = numbers(c, "y_true")
        val yPred = numbers(c, "y_pred")
        sameLength(yTrue, yPred)
        return measure(Feed.numbers(yTrue, yPred, weights(c)))
    }

    /** An Evaluation of one-hot predictions [predName] against [trueName] over [given] labels (null: the observed ones). */
    private fun labelEvaluation(c: Call, trueName: String, predName: String, given: List<Any>?): Evaluation {
        val yTrue = labels(c, trueName)
        val yPred = labels(c, predName)
        sameLength(yTrue, yPred)
        return Feed.labels(yTrue, yPred, weights(c), given ?: Feed.observed(yTrue, yPred))
    }

    private fun sameLength(a: List<Any>, b: List<Any>) {
        if (a.size != b.size) throw Skip("the arrays differ in length (${a.size}, ${b.size}): Weka evaluates one Instance per prediction")
    }

    private fun sameLength(a: DoubleArray, b: DoubleArray) {
        if (a.size != b.size) throw Skip("the arrays differ in length (${a.size}, ${b.size}): Weka evaluates one Instance per prediction")
    }

    private fun labelsParam(c: Call): List<Any>? {
        val given = c.params["labels"] ?: return null
        val list = given as? List<*> ?: throw Skip("labels=${show(given)} is not a list")
        val values = list.map { label(it) ?: throw Skip("labels holds ${show(it)}, not a label") }
        if (values.distinct().size != values.size) throw Skip("labels repeats a label: a nominal attribute's values are distinct")
        return values
    }

    /** Only these inputs and params; y arrays present; 1-D. */
    private fun keywords(c: Call, inputs: Set<String>, params: Set<String>) {
        for ((k, v) in c.inputs) if (v != null && k !in inputs && k != "sample_weight") throw Skip("${c.metric}: Weka has no input $k")
        for (k in c.params.keys) if (k !in params) throw Skip("${c.metric}: Weka has no parameter $k")
        for (k in inputs) if (c.inputs[k] == null) throw Skip("${c.metric} needs $k")
    }

    private fun weights(c: Call): DoubleArray? {
        if (c.inputs["sample_weight"] == null) return null
        val n = (c.inputs.values.first { it is List<*> } as List<*>).size
        val values = numbers(c, "sample_weight")
        if (values.size != n) throw Skip("sample_weight has ${values.size} entries for $n samples: each Instance carries one weight")
        return values
    }

    /** A 1-D array of labels: numbers as Doubles, strings as they are (a nominal value is a name). */
    private fun labels(c: Call, name: String): List<Any> {
        val list = c.inputs[name] as? List<*> ?: throw Skip("$name is not an array")
        return list.mapIndexed { i, v ->
            if (v is List<*>) throw Skip("$name is 2-D (multilabel or multioutput): a Weka Instance has one class value")
            label(v) ?: throw Skip("$name[$i] = ${show(v)} is not a label")
        }
    }

    /** A label: a number (as a Double) or a string; null for anything else. */
    private fun label(v: Any?): Any? = when (v) {
        is Number -> v.toDouble()
        is String -> v
        else -> null
    }

    private fun numbers(c: Call, name: String): DoubleArray {
        val list = c.inputs[name] as? List<*> ?: throw Skip("$name is not an array")
        return DoubleArray(list.size) { i ->
            val v = list[i]
            if (v is List<*>) throw Skip("$name is 2-D (multioutput): a Weka Instance has one numeric class value")
            number(v, name)
        }
    }

    private fun number(v: Any?, name: String): Double = (v as? Number)?.toDouble() ?: throw Skip("$name holds ${show(v)}, not a number")

    private fun isNumber(v: Any?, x: Double): Boolean = (v is Long && v.toDouble() == x) || (v is Double && v == x)

    private fun show(v: Any?): String = when (v) {
        is String -> "\"$v\""
        is Double -> if (v.isNaN()) "NaN" else v.toString()
        else -> v.toString()
    }
}
