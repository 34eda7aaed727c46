// The library's enums.  Each stands for one scikit-learn keyword, under the names of the
// design record this library follows (reference system 003, docs/reference-systems.md).
namespace CSharpPort.Metrics
{
    /// <summary>What ConfusionMatrix.ToArray scales the cells by: scikit-learn's
    /// confusion_matrix(normalize=None|"true"|"pred"|"all").  A projection: the matrix itself is
    /// never normalized, so a normalized array cannot be handed to a metric.</summary>
    public enum Normalization
    {
        /// <summary>The counts (weights) themselves: the identity.</summary>
        None,
        /// <summary>Each row divided by its sum (over the true labels).</summary>
        True,
        /// <summary>Each column divided by its sum (over the predicted labels).</summary>
        Pred,
        /// <summary>Every cell divided by the total.</summary>
        All,
    }

    /// <summary>The value of an undefined ratio (0/0).  One enum, whose default differs per metric so
    /// that each default call returns scikit-learn's number: Zero for precision, recall, F, the report
    /// and Matthews; NaN for Cohen's kappa.</summary>
    public enum ZeroDivision
    {
        Zero,
        One,
        NaN,
        /// <summary>Throw UndefinedMetricException, where scikit-learn would only warn.</summary>
        Throw,
    }

    /// <summary>scikit-learn's average= for precision, recall and F.  None is per class.</summary>
    public enum Averaging
    {
        Binary,
        Micro,
        Macro,
        Weighted,
        None,
    }

    /// <summary>cohen_kappa_score(weights=...), renamed so that it cannot be mistaken for sample weights:
    /// the disagreement weight between two label positions.</summary>
    public enum KappaWeighting
    {
        None,
        Linear,
        Quadratic,
    }
}
