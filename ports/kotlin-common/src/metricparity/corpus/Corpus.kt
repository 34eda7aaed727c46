package metricparity.corpus

import java.io.File
import java.security.MessageDigest

/*
 * A reader of metric-parity oracle corpora (docs/format.md), the way a Kotlin
 * project would vendor and consume one: MANIFEST.json plus one JSON file per metric.
 *
 * Encoding rules (format.md, "Values"):
 *  - in expected values every scalar is a number; the strings "NaN", "Infinity"
 *    and "-Infinity" are those doubles, and any other string (or a boolean) is
 *    refused;
 *  - in inputs the three strings are the same doubles and any other string is a
 *    label, kept as a String (decision 0033: ["cat", "dog"], or a word where a
 *    number belongs), except a misspelling of the three ("nan", "inf"), which is
 *    refused so that a misspelt number never becomes a class;
 *  - in params, which hold genuine strings ("macro", "warn"), exactly those three
 *    strings are doubles and every other string stays a string;
 *  - a bare NaN/Infinity token is not JSON and is refused by the parser.
 *
 * Like the reference loader it refuses the whole corpus, listing every problem
 * with its file and case id, when anything is wrong: a file the manifest does not
 * list or whose sha256 or case count disagrees, a duplicate id, a missing or
 * unknown case field, a bad numeric slot.
 */

val NONFINITE: Map<String, Double> = mapOf(
    "NaN" to Double.NaN,
    "Infinity" to Double.POSITIVE_INFINITY,
    "-Infinity" to Double.NEGATIVE_INFINITY
)

/** A value that breaks the corpus encoding; [where] names the slot. */
class EncodingException(val where: String, message: String) : Exception("$where: $message")

class CorpusException(val problems: List<String>) : Exception(problems.joinToString("\n"))

class Expected(val value: Any?, val error: Map<String, Any?>?) {
    val isError: Boolean get() = error != null
}

class Case(
    val id: String,
    val metric: String,
    /** Decoded: numbers are Long or Double (non-finite from the three strings), labels String, arrays lists. */
    val inputs: Map<String, Any?>,
    /** Decoded keyword arguments: the three strings are doubles, other strings stay. */
    val params: Map<String, Any?>,
    val expected: Expected,
    val tags: List<String>,
    val file: String
)

class Corpus(val root: File, val manifest: Map<String, Any?>, val cases: List<Case>) {
    val version: String get() = manifest["corpus_version"] as String
    @Suppress("UNCHECKED_CAST")
    val oracle: Map<String, Any?> get() = manifest["oracle"] as Map<String, Any?>
}

object CorpusReader {
    const val FORMAT = 1L
    const val MANIFEST = "MANIFEST.json"
    private const val SCHEMA_DIR = "schema"
    private val CASE_FIELDS = setOf(
        "id", "metric", "description", "inputs", "params", "expected", "tags",
        "spec", "warnings", "source", "conventions", "splits", "tolerance"
    )
    private val REQUIRED = listOf("id", "metric", "inputs", "params", "expected", "tags")

    /** Numbers, null and nested lists/objects of them, with the three strings decoded. */
    fun decodeNumeric(value: Any?, where: String): Any? = when (value) {
        null -> null
        is Boolean -> throw EncodingException(where, "boolean $value where a number is expected")
        is Long, is Double -> value
        is String -> NONFINITE[value] ?: throw EncodingException(
            where, "string \"$value\" where a number is expected (only \"NaN\", \"Infinity\" and \"-Infinity\" are allowed)"
        )
        is List<*> -> value.mapIndexed { i, v -> decodeNumeric(v, "$where[$i]") }
        is Map<*, *> -> value.entries.associate { (k, v) -> k as String to decodeNumeric(v, "$where.$k") }
        else -> throw EncodingException(where, "${value.javaClass.simpleName} where a number is expected")
    }

    /** The ways a non-finite number gets misspelt, lower-cased, with the corpus spelling. */
    private val MISSPELT = mapOf(
        "nan" to "NaN", "+nan" to "NaN", "-nan" to "NaN", "inf" to "Infinity", "+inf" to "Infinity",
        "infinity" to "Infinity", "+infinity" to "Infinity", "-inf" to "-Infinity", "-infinity" to "-Infinity"
    )

    /** A case's input: [decodeNumeric], except that a string other than the three is a label and stays a
     *  String; a misspelt non-finite number ("nan", "inf") is refused. */
    fun decodeInput(value: Any?, where: String): Any? = when (value) {
        is String -> NONFINITE[value] ?: MISSPELT[value.trim().toLowerCase()]?.let { right ->
            throw EncodingException(where, "string \"$value\" looks like a misspelt $right: non-finite numbers are spelt " +
                "\"NaN\", \"Infinity\" and \"-Infinity\", and a label may not be spelt like one")
        } ?: value
        is List<*> -> value.mapIndexed { i, v -> decodeInput(v, "$where[$i]") }
        is Map<*, *> -> value.entries.associate { (k, v) -> k as String to decodeInput(v, "$where.$k") }
        else -> decodeNumeric(value, where)
    }

    /** Keyword arguments are free JSON; only the three exact strings are doubles. */
    fun decodeParam(value: Any?): Any? = when (value) {
        is String -> NONFINITE[value] ?: value
        is List<*> -> value.map { decodeParam(it) }
        is Map<*, *> -> value.entries.associate { (k, v) -> k as String to decodeParam(v) }
        else -> value
    }

    /** One case of a corpus file, checked and decoded. */
    fun decodeCase(raw: Any?, file: String): Case {
        if (raw !is Map<*, *>) throw EncodingException("case", "not an object")
        val id = raw["id"] as? String ?: throw EncodingException("id", "missing or not a string")
        for (field in REQUIRED) if (!raw.containsKey(field)) throw EncodingException(field, "required field is missing")
        for (key in raw.keys) {
            val k = key as String
            if (k !in CASE_FIELDS && !k.startsWith("x-")) throw EncodingException(k, "unknown field")
        }
        val metric = raw["metric"] as? String ?: throw EncodingException("metric", "not a string")
        val inputs = raw["inputs"] as? Map<*, *> ?: throw EncodingException("inputs", "not an object")
        val params = raw["params"] as? Map<*, *> ?: throw EncodingException("params", "not an object")
        val tags = raw["tags"] as? List<*> ?: throw EncodingException("tags", "not an array")
        if (tags.any { it !is String }) throw EncodingException("tags", "not all strings")
        val e = raw["expected"] as? Map<*, *> ?: throw EncodingException("expected", "not an object")
        val expected = when {
            e.containsKey("value") && e.containsKey("error") -> throw EncodingException("expected", "both value and error")
            e.containsKey("value") -> Expected(decodeNumeric(e["value"], "expected.value"), null)
            e.containsKey("error") -> {
                val err = e["error"] as? Map<*, *> ?: throw EncodingException("expected.error", "not an object")
                if (err["type"] !is String || err["message"] !is String) throw EncodingException("expected.error", "needs string type and message")
                Expected(null, err.entries.associate { (k, v) -> k as String to v })
            }
            else -> throw EncodingException("expected", "needs value or error")
        }
        return Case(
            id = id,
            metric = metric,
            inputs = inputs.entries.associate { (k, v) -> k as String to decodeInput(v, "inputs.$k") },
            params = params.entries.associate { (k, v) -> k as String to decodeParam(v) },
            expected = expected,
            tags = tags.map { it as String },
            file = file
        )
    }

    /** The corpus in [root], or CorpusException listing every problem. */
    fun load(root: File): Corpus {
        val problems = ArrayList<String>()
        if (!root.isDirectory) throw CorpusException(listOf("$root: not a directory"))

        val manifest = readJson(File(root, MANIFEST), MANIFEST, problems) as? Map<*, *>
        if (manifest == null && problems.isEmpty()) problems.add("$MANIFEST: not a JSON object")
        if (manifest != null && manifest["format"] != FORMAT) problems.add("$MANIFEST: format ${manifest["format"]} is not $FORMAT")
        val listed = (manifest?.get("files") as? Map<*, *>) ?: emptyMap<Any?, Any?>()

        val onDisk = root.walkTopDown()
            .filter { it.isFile && it.name.endsWith(".json") && it.name != MANIFEST }
            .map { it.relativeTo(root).invariantSeparatorsPath }
            .filter { it.split('/').first() != SCHEMA_DIR }
            .sorted()
            .toList()
        for (name in listed.keys.map { it as String }.sorted()) {
            if (name !in onDisk) problems.add("$MANIFEST: lists $name, which does not exist")
        }
        for (name in onDisk) if (manifest != null && !listed.containsKey(name)) problems.add("$name: is not listed in $MANIFEST")

        val cases = ArrayList<Case>()
        val seen = HashMap<String, String>()
        for (name in onDisk) {
            val file = File(root, name)
            val entry = listed[name] as? Map<*, *>
            if (entry != null) {
                val digest = sha256(file.readBytes())
                if (entry["sha256"] != digest) problems.add("$name: sha256 $digest disagrees with $MANIFEST (${entry["sha256"]})")
            }
            val document = readJson(file, name, problems) as? Map<*, *> ?: continue
            if (document["format"] != FORMAT) problems.add("$name: format ${document["format"]} is not $FORMAT")
            if (manifest != null && document["oracle"] != manifest["oracle"]) {
                problems.add("$name: oracle ${document["oracle"]} differs from $MANIFEST's ${manifest["oracle"]}")
            }
            val rawCases = document["cases"] as? List<*>
            if (rawCases == null) {
                problems.add("$name: no cases array")
                continue
            }
            if (entry != null && entry["cases"] != rawCases.size.toLong()) {
                problems.add("$name: holds ${rawCases.size} cases, $MANIFEST says ${entry["cases"]}")
            }
            for ((index, raw) in rawCases.withIndex()) {
                val rawId = (raw as? Map<*, *>)?.get("id") as? String
                val label = rawId ?: "#$index"
                if (rawId != null && seen.containsKey(rawId)) {
                    problems.add("$name: case $rawId: duplicate id (first in ${seen[rawId]})")
                    continue
                }
                try {
                    val case = decodeCase(raw, name)
                    seen[case.id] = name
                    cases.add(case)
                } catch (e: EncodingException) {
                    problems.add("$name: case $label: ${e.message}")
                }
            }
        }
        if (problems.isNotEmpty()) throw CorpusException(problems)
        @Suppress("UNCHECKED_CAST")
        return Corpus(root, manifest as Map<String, Any?>, cases)
    }

    private fun readJson(file: File, name: String, problems: MutableList<String>): Any? {
        val text = try {
            file.readText(Charsets.UTF_8)
        } catch (e: java.io.IOException) {
            problems.add("$name: cannot read: ${e.message}")
            return null
        }
        return try {
            Json.parse(text)
        } catch (e: JsonException) {
            problems.add("$name: not valid corpus JSON: ${e.message}")
            null
        }
    }

    fun sha256(bytes: ByteArray): String =
        MessageDigest.getInstance("SHA-256").digest(bytes).joinToString("") { String.format("%02x", it) }
}
