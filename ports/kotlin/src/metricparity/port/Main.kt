package metricparity.port

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
import kotlin.system.exitProcess

/*
 * Entry point of the Kotlin port's jar:
 *
 *   java -jar build/parity-kotlin.jar                      protocol 2 on stdin/stdout (docs/protocol.md)
 *   java -jar build/parity-kotlin.jar --check-corpus DIR   load a corpus with the Kotlin reader, print a JSON summary
 *   java -jar build/parity-kotlin.jar --replay DIR OUT     run every case of DIR in-process, write a results file
 *                                                          for `parity verify PORT --results OUT`
 *   java -jar build/parity-kotlin.jar --self-test          the library's own fixtures (reference 000/001)
 */

/** The protocol version the port speaks live and writes in the header of a results file. */
const val PROTOCOL = 2

fun implementation(): Map<String, Any?> = linkedMapOf(
    "name" to "metricparity-kotlin",
    "version" to Adapter.VERSION,
    "language" to "kotlin",
    "language_version" to KotlinVersion.CURRENT.toString(),
    "jvm" to (System.getProperty("java.vm.name") + " " + System.getProperty("java.version")),
    "source" to "ports/kotlin/src/metricparity/metrics/Metrics.kt"
)

fun main(args: Array<String>) {
    val code = when {
        args.isEmpty() -> serve()
        args[0] == "--check-corpus" && args.size == 2 -> checkCorpus(File(args[1]))
        args[0] == "--replay" && args.size == 3 -> replay(File(args[1]), File(args[2]))
        args[0] == "--self-test" && args.size == 1 -> SelfTest.run()
        else -> {
            System.err.println("usage: parity-kotlin.jar [--check-corpus DIR | --replay DIR OUT | --self-test]")
            2
        }
    }
    System.out.flush()
    exitProcess(code)
}

/** Protocol 2: one JSON message per line in, one answer per line out, flushed each time. */
fun serve(): Int {
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
            System.err.println("kotlin port: unreadable message: ${e.message}")
            return 1
        }
        when (message["cmd"]) {
            "start" -> send(linkedMapOf("protocol" to PROTOCOL, "implementation" to implementation()))
            "run" -> {
                val answer = try {
                    // The call (metric, inputs, params), "form" (the inputs come as the port.yaml forms
                    // ask: scores, one-hot targets) and "batches" (streaming: true; where to cut the
                    // samples into update() calls).  Nothing else of the message is read.
                    Adapter.run(Call.decode(message), message["form"] as? Map<*, *>, batchCuts(message["batches"]))
                } catch (e: EncodingException) {
                    mapOf("error" to mapOf("type" to "EncodingException", "message" to (e.message ?: ""), "uncaught" to true))
                }
                send(linkedMapOf<String, Any?>("seq" to message["seq"]).apply { putAll(answer) })
            }
            "stop" -> return 0
            else -> System.err.println("kotlin port: unknown command ${message["cmd"]}")
        }
    }
}

/** A run message's "batches": ascending cut indices, or null when it has none. */
fun batchCuts(value: Any?): List<Int>? = (value as? List<*>)?.map {
    (it as? Long)?.toInt() ?: throw EncodingException("batches", "$it is not a cut index")
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

/**
 * Runs every case of the corpus through the adapter in-process and writes the
 * offline results file of docs/protocol.md (a header, then one answer per case id).
 */
fun replay(dir: File, outFile: File): Int {
    val corpus = try {
        CorpusReader.load(dir)
    } catch (e: CorpusException) {
        e.problems.forEach { System.err.println(it) }
        return 1
    }
    outFile.absoluteFile.parentFile?.mkdirs()
    outFile.bufferedWriter(Charsets.UTF_8).use { w ->
        w.write(Json.write(linkedMapOf("protocol" to PROTOCOL, "implementation" to implementation())))
        w.write("\n")
        for (c in corpus.cases) {
            w.write(Json.write(linkedMapOf<String, Any?>("id" to c.id).apply { putAll(Adapter.run(Call.of(c))) }))
            w.write("\n")
        }
    }
    System.err.println("replayed ${corpus.cases.size} cases into $outFile")
    return 0
}
