"""Protocol 2 adapter for Spark MLlib's evaluators, on a local Spark engine (README.md here).

One JSON message per stdin line, one answer per stdout line.  A run message carries the metric, its
inputs and its params; the adapter reads nothing else of it.  One SparkSession (``local[2]``) serves
the whole process; it is started, and one evaluation is run to warm the JVM, before ``start`` is
answered.  For each case the adapter

1. maps scikit-learn's metric and keywords to one ``pyspark.ml.evaluation`` evaluator and its params
   (``f1_score(average="weighted")`` -> ``MulticlassClassificationEvaluator(metricName="f1")``,
   ``precision_score(pos_label=2)`` -> ``metricName="precisionByLabel", metricLabel=2.0``,
   ``sample_weight`` -> ``weightCol``), answering ``skipped`` when Spark has no way to say it;
2. builds one DataFrame of the case's samples (``label``, ``prediction`` or ``rawPrediction`` or
   ``probability``, and ``weight``), labels as the doubles they are;
3. answers what ``evaluate`` returned.  A per-class answer (``average=None``) reads every class from one
   ``MulticlassMetrics`` (the Scala object ``MulticlassClassificationEvaluator.evaluate`` builds and reads
   one metric of) built once on the same DataFrame, so one Spark job serves all classes.
   An exception is answered with its class name (a Java exception's own, not Py4J's wrapper): Spark's
   ``IllegalArgumentException`` (its param and ``require`` checks), ``SparkRuntimeException`` (its
   weight check's ``raise_error``) and ``NumberFormatException`` (ANSI mode refusing to cast a word in a
   string column to double) are refusals; anything else is marked ``uncaught``.

String class labels are skipped (Spark's evaluators take double labels; decision 0040).  A word where a
number belongs (``"abc"`` in ``sample_weight``, ``y_score``, a regression target) makes that column a
string column, as a CSV reader would, and Spark's own type check or cast answers.  NaN and infinite
values go in as the doubles they are.

It never computes a metric itself: every number in an answer is one that Spark returned.
"""

from __future__ import annotations

import json
import math
import os
import platform
import sys
import traceback

from conformance.encoding import NONFINITE, decode_param, loads, to_json

_dumps = json.JSONEncoder(allow_nan=False, separators=(",", ":")).encode


class Skip(Exception):
    """Spark cannot express this case; the message is the reason."""


def start_spark():
    """The one local SparkSession of this process, quiet, and warmed by one evaluation."""
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    from pyspark.sql import SparkSession

    spark = (SparkSession.builder.master("local[2]").appName("metric-parity")
             .config("spark.ui.enabled", "false")
             .config("spark.sql.shuffle.partitions", "2")
             .config("spark.driver.extraJavaOptions", "-Dlog4j2.level=OFF")
             .config("spark.ui.showConsoleProgress", "false")
             .getOrCreate())
    spark.sparkContext.setLogLevel("OFF")
    return spark


# --------------------------------------------------------------------------- inputs


def values(value):
    if isinstance(value, list):
        return [values(v) for v in value]
    if isinstance(value, str) and value in NONFINITE:
        return NONFINITE[value]
    return value


def column(case: dict, name: str, two_d: str | None = None) -> list:
    """One input as a flat list; a 2-D one is skipped (``two_d`` says why, for an input with its own reason)."""
    v = values(case["inputs"][name])
    if not isinstance(v, list) or any(isinstance(x, list) for x in v):
        raise Skip(two_d or f"2-D {name}: not mapped (Spark's evaluators read one number per sample in these columns)")
    return v


def doubles(case: dict, name: str) -> list:
    """Class labels as doubles; string class labels are skipped (decision 0040)."""
    v = column(case, name)
    if any(isinstance(x, str) or isinstance(x, bool) for x in v):
        raise Skip(f"{name} holds strings: Spark's evaluators take numeric (double) labels (class names go "
                   "through a StringIndexer first, whose indices are not scikit-learn's classes)")
    return [float(x) for x in v]


def numeric(case: dict, name: str, two_d: str | None = None) -> list:
    """A numeric input (scores, targets, predictions, weights) as doubles; one holding a word where a number
    belongs as the strings it holds, which becomes a string column that the evaluator's type check meets."""
    v = column(case, name, two_d)
    if any(isinstance(x, str) for x in v):
        return [str(x) for x in v]
    return [float(x) for x in v]


def check_keys(case: dict, inputs: set[str], mapped: set[str], defaults: dict | None = None) -> None:
    extra = sorted(k for k, v in case["inputs"].items() if k not in inputs and v is not None)
    if extra:
        raise Skip(f"no Spark equivalent for {', '.join(extra)}")
    for key, value in case["params"].items():
        if key in mapped:
            continue
        v = decode_param(value)
        if defaults is not None and key in defaults and v == defaults[key]:
            continue
        said = f"{key} given as a list" if isinstance(v, list) else f"{key}={v!r}"
        raise Skip(f"{said}: Spark's evaluator for {case['metric']} has no such choice")


def weights(case: dict):
    if case["inputs"].get("sample_weight") is None:
        return None
    return numeric(case, "sample_weight",
                   "2-D sample_weight: Spark's weightCol holds one double per row (one weight per sample)")


# --------------------------------------------------------------------------- the calls


class Spark:
    """Evaluations on the process's SparkSession."""

    def __init__(self, spark):
        from pyspark.ml import evaluation
        from pyspark.ml.linalg import Vectors, VectorUDT
        from pyspark.sql.types import DoubleType, StringType, StructField, StructType

        self.spark, self.ev, self.Vectors = spark, evaluation, Vectors
        self.D, self.S, self.V, self.ST, self.SF = DoubleType(), StringType(), VectorUDT(), StructType, StructField

    def frame(self, columns: dict[str, list], types: dict[str, object] | None = None):
        names = list(columns)
        n = len(columns[names[0]])
        if any(len(columns[c]) != n for c in names):
            raise LengthMismatch()
        types = dict(types or {})
        for c in names:  # a column holding words is a string column, as a CSV reader would make it
            if any(isinstance(v, str) for v in columns[c]):
                types[c] = self.S
        schema = self.ST([self.SF(c, types.get(c, self.D)) for c in names])
        rows = list(zip(*(columns[c] for c in names)))
        return self.spark.createDataFrame(rows, schema)

    def multiclass(self, y_true, y_pred, w, **params):
        cols = {"label": y_true, "prediction": y_pred}
        if w is not None:
            cols["weight"] = w
            params["weightCol"] = "weight"
        return self.ev.MulticlassClassificationEvaluator(**params).evaluate(self.frame(cols))

    def per_class(self, y_true, y_pred, w, read: str, classes: list, beta: float = 1.0):
        """One MulticlassMetrics on the case's DataFrame (the object the evaluator builds), read per class."""
        cols = {"prediction": y_pred, "label": y_true}
        if w is not None:
            cols["weight"] = w
        df = self.frame(cols)
        metrics = self.spark._jvm.org.apache.spark.mllib.evaluation.MulticlassMetrics(df._jdf)
        get = {"precision": lambda c: metrics.precision(c), "recall": lambda c: metrics.recall(c),
               "fbeta": lambda c: metrics.fMeasure(c, float(beta))}[read]
        return [get(float(c)) for c in classes]

    def log_loss(self, y_true, proba, w):
        cols = {"label": y_true, "probability": [self.Vectors.dense(p) for p in proba],
                "prediction": [0.0] * len(y_true)}
        params = {"metricName": "logLoss", "probabilityCol": "probability"}
        if w is not None:
            cols["weight"] = w
            params["weightCol"] = "weight"
        return self.ev.MulticlassClassificationEvaluator(**params).evaluate(
            self.frame(cols, {"probability": self.V}))

    def binary(self, y_true, scores, w, metric):
        cols = {"label": y_true, "rawPrediction": scores}
        params = {"metricName": metric}
        if w is not None:
            cols["weight"] = w
            params["weightCol"] = "weight"
        return self.ev.BinaryClassificationEvaluator(**params).evaluate(self.frame(cols))

    def regression(self, y_true, y_pred, w, metric):
        cols = {"label": y_true, "prediction": y_pred}
        params = {"metricName": metric}
        if w is not None:
            cols["weight"] = w
            params["weightCol"] = "weight"
        return self.ev.RegressionEvaluator(**params).evaluate(self.frame(cols))


class LengthMismatch(Exception):
    """Arrays of different lengths: no row to hold the samples of the longer one."""


# --------------------------------------------------------------------------- label metrics

PRF = {"precision_score": "precision", "recall_score": "recall", "f1_score": "fbeta", "fbeta_score": "fbeta"}
WEIGHTED = {"precision": "weightedPrecision", "recall": "weightedRecall"}
BY_LABEL = {"precision": "precisionByLabel", "recall": "recallByLabel", "fbeta": "fMeasureByLabel"}


def observed(y_true, y_pred, labels):
    classes = sorted(set(y_true) | set(y_pred))
    if labels is not None and [float(v) for v in values(labels)] != classes:
        raise Skip("labels other than the observed classes in sorted order: Spark's classes are the labels in "
                   "the data; its evaluators have no class list")
    return classes


def label_call(spark: Spark, case: dict):
    metric, p = case["metric"], case["params"]
    y_true, y_pred = doubles(case, "y_true"), doubles(case, "y_pred")
    w = weights(case)
    if metric == "accuracy_score":
        check_keys(case, {"y_true", "y_pred", "sample_weight"}, set(), {"normalize": True})
        return lambda: spark.multiclass(y_true, y_pred, w, metricName="accuracy")
    if metric == "hamming_loss":
        check_keys(case, {"y_true", "y_pred", "sample_weight"}, set())
        return lambda: spark.multiclass(y_true, y_pred, w, metricName="hammingLoss")
    if metric not in PRF:
        raise Skip(f"no such metric in this port: Spark has no {metric}")
    check_keys(case, {"y_true", "y_pred", "sample_weight"}, {"average", "pos_label", "beta", "labels"})
    zd = decode_param(p.get("zero_division", "warn"))
    if zd not in ("warn", 0, 0.0):
        raise Skip(f"zero_division={zd!r}: Spark's precision, recall and F-measure are 0 on a zero division")
    score = PRF[metric]
    beta = float(decode_param(p.get("beta", 1.0))) if metric == "fbeta_score" else 1.0
    average = decode_param(p.get("average", "binary"))
    labels = decode_param(p.get("labels"))
    if average == "binary":
        pos = decode_param(p.get("pos_label", 1))
        if not isinstance(pos, (int, float)) or isinstance(pos, bool):
            raise Skip(f"pos_label={pos!r}: Spark's metricLabel is a double")
        if labels is not None:
            observed(y_true, y_pred, labels)
        return lambda: spark.multiclass(y_true, y_pred, w, metricName=BY_LABEL[score], metricLabel=float(pos),
                                        beta=beta)
    if average is None:
        classes = observed(y_true, y_pred, labels)
        return lambda: spark.per_class(y_true, y_pred, w, score, classes, beta)
    if average == "weighted":
        if labels is not None:
            observed(y_true, y_pred, labels)
        name = WEIGHTED.get(score) or ("f1" if beta == 1.0 else "weightedFMeasure")
        return lambda: spark.multiclass(y_true, y_pred, w, metricName=name, beta=beta)
    raise Skip(f"average={average!r}: Spark's multiclass evaluator has per-label and weighted scores only "
               "(no macro or micro average)")


# --------------------------------------------------------------------------- scores and regression


def no_class(v: float) -> bool:
    """A label scikit-learn has no class for: NaN, an infinity, or a fractional double (a continuous target,
    which scikit-learn refuses).  It reaches Spark as the double it is: BinaryClassificationMetrics counts a
    label above 0.5 as positive, and that reading is what the port reports."""
    return not math.isfinite(v) or not v.is_integer()


def positive(y_true, pos=None):
    """Binary labels as Spark's 0/1: scikit-learn's positive class is ``pos`` when given (average precision's
    pos_label, 1 by default), else 1 when the labels are {0, 1} or {-1, 1} (or part of them), otherwise the
    greater label (roc_auc_score's).  A label with no class (``no_class``) stays the double it is."""
    classes = sorted({v for v in y_true if not no_class(v)})
    if len(classes) > 2:
        raise Skip("more than two classes with one score per sample")
    if pos is None:
        pos = 1.0 if set(classes) <= {0.0, 1.0} or set(classes) <= {-1.0, 1.0} else (classes[-1] if classes else 1.0)
    return [v if no_class(v) else 1.0 if v == pos else 0.0 for v in y_true]


def score_call(spark: Spark, case: dict):
    metric = case["metric"]
    if metric not in ("roc_auc_score", "average_precision_score", "log_loss"):
        raise Skip(f"no such metric in this port: Spark has no {metric}")
    w = weights(case)
    if metric in ("roc_auc_score", "average_precision_score"):
        defaults = ({"average": "macro", "max_fpr": None, "multi_class": "raise"} if metric == "roc_auc_score"
                    else {"average": "macro", "pos_label": 1})
        check_keys(case, {"y_true", "y_score", "sample_weight"}, set(), defaults)
        scores = numeric(case, "y_score")
        # average_precision_score's positive class is its pos_label (1, the only value check_keys lets through)
        target = positive(doubles(case, "y_true"), 1.0 if metric == "average_precision_score" else None)
        name = "areaUnderROC" if metric == "roc_auc_score" else "areaUnderPR"
        return lambda: spark.binary(target, scores, w, name)
    # log_loss: one probability vector per sample
    check_keys(case, {"y_true", "y_proba", "sample_weight"}, set(), {"normalize": True, "labels": None})
    y_true = doubles(case, "y_true")
    proba = values(case["inputs"]["y_proba"])
    classes = sorted({v for v in y_true if math.isfinite(v)})  # a NaN or infinite label stays as it is
    if proba and not isinstance(proba[0], list):
        # one probability of the positive class per sample: Spark's probability vector is (1 - p, p)
        raise Skip("1-D y_proba: Spark's logLoss reads a probability vector per sample, and the adapter "
                   "does not build one from the positive class's probability")
    if proba and len(proba[0]) != len(classes):
        raise Skip("y_proba columns that are not the classes of y_true one to one")
    index = {c: float(i) for i, c in enumerate(classes)}
    return lambda: spark.log_loss([index[v] if math.isfinite(v) else v for v in y_true], proba, w)


REGRESSION = {"mean_squared_error": "mse", "root_mean_squared_error": "rmse", "r2_score": "r2",
              "mean_absolute_error": "mae"}


def regression_call(spark: Spark, case: dict):
    metric = case["metric"]
    defaults = {"multioutput": "uniform_average"}
    if metric == "r2_score":
        defaults["force_finite"] = True
    check_keys(case, {"y_true", "y_pred", "sample_weight"}, set(), defaults)
    y_true, y_pred = numeric(case, "y_true"), numeric(case, "y_pred")
    w = weights(case)
    return lambda: spark.regression(y_true, y_pred, w, REGRESSION[metric])


NO_SUCH = {
    "explained_variance_score": "Spark's RegressionEvaluator 'var' is the variance of the predictions around the "
                                "mean label, not scikit-learn's explained variance score",
    "max_error": "Spark has no max_error",
    "median_absolute_error": "Spark has no median_absolute_error",
    "mean_absolute_percentage_error": "Spark has no mean_absolute_percentage_error",
    "mean_squared_log_error": "Spark has no mean_squared_log_error",
    "root_mean_squared_log_error": "Spark has no root_mean_squared_log_error",
    "balanced_accuracy_score": "Spark has no balanced accuracy",
    "cohen_kappa_score": "Spark has no Cohen's kappa",
    "matthews_corrcoef": "Spark has no Matthews correlation coefficient",
    "jaccard_score": "Spark has no Jaccard index for single-label classes",
    "zero_one_loss": "Spark has no zero_one_loss (its accuracy is the fraction right)",
    "confusion_matrix": "Spark's evaluators return one number (the confusion matrix is MulticlassMetrics's, not an evaluator metric)",
    "multilabel_confusion_matrix": "Spark's evaluators return one number",
    "classification_report": "Spark has no classification report",
    "precision_recall_fscore_support": "Spark's evaluators return one number, not the tuple",
    "brier_score_loss": "Spark has no Brier score",
    "calibration_curve": "Spark has no calibration_curve",
    "expected_calibration_error": "Spark has no calibration error",
    "precision_recall_curve": "Spark's evaluators return one number, not curves",
    "roc_curve": "Spark's evaluators return one number, not curves",
    "top_k_accuracy_score": "Spark has no top-k accuracy",
}
LABEL_METRICS = {"accuracy_score", "hamming_loss", *PRF}


def call(spark: Spark, case: dict):
    metric = case["metric"]
    if metric in NO_SUCH:
        raise Skip(NO_SUCH[metric])
    if metric in LABEL_METRICS:
        return label_call(spark, case)
    if metric in REGRESSION:
        return regression_call(spark, case)
    return score_call(spark, case)


#: What Spark raises on purpose: its require() checks (IllegalArgumentException, as PySpark names them), the
#: raise_error() of its weight check (SparkRuntimeException USER_RAISED_EXCEPTION, "Weights MUST NOT be ...") and
#: ANSI mode's refusal to cast a word to double (CAST_INVALID_INPUT: PySpark's NumberFormatException).
REFUSALS = ("IllegalArgumentException", "SparkRuntimeException", "NumberFormatException")


def library_error(exc: BaseException) -> dict:
    """Spark's exception: IllegalArgumentException (its require() checks, raised in Python by PySpark) is a
    refusal; anything else (a Py4JJavaError of another Java exception, a Python error) is a crash."""
    name = type(exc).__name__
    message = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    java = getattr(exc, "java_exception", None)
    if java is not None:  # a Py4JJavaError: name the Java exception itself
        name = java.getClass().getSimpleName()
        message = str(java.getMessage() or "")
    error = {"type": name, "message": message.strip()[:500]}
    if name not in REFUSALS:
        error["uncaught"] = True
    return error


def run(spark: Spark, case: dict) -> dict:
    try:
        evaluate = call(spark, case)
    except Skip as skip:
        return {"skipped": str(skip)}
    try:
        value = evaluate()
    except LengthMismatch:
        return {"skipped": "arrays of different lengths: a DataFrame row holds one sample of each column, so the "
                           "samples of the longer array have no row"}
    except Exception as exc:  # noqa: BLE001 - Spark's answer is this error
        return {"error": library_error(exc)}
    return {"value": to_json(value)}


def implementation() -> dict:
    import pyspark

    return {"name": "spark-mllib", "version": pyspark.__version__, "language": "scala",
            "language_version": platform.python_version(), "api": "pyspark.ml.evaluation on local[2]",
            "homepage": "https://spark.apache.org/docs/latest/ml-guide.html",
            "source": "https://github.com/apache/spark/tree/master/mllib",
            "issues": "https://issues.apache.org/jira/projects/SPARK"}


def main() -> int:
    out = sys.stdout
    spark = None
    for line in sys.stdin:
        message = loads(line)
        cmd = message.get("cmd")
        if cmd == "run":
            try:
                case = {"metric": message["metric"], "inputs": message["inputs"], "params": message["params"]}
                answer = run(spark, case)
            except Exception as exc:  # noqa: BLE001 - a bug in this adapter, not Spark's answer
                answer = {"error": {"type": type(exc).__name__, "message": str(exc), "uncaught": True,
                                    "traceback": traceback.format_exc()}}
            answer["seq"] = message["seq"]
        elif cmd == "start":
            if spark is None:
                spark = Spark(start_spark())
                spark.multiclass([0.0, 1.0], [0.0, 1.0], None, metricName="accuracy")  # warm the JVM
            answer = {"protocol": 2, "implementation": implementation()}
        elif cmd == "stop":
            out.flush()
            os._exit(0)  # the JVM's shutdown hooks take seconds; nothing is left to write
        else:
            print(f"spark-mllib adapter: unknown command {cmd!r}", file=sys.stderr)
            return 1
        out.write(_dumps(answer) + "\n")
        out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
