using System;
using System.Collections.Generic;

namespace CSharpPort.Metrics
{
    /// <summary>
    /// A confusion matrix built in one pass over the samples (rows: true labels, columns: predicted
    /// labels, cells: summed sample weights), which the metrics read instead of walking the samples again.
    ///
    /// It holds <see cref="Size"/> requested labels (all observed labels when none are requested), in
    /// their order, and behind them every other observed label: <see cref="Stride"/> labels in all.  The
    /// Size × Size view is what the matrix is; the rest is kept only so that precision, recall and F can
    /// count every sample (<see cref="TrueSum"/>, <see cref="PredictedSum"/>), as scikit-learn does.
    /// Without requested labels Stride == Size and the two readings coincide.
    ///
    /// A ConfusionMatrix is never normalized: <see cref="ToArray"/> returns scaled copies.
    /// </summary>
    public sealed class ConfusionMatrix
    {
        readonly int[] order;       // Stride labels: the requested ones first
        readonly double[] cells;    // Stride × Stride, row-major
        readonly int size;
        readonly double total;      // the weight of every sample, inside the view or not

        ConfusionMatrix(int[] order, int size, double[] cells, double total)
        {
            this.order = order;
            this.size = size;
            this.cells = cells;
            this.total = total;
        }

        /// <summary>The labels of the view, in matrix order.</summary>
        public IReadOnlyList<int> Labels { get { return Array.AsReadOnly(Slice(order, size)); } }

        /// <summary>The number of labels in the view.</summary>
        public int Size { get { return size; } }

        /// <summary>The number of labels counted: the view's, then every other observed label.</summary>
        public int Stride { get { return order.Length; } }

        /// <summary>A cell of the view: the weight of samples with true label Labels[row] predicted Labels[column].</summary>
        public double this[int row, int column]
        {
            get
            {
                if (row < 0 || row >= size || column < 0 || column >= size) throw new IndexOutOfRangeException();
                return cells[row * order.Length + column];
            }
        }

        /// <summary>The total weight of every sample counted, inside the view or not.</summary>
        public double TotalWeight { get { return total; } }

        /// <summary>
        /// scikit-learn's confusion_matrix(y_true, y_pred, labels=, sample_weight=) without normalize:
        /// labels null means every observed label, sorted.  Refuses (ArgumentException) an empty labels
        /// list and a labels list none of whose labels occurs in yTrue, as scikit-learn does.
        /// </summary>
        public static ConfusionMatrix Compute(int[] yTrue, int[] yPred, int[] labels = null, double[] sampleWeight = null)
        {
            Check.Targets(yTrue, yPred, sampleWeight);
            if (labels != null)
            {
                if (labels.Length == 0) Check.Fail("'labels' should contain at least one label.");
                var inTrue = new HashSet<int>(yTrue);
                bool any = false;
                foreach (int label in labels) any |= inTrue.Contains(label);
                if (!any) Check.Fail("At least one label specified must be in y_true");
            }
            return Tally(yTrue, yPred, labels, sampleWeight);
        }

        /// <summary>The one pass: requested labels first (any, even none), then the other observed ones.
        /// The inputs are checked by the caller.</summary>
        internal static ConfusionMatrix Tally(int[] yTrue, int[] yPred, int[] labels, double[] sampleWeight)
        {
            int[] present = Check.Present(yTrue, yPred);
            int[] order;
            int size;
            var index = new Dictionary<int, int>();
            if (labels == null)
            {
                order = present;
                size = present.Length;
                for (int i = 0; i < order.Length; i++) index[order[i]] = i;
            }
            else
            {
                var all = new List<int>(labels.Length + present.Length);
                foreach (int label in labels)
                {
                    if (index.ContainsKey(label)) Check.Fail("labels must be distinct; " + label + " is repeated");
                    index[label] = all.Count;
                    all.Add(label);
                }
                foreach (int label in present)
                {
                    if (index.ContainsKey(label)) continue;
                    index[label] = all.Count;
                    all.Add(label);
                }
                order = all.ToArray();
                size = labels.Length;
            }
            int stride = order.Length;
            var cells = new double[stride * stride];
            double total = 0;
            for (int i = 0; i < yTrue.Length; i++)
            {
                double w = sampleWeight == null ? 1.0 : sampleWeight[i];
                cells[index[yTrue[i]] * stride + index[yPred[i]]] += w;
                total += w;
            }
            return new ConfusionMatrix(order, size, cells, total);
        }

        /// <summary>
        /// The view as an array, scaled: scikit-learn's normalize= as a projection.  A row, column or
        /// matrix whose sum is zero stays zero (scikit-learn replaces its 0/0 by 0).
        /// </summary>
        public double[,] ToArray(Normalization normalization = Normalization.None)
        {
            var result = new double[size, size];
            var sums = MatrixSums.Of(this);
            for (int i = 0; i < size; i++)
            {
                for (int j = 0; j < size; j++)
                {
                    double cell = this[i, j];
                    double by;
                    switch (normalization)
                    {
                        case Normalization.None: by = 1.0; break;
                        case Normalization.True: by = sums.Rows[i]; break;
                        case Normalization.Pred: by = sums.Columns[j]; break;
                        default: by = sums.Total; break;
                    }
                    double scaled = cell / by;
                    result[i, j] = double.IsNaN(scaled) ? 0.0 : scaled;
                }
            }
            return result;
        }

        /// <summary>The weight on the diagonal, per label of the view.</summary>
        internal double[] Diagonal()
        {
            var d = new double[size];
            for (int k = 0; k < size; k++) d[k] = cells[k * order.Length + k];
            return d;
        }

        /// <summary>Per label of the view: the weight of every sample whose true label it is, whatever was
        /// predicted (all Stride columns).  scikit-learn's true_sum, the support.</summary>
        internal double[] TrueSum()
        {
            int stride = order.Length;
            var sums = new double[size];
            for (int k = 0; k < size; k++)
                for (int j = 0; j < stride; j++) sums[k] += cells[k * stride + j];
            return sums;
        }

        /// <summary>Per label of the view: the weight of every sample predicted as it, whatever the true
        /// label (all Stride rows).  scikit-learn's pred_sum.</summary>
        internal double[] PredictedSum()
        {
            int stride = order.Length;
            var sums = new double[size];
            for (int i = 0; i < stride; i++)
                for (int k = 0; k < size; k++) sums[k] += cells[i * stride + k];
            return sums;
        }

        static int[] Slice(int[] a, int n)
        {
            var r = new int[n];
            Array.Copy(a, r, n);
            return r;
        }
    }

    /// <summary>Row sums, column sums, trace and total of the Size × Size view only: what balanced accuracy,
    /// Matthews and kappa read, so that a matrix restricted to some labels is scored over those labels.</summary>
    internal sealed class MatrixSums
    {
        internal double[] Rows;
        internal double[] Columns;
        internal double Trace;
        internal double Total;

        internal static MatrixSums Of(ConfusionMatrix cm)
        {
            int n = cm.Size;
            var s = new MatrixSums { Rows = new double[n], Columns = new double[n] };
            for (int i = 0; i < n; i++)
            {
                for (int j = 0; j < n; j++)
                {
                    double c = cm[i, j];
                    s.Rows[i] += c;
                    s.Columns[j] += c;
                }
                s.Trace += cm[i, i];
            }
            foreach (double r in s.Rows) s.Total += r;
            return s;
        }
    }
}
