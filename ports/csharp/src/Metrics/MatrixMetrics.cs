using System;

namespace CSharpPort.Metrics
{
    /// <summary>scikit-learn's accuracy_score, read off the matrix: the diagonal over the total weight.</summary>
    public static class Accuracy
    {
        /// <summary>The fraction of the weight on the diagonal; with normalize false, that weight itself.</summary>
        public static double Score(ConfusionMatrix cm, bool normalize = true)
        {
            double correct = 0;
            var diagonal = cm.Diagonal();
            foreach (double d in diagonal) correct += d;
            return normalize ? correct / cm.TotalWeight : correct;
        }

        public static double Score(int[] yTrue, int[] yPred, double[] sampleWeight = null, bool normalize = true)
        {
            return Score(ConfusionMatrix.Compute(yTrue, yPred, null, sampleWeight), normalize);
        }
    }

    /// <summary>scikit-learn's balanced_accuracy_score: the mean per-label recall over the labels of the
    /// matrix that have true samples (a label only ever predicted has no recall and takes no part).
    /// Reads the Size × Size view only.</summary>
    public static class BalancedAccuracy
    {
        public static double Score(ConfusionMatrix cm, bool adjusted = false)
        {
            var sums = MatrixSums.Of(cm);
            double total = 0;
            int n = 0;
            for (int k = 0; k < cm.Size; k++)
            {
                double recall = cm[k, k] / sums.Rows[k];
                if (double.IsNaN(recall)) continue;
                total += recall;
                n++;
            }
            double score = total / n;
            if (adjusted)
            {
                double chance = 1.0 / n;
                score -= chance;
                score /= 1 - chance;
            }
            return score;
        }

        /// <summary>labels builds a restricted matrix, which is then scored over its own labels;
        /// scikit-learn's balanced_accuracy_score has no labels.</summary>
        public static double Score(int[] yTrue, int[] yPred, double[] sampleWeight = null, bool adjusted = false, int[] labels = null)
        {
            return Score(ConfusionMatrix.Compute(yTrue, yPred, labels, sampleWeight), adjusted);
        }
    }

    /// <summary>scikit-learn's matthews_corrcoef, read off the matrix's view.  When the denominator
    /// vanishes (one side holds a single label) the value is zeroDivision's: Zero by default, which is
    /// the 0.0 scikit-learn hard-codes.  The parameter itself is this library's own.</summary>
    public static class MatthewsCorrelation
    {
        public static double Score(ConfusionMatrix cm, ZeroDivision zeroDivision = ZeroDivision.Zero)
        {
            var s = MatrixSums.Of(cm);
            double samples = 0;
            foreach (double p in s.Columns) samples += p;
            double covTruePred = s.Trace * samples - Dot(s.Rows, s.Columns);
            double covPredPred = samples * samples - Dot(s.Columns, s.Columns);
            double covTrueTrue = samples * samples - Dot(s.Rows, s.Rows);
            double denominator = covPredPred * covTrueTrue;
            if (denominator == 0) return Check.Undefined(zeroDivision, "Matthews correlation");
            return covTruePred / Math.Sqrt(denominator);
        }

        public static double Score(int[] yTrue, int[] yPred, double[] sampleWeight = null,
                                   ZeroDivision zeroDivision = ZeroDivision.Zero, int[] labels = null)
        {
            return Score(ConfusionMatrix.Compute(yTrue, yPred, labels, sampleWeight), zeroDivision);
        }

        static double Dot(double[] a, double[] b)
        {
            double s = 0;
            for (int i = 0; i < a.Length; i++) s += a[i] * b[i];
            return s;
        }
    }

    /// <summary>scikit-learn's cohen_kappa_score, read off the matrix's view: weighting is its weights=
    /// (distance between label positions, so the order of Labels matters), zeroDivision its
    /// replace_undefined_by, NaN by default as there.</summary>
    public static class CohenKappa
    {
        public static double Score(ConfusionMatrix cm, KappaWeighting weighting = KappaWeighting.None,
                                   ZeroDivision zeroDivision = ZeroDivision.NaN)
        {
            int n = cm.Size;
            var s = MatrixSums.Of(cm);
            // scikit-learn: expected = outer(column sums, row sums) / total
            double total = 0;
            foreach (double c in s.Columns) total += c;
            if (total == 0) return Check.Undefined(zeroDivision, "Cohen's kappa (no sample left in the matrix)");
            double observed = 0, expected = 0;
            for (int i = 0; i < n; i++)
            {
                for (int j = 0; j < n; j++)
                {
                    double w;
                    switch (weighting)
                    {
                        case KappaWeighting.None: w = i == j ? 0 : 1; break;
                        case KappaWeighting.Linear: w = Math.Abs(j - i); break;
                        default: w = (double)(j - i) * (j - i); break;
                    }
                    observed += w * cm[i, j];
                    expected += w * (s.Columns[i] * s.Rows[j] / total);
                }
            }
            if (expected == 0) return Check.Undefined(zeroDivision, "Cohen's kappa (one label in common)");
            return 1 - observed / expected;
        }

        /// <summary>labels restricts (and orders) the matrix, dropping every sample outside it;
        /// ArgumentException when none of them occurs in y1.</summary>
        public static double Score(int[] y1, int[] y2, int[] labels = null, KappaWeighting weighting = KappaWeighting.None,
                                   double[] sampleWeight = null, ZeroDivision zeroDivision = ZeroDivision.NaN)
        {
            return Score(ConfusionMatrix.Compute(y1, y2, labels, sampleWeight), weighting, zeroDivision);
        }
    }
}
