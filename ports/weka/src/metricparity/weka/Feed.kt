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
 *  - Labels: the class attribute is nominal, its values the case's labels in ascending
 *    numeric order (the observed labels of y_true ∪ y_pred, or the `labels` keyword where a
 *    metric takes it, in its order).  y_true is each Instance's class value, y_pred a one-hot
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
    /** A nominal class attribute over [labels] (numbers, in the given order), as a dataset header. */
    fun nominalHeader(labels: List<Double>): Instances {
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

    /** A label's name as a nominal value: an integral number without its ".0". */
    fun name(label: Double): String =
        if (label == Math.rint(label) && Math.abs(label) < 1e15) label.toLong().toString() else label.toString()

    /** The ascending distinct labels of [arrays] (NaN, Weka's missing value, is no label). */
    fun observed(vararg arrays: DoubleArray): List<Double> =
        arrays.flatMap { it.toList() }.filter { !it.isNaN() }.distinct().sorted()

    /** Evaluation over [labels] fed with one-hot predictions: one Instance per sample. */
    fun labels(yTrue: DoubleArray, yPred: DoubleArray, weights: DoubleArray?, labels: List<Double>): Evaluation {
        val header = nominalHeader(labels)
        val index = HashMap<Double, Int>()
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
    fun scores(yTrue: DoubleArray, scores: List<DoubleArray>, weights: DoubleArray?, labels: List<Double>): Evaluation {
        val header = nominalHeader(labels)
        val evaluation = Evaluation(header)
        for (i in yTrue.indices) {
            val k = labels.indexOf(yTrue[i])
            val classValue = if (k < 0) Instance.missingValue() else k.toDouble()
            evaluation.evaluateModelOnceAndRecordPrediction(scores[i], instance(header, classValue, weights, i))
        }
        return evaluation
    }

    /**
     * The area under the ROC curve of class 1 of [labels] (two), from ThresholdCurve over
     * NominalPredictions of [scores] rows: what Evaluation.areaUnderROC computes from the
     * predictions it records, without Evaluation's margin statistics, which index an array by
     * the distribution and so take probabilities only (a decision value would overrun it).
     */
    fun binaryRocArea(yTrue: DoubleArray, scores: List<DoubleArray>, weights: DoubleArray?, labels: List<Double>): Double {
        val predictions = FastVector(yTrue.size)
        for (i in yTrue.indices) {
            val k = labels.indexOf(yTrue[i])
            val actual = if (k < 0) Instance.missingValue() else k.toDouble()
            predictions.addElement(NominalPrediction(actual, scores[i], weights?.get(i) ?: 1.0))
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
