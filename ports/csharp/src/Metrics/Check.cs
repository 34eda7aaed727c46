using System;
using System.Collections.Generic;

namespace CSharpPort.Metrics
{
    /// <summary>An undefined ratio under ZeroDivision.Throw.</summary>
    public sealed class UndefinedMetricException : ArithmeticException
    {
        public UndefinedMetricException(string message) : base(message) { }
    }

    /// <summary>Argument checks shared by every metric.  The library rejects input on purpose with
    /// ArgumentException (bad arrays) and ArgumentOutOfRangeException (a parameter outside its range),
    /// and with nothing else.</summary>
    internal static class Check
    {
        internal static void Fail(string message)
        {
            throw new ArgumentException(message);
        }

        internal static void OutOfRange(string name, object value, string message)
        {
            throw new ArgumentOutOfRangeException(name, value, message);
        }

        /// <summary>Same lengths, at least one sample, finite weights not all zero.</summary>
        internal static void Targets(int[] yTrue, int[] yPred, double[] sampleWeight)
        {
            if (yTrue == null || yPred == null) Fail("yTrue and yPred are required");
            bool weightsDiffer = sampleWeight != null && sampleWeight.Length != yTrue.Length;
            if (yTrue.Length != yPred.Length || weightsDiffer)
            {
                string lengths = sampleWeight == null
                    ? string.Format("[{0}, {1}]", yTrue.Length, yPred.Length)
                    : string.Format("[{0}, {1}, {2}]", yTrue.Length, yPred.Length, sampleWeight.Length);
                Fail("Found input variables with inconsistent numbers of samples: " + lengths);
            }
            if (yTrue.Length == 0) Fail("Found empty input array: at least one sample is required");
            if (sampleWeight != null)
            {
                bool anyNonZero = false;
                foreach (double w in sampleWeight)
                {
                    if (double.IsNaN(w) || double.IsInfinity(w)) Fail("sampleWeight must be finite");
                    if (w != 0) anyNonZero = true;
                }
                if (!anyNonZero) Fail("Sample weights must contain at least one non-zero number.");
            }
        }

        /// <summary>The sorted distinct labels of both vectors.</summary>
        internal static int[] Present(int[] yTrue, int[] yPred)
        {
            var set = new SortedSet<int>(yTrue);
            set.UnionWith(yPred);
            var result = new int[set.Count];
            set.CopyTo(result);
            return result;
        }

        internal static double Undefined(ZeroDivision zeroDivision, string what)
        {
            switch (zeroDivision)
            {
                case ZeroDivision.Zero: return 0.0;
                case ZeroDivision.One: return 1.0;
                case ZeroDivision.NaN: return double.NaN;
                default: throw new UndefinedMetricException(what + " is undefined (0/0)");
            }
        }
    }
}
