package metricparity.weka

import metricparity.protocol.checkCorpus
import metricparity.protocol.serve
import metricparity.protocol.writeResults
import java.io.File
import kotlin.system.exitProcess

/*
 * Entry point of the Weka port's jar (run with Weka 3.6 on the class path, port.yaml `command`):
 *
 *   parity-weka.jar                              protocol 2 on stdin/stdout (docs/protocol.md)
 *   parity-weka.jar --results OUT --corpus DIR   the test runner: every case of DIR through Weka in-process,
 *                                                written as a results file for `parity verify PORT --results OUT`
 *   parity-weka.jar --check-corpus DIR           load a corpus with the Kotlin reader, print a JSON summary
 *   parity-weka.jar --confirm                    each declared divergence, by a direct Weka call on its smallest case
 *
 * The protocol loop, the results-file runner, the corpus reader and the JSON codec are the
 * Kotlin library shared with ports/kotlin (ports/kotlin-common/src, compiled in by build.sh).
 */

fun implementation(): Map<String, Any?> = linkedMapOf(
    "name" to "weka",
    "version" to weka.core.Version.VERSION,
    "language" to "kotlin",
    "language_version" to KotlinVersion.CURRENT.toString(),
    "jvm" to (System.getProperty("java.vm.name") + " " + System.getProperty("java.version")),
    "adapter" to Adapter.VERSION,
    "source" to "weka.classifiers.Evaluation (Debian package weka)"
)

fun main(args: Array<String>) {
    val code = when {
        args.isEmpty() -> serve("weka port", implementation()) { call, _, _ -> Adapter.run(call) }
        args.size == 4 && args[0] == "--results" && args[2] == "--corpus" ->
            writeResults(File(args[3]), File(args[1]), implementation()) { call, _, _ -> Adapter.run(call) }
        args.size == 2 && args[0] == "--check-corpus" -> checkCorpus(File(args[1]))
        args.size == 1 && args[0] == "--confirm" -> Confirm.run()
        else -> {
            System.err.println("usage: parity-weka.jar [--results OUT --corpus DIR | --check-corpus DIR | --confirm]")
            2
        }
    }
    System.out.flush()
    exitProcess(code)
}
