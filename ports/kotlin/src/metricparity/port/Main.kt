package metricparity.port

import metricparity.protocol.checkCorpus
import metricparity.protocol.serve
import metricparity.protocol.writeResults
import java.io.File
import kotlin.system.exitProcess

/*
 * Entry point of the Kotlin port's jar:
 *
 *   java -jar build/parity-kotlin.jar                      protocol 2 on stdin/stdout (docs/protocol.md)
 *   java -jar build/parity-kotlin.jar --check-corpus DIR   load a corpus with the Kotlin reader, print a JSON summary
 *   java -jar build/parity-kotlin.jar --replay DIR OUT     run every case of DIR in-process, write a results file
 *                                                          for `parity verify PORT --results OUT`
 *   java -jar build/parity-kotlin.jar --self-test          the library's own fixtures (reference 000/001)
 *
 * The protocol loop, the results-file runner, the corpus reader and the JSON codec are the
 * Kotlin library shared with ports/weka (ports/kotlin-common/src, compiled in by build.sh).
 */

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
        args.isEmpty() -> serve("kotlin port", implementation()) { call, form, batches -> Adapter.run(call, form, batches) }
        args[0] == "--check-corpus" && args.size == 2 -> checkCorpus(File(args[1]))
        args[0] == "--replay" && args.size == 3 ->
            writeResults(File(args[1]), File(args[2]), implementation()) { call, _, _ -> Adapter.run(call) }
        args[0] == "--self-test" && args.size == 1 -> SelfTest.run()
        else -> {
            System.err.println("usage: parity-kotlin.jar [--check-corpus DIR | --replay DIR OUT | --self-test]")
            2
        }
    }
    System.out.flush()
    exitProcess(code)
}
