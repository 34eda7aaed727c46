"use strict";
// metric-parity protocol-2 adapter for the npm package ml-confusion-matrix
// (docs/protocol.md).  One JSON message per stdin line, one answer per stdout line.
//
// The library is a confusion matrix (ConfusionMatrix.fromLabels) with per-label
// one-vs-rest statistics (getPositivePredictiveValue, getTruePositiveRate,
// getF1Score, getMatthewsCorrelationCoefficient, ...) and whole-matrix ones
// (getAccuracy, getTrueCount, getFalseCount, getMatrix).  This adapter only
// translates: scikit-learn's metric and keyword names in, the library's calls
// out, and the library's answers in scikit-learn's shape.  It never computes a
// metric itself; a keyword or mode the library has no way to express (sample
// weights, averaging, zero_division=0/1, F-beta with beta != 1, normalisation)
// is answered `skipped` with the reason.
//
// From a run message it reads the call only: `metric`, `inputs` and `params`
// (protocol 2 sends nothing else it could read; the port declares no input forms
// and no streaming).
//
// Errors are reported with the type the library threw (port.yaml `refusals` lists
// the one it throws on purpose, Error).  An exception whose throwing frame is not
// inside the library (the adapter's own code) is additionally marked uncaught.

const path = require("node:path");
const readline = require("node:readline");
const { ConfusionMatrix } = require("ml-confusion-matrix");
const LIBRARY_VERSION = require("ml-confusion-matrix/package.json").version;
const LIBRARY_DIR = path.dirname(require.resolve("ml-confusion-matrix/package.json")) + path.sep;

// ---- the corpus encoding: non-finite numbers travel as strings, both ways ----
const decodeNumeric = (v) => Array.isArray(v) ? v.map(decodeNumeric)
  : v === "NaN" ? NaN : v === "Infinity" ? Infinity : v === "-Infinity" ? -Infinity : v;
const encode = (v) => Array.isArray(v) ? v.map(encode)
  : typeof v === "number" && Number.isNaN(v) ? "NaN"
    : v === Infinity ? "Infinity" : v === -Infinity ? "-Infinity" : v;
const decodeParam = decodeNumeric;  // in params exactly the three strings are floats too

class Skip {
  constructor(reason) { this.reason = reason; }
}
const skip = (reason) => { throw new Skip(reason); };

// scikit-learn orders classes as np.unique does: sorted, strings by Unicode code
// point.  The library keeps first-seen order unless given a `sort` comparator, so
// the adapter passes one.  JavaScript's `<` on strings compares UTF-16 code units,
// which puts U+FF5E after U+1F600 (a surrogate pair starts at 0xD83D): the
// comparator walks code points instead.  Numbers and strings never share a class
// set in scikit-learn (it refuses the mix); here they compare as their String forms.
function compareCodePoints(x, y) {
  const a = Array.from(x), b = Array.from(y);  // Array.from splits a string into code points
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const d = a[i].codePointAt(0) - b[i].codePointAt(0);
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

function compareLabels(a, b) {
  // NaN against any number gives NaN, which sort reads as "equal": a NaN class lands wherever the sort
  // leaves it.  No order is owed there: scikit-learn refuses NaN labels (port.yaml nan-label-drops-its-samples).
  if (typeof a === "number" && typeof b === "number") return a - b;
  return compareCodePoints(String(a), String(b));
}

function labelArray(value, name) {
  if (!Array.isArray(value)) skip(`${name} is not an array`);
  if (value.some((v) => Array.isArray(v))) skip(`${name} is 2-D (multilabel / indicator input): the library takes 1-D label arrays`);
  return value;
}

// Which keywords each metric may carry, and the values the library can express.
function checkKeywords(c, allowedInputs, allowedParams) {
  for (const k of Object.keys(c.inputs)) {
    if (c.inputs[k] === null || c.inputs[k] === undefined) continue;
    if (k === "sample_weight") skip("the library has no sample weights");
    if (!allowedInputs.includes(k)) skip(`${c.metric}: the library has no input ${k}`);
  }
  for (const k of Object.keys(c.params)) {
    if (!allowedParams.includes(k)) skip(`${c.metric}: the library has no parameter ${k}`);
  }
}

// The library has one zero-division behaviour: IEEE 0/0 = NaN.  A case asking for
// NaN, or leaving scikit-learn's default ("warn"), is run; an explicit 0 or 1 is a
// value the library cannot be asked for.
function checkZeroDivision(params) {
  if (!("zero_division" in params)) return;
  const zd = decodeParam(params.zero_division);
  if (zd === "warn" || Number.isNaN(zd)) return;
  skip(`the library has no zero_division parameter (its 0/0 is NaN); cannot express zero_division=${JSON.stringify(params.zero_division)}`);
}

function matrixOver(yTrue, yPred, extraLabels) {
  // Every observed label, plus labels the case declares, so that a declared but
  // absent label is a row of zeros (the library's `labels` option) and samples of
  // other classes still count as false positives/negatives, as in scikit-learn.
  const observed = Array.from(new Set([...yTrue, ...yPred])).sort(compareLabels);
  if (!extraLabels) return ConfusionMatrix.fromLabels(yTrue, yPred, { sort: compareLabels });
  const all = [...extraLabels, ...observed.filter((l) => !extraLabels.includes(l))];
  return ConfusionMatrix.fromLabels(yTrue, yPred, { labels: all });
}

// Per-label statistics, by scikit-learn's name.
const PER_LABEL = {
  precision: (cm, l) => cm.getPositivePredictiveValue(l),
  recall: (cm, l) => cm.getTruePositiveRate(l),
  f1: (cm, l) => cm.getF1Score(l),
  support: (cm, l) => cm.getPositiveCount(l),
};

function prfFamily(c, which) {
  // which: "precision" | "recall" | "f1" | "prfs"
  const base = ["average", "labels", "pos_label", "zero_division"];
  const allowed = which === "prfs" ? [...base, "beta", "warn_for"] : c.metric === "fbeta_score" ? [...base, "beta"] : base;
  checkKeywords(c, ["y_true", "y_pred"], allowed);
  const p = c.params;
  if ("beta" in p) {
    const beta = decodeParam(p.beta);
    if (beta !== 1) skip(`the library has F1 only (getF1Score), no F-beta with beta=${JSON.stringify(p.beta)}`);
  } else if (c.metric === "fbeta_score") {
    skip("fbeta_score without beta");
  }
  checkZeroDivision(p);
  const yTrue = labelArray(decodeNumeric(c.inputs.y_true), "y_true");
  const yPred = labelArray(decodeNumeric(c.inputs.y_pred), "y_pred");
  // scikit-learn's default is average="binary" for the scores, None for prfs.
  const average = "average" in p ? p.average : which === "prfs" ? null : "binary";
  const stats = which === "prfs" ? ["precision", "recall", "f1"] : [which];

  if (average === "binary") {
    // One label's one-vs-rest statistics: the library's per-label getters.
    const pos = "pos_label" in p ? decodeParam(p.pos_label) : 1;
    const cm = ConfusionMatrix.fromLabels(yTrue, yPred, { sort: compareLabels });
    const values = stats.map((s) => PER_LABEL[s](cm, pos));
    return which === "prfs" ? [...values, null] : values[0];
  }
  if (average === null) {
    // Per-class values: the library's getter for each label, in scikit-learn's order.
    const declared = "labels" in p && p.labels !== null ? decodeNumeric(p.labels) : null;
    const cm = matrixOver(yTrue, yPred, declared);
    const labels = declared ?? cm.getLabels();
    const columns = (which === "prfs" ? [...stats, "support"] : stats)
      .map((s) => labels.map((l) => PER_LABEL[s](cm, l)));
    return which === "prfs" ? columns : columns[0];
  }
  return skip(`the library has per-label statistics only, no average=${JSON.stringify(average)}`);
}

const METRICS = {
  accuracy_score(c) {
    checkKeywords(c, ["y_true", "y_pred"], ["normalize"]);
    const yTrue = labelArray(decodeNumeric(c.inputs.y_true), "y_true");
    const yPred = labelArray(decodeNumeric(c.inputs.y_pred), "y_pred");
    const cm = ConfusionMatrix.fromLabels(yTrue, yPred);
    return c.params.normalize === false ? cm.getTrueCount() : cm.getAccuracy();
  },

  confusion_matrix(c) {
    checkKeywords(c, ["y_true", "y_pred"], ["labels", "normalize"]);
    if (c.params.normalize !== undefined && c.params.normalize !== null) {
      skip(`the library has no normalised confusion matrix (normalize=${JSON.stringify(c.params.normalize)})`);
    }
    const yTrue = labelArray(decodeNumeric(c.inputs.y_true), "y_true");
    const yPred = labelArray(decodeNumeric(c.inputs.y_pred), "y_pred");
    const labels = c.params.labels;
    const options = labels === undefined || labels === null ? { sort: compareLabels } : { labels: decodeNumeric(labels) };
    return ConfusionMatrix.fromLabels(yTrue, yPred, options).getMatrix();
  },

  multilabel_confusion_matrix(c) {
    checkKeywords(c, ["y_true", "y_pred"], ["labels", "samplewise"]);
    if (c.params.samplewise === true) skip("the library has one matrix over all samples, no per-sample confusion matrices (samplewise=True)");
    const yTrue = labelArray(decodeNumeric(c.inputs.y_true), "y_true");
    const yPred = labelArray(decodeNumeric(c.inputs.y_pred), "y_pred");
    const declared = "labels" in c.params && c.params.labels !== null ? decodeNumeric(c.params.labels) : null;
    const cm = matrixOver(yTrue, yPred, declared);
    // scikit-learn's per-class 2x2 layout is [[TN, FP], [FN, TP]]; the library's
    // getConfusionTable is [[TP, FN], [FP, TN]]: the same four counts, arranged.
    return (declared ?? cm.getLabels()).map((l) => [
      [cm.getTrueNegativeCount(l), cm.getFalsePositiveCount(l)],
      [cm.getFalseNegativeCount(l), cm.getTruePositiveCount(l)],
    ]);
  },

  matthews_corrcoef(c) {
    checkKeywords(c, ["y_true", "y_pred"], []);
    const yTrue = labelArray(decodeNumeric(c.inputs.y_true), "y_true");
    const yPred = labelArray(decodeNumeric(c.inputs.y_pred), "y_pred");
    const cm = ConfusionMatrix.fromLabels(yTrue, yPred, { sort: compareLabels });
    const labels = cm.getLabels();
    if (labels.length > 2) {
      skip("the library's MCC is per label (one-vs-rest); it has no multiclass MCC");
    }
    // Binary MCC is the same whichever class is called positive; ask for the
    // larger label, scikit-learn's positive class.
    return cm.getMatthewsCorrelationCoefficient(labels[labels.length - 1]);
  },

  zero_one_loss(c) {
    checkKeywords(c, ["y_true", "y_pred"], ["normalize"]);
    if (c.params.normalize !== false) skip("the library counts misclassifications (getFalseCount) but has no misclassification rate");
    const yTrue = labelArray(decodeNumeric(c.inputs.y_true), "y_true");
    const yPred = labelArray(decodeNumeric(c.inputs.y_pred), "y_pred");
    return ConfusionMatrix.fromLabels(yTrue, yPred).getFalseCount();
  },

  precision_score: (c) => prfFamily(c, "precision"),
  recall_score: (c) => prfFamily(c, "recall"),
  f1_score: (c) => prfFamily(c, "f1"),
  fbeta_score: (c) => prfFamily(c, "f1"),
  precision_recall_fscore_support: (c) => prfFamily(c, "prfs"),
};

// Whether an exception was thrown by the library's own code: of the stack frames in
// this adapter or in the installed package, the innermost is the package's (frames
// of Node's internals and built-ins, such as `new Set`, are passed over).  Deliberate
// rejections (`throw new Error(...)`) and crashes inside the library (a TypeError
// from reading undefined) both are; a bug of this adapter is not.
function thrownByLibrary(e) {
  if (!(e instanceof Error) || typeof e.stack !== "string") return false;
  const frame = e.stack.split("\n").find((line) => /^\s+at /.test(line)
    && (line.includes(LIBRARY_DIR) || line.includes(__filename)));
  return frame !== undefined && frame.includes(LIBRARY_DIR);
}

// One run message -> {value} | {error} | {skipped}.  Reads message.metric,
// message.inputs and message.params, nothing else.
function run(message) {
  const c = { metric: message.metric, inputs: message.inputs || {}, params: message.params || {} };
  const fn = Object.prototype.hasOwnProperty.call(METRICS, c.metric) ? METRICS[c.metric] : null;
  if (fn === null) return { skipped: "no such metric in ml-confusion-matrix" };
  try {
    return { value: encode(fn(c)) };
  } catch (e) {
    if (e instanceof Skip) return { skipped: e.reason };
    // The real type, whatever it is: the harness decides from port.yaml `refusals`
    // whether it is a rejection of the input (Error) or a crash.
    const type = e instanceof Error ? e.name : typeof e;
    const error = { type, message: String(e instanceof Error ? e.message : e) };
    if (!thrownByLibrary(e)) error.uncaught = true;  // the adapter's own failure
    return { error };
  }
}

function implementation() {
  return {
    name: "ml-confusion-matrix",
    version: LIBRARY_VERSION,
    language: "javascript",
    language_version: `node ${process.version}`,
    homepage: "https://github.com/mljs/confusion-matrix#readme",
    issues: "https://github.com/mljs/confusion-matrix/issues",
    source: "https://www.npmjs.com/package/ml-confusion-matrix/v/2.0.0",
  };
}

const send = (message) => process.stdout.write(JSON.stringify(message) + "\n");
const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on("line", (line) => {
  if (!line.trim()) return;
  const message = JSON.parse(line);
  if (message.cmd === "start") {
    send({ protocol: 2, implementation: implementation() });
  } else if (message.cmd === "run") {
    send({ seq: message.seq, ...run(message) });
  } else if (message.cmd === "stop") {
    lines.close();
    process.stdin.destroy();
  } else {
    process.stderr.write(`mljs adapter: unknown command ${JSON.stringify(message.cmd)}\n`);
  }
});
