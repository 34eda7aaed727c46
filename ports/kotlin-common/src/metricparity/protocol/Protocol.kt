package metricparity.protocol

import metricparity.corpus.Case
import metricparity.corpus.CorpusException
import metricparity.corpus.CorpusReader
import metricparity.corpus.EncodingException
import metricparity.corpus.Json
import metricparity.corpus.JsonException
import java.io.BufferedReader
import java.io.BufferedWriter
import java.io.File
import java.io.InputStreamReader
import java.io.OutputStreamWriter

/*
 * What every Kotlin port of this suite shares, library-independent: the call a case
 * or a run message makes, protocol 2 on stdin/stdout (docs/protocol.md), the offline
 * results file a port's own test runner writes ("Offline results"), the corpus
 * summary of `--check-corpus`, and the non-finite encoding of answers (decision 0001).
 * A port supplies its start reply's implementation object and one function, the
 * Responder, that answers a call with {"value"}, {"error"} or {"skipped"}; `answer`
 * builds that answer from the library call, a Skip or an exception.
 */

/** The protocol version a port speaks live and writes in the header of a results file. */
const val PROTOCOL = 2

/** One metric call: scikit-learn's function name, its array arguments and its keyword arguments, decoded. */
class Call(val metric: String, val inputs: Map<String, Any?>, val params: Map<String, Any?>) {
    companion object {
        /** The call a corpus case makes (results-file runner). */
        fun of(case: Case) = Call(case.metric, case.inputs, case.params)

        /** The call in a protocol-2 run message: its top-level metric, inputs and params, nothing else. */
        fun decode(message: Map<*, *>): Call {
            val metric = message["metric"] as? String ?: throw EncodingException("metric", "missing or not a string")
            val inputs = message["inputs"] as? Map<*, *> ?: throw EncodingException("inputs", "missing or not an object")
            val params = message["params"] as? Map<*, *> ?: throw EncodingException("params", "missing or not an object")
            return Call(
                metric,
                inputs.entries.associate { (k, v) -> k as String to CorpusReader.decodeInput(v, "inputs.$k") },
                params.entries.associate { (k, v) -> k as String to CorpusReader.decodeParam(v) }
            )
        }
    }
}

/** The library has no way to express this call; the answer is `skipped` with the message. */
class Skip(reason: String) : RuntimeException(reason)

/**
 * The answer to one call: {"value": compute(), encoded}, {"skipped": reason} on Skip, or
 * {"error": {type, message}} with the exception's simple class name, marked "uncaught" (a fault,
 * never a refusal: decision 0013) unless [byLibrary] says the library under test threw it.
 */
fun answer(byLibrary: (Throwable) -> Boolean, compute: () -> Any?): MutableMap<String, Any?> = try {
    linkedMapOf("value" to encode(compute()))
} catch (s: Skip) {
    linkedMapOf("skipped" to s.message)
} catch (e: Exception) {
    val error = linkedMapOf<String, Any?>("type" to e.javaClass.simpleName, "message" to (e.message ?: ""))
    if (!byLibrary(e)) error["uncaught"] = true
    linkedMapOf("error" to error)
}

/** A run message's "form" object (null: labels) and "batches" cut indices (null: one batch) besides the call. */
typealias Responder = (call: Call, form: Map<*, *>?, batches: List<Int>?) -> Map<String, Any?>

/**
 * Protocol 2: one JSON message per line in, one answer per line out, flushed each time.
 * [name] prefixes what goes to stderr; a message that is not JSON ends the port (exit 1).
 */
fun serve(name: String, implementation: Map<String, Any?>, respond: Responder): Int {
    val input = BufferedReader(InputStreamReader(System.`in`, Charsets.UTF_8))
    val out = BufferedWriter(OutputStreamWriter(System.out, Charsets.UTF_8))
    fun send(message: Map<String, Any?>) {
        out.write(Json.write(message))
        out.write("\n")
        out.flush()
    }
    while (true) {
        val line = input.readLine() ?: return 0
        if (line.isBlank()) continue
        val message = try {
            Json.parse(line) as? Map<*, *> ?: throw JsonException("not an object")
        } catch (e: JsonException) {
            System.err.println("$name: unreadable message: ${e.message}")
            return 1
        }
        when (message["cmd"]) {
            "start" -> send(linkedMapOf("protocol" to PROTOCOL, "implementation" to implementation))
            "run" -> {
                val answer = try {
                    respond(Call.decode(message), message["form"] as? Map<*, *>, batchCuts(message["batches"]))
                } catch (e: EncodingException) {
                    mapOf("error" to mapOf("type" to "EncodingException", "message" to (e.message ?: ""), "uncaught" to true))
                }
                send(linkedMapOf<String, Any?>("seq" to message["seq"]).apply { putAll(answer) })
            }
            "stop" -> return 0
            else -> System.err.println("$name: unknown command ${message["cmd"]}")
        }
    }
}

/** A run message's "batches": ascending cut indices, or null when it has none. */
fun batchCuts(value: Any?): List<Int>? = (value as? List<*>)?.map {
    (it as? Long)?.toInt() ?: throw EncodingException("batches", "$it is not a cut index")
}

/**
 * The results-file runner: every case of the corpus in [dir] through [respond] in-process
 * (labels, one batch), written as the offline results file of docs/protocol.md (a header,
 * then one answer per case id) for `parity verify PORT --results OUT`.
 */
fun writeResults(dir: File, outFile: File, implementation: Map<String, Any?>, respond: Responder): Int {
    val corpus = try {
        CorpusReader.load(dir)
    } catch (e: CorpusException) {
        e.problems.forEach { System.err.println(it) }
        return 1
    }
    outFile.absoluteFile.parentFile?.mkdirs()
    outFile.bufferedWriter(Charsets.UTF_8).use { w ->
        w.write(Json.write(linkedMapOf("protocol" to PROTOCOL, "implementation" to implementation)))
        w.write("\n")
        for (c in corpus.cases) {
            w.write(Json.write(linkedMapOf<String, Any?>("id" to c.id).apply { putAll(respond(Call.of(c), null, null)) }))
            w.write("\n")
        }
    }
    System.err.println("ran ${corpus.cases.size} cases into $outFile")
    return 0
}

/** Loads a corpus with the Kotlin reader; prints what it found as one JSON object. */
fun checkCorpus(dir: File): Int {
    val corpus = try {
        CorpusReader.load(dir)
    } catch (e: CorpusException) {
        System.err.println("corpus refused (${e.problems.size} problem(s)):")
        e.problems.forEach { System.err.println("  $it") }
        return 1
    }
    val perMetric = sortedMapOf<String, Int>()
    var errors = 0
    val nonfinite = linkedMapOf("inputs" to 0, "params" to 0, "expected" to 0)
    for (c in corpus.cases) {
        perMetric[c.metric] = (perMetric[c.metric] ?: 0) + 1
        if (c.expected.isError) errors++
        nonfinite["inputs"] = nonfinite["inputs"]!! + countNonFinite(c.inputs)
        nonfinite["params"] = nonfinite["params"]!! + countNonFinite(c.params)
        nonfinite["expected"] = nonfinite["expected"]!! + countNonFinite(c.expected.value)
    }
    println(Json.write(linkedMapOf(
        "corpus_version" to corpus.version,
        "oracle" to corpus.oracle,
        "files" to corpus.cases.map { it.file }.distinct().size,
        "cases" to corpus.cases.size,
        "expected_errors" to errors,
        "nonfinite" to nonfinite,
        "metrics" to perMetric
    )))
    return 0
}

private fun countNonFinite(v: Any?): Int = when (v) {
    is Double -> if (v.isNaN() || v.isInfinite()) 1 else 0
    is Map<*, *> -> v.values.sumBy { countNonFinite(it) }
    is List<*> -> v.sumBy { countNonFinite(it) }
    else -> 0
}

/** A result in the corpus encoding: non-finite doubles become the three strings (decision 0001). */
fun encode(v: Any?): Any? = when (v) {
    is Double -> when {
        v.isNaN() -> "NaN"
        v == Double.POSITIVE_INFINITY -> "Infinity"
        v == Double.NEGATIVE_INFINITY -> "-Infinity"
        else -> v
    }
    is Array<*> -> v.map { encode(it) }
    is DoubleArray -> v.map { encode(it) }
    is LongArray -> v.toList()
    is List<*> -> v.map { encode(it) }
    else -> v
}
