package metricparity.weka

import weka.classifiers.Evaluation
import weka.classifiers.evaluation.NominalPrediction
import weka.classifiers.evaluation.ThresholdCurve
import weka.core.Attribute
import weka.core.FastVector
import weka.core.Instance
import weka.core.Instances

/*
 * How a case's arrays reach Weka's evaluation code (decision 0017): Weka evaluates a
 * classifier's predictions, one Instance at a time, against a dataset header.
 *
 *  - Labels: the class attribute is nominal, its values the case's labels (numbers, or
 *    strings: a nominal value is a name, so string labels are Weka's own kind) in ascending
 *    order, numbers numerically, strings by Unicode code point as scikit-learn orders them, and
 *    numbers before strings in a mix (the observed labels of y_true ∪ y_pred, or the `labels`
 *    keyword where a metric takes it, in its order).  A label is a Double or a String.  y_true is each Instance's class value, y_pred a one-hot
 *    class distribution over those values, given to Evaluation.evaluateModelOnceAndRecordPrediction.
 *  - Scores: y_score is the distribution itself: a row of class scores as it is, a single
 *    binary score s as [1 - s, s] (the larger label is column 1).
 *  - Numbers (regression): the class attribute is numeric, the prediction [y_pred].
 *  - sample_weight: each Instance's weight.
 *  - NaN, in a label or a number, is Weka's missing value (Instance.missingValue() is NaN):
 *    a NaN target is a missing class value, a NaN prediction an all-zero distribution or a
 *    missing numeric prediction; Evaluation decides what that means.
 */

object Feed {
    /** A nominal class attribute over [labels] (in the given order), as a dataset header. */
    fun nominalHeader(labels: List<Any>): Instances {
        val values = FastVector(labels.size)
        for (l in labels) values.addElement(name(l))
        val attributes = FastVector(1)
        attributes.addElement(Attribute("class", values))
        return Instances("parity", attributes, 0).also { it.setClassIndex(0) }
    }

    /** A numeric class attribute, as a dataset header. */
    fun numericHeader(): Instances {
        val attributes = FastVector(1)
        attributes.addElement(Attribute("target"))
        return Instances("parity", attributes, 0).also { it.setClassIndex(0) }
    }

    /** A label's name as a nominal value: a string as it is, an integral number without its ".0". */
    fun name(label: Any): String = when {
        label is String -> label
        label is Double && label == Math.rint(label) && Math.abs(label) < 1e15 -> label.toLong().toString()
        else -> label.toString()
    }

    /** The order of labels: numbers ascending, then strings by Unicode code point (not UTF-16 units). */
    val order: Comparator<Any> = Comparator { a, b ->
        when {
            a is Double && b is Double -> a.compareTo(b)
            a is String && b is String -> compareCodePoints(a, b)
            else -> if (a is Double) -1 else 1
        }
    }

    private fun compareCodePoints(a: String, b: String): Int {
        val x = a.codePoints().toArray()
        val y = b.codePoints().toArray()
        for (k in 0 until minOf(x.size, y.size)) if (x[k] != y[k]) return x[k].compareTo(y[k])
        return x.size.compareTo(y.size)
    }

    /** The ascending distinct labels of [arrays] (NaN, Weka's missing value, is no label). */
    fun observed(vararg arrays: List<Any>): List<Any> =
        arrays.flatMap { it }.filter { !(it is Double && it.isNaN()) }.distinct().sortedWith(order)

    /** The class value of [label] among [labels]: its index, or Weka's missing value (NaN, or no such value). */
    private fun classValue(label: Any, labels: List<Any>): Double {
        val k = labels.indexOf(label)
        return if (k < 0) Instance.missingValue() else k.toDouble()
    }

    /** Evaluation over [labels] fed with one-hot predictions: one Instance per sample. */
    fun labels(yTrue: List<Any>, yPred: List<Any>, weights: DoubleArray?, labels: List<Any>): Evaluation {
        val header = nominalHeader(labels)
        val index = HashMap<Any, Int>()
        labels.forEachIndexed { i, l -> index[l] = i }
        val evaluation = Evaluation(header)
        for (i in yTrue.indices) {
            val dist = DoubleArray(labels.size)
            index[yPred[i]]?.let { dist[it] = 1.0 }
            val classValue = index[yTrue[i]]?.toDouble() ?: Instance.missingValue()
            evaluation.evaluateModelOnceAndRecordPrediction(dist, instance(header, classValue, weights, i))
        }
        return evaluation
    }

    /** Evaluation over [labels] fed with class score rows ([scores] n × labels.size). */
    fun scores(yTrue: List<Any>, scores: List<DoubleArray>, weights: DoubleArray?, labels: List<Any>): Evaluation {
        val header = nominalHeader(labels)
        val evaluation = Evaluation(header)
        for (i in yTrue.indices) {
            evaluation.evaluateModelOnceAndRecordPrediction(scores[i], instance(header, classValue(yTrue[i], labels), weights, i))
        }
        return evaluation
    }

    /**
     * The area under the ROC curve of class 1 of [labels] (two), from ThresholdCurve over
     * NominalPredictions of [scores] rows: what Evaluation.areaUnderROC computes from the
     * predictions it records, without Evaluation's margin statistics, which index an array by
     * the distribution and so take probabilities only (a decision value would overrun it).
     */
    fun binaryRocArea(yTrue: List<Any>, scores: List<DoubleArray>, weights: DoubleArray?, labels: List<Any>): Double {
        val predictions = FastVector(yTrue.size)
        for (i in yTrue.indices) {
            predictions.addElement(NominalPrediction(classValue(yTrue[i], labels), scores[i], weights?.get(i) ?: 1.0))
        }
        return ThresholdCurve.getROCArea(ThresholdCurve().getCurve(predictions, 1))
    }

    /** Evaluation of numeric predictions. */
    fun numbers(yTrue: DoubleArray, yPred: DoubleArray, weights: DoubleArray?): Evaluation {
        val header = numericHeader()
        val evaluation = Evaluation(header)
        for (i in yTrue.indices) {
            evaluation.evaluateModelOnceAndRecordPrediction(doubleArrayOf(yPred[i]), instance(header, yTrue[i], weights, i))
        }
        return evaluation
    }

    private fun instance(header: Instances, classValue: Double, weights: DoubleArray?, i: Int): Instance =
        Instance(weights?.get(i) ?: 1.0, doubleArrayOf(classValue)).also { it.setDataset(header) }
}
