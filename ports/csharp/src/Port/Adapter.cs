using System;
using System.Collections.Generic;
using System.Globalization;
using CSharpPort.Corpus;
using CSharpPort.Metrics;

namespace CSharpPort.Port
{
    /// <summary>A metric call: scikit-learn's function name, array arguments and keyword arguments, in the
    /// corpus encoding.  All a protocol-2 run message carries, and all the runner takes from a case.</summary>
    public sealed class Call
    {
        public readonly string Metric;
        public readonly JsonValue Inputs;
        public readonly JsonValue Params;

        public Call(string metric, JsonValue inputs, JsonValue parameters)
        {
            Metric = metric;
            Inputs = inputs;
            Params = parameters;
        }
    }

    /// <summary>The adapter's way of saying the library has no such metric, parameter or value.</summary>
    sealed class SkipException : Exception
    {
        public SkipException(string reason) : base(reason) { }
    }

    /// <summary>
    /// The translation layer: scikit-learn's names in, the library's calls out, its result back in
    /// scikit-learn's shape.  Answers value, error (the exception's own type name; marked uncaught when it
    /// was not thrown by the library's own code) or skipped (with what the library lacks).
    /// </summary>
    public static class Adapter
    {
        const string LibraryNamespace = "CSharpPort.Metrics";

        static readonly Dictionary<string, string[]> Accepted = new Dictionary<string, string[]>
        {
            { "accuracy_score", new[] { "y_true", "y_pred", "sample_weight", "normalize" } },
            { "confusion_matrix", new[] { "y_true", "y_pred", "sample_weight", "labels", "normalize" } },
            { "precision_score", new[] { "y_true", "y_pred", "sample_weight", "labels", "pos_label", "average", "zero_division" } },
            { "recall_score", new[] { "y_true", "y_pred", "sample_weight", "labels", "pos_label", "average", "zero_division" } },
            { "f1_score", new[] { "y_true", "y_pred", "sample_weight", "labels", "pos_label", "average", "zero_division" } },
            { "fbeta_score", new[] { "y_true", "y_pred", "sample_weight", "beta", "labels", "pos_label", "average", "zero_division" } },
            { "precision_recall_fscore_support", new[] { "y_true", "y_pred", "sample_weight", "beta", "labels", "pos_label", "average", "zero_division" } },
            { "classification_report", new[] { "y_true", "y_pred", "sample_weight", "labels", "target_names", "digits", "output_dict", "zero_division" } },
            { "balanced_accuracy_score", new[] { "y_true", "y_pred", "sample_weight", "adjusted" } },
            { "matthews_corrcoef", new[] { "y_true", "y_pred", "sample_weight" } },
            { "cohen_kappa_score", new[] { "y1", "y2", "sample_weight", "labels", "weights", "replace_undefined_by" } },
        };

        /// <summary>The answer to one call, as the members of a JSON object: exactly one of value, error, skipped.</summary>
        public static List<KeyValuePair<string, object>> Run(Call call)
        {
            var answer = new List<KeyValuePair<string, object>>();
            try
            {
                answer.Add(new KeyValuePair<string, object>("value", Dispatch(call)));
            }
            catch (SkipException s)
            {
                answer.Add(new KeyValuePair<string, object>("skipped", s.Message));
            }
            catch (Exception e)
            {
                var error = new List<KeyValuePair<string, object>>
                {
                    new KeyValuePair<string, object>("type", e.GetType().Name),
                    new KeyValuePair<string, object>("message", e.Message),
                };
                if (!ThrownByLibrary(e)) error.Add(new KeyValuePair<string, object>("uncaught", true));
                answer.Add(new KeyValuePair<string, object>("error", error));
            }
            return answer;
        }

        /// <summary>An exception the library's own code threw (a deliberate ArgumentException, or a
        /// crash inside it); anything thrown elsewhere (this adapter, the JSON decoder, the runtime called
        /// from here) is not the library's answer.</summary>
        static bool ThrownByLibrary(Exception e)
        {
            var site = e.TargetSite;
            if (site == null)
            {
                var frames = new System.Diagnostics.StackTrace(e).GetFrames();
                if (frames != null && frames.Length > 0) site = frames[0].GetMethod();
            }
            var type = site == null ? null : site.DeclaringType;
            while (type != null && type.DeclaringType != null) type = type.DeclaringType;
            return type != null && type.Namespace == LibraryNamespace;
        }

        static object Dispatch(Call call)
        {
            string[] accepted;
            if (!Accepted.TryGetValue(call.Metric, out accepted)) throw new SkipException("no such metric in this library");
            var inputs = OracleLoader.Input(call.Inputs, "inputs");
            var p = OracleLoader.Params(call.Params);
            var unknown = new List<string>();
            foreach (var m in inputs.Members) if (Array.IndexOf(accepted, m.Key) < 0) unknown.Add(m.Key);
            foreach (var m in p.Members) if (Array.IndexOf(accepted, m.Key) < 0) unknown.Add(m.Key);
            if (unknown.Count > 0) throw new SkipException(call.Metric + " has no parameter " + string.Join(", ", unknown) + " in this library");
            var args = new Args(inputs, p);
            switch (call.Metric)
            {
                case "accuracy_score": return AccuracyScore(args);
                case "confusion_matrix": return ConfusionMatrixOf(args);
                case "balanced_accuracy_score": return BalancedAccuracyScore(args);
                case "matthews_corrcoef": return MatthewsCorrcoef(args);
                case "cohen_kappa_score": return CohenKappaScore(args);
                case "classification_report": return Report(args);
                default: return PrecisionRecallF(call.Metric, args);
            }
        }

        static object AccuracyScore(Args a)
        {
            int[] yTrue = a.Labels("y_true"), yPred = a.Labels("y_pred");
            double[] w = a.Weights();
            var normalize = a.Param("normalize");
            if (normalize == null || normalize.Kind == JsonKind.Null) return Accuracy.Score(yTrue, yPred, w);
            return Accuracy.Score(yTrue, yPred, w, a.Bool("normalize"));
        }

        static object ConfusionMatrixOf(Args a)
        {
            int[] yTrue = a.Labels("y_true"), yPred = a.Labels("y_pred");
            var normalization = Normalization.None;
            var normalize = a.Param("normalize");
            if (normalize != null && normalize.Kind != JsonKind.Null)
            {
                switch (normalize.Kind == JsonKind.String ? normalize.Text : "")
                {
                    case "true": normalization = Normalization.True; break;
                    case "pred": normalization = Normalization.Pred; break;
                    case "all": normalization = Normalization.All; break;
                    default: throw new SkipException("Normalization has no member for normalize=" + normalize.Describe());
                }
            }
            var cm = ConfusionMatrix.Compute(yTrue, yPred, a.LabelList("labels"), a.Weights());
            return normalize == null ? cm.ToArray() : cm.ToArray(normalization);
        }

        static object BalancedAccuracyScore(Args a)
        {
            int[] yTrue = a.Labels("y_true"), yPred = a.Labels("y_pred");
            var adjusted = a.Param("adjusted");
            if (adjusted == null) return BalancedAccuracy.Score(yTrue, yPred, a.Weights());
            return BalancedAccuracy.Score(yTrue, yPred, a.Weights(), a.Bool("adjusted"));
        }

        static object MatthewsCorrcoef(Args a)
        {
            // matthews_corrcoef has no zero-division keyword: the library's default (Zero) answers.
            return MatthewsCorrelation.Score(a.Labels("y_true"), a.Labels("y_pred"), a.Weights());
        }

        static object CohenKappaScore(Args a)
        {
            int[] y1 = a.Labels("y1"), y2 = a.Labels("y2");
            var weighting = KappaWeighting.None;
            var weights = a.Param("weights");
            if (weights != null && weights.Kind != JsonKind.Null)
            {
                switch (weights.Kind == JsonKind.String ? weights.Text : "")
                {
                    case "linear": weighting = KappaWeighting.Linear; break;
                    case "quadratic": weighting = KappaWeighting.Quadratic; break;
                    default: throw new SkipException("KappaWeighting has no member for weights=" + weights.Describe());
                }
            }
            int[] labels = a.LabelList("labels");
            double[] w = a.Weights();
            ZeroDivision? zd = a.ZeroDivisionOf("replace_undefined_by");
            if (zd.HasValue) return CohenKappa.Score(y1, y2, labels, weighting, w, zd.Value);
            return CohenKappa.Score(y1, y2, labels, weighting, w);
        }

        static object Report(Args a)
        {
            var outputDict = a.Param("output_dict");
            if (outputDict == null || !(outputDict.Kind == JsonKind.Bool && outputDict.Bool))
                throw new SkipException("ClassificationReport is a typed object: only output_dict=True has a counterpart (ToDictionary)");
            if (a.Param("digits") != null)
                throw new SkipException("ClassificationReport.ToDictionary has no digits: digits only formats scikit-learn's text report");
            int[] yTrue = a.Labels("y_true"), yPred = a.Labels("y_pred");
            string[] names = null;
            var targetNames = a.Param("target_names");
            if (targetNames != null && targetNames.Kind != JsonKind.Null)
            {
                if (targetNames.Kind != JsonKind.Array) throw new SkipException("targetNames is a string array");
                names = new string[targetNames.Items.Count];
                for (int k = 0; k < names.Length; k++)
                {
                    if (targetNames.Items[k].Kind != JsonKind.String) throw new SkipException("targetNames is a string array");
                    names[k] = targetNames.Items[k].Text;
                }
            }
            // The report's keys are the labels' names, and scikit-learn names a float label by its float ("1.0", not
            // "1"), which the int library cannot: such a report is skipped.  scikit-learn's labels are the `labels`
            // list (floats if any is), else the set of y_true's labels and then y_pred's (a 1.0 of y_pred equal to
            // y_true's 1 is not added), floats if any member is.  With target_names the keys are the names.
            if (names == null && a.FloatLabelKeys())
                throw new SkipException("the report's labels are floats (written 1.0, not 1): the library's labels are int, and the " +
                                        "report's keys name them (scikit-learn writes a float label 1.0 as \"1.0\", an int as \"1\")");
            ZeroDivision? zd = a.ZeroDivisionOf("zero_division");
            var report = zd.HasValue
                ? ClassificationReport.Compute(yTrue, yPred, a.LabelList("labels"), names, a.Weights(), zd.Value)
                : ClassificationReport.Compute(yTrue, yPred, a.LabelList("labels"), names, a.Weights());
            return report.ToDictionary();
        }

        static object PrecisionRecallF(string metric, Args a)
        {
            int[] yTrue = a.Labels("y_true"), yPred = a.Labels("y_pred");
            int[] labels = a.LabelList("labels");
            double[] w = a.Weights();
            // scikit-learn's default average: "binary", but None for precision_recall_fscore_support
            Averaging average = a.Average(metric == "precision_recall_fscore_support" ? Averaging.None : Averaging.Binary);
            int posLabel = 1;
            if (a.Param("pos_label") != null)
            {
                if (average == Averaging.None) throw new SkipException("PerLabel takes no posLabel");
                posLabel = a.Int("pos_label");
            }
            bool hasBeta = metric == "fbeta_score" || metric == "precision_recall_fscore_support";
            double beta = 1.0;
            if (hasBeta && a.Param("beta") != null) beta = a.Double("beta");
            else if (metric == "fbeta_score") throw new SkipException("FBeta.Score needs beta");
            // zero_division absent or "warn" (scikit-learn's default): the library's own default is called.
            ZeroDivision? zd = a.ZeroDivisionOf("zero_division");

            if (metric == "precision_recall_fscore_support")
            {
                var r = zd.HasValue
                    ? FBeta.PrecisionRecallFScore(yTrue, yPred, beta, labels, posLabel, average, w, zd.Value)
                    : FBeta.PrecisionRecallFScore(yTrue, yPred, beta, labels, posLabel, average, w);
                if (r.Averaged) return new object[] { r.Precision[0], r.Recall[0], r.FScore[0], null };
                return new object[] { r.Precision, r.Recall, r.FScore, r.Support };
            }
            if (average == Averaging.None)
            {
                switch (metric)
                {
                    case "precision_score":
                        return zd.HasValue ? Precision.PerLabel(yTrue, yPred, labels, w, zd.Value) : Precision.PerLabel(yTrue, yPred, labels, w);
                    case "recall_score":
                        return zd.HasValue ? Recall.PerLabel(yTrue, yPred, labels, w, zd.Value) : Recall.PerLabel(yTrue, yPred, labels, w);
                    case "f1_score":
                        return zd.HasValue ? F1.PerLabel(yTrue, yPred, labels, w, zd.Value) : F1.PerLabel(yTrue, yPred, labels, w);
                    default:
                        return zd.HasValue ? FBeta.PerLabel(yTrue, yPred, beta, labels, w, zd.Value) : FBeta.PerLabel(yTrue, yPred, beta, labels, w);
                }
            }
            switch (metric)
            {
                case "precision_score":
                    return zd.HasValue ? Precision.Score(yTrue, yPred, labels, posLabel, average, w, zd.Value)
                                       : Precision.Score(yTrue, yPred, labels, posLabel, average, w);
                case "recall_score":
                    return zd.HasValue ? Recall.Score(yTrue, yPred, labels, posLabel, average, w, zd.Value)
                                       : Recall.Score(yTrue, yPred, labels, posLabel, average, w);
                case "f1_score":
                    return zd.HasValue ? F1.Score(yTrue, yPred, labels, posLabel, average, w, zd.Value)
                                       : F1.Score(yTrue, yPred, labels, posLabel, average, w);
                default:
                    return zd.HasValue ? FBeta.Score(yTrue, yPred, beta, labels, posLabel, average, w, zd.Value)
                                       : FBeta.Score(yTrue, yPred, beta, labels, posLabel, average, w);
            }
        }

        /// <summary>Typed access to a call's decoded inputs and keyword arguments.</summary>
        sealed class Args
        {
            readonly JsonValue inputs, p;

            public Args(JsonValue inputs, JsonValue parameters)
            {
                this.inputs = inputs;
                p = parameters;
            }

            public JsonValue Param(string name) { return p.Get(name); }

            /// <summary>A label vector: whole numbers in int range (1 and 1.0 alike).</summary>
            public int[] Labels(string name)
            {
                var v = inputs.Get(name);
                if (v == null) throw new SkipException(name + " is missing");
                if (v.Kind != JsonKind.Array) throw new SkipException(name + " is not an array of labels");
                var labels = new int[v.Items.Count];
                for (int k = 0; k < labels.Length; k++)
                {
                    var item = v.Items[k];
                    if (item.Kind == JsonKind.Array)
                        throw new SkipException(name + " is 2-D (a multilabel indicator matrix): the library takes int label vectors");
                    labels[k] = WholeNumber(item, name);
                }
                return labels;
            }

            /// <summary>Whether scikit-learn's labels for the report are floats: the `labels` list holds a number
            /// written as a float (1.0, 1e0), or the set of y_true's labels, then y_pred's not equal to one of them, does.</summary>
            public bool FloatLabelKeys()
            {
                var given = p.Get("labels");
                var arrays = given != null && given.Kind == JsonKind.Array ? new[] { given } : new[] { inputs.Get("y_true"), inputs.Get("y_pred") };
                var firstIsInteger = new Dictionary<double, bool>();
                foreach (var array in arrays)
                {
                    if (array == null || array.Kind != JsonKind.Array) continue;
                    foreach (var item in array.Items)
                        if (item.Kind == JsonKind.Number && !double.IsNaN(item.Number) && !double.IsInfinity(item.Number) && !firstIsInteger.ContainsKey(item.Number)) firstIsInteger[item.Number] = item.IsInteger;
                }
                return firstIsInteger.ContainsValue(false);
            }

            public int[] LabelList(string name)
            {
                var v = p.Get(name);
                if (v == null || v.Kind == JsonKind.Null) return null;
                if (v.Kind != JsonKind.Array) throw new SkipException(name + " is an int array in this library");
                var labels = new int[v.Items.Count];
                for (int k = 0; k < labels.Length; k++) labels[k] = WholeNumber(v.Items[k], name);
                return labels;
            }

            static int WholeNumber(JsonValue item, string name)
            {
                if (item.Kind != JsonKind.Number) throw new SkipException(name + " holds " + item.Describe() + ": the library's labels are int");
                double x = item.Number;
                if (double.IsNaN(x) || double.IsInfinity(x) || x != Math.Floor(x) || x < int.MinValue || x > int.MaxValue)
                    throw new SkipException(name + " holds " + JsonWriter.Write(x) + ": the library's labels are int");
                return (int)x;
            }

            public double[] Weights()
            {
                var v = inputs.Get("sample_weight");
                if (v == null || v.Kind == JsonKind.Null) return null;
                if (v.Kind != JsonKind.Array) throw new SkipException("sampleWeight is a double array in this library");
                var w = new double[v.Items.Count];
                for (int k = 0; k < w.Length; k++)
                {
                    if (v.Items[k].Kind != JsonKind.Number)
                        throw new SkipException("sample_weight holds " + v.Items[k].Describe() + ": sampleWeight is a double array in this library");
                    w[k] = v.Items[k].Number;
                }
                return w;
            }

            public bool Bool(string name)
            {
                var v = p.Get(name);
                if (v.Kind != JsonKind.Bool) throw new SkipException(name + " is a bool in this library, not " + v.Describe());
                return v.Bool;
            }

            public int Int(string name)
            {
                var v = p.Get(name);
                if (v.Kind != JsonKind.Number || v.Number != Math.Floor(v.Number) || Math.Abs(v.Number) > int.MaxValue)
                    throw new SkipException(name + " is an int label in this library, not " + v.Describe());
                return (int)v.Number;
            }

            public double Double(string name)
            {
                var v = p.Get(name);
                if (v.Kind != JsonKind.Number) throw new SkipException(name + " is a double in this library, not " + v.Describe());
                return v.Number;
            }

            public Averaging Average(Averaging absent)
            {
                var v = p.Get("average");
                if (v == null) return absent;
                if (v.Kind == JsonKind.Null) return Averaging.None;
                switch (v.Kind == JsonKind.String ? v.Text : "")
                {
                    case "binary": return Averaging.Binary;
                    case "micro": return Averaging.Micro;
                    case "macro": return Averaging.Macro;
                    case "weighted": return Averaging.Weighted;
                    case "samples":
                        throw new SkipException("no average=\"samples\": it averages over the samples of multilabel input, which the library does not take");
                }
                throw new SkipException("Averaging has no member for average=" + v.Describe());
            }

            /// <summary>zero_division (0, 1, NaN; "warn" and absent: null, the library's default) or
            /// replace_undefined_by (NaN, 0.0, 1.0): the ZeroDivision member, when there is one.</summary>
            public ZeroDivision? ZeroDivisionOf(string name)
            {
                var v = p.Get(name);
                if (v == null) return null;
                if (v.Kind == JsonKind.String && v.Text == "warn" && name == "zero_division") return null;
                if (v.Kind == JsonKind.Number)
                {
                    if (double.IsNaN(v.Number)) return ZeroDivision.NaN;
                    if (v.Number == 0) return ZeroDivision.Zero;
                    if (v.Number == 1) return ZeroDivision.One;
                }
                throw new SkipException(string.Format(CultureInfo.InvariantCulture,
                    "ZeroDivision has no member for {0}={1} (members: Zero, One, NaN, Throw)", name, v.Describe()));
            }
        }
    }
}
