package metricparity.weka

import metricparity.corpus.Json
import weka.classifiers.Evaluation
import weka.classifiers.evaluation.NominalPrediction
import weka.classifiers.evaluation.ThresholdCurve
import weka.core.Attribute
import weka.core.FastVector
import weka.core.Instance
import weka.core.Instances

/*
 * `--confirm`: each divergence port.yaml declares, reproduced by a direct call of Weka's
 * Evaluation on its smallest case, without the adapter or the protocol (README.md shows the
 * calls; tests/test_port_weka.py checks the printed answers).  One JSON object: divergence id
 * -> what Weka returned, or the exception it threw.
 */
object Confirm {
    fun run(): Int {
        val missing = Instance.missingValue()
        val answers = linkedMapOf<String, Any?>(
            // cohen_kappa_score/undefined/one-label-in-common: y1=[1,1,1], y2=[1,1,1]
            "kappa-undefined-is-1" to attempt { labels(listOf("1"), doubleArrayOf(0.0, 0.0, 0.0), intArrayOf(0, 0, 0)).kappa() },
            // accuracy_score/errors/empty: y_true=[], y_pred=[]
            "no-sample-is-nan" to attempt { labels(emptyList(), DoubleArray(0), IntArray(0)).pctCorrect() },
            // f1_score/validation/empty: y_true=[], y_pred=[], sample_weight=[] (binary: pos_label 1 the one class value)
            "no-sample-scores-zero" to attempt { labels(listOf("1"), DoubleArray(0), IntArray(0)).fMeasure(0) },
            // accuracy_score/errors/all-zero-weights: y_true=[0,1,1], y_pred=[0,1,0], sample_weight=[0,0,0]
            "weights-not-checked" to attempt {
                labels(listOf("0", "1"), doubleArrayOf(0.0, 1.0, 1.0), intArrayOf(0, 1, 0), doubleArrayOf(0.0, 0.0, 0.0)).pctCorrect()
            },
            // mean_absolute_error/error/nan-in-y_true: y_true=[1,NaN,3], y_pred=[1,2,3]
            "nan-target-is-missing" to attempt {
                numbers(doubleArrayOf(1.0, Double.NaN, 3.0), doubleArrayOf(1.0, 2.0, 3.0)).meanAbsoluteError()
            },
            // mean_absolute_error/error/infinity-in-y_pred: y_true=[1,2,3], y_pred=[1,Infinity,3]
            "non-finite-numbers-not-checked" to attempt {
                numbers(doubleArrayOf(1.0, 2.0, 3.0), doubleArrayOf(1.0, Double.POSITIVE_INFINITY, 3.0)).meanAbsoluteError()
            },
            // confusion_matrix/errors/labels-only-in-y_pred: y_true=[0,0,1], y_pred=[0,2,1], labels=[2]:
            // only label 2 is a value of the class attribute; the other labels are missing / no prediction
            "labels-outside-the-data-not-checked" to attempt {
                labels(listOf("2"), doubleArrayOf(missing, missing, missing), intArrayOf(-1, 0, -1)).confusionMatrix().map { it.toList() }
            },
            // confusion_matrix/errors/labels-empty-list: y_true=[0,1,1], y_pred=[0,1,0], labels=[]
            "no-class-value-overruns" to attempt {
                labels(emptyList(), doubleArrayOf(missing, missing, missing), intArrayOf(-1, -1, -1)).confusionMatrix().map { it.toList() }
            },
            // roc_auc_score/validation/sample_weight/negative: y_true=[0,1,1,0,1,0], y_score=[0.1,0.8,0.6,0.3,0.9,0.2],
            // sample_weight=[1,2,0.5,-1,1,2]
            "roc-skips-negative-weights" to attempt {
                rocArea(doubleArrayOf(0.0, 1.0, 1.0, 0.0, 1.0, 0.0), doubleArrayOf(0.1, 0.8, 0.6, 0.3, 0.9, 0.2),
                        doubleArrayOf(1.0, 2.0, 0.5, -1.0, 1.0, 2.0))
            },
            // accuracy_score/strings/mixed/across: y_true=["cat"×5,"dog"×4,"fish"×3], y_pred=[1,1,0,0,2,2,0,0,1,1,2,1]:
            // the class values are the names "0","1","2","cat","dog","fish"; no sample's two names agree
            "mixed-labels-are-names" to attempt {
                labels(listOf("0", "1", "2", "cat", "dog", "fish"),
                       doubleArrayOf(3.0, 3.0, 3.0, 3.0, 3.0, 4.0, 4.0, 4.0, 4.0, 5.0, 5.0, 5.0),
                       intArrayOf(1, 1, 0, 0, 2, 2, 0, 0, 1, 1, 2, 1)).pctCorrect() / 100.0
            },
            // accuracy_score/regimes/y_true/non-integer-floats: y_true=[-0.4,0.6,0.6,-0.4,0.6,-0.4], y_pred=[0,1,0,0,1,1],
            // sample_weight=[1,2,0.5,1.5,1,2]: the class values are the names "-0.4","0","0.6","1"; no sample's two names agree
            "float-labels-are-names" to attempt {
                labels(listOf("-0.4", "0", "0.6", "1"), doubleArrayOf(0.0, 2.0, 2.0, 0.0, 2.0, 0.0), intArrayOf(1, 3, 1, 1, 3, 3),
                       doubleArrayOf(1.0, 2.0, 0.5, 1.5, 1.0, 2.0)).pctCorrect() / 100.0
            }
        )
        println(Json.write(answers))
        return 0
    }

    private fun attempt(call: () -> Any?): Any? = try {
        when (val v = call()) {
            is Double -> if (v.isNaN() || v.isInfinite()) v.toString() else v
            else -> v
        }
    } catch (e: Exception) {
        mapOf("exception" to e.javaClass.name)
    }

    /** Evaluation over a nominal class of [values], fed one-hot predictions (-1: an all-zero distribution). */
    private fun labels(values: List<String>, classValues: DoubleArray, predicted: IntArray, weights: DoubleArray? = null): Evaluation {
        val nominal = FastVector()
        values.forEach { nominal.addElement(it) }
        val attributes = FastVector()
        attributes.addElement(Attribute("class", nominal))
        val header = Instances("confirm", attributes, 0).also { it.setClassIndex(0) }
        val evaluation = Evaluation(header)
        for (i in classValues.indices) {
            val dist = DoubleArray(values.size)
            if (predicted[i] >= 0) dist[predicted[i]] = 1.0
            val instance = Instance(weights?.get(i) ?: 1.0, doubleArrayOf(classValues[i])).also { it.setDataset(header) }
            evaluation.evaluateModelOnceAndRecordPrediction(dist, instance)
        }
        return evaluation
    }

    /** ThresholdCurve's area for class 1 of two, over NominalPredictions of [1 - s, s] with [weights]. */
    private fun rocArea(classValues: DoubleArray, scores: DoubleArray, weights: DoubleArray?): Double {
        val predictions = FastVector()
        for (i in classValues.indices) {
            predictions.addElement(NominalPrediction(classValues[i], doubleArrayOf(1 - scores[i], scores[i]), weights?.get(i) ?: 1.0))
        }
        return ThresholdCurve.getROCArea(ThresholdCurve().getCurve(predictions, 1))
    }

    private fun numbers(yTrue: DoubleArray, yPred: DoubleArray): Evaluation {
        val attributes = FastVector()
        attributes.addElement(Attribute("target"))
        val header = Instances("confirm", attributes, 0).also { it.setClassIndex(0) }
        val evaluation = Evaluation(header)
        for (i in yTrue.indices) {
            val instance = Instance(1.0, doubleArrayOf(yTrue[i])).also { it.setDataset(header) }
            evaluation.evaluateModelOnceAndRecordPrediction(doubleArrayOf(yPred[i]), instance)
        }
        return evaluation
    }
}
