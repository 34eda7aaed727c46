using System;
using System.Collections.Generic;

namespace CSharpPort.Metrics
{
    /// <summary>Precision, recall, F-beta and support: one number per label, or one each when averaged
    /// (Support is then null).</summary>
    public sealed class PrfResult
    {
        public double[] Precision;
        public double[] Recall;
        public double[] FScore;
        public double[] Support;
        /// <summary>Set when the result is averaged (Averaging other than None): one number each.</summary>
        public bool Averaged;
    }

    /// <summary>
    /// The one place precision, recall, F and the report are computed, from a ConfusionMatrix.  Every
    /// count comes from ConfusionMatrix.TrueSum and PredictedSum, which run over all Stride labels: a
    /// sample whose other label lies outside the requested ones still counts in a requested label's
    /// support or predicted sum, as in scikit-learn's precision_recall_fscore_support(labels=...).
    /// </summary>
    internal static class Prf
    {
        /// <summary>The matrix for the label-taking overloads: scikit-learn's set-wise label rules
        /// (average=Binary needs at most two labels and scores posLabel; labels otherwise selects and
        /// orders the labels scored, possibly none).</summary>
        internal static ConfusionMatrix Matrix(int[] yTrue, int[] yPred, int[] labels, int posLabel,
                                               Averaging average, double[] sampleWeight)
        {
            Check.Targets(yTrue, yPred, sampleWeight);
            if (average == Averaging.Binary)
            {
                int[] present = Check.Present(yTrue, yPred);
                if (present.Length > 2)
                    Check.Fail("Target is multiclass but average is Averaging.Binary; choose Micro, Macro, Weighted or None");
                if (Array.IndexOf(present, posLabel) < 0 && present.Length >= 2)
                    Check.Fail(string.Format("posLabel={0} is not a valid label: it should be one of [{1}]",
                                             posLabel, string.Join(", ", present)));
                labels = new[] { posLabel };
            }
            return ConfusionMatrix.Tally(yTrue, yPred, labels, sampleWeight);
        }

        internal static PrfResult Compute(ConfusionMatrix cm, Averaging average, double beta, ZeroDivision zeroDivision)
        {
            if (double.IsNaN(beta) || beta < 0) Check.OutOfRange("beta", beta, "beta must be >= 0");
            double[] tp = cm.Diagonal();
            double[] trueSum = cm.TrueSum();
            double[] predSum = cm.PredictedSum();
            if (average == Averaging.Micro)
            {
                tp = new[] { Sum(tp) };
                trueSum = new[] { Sum(trueSum) };
                predSum = new[] { Sum(predSum) };
            }
            double[] precision = Divide(tp, predSum, zeroDivision, "precision");
            double[] recall = Divide(tp, trueSum, zeroDivision, "recall");
            double[] f;
            if (double.IsPositiveInfinity(beta)) f = recall;
            else if (beta == 0) f = precision;
            else
            {
                double beta2 = beta * beta;
                var num = new double[tp.Length];
                var den = new double[tp.Length];
                for (int k = 0; k < tp.Length; k++)
                {
                    num[k] = (1 + beta2) * tp[k];
                    den[k] = beta2 * trueSum[k] + predSum[k];
                }
                f = Divide(num, den, zeroDivision, "F-score");
            }
            if (average == Averaging.None)
                return new PrfResult { Precision = precision, Recall = recall, FScore = f, Support = trueSum };
            double[] weights = average == Averaging.Weighted ? trueSum : null;
            return new PrfResult
            {
                Precision = new[] { NanAverage(precision, weights) },
                Recall = new[] { NanAverage(recall, weights) },
                FScore = new[] { NanAverage(f, weights) },
                Support = null,
                Averaged = true,
            };
        }

        /// <summary>Compute for an averaging other than None.</summary>
        internal static PrfResult Averaged(ConfusionMatrix cm, Averaging average, double beta, ZeroDivision zeroDivision)
        {
            if (average == Averaging.None) Check.Fail("Averaging.None gives one number per label: call PerLabel");
            return Compute(cm, average, beta, zeroDivision);
        }

        static double[] Divide(double[] num, double[] den, ZeroDivision zeroDivision, string what)
        {
            var r = new double[num.Length];
            for (int k = 0; k < num.Length; k++)
                r[k] = den[k] == 0 ? Check.Undefined(zeroDivision, what) : num[k] / den[k];
            return r;
        }

        /// <summary>The mean leaving NaN entries out (a label whose ratio is NaN under ZeroDivision.NaN
        /// takes no part), weighted when weights are given and do not all vanish; NaN when nothing is left.</summary>
        internal static double NanAverage(double[] values, double[] weights)
        {
            var kept = new List<int>();
            for (int k = 0; k < values.Length; k++) if (!double.IsNaN(values[k])) kept.Add(k);
            if (kept.Count == 0) return double.NaN;
            if (weights != null)
            {
                double wsum = 0, acc = 0;
                foreach (int k in kept) { wsum += weights[k]; acc += values[k] * weights[k]; }
                if (wsum != 0) return acc / wsum;
            }
            double s = 0;
            foreach (int k in kept) s += values[k];
            return s / kept.Count;
        }

        internal static double Sum(double[] a)
        {
            double s = 0;
            foreach (double x in a) s += x;
            return s;
        }
    }

    /// <summary>scikit-learn's precision_score: Score averages (Averaging.None is PerLabel's), PerLabel gives
    /// one number per label.  ZeroDivision defaults to Zero (its zero_division="warn").</summary>
    public static class Precision
    {
        public static double Score(ConfusionMatrix cm, Averaging average, ZeroDivision zeroDivision = ZeroDivision.Zero)
        {
            return Prf.Averaged(cm, average, 1.0, zeroDivision).Precision[0];
        }

        public static double Score(int[] yTrue, int[] yPred, int[] labels = null, int posLabel = 1,
                                   Averaging average = Averaging.Binary, double[] sampleWeight = null,
                                   ZeroDivision zeroDivision = ZeroDivision.Zero)
        {
            return Score(Prf.Matrix(yTrue, yPred, labels, posLabel, average, sampleWeight), average, zeroDivision);
        }

        public static double[] PerLabel(int[] yTrue, int[] yPred, int[] labels = null, double[] sampleWeight = null,
                                        ZeroDivision zeroDivision = ZeroDivision.Zero)
        {
            var cm = Prf.Matrix(yTrue, yPred, labels, 1, Averaging.None, sampleWeight);
            return Prf.Compute(cm, Averaging.None, 1.0, zeroDivision).Precision;
        }
    }

    /// <summary>scikit-learn's recall_score.  ZeroDivision defaults to Zero.</summary>
    public static class Recall
    {
        public static double Score(ConfusionMatrix cm, Averaging average, ZeroDivision zeroDivision = ZeroDivision.Zero)
        {
            return Prf.Averaged(cm, average, 1.0, zeroDivision).Recall[0];
        }

        public static double Score(int[] yTrue, int[] yPred, int[] labels = null, int posLabel = 1,
                                   Averaging average = Averaging.Binary, double[] sampleWeight = null,
                                   ZeroDivision zeroDivision = ZeroDivision.Zero)
        {
            return Score(Prf.Matrix(yTrue, yPred, labels, posLabel, average, sampleWeight), average, zeroDivision);
        }

        public static double[] PerLabel(int[] yTrue, int[] yPred, int[] labels = null, double[] sampleWeight = null,
                                        ZeroDivision zeroDivision = ZeroDivision.Zero)
        {
            var cm = Prf.Matrix(yTrue, yPred, labels, 1, Averaging.None, sampleWeight);
            return Prf.Compute(cm, Averaging.None, 1.0, zeroDivision).Recall;
        }
    }

    /// <summary>scikit-learn's f1_score.  ZeroDivision defaults to Zero.</summary>
    public static class F1
    {
        public static double Score(ConfusionMatrix cm, Averaging average, ZeroDivision zeroDivision = ZeroDivision.Zero)
        {
            return Prf.Averaged(cm, average, 1.0, zeroDivision).FScore[0];
        }

        public static double Score(int[] yTrue, int[] yPred, int[] labels = null, int posLabel = 1,
                                   Averaging average = Averaging.Binary, double[] sampleWeight = null,
                                   ZeroDivision zeroDivision = ZeroDivision.Zero)
        {
            return Score(Prf.Matrix(yTrue, yPred, labels, posLabel, average, sampleWeight), average, zeroDivision);
        }

        public static double[] PerLabel(int[] yTrue, int[] yPred, int[] labels = null, double[] sampleWeight = null,
                                        ZeroDivision zeroDivision = ZeroDivision.Zero)
        {
            var cm = Prf.Matrix(yTrue, yPred, labels, 1, Averaging.None, sampleWeight);
            return Prf.Compute(cm, Averaging.None, 1.0, zeroDivision).FScore;
        }
    }

    /// <summary>scikit-learn's fbeta_score and precision_recall_fscore_support.  beta must be >= 0
    /// (ArgumentOutOfRangeException otherwise); +Infinity gives recall, 0 precision.  ZeroDivision
    /// defaults to Zero.</summary>
    public static class FBeta
    {
        public static double Score(ConfusionMatrix cm, double beta, Averaging average, ZeroDivision zeroDivision = ZeroDivision.Zero)
        {
            return Prf.Averaged(cm, average, beta, zeroDivision).FScore[0];
        }

        public static double Score(int[] yTrue, int[] yPred, double beta, int[] labels = null, int posLabel = 1,
                                   Averaging average = Averaging.Binary, double[] sampleWeight = null,
                                   ZeroDivision zeroDivision = ZeroDivision.Zero)
        {
            return Score(Prf.Matrix(yTrue, yPred, labels, posLabel, average, sampleWeight), beta, average, zeroDivision);
        }

        public static double[] PerLabel(int[] yTrue, int[] yPred, double beta, int[] labels = null,
                                        double[] sampleWeight = null, ZeroDivision zeroDivision = ZeroDivision.Zero)
        {
            var cm = Prf.Matrix(yTrue, yPred, labels, 1, Averaging.None, sampleWeight);
            return Prf.Compute(cm, Averaging.None, beta, zeroDivision).FScore;
        }

        /// <summary>Precision, recall, F-beta and support together; averaged (one number each, Support
        /// null) unless average is Averaging.None.</summary>
        public static PrfResult PrecisionRecallFScore(int[] yTrue, int[] yPred, double beta = 1.0, int[] labels = null,
                                                      int posLabel = 1, Averaging average = Averaging.None,
                                                      double[] sampleWeight = null,
                                                      ZeroDivision zeroDivision = ZeroDivision.Zero)
        {
            return Prf.Compute(Prf.Matrix(yTrue, yPred, labels, posLabel, average, sampleWeight), average, beta, zeroDivision);
        }
    }
}
