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
import metricparity.metrics.Tensor
import metricparity.protocol.Call
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
        "reset() forgets the observed classes too: reset + update equals fresh + update" to {
            val m = ConfusionMatrix(); m.update(intArrayOf(4, 3), intArrayOf(3, 4)); m.reset()
            val empty = m.compute().isEmpty() && m.classes().isEmpty()
            m.update(intArrayOf(0, 1), intArrayOf(0, 0))
            val f = f1Score(); f.update(intArrayOf(0, 5), intArrayOf(5, 0)); f.reset(); f.update(PREDS, TARGETS)
            empty && m.classes() == listOf(0, 1) && m.compute().map { it.toList() } == listOf(listOf(1L, 1L), listOf(0L, 0L)) &&
                close(f.compute(), 4.0 / 9)
        },
        "batches add up whatever the cuts, an empty batch included" to {
            val one = F1Score(Averaging.MACRO); one.update(PREDS, TARGETS)
            (0..PREDS.size).all { cut ->
                val two = F1Score(Averaging.MACRO)
                two.update(PREDS.copyOfRange(0, cut), TARGETS.copyOfRange(0, cut))
                two.update(Tensor(intArrayOf(0, 3), DoubleArray(0)), IntArray(0))
                two.update(PREDS.copyOfRange(cut, PREDS.size), TARGETS.copyOfRange(cut, TARGETS.size))
                two.compute() == one.compute()
            }
        },
        "scores go through argmax: logits give the same F1 as hard labels" to {
            val logits = Tensor.rows(arrayOf(doubleArrayOf(0.1, 0.2, 3.0), doubleArrayOf(2.0, 0.0, 1.0), doubleArrayOf(0.0, 5.0, 1.0), doubleArrayOf(-1.0, -2.0, 0.5)))
            val f = f1Score(); f.update(logits, TARGETS); close(f.compute(), 4.0 / 9)
        },
        "argmax takes the first of tied maxima" to {
            val m = ConfusionMatrix(); m.update(Tensor.rows(arrayOf(doubleArrayOf(0.4, 0.4, 0.2), doubleArrayOf(0.1, 0.45, 0.45))), intArrayOf(0, 1))
            m.classes() == listOf(0, 1) && m.compute().map { it.toList() } == listOf(listOf(1L, 0L), listOf(0L, 1L))
        },
        "soft (one-hot) targets give the same F1 as index targets" to {
            val oneHot = Tensor.rows(Array(TARGETS.size) { i -> DoubleArray(3) { if (it == TARGETS[i]) 1.0 else 0.0 } })
            val scores = Tensor.rows(Array(PREDS.size) { i -> DoubleArray(3) { if (it == PREDS[i]) 0.9 else 0.05 } })
            val f = F1Score(); f.update(scores, oneHot); close(f.compute(), 4.0 / 9)
        },
        "soft targets must have the predictions' shape" to {
            val f = F1Score()
            try { f.update(Tensor(intArrayOf(2, 3), DoubleArray(6)), Tensor(intArrayOf(3, 2), DoubleArray(6))); false } catch (e: IllegalArgumentException) { true }
        },
        "dim = 0: class-first (C, n) scores give the same F1 as (n, C) rows" to {
            val rows = Array(PREDS.size) { i -> DoubleArray(3) { if (it == PREDS[i]) 0.9 else 0.05 } }
            val classFirst = Tensor(intArrayOf(3, PREDS.size), DoubleArray(3 * PREDS.size) { rows[it % PREDS.size][it / PREDS.size] })
            val f = f1Score(dim = 0); f.update(classFirst, TARGETS)
            val last = f1Score(); last.update(Tensor.rows(rows), TARGETS)
            close(f.compute(), 4.0 / 9) && f.compute() == last.compute()
        },
        "dim = 1 on (N, C, L) predictions and soft targets: one sample per (n, l)" to {
            // N = 2, C = 3, L = 2: samples (0,0) (0,1) (1,0) (1,1) predict 2, 0, 1, 2 and are 2, 1, 1, 0.
            val predsData = DoubleArray(12)
            val softData = DoubleArray(12)
            for (n in 0 until 2) for (l in 0 until 2) {
                val sample = n * 2 + l
                predsData[(n * 3 + PREDS[sample]) * 2 + l] = 1.0
                softData[(n * 3 + TARGETS[sample]) * 2 + l] = 1.0
            }
            val preds = Tensor(intArrayOf(2, 3, 2), predsData)
            val f = f1Score(dim = 1); f.update(preds, TARGETS)
            val r = Recall(dim = 1); r.update(preds, Tensor(intArrayOf(2, 3, 2), softData))
            close(f.compute(), 4.0 / 9) && close(r.compute(), 0.5)
        },
        "a rank-1 prediction with a rank-0 target is one sample" to {
            val a = accuracy(); a.update(Tensor(intArrayOf(3), doubleArrayOf(0.1, 0.2, 0.7)), intArrayOf(2))
            val m = ConfusionMatrix(); m.update(Tensor(intArrayOf(3), doubleArrayOf(0.1, 0.7, 0.2)), intArrayOf(2))
            a.compute() == 1.0 && m.classes() == listOf(1, 2)
        },
        "a dim that is not an axis is refused" to {
            val f = f1Score(dim = 2)
            try { f.update(Tensor.rows(arrayOf(doubleArrayOf(0.2, 0.8))), intArrayOf(1)); false } catch (e: IllegalArgumentException) { true }
        },
        "unseen columns of the score tensor do not dilute the macro mean" to {
            val scores = Tensor.rows(arrayOf(doubleArrayOf(0.9, 0.0, 0.0, 0.0, 0.1), doubleArrayOf(0.1, 0.6, 0.1, 0.1, 0.1)))
            val f = f1Score(); f.update(scores, intArrayOf(0, 1)); f.compute() == 1.0
        },
        "all predictions wrong: 0.0" to {
            val f = f1Score(); f.update(intArrayOf(1, 2, 0), intArrayOf(0, 1, 2))
            val r = recall(Averaging.MICRO); r.update(intArrayOf(1, 2, 0), intArrayOf(0, 1, 2))
            f.compute() == 0.0 && r.compute() == 0.0
        },
        "an empty (0, 3) score batch computes 0.0 without errors" to {
            val f = f1Score(); f.update(Tensor(intArrayOf(0, 3), DoubleArray(0)), IntArray(0)); f.compute() == 0.0
        },
        "a single sigmoid column at exactly the threshold is class 0" to {
            val r = binaryRecall(0.5); r.update(Tensor.rows(arrayOf(doubleArrayOf(0.5), doubleArrayOf(0.9))), intArrayOf(1, 1)); close(r.compute(), 0.5)
        },
        "a single sigmoid column with threshold 0.6: 0.6 is class 0, 0.61 class 1" to {
            val r = binaryRecall(0.6); r.update(Tensor.rows(arrayOf(doubleArrayOf(0.6), doubleArrayOf(0.61), doubleArrayOf(0.55))), intArrayOf(1, 1, 1))
            close(r.compute(), 1.0 / 3)
        },
        "two-column probabilities with threshold 0.7 use column 1" to {
            val f = binaryF1Score(0.7)
            f.update(Tensor.rows(arrayOf(doubleArrayOf(0.4, 0.6), doubleArrayOf(0.2, 0.8), doubleArrayOf(0.9, 0.1))), intArrayOf(1, 1, 0))
            close(f.compute(), 2.0 / 3)
        },
        "threshold-less BINARY falls back to argmax" to {
            val f = F1Score(Averaging.BINARY)
            f.update(Tensor.rows(arrayOf(doubleArrayOf(0.4, 0.6), doubleArrayOf(0.2, 0.8), doubleArrayOf(0.9, 0.1), doubleArrayOf(0.5, 0.5))), intArrayOf(1, 0, 0, 1))
            close(f.compute(), 0.5) // TP 1 (0.6), FP 1 (0.8), FN 1 (the tie is class 0)
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
            val decoding = try { Call.decode(mapOf("metric" to "f1_score", "inputs" to mapOf("y_true" to listOf("nan")), "params" to emptyMap<String, Any>())); null } catch (e: EncodingException) { e }!!
            !Adapter.thrownByLibrary(own) && Adapter.thrownByLibrary(library) && !Adapter.thrownByLibrary(decoding)
        },
        "adapter: calls reuse one metric instance, reset before each" to {
            val big = Call("f1_score", mapOf("y_true" to listOf(0L, 1L, 2L, 3L, 4L), "y_pred" to listOf(4L, 3L, 2L, 1L, 0L)), mapOf("average" to "macro"))
            val fixture = Call("f1_score", mapOf("y_true" to TARGETS.map { it.toLong() }, "y_pred" to PREDS.map { it.toLong() }), mapOf("average" to "macro"))
            Adapter.run(big)
            val made = Adapter.instanceCount
            val answer = Adapter.run(fixture)
            Adapter.instanceCount == made && close(answer["value"] as Double, 4.0 / 9)
        },
        "adapter: batches become one update() each and give the one-batch value" to {
            val fixture = Call("f1_score", mapOf("y_true" to TARGETS.map { it.toLong() }, "y_pred" to PREDS.map { it.toLong() }), mapOf("average" to "macro"))
            val whole = Adapter.run(fixture)
            val cut = Adapter.run(fixture, null, listOf(1, 3))
            cut["x-updates"] == 3 && cut["value"] == whole["value"] && !whole.containsKey("x-updates")
        },
        "adapter: a class-first form is the library's dim 0, not transposed" to {
            val columns = listOf(listOf(0.1, 0.7), listOf(0.8, 0.2), listOf(0.1, 0.1)) // (C = 3, n = 2)
            val form = mapOf("y_true" to "labels", "y_pred" to "scores-class-first", "classes" to 3L, "class_axis" to 0L)
            val answer = Adapter.run(Call("accuracy_score", mapOf("y_true" to listOf(1L, 0L), "y_pred" to columns), emptyMap()), form)
            answer == mapOf("value" to 1.0)
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
