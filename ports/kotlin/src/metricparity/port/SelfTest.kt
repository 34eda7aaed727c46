package metricparity.port

import metricparity.corpus.Json
import metricparity.corpus.EncodingException
import metricparity.corpus.JsonException
import metricparity.metrics.Accuracy
import metricparity.metrics.Averaging
import metricparity.metrics.ConfusionMatrix
import metricparity.metrics.F1Score
import metricparity.metrics.Precision
import metricparity.metrics.Recall
import metricparity.metrics.accuracy
import metricparity.metrics.binaryF1Score
import metricparity.metrics.binaryRecall
import metricparity.metrics.f1Score
import metricparity.metrics.recall

/*
 * The library's own tests, after the fixtures of the Kotlin library's pull requests
 * (reference systems 000 and 001, docs/reference-systems.md), plus the JSON reader's
 * refusals and the adapter's attribution of errors (library refusals vs failures).
 * No test framework is available (standard library only), so this is a plain
 * list of named checks; `--self-test` prints "N passed, M failed".
 */
object SelfTest {
    private val PREDS = intArrayOf(2, 0, 1, 2)
    private val TARGETS = intArrayOf(2, 1, 1, 0)

    private fun close(a: Double, b: Double) = Math.abs(a - b) <= 1e-12

    private val checks: List<Pair<String, () -> Boolean>> = listOf(
        "macro F1 is the mean of per-class F1 (4/9), not F1 of macro P and R (0.5)" to {
            val m = f1Score(Averaging.MACRO); m.update(PREDS, TARGETS)
            close(m.compute(), 4.0 / 9) && !close(m.compute(), 0.5)
        },
        "micro F1 equals accuracy and micro precision on the fixture (0.5)" to {
            val f = f1Score(Averaging.MICRO); f.update(PREDS, TARGETS)
            val a = accuracy(); a.update(PREDS, TARGETS)
            val p = Precision(Averaging.MICRO); p.update(PREDS, TARGETS)
            close(f.compute(), 0.5) && close(a.compute(), 0.5) && close(p.compute(), 0.5)
        },
        "macro recall on the fixture is 0.5 (R = 0, 1/2, 1)" to {
            val r = recall(); r.update(PREDS, TARGETS); close(r.compute(), 0.5)
        },
        "BINARY rejects multiclass labels with IllegalArgumentException" to {
            val f = F1Score(Averaging.BINARY); f.update(intArrayOf(0, 2), intArrayOf(0, 1))
            try { f.compute(); false } catch (e: IllegalArgumentException) { true }
        },
        "BINARY is 0.0 when class 1 was never observed" to {
            val r = Recall(Averaging.BINARY); r.update(intArrayOf(0, 0), intArrayOf(0, 0)); r.compute() == 0.0
        },
        "binary false positive on all-negative targets: recall 0.0, never NaN" to {
            val r = Recall(Averaging.BINARY); r.update(intArrayOf(0, 1, 0), intArrayOf(0, 0, 0)); r.compute() == 0.0
        },
        "a fresh accumulator computes 0.0" to {
            listOf(f1Score(), recall(), Precision(), accuracy()).all { it.compute() == 0.0 }
        },
        "an empty batch computes 0.0 without errors" to {
            val f = f1Score(); f.update(IntArray(0), IntArray(0)); f.compute() == 0.0
        },
        "a class with no true samples (TP=0, FP=1, FN=0) contributes 0.0 to macro recall" to {
            val r = recall(); r.update(intArrayOf(0, 1, 2), intArrayOf(0, 1, 1)); close(r.compute(), (1.0 + 0.5 + 0.0) / 3)
        },
        "classes no batch mentions do not dilute the macro mean" to {
            val f = f1Score(); f.update(intArrayOf(0, 5), intArrayOf(0, 5)); f.compute() == 1.0
        },
        "two update() calls equal one concatenated batch; reset() restores 0.0" to {
            val two = f1Score(); two.update(intArrayOf(2, 0), intArrayOf(2, 1)); two.update(intArrayOf(1, 2), intArrayOf(1, 0))
            val one = f1Score(); one.update(PREDS, TARGETS)
            val same = close(two.compute(), one.compute())
            two.reset()
            same && two.compute() == 0.0
        },
        "scores go through argmax: logits give the same F1 as hard labels" to {
            val logits = arrayOf(doubleArrayOf(0.1, 0.2, 3.0), doubleArrayOf(2.0, 0.0, 1.0), doubleArrayOf(0.0, 5.0, 1.0), doubleArrayOf(-1.0, -2.0, 0.5))
            val f = f1Score(); f.update(logits, TARGETS); close(f.compute(), 4.0 / 9)
        },
        "soft (one-hot) targets give the same F1 as index targets" to {
            val oneHot = Array(TARGETS.size) { i -> DoubleArray(3) { if (it == TARGETS[i]) 1.0 else 0.0 } }
            val scores = Array(PREDS.size) { i -> DoubleArray(3) { if (it == PREDS[i]) 0.9 else 0.05 } }
            val f = F1Score(); f.update(scores, oneHot); close(f.compute(), 4.0 / 9)
        },
        "a single sigmoid column at exactly the threshold is class 0" to {
            val r = binaryRecall(0.5); r.update(arrayOf(doubleArrayOf(0.5), doubleArrayOf(0.9)), intArrayOf(1, 1)); close(r.compute(), 0.5)
        },
        "two-column probabilities with threshold 0.7 use column 1" to {
            val f = binaryF1Score(0.7)
            f.update(arrayOf(doubleArrayOf(0.4, 0.6), doubleArrayOf(0.2, 0.8), doubleArrayOf(0.9, 0.1)), intArrayOf(1, 1, 0))
            close(f.compute(), 2.0 / 3)
        },
        "the confusion matrix is over the observed classes, ascending" to {
            val m = ConfusionMatrix(); m.update(intArrayOf(2, 0, 2), intArrayOf(0, 0, 2))
            m.classes() == listOf(0, 2) && m.compute().map { it.toList() } == listOf(listOf(1L, 1L), listOf(0L, 1L))
        },
        "a refused batch (negative index, length mismatch) leaves no trace" to {
            val a = Accuracy(); a.update(intArrayOf(1), intArrayOf(1))
            val refused = listOf({ a.update(intArrayOf(0, -1), intArrayOf(0, 0)) }, { a.update(intArrayOf(0), intArrayOf(0, 1)) })
                .all { try { it(); false } catch (e: IllegalArgumentException) { true } }
            refused && a.compute() == 1.0
        },
        "adapter: the library's require() is its refusal, answered with the real type and not uncaught" to {
            val answer = Adapter.run(Call("accuracy_score", mapOf("y_true" to listOf(0L, 1L), "y_pred" to listOf(0L)), emptyMap()))
            answer == mapOf("error" to mapOf("type" to "IllegalArgumentException", "message" to "predictions has 1 samples, targets has 2"))
        },
        "adapter: an exception of its own code is uncaught, even an IllegalArgumentException" to {
            val own = try { require(false) { "adapter bug" }; null } catch (e: IllegalArgumentException) { e }!!
            val library = try { Accuracy().update(intArrayOf(-1), intArrayOf(0)); null } catch (e: IllegalArgumentException) { e }!!
            val decoding = try { Call.decode(mapOf("metric" to "f1_score", "inputs" to mapOf("y_true" to listOf("x")), "params" to emptyMap<String, Any>())); null } catch (e: EncodingException) { e }!!
            !Adapter.thrownByLibrary(own) && Adapter.thrownByLibrary(library) && !Adapter.thrownByLibrary(decoding)
        },
        "JSON: 1 and 1.0 stay apart; the three strings are left to the corpus reader" to {
            Json.parse("[1, 1.0, -0.5e1, \"NaN\"]") == listOf(1L, 1.0, -5.0, "NaN")
        },
        "JSON: bare NaN, Infinity and -Infinity tokens are refused" to {
            listOf("NaN", "[Infinity]", "{\"a\": -Infinity}").all { text ->
                try { Json.parse(text); false } catch (e: JsonException) { true }
            }
        },
        "JSON: doubles are written so they read back identical" to {
            val xs = listOf(0.1 + 0.2, 1.0 / 3, 1e-300, 4.0 / 9, 123456789.0)
            (Json.parse(Json.write(xs)) as List<*>) == xs
        }
    )

    fun run(): Int {
        var failed = 0
        for ((name, check) in checks) {
            val ok = try { check() } catch (e: Exception) { System.err.println("  exception: $e"); false }
            println((if (ok) "ok    " else "FAIL  ") + name)
            if (!ok) failed++
        }
        println("self-test: ${checks.size - failed} passed, $failed failed")
        return if (failed == 0) 0 else 1
    }
}
