"""Each divergence port.yaml declares, reproduced by a direct PySpark call on its smallest case.

    python ports/spark-mllib/confirm.py

prints one JSON object: divergence id -> what Spark itself returns on the smallest case the divergence's
note names (its value or list of values, "NaN"/"Infinity"/"-Infinity" for non-finite ones, or
{"exception": Java or PySpark exception class}).  Each call builds the DataFrame and the evaluator as a
Spark user would; tests/test_port_spark_mllib.py checks that these are the answers the port gave on those
cases.
"""

from __future__ import annotations

import json
import math
import os
import sys

os.environ.setdefault("PYSPARK_PYTHON", sys.executable)

from pyspark.ml.evaluation import (BinaryClassificationEvaluator, MulticlassClassificationEvaluator,  # noqa: E402
                                   RegressionEvaluator)
from pyspark.ml.linalg import Vectors  # noqa: E402
from pyspark.sql import SparkSession  # noqa: E402

spark = (SparkSession.builder.master("local[2]").appName("metric-parity-confirm")
         .config("spark.ui.enabled", "false").config("spark.ui.showConsoleProgress", "false").getOrCreate())
spark.sparkContext.setLogLevel("OFF")


def encoded(value):
    if isinstance(value, list):
        return [encoded(v) for v in value]
    if isinstance(value, float) and not math.isfinite(value):
        return "NaN" if math.isnan(value) else ("Infinity" if value > 0 else "-Infinity")
    return value


def attempt(thunk):
    try:
        return encoded(thunk())
    except Exception as exc:  # noqa: BLE001 - the exception is the confirmed behaviour
        java = getattr(exc, "java_exception", None)
        return {"exception": java.getClass().getSimpleName() if java is not None else type(exc).__name__}


def df(rows, columns):
    return spark.createDataFrame([tuple(float(v) if not hasattr(v, "toArray") else v for v in r) for r in rows],
                                 columns)


def labels(y_true, y_pred, w=None):
    if w is None:
        return df(list(zip(y_true, y_pred)), ["label", "prediction"])
    return df(list(zip(y_true, y_pred, w)), ["label", "prediction", "weight"])


WEIGHTS = [1.0, 2.0, 0.5, 1.5, 1.0, 2.0]  # the validation family's base weights


def multiclass(frame, **params):
    return MulticlassClassificationEvaluator(**params).evaluate(frame)


CONFIRM = {
    # f1_score/fuzzed/mljs/b94ffb3e73: class 1 (the default pos_label) occurs nowhere
    "label-absent-from-y_true-crash": lambda: multiclass(labels([0], [0]), metricName="fMeasureByLabel",
                                                         metricLabel=1.0),
    # f1_score/grid/average=weighted/weights=zeros/1
    "zero-weight-class-is-nan": lambda: multiclass(labels([3, 1, 3, 3, 3, 3], [1, 1, 3, 1, 1, 1], [2, 0, 1, 1, 2, 0]),
                                                   metricName="f1", weightCol="weight"),
    # fbeta_score/grid/beta=inf/average=None/1: the one class, 3
    "beta-infinity-is-nan": lambda: [multiclass(labels([3], [3]), metricName="fMeasureByLabel", metricLabel=3.0,
                                                beta=math.inf)],
    # fbeta_score/grid/beta=0/average=binary/0
    "beta-must-be-positive": lambda: multiclass(labels([0], [0]), metricName="fMeasureByLabel", metricLabel=1.0,
                                                beta=0.0),
    # f1_score/binary/pos-label=-1
    "metric-label-must-be-non-negative": lambda: multiclass(labels([-1, 1, 1, -1, 1], [1, 1, -1, -1, 1]),
                                                            metricName="fMeasureByLabel", metricLabel=-1.0),
    # average_precision_score/interpolation/none
    "area-under-pr-is-not-average-precision": lambda: BinaryClassificationEvaluator(metricName="areaUnderPR").evaluate(
        df([(0, 0.9), (1, 0.8), (1, 0.7)], ["label", "rawPrediction"])),
    # log_loss/clipping/multiclass-zero-column
    "log-loss-clipped-at-1e-15": lambda: multiclass(
        spark.createDataFrame([(0.0, 0.0, Vectors.dense([1.0, 0.0, 0.0])), (1.0, 0.0, Vectors.dense([0.0, 1.0, 0.0])),
                               (2.0, 0.0, Vectors.dense([0.5, 0.5, 0.0]))], ["label", "prediction", "probability"]),
        metricName="logLoss"),
    # roc_auc_score/single-class/nan
    "roc-auc-single-class-is-1": lambda: BinaryClassificationEvaluator(metricName="areaUnderROC").evaluate(
        df([(1, 0.2), (1, 0.5), (1, 0.3)], ["label", "rawPrediction"])),
    # roc_auc_score/regimes/one-sample: one negative sample
    "roc-auc-no-positive-is-0": lambda: BinaryClassificationEvaluator(metricName="areaUnderROC", weightCol="weight").evaluate(
        df([(0, 0.1, 1.0)], ["label", "rawPrediction", "weight"])),
    # accuracy_score/regimes/y_true/non-integer-floats: the fractional labels as the doubles they are
    "fractional-labels-are-classes": lambda: multiclass(labels([-0.4, 0.6, 0.6, -0.4, 0.6, -0.4], [0, 1, 0, 0, 1, 1],
                                                               WEIGHTS), metricName="accuracy", weightCol="weight"),
    # r2_score/weighted-target-mean
    "weighted-r2-total-sum-of-squares": lambda: RegressionEvaluator(metricName="r2", weightCol="weight").evaluate(
        labels([3.0, -0.5, 2.0, 7.0], [2.5, 0.0, 2.0, 8.0], [1.0, 0.5, 2.0, 0.25])),
    # r2_score/single-sample/off
    "r2-no-variance-not-special-cased": lambda: RegressionEvaluator(metricName="r2").evaluate(labels([1.5], [4.0])),
    # r2_score/numerics/tiny/squares-underflow
    "r2-squares-out-of-range": lambda: RegressionEvaluator(metricName="r2").evaluate(
        labels([1e-300, 2e-300, 3e-300, 4e-300], [4e-300, 1e-300, 3e-300, 2e-300])),
    # accuracy_score/errors/empty
    "value-where-sklearn-refuses": lambda: multiclass(
        spark.createDataFrame([], "label double, prediction double"), metricName="accuracy"),
    # average_precision_score/errors/empty
    "empty-input-crash": lambda: BinaryClassificationEvaluator(metricName="areaUnderPR").evaluate(
        spark.createDataFrame([], "label double, rawPrediction double")),
    # accuracy_score/validation/sample_weight/negative
    "negative-weight-refused": lambda: multiclass(labels([0, 1, 1, 0, 1, 0], [0, 1, 0, 0, 1, 1],
                                                         [1.0, 2.0, 0.5, -1.0, 1.0, 2.0]),
                                                  metricName="accuracy", weightCol="weight"),
    # accuracy_score/validation/y_true/nan-first
    "non-finite-values-accepted": lambda: multiclass(labels([math.nan, 1, 1, 0, 1, 0], [0, 1, 0, 0, 1, 1], WEIGHTS),
                                                     metricName="accuracy", weightCol="weight"),
    # accuracy_score/validation/sample_weight/all-zero
    "all-zero-weights-accepted": lambda: multiclass(labels([0, 1, 1, 0, 1, 0], [0, 1, 0, 0, 1, 1], [0.0] * 6),
                                                    metricName="accuracy", weightCol="weight"),
}


def main() -> None:
    print(json.dumps({divergence: attempt(confirm) for divergence, confirm in CONFIRM.items()}, indent=1))
    sys.stdout.flush()
    os._exit(0)  # the JVM's shutdown hooks take seconds


if __name__ == "__main__":
    main()
