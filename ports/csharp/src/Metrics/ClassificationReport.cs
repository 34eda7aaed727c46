using System;
using System.Collections.Generic;
using System.Globalization;

namespace CSharpPort.Metrics
{
    /// <summary>One row of a report: precision, recall, F1 and support.</summary>
    public sealed class ReportRow
    {
        public string Name;
        public double Precision, Recall, F1, Support;
    }

    /// <summary>
    /// scikit-learn's classification_report(output_dict=True) as a typed object: one row per label,
    /// then accuracy (when the labels cover every observed label) or a micro average, then the macro
    /// and weighted averages, all through the same precision/recall/F path as Precision, Recall and F1.
    /// ZeroDivision defaults to Zero.
    /// </summary>
    public sealed class ClassificationReport
    {
        public IReadOnlyList<ReportRow> Labels { get; private set; }
        /// <summary>Set when the labels cover every observed label; MicroAverage is then null.</summary>
        public double? Accuracy { get; private set; }
        public ReportRow MicroAverage { get; private set; }
        public ReportRow MacroAverage { get; private set; }
        public ReportRow WeightedAverage { get; private set; }

        /// <summary>targetNames names the labels in order.  Without labels it must have one name per
        /// observed label (ArgumentException otherwise); with labels, rows are paired with names up to the
        /// shorter of the two, as scikit-learn does.</summary>
        public static ClassificationReport Compute(int[] yTrue, int[] yPred, int[] labels = null, string[] targetNames = null,
                                                   double[] sampleWeight = null, ZeroDivision zeroDivision = ZeroDivision.Zero)
        {
            Check.Targets(yTrue, yPred, sampleWeight);
            int[] present = Check.Present(yTrue, yPred);
            bool labelsGiven = labels != null;
            int[] scored = labels ?? present;
            bool microIsAccuracy = !labelsGiven || new HashSet<int>(scored).IsSupersetOf(present);
            if (targetNames != null && targetNames.Length != scored.Length && !labelsGiven)
                Check.Fail(string.Format("Number of classes, {0}, does not match size of targetNames, {1}; give labels",
                                         scored.Length, targetNames.Length));
            string[] names = targetNames;
            if (names == null)
            {
                names = new string[scored.Length];
                for (int k = 0; k < scored.Length; k++) names[k] = scored[k].ToString(CultureInfo.InvariantCulture);
            }
            var cm = ConfusionMatrix.Tally(yTrue, yPred, labels, sampleWeight);
            var perLabel = Prf.Compute(cm, Averaging.None, 1.0, zeroDivision);
            var rows = new List<ReportRow>();
            for (int k = 0; k < Math.Min(names.Length, scored.Length); k++)
                rows.Add(new ReportRow
                {
                    Name = names[k], Precision = perLabel.Precision[k], Recall = perLabel.Recall[k],
                    F1 = perLabel.FScore[k], Support = perLabel.Support[k],
                });
            double support = Prf.Sum(perLabel.Support);
            var report = new ClassificationReport { Labels = rows.AsReadOnly() };
            var micro = Average(cm, Averaging.Micro, "micro avg", support, zeroDivision);
            if (microIsAccuracy) report.Accuracy = micro.Precision;
            else report.MicroAverage = micro;
            report.MacroAverage = Average(cm, Averaging.Macro, "macro avg", support, zeroDivision);
            report.WeightedAverage = Average(cm, Averaging.Weighted, "weighted avg", support, zeroDivision);
            return report;
        }

        static ReportRow Average(ConfusionMatrix cm, Averaging average, string name, double support, ZeroDivision zeroDivision)
        {
            var r = Prf.Compute(cm, average, 1.0, zeroDivision);
            return new ReportRow { Name = name, Precision = r.Precision[0], Recall = r.Recall[0], F1 = r.FScore[0], Support = support };
        }

        /// <summary>The report keyed as scikit-learn's output_dict: each row's name maps to
        /// {precision, recall, f1-score, support}, "accuracy" to a number.  A later row whose name is
        /// already a key replaces that key's value in place.</summary>
        public IList<KeyValuePair<string, object>> ToDictionary()
        {
            var keys = new List<string>();
            var values = new Dictionary<string, object>();
            Action<string, object> put = (key, value) =>
            {
                if (!values.ContainsKey(key)) keys.Add(key);
                values[key] = value;
            };
            foreach (var row in Labels) put(row.Name, Fields(row));
            if (Accuracy.HasValue) put("accuracy", Accuracy.Value);
            else put(MicroAverage.Name, Fields(MicroAverage));
            put(MacroAverage.Name, Fields(MacroAverage));
            put(WeightedAverage.Name, Fields(WeightedAverage));
            var result = new List<KeyValuePair<string, object>>();
            foreach (string key in keys) result.Add(new KeyValuePair<string, object>(key, values[key]));
            return result;
        }

        static IList<KeyValuePair<string, object>> Fields(ReportRow row)
        {
            return new List<KeyValuePair<string, object>>
            {
                new KeyValuePair<string, object>("precision", row.Precision),
                new KeyValuePair<string, object>("recall", row.Recall),
                new KeyValuePair<string, object>("f1-score", row.F1),
                new KeyValuePair<string, object>("support", row.Support),
            };
        }
    }
}
