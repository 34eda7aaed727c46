package metricparity.corpus

/*
 * A small strict JSON reader and writer (RFC 8259), standard library only:
 * the JVM ports have no Maven registry to fetch a JSON library from.
 *
 * Values read: null, Boolean, String, Long (an integer literal that fits),
 * Double (any other number), List<Any?>, Map<String, Any?> (insertion order).
 * Keeping 1 and 1.0 apart matters: the corpus stores float class IDs as floats.
 * The bare tokens NaN, Infinity and -Infinity are refused, as the corpus format
 * requires (non-finite numbers travel as strings).
 */

class JsonException(message: String) : Exception(message)

object Json {
    fun parse(text: String): Any? {
        val p = Parser(text)
        p.skipSpace()
        val value = p.value()
        p.skipSpace()
        if (!p.atEnd()) throw p.fail("unexpected text after the JSON value")
        return value
    }

    /** One line of JSON.  Doubles that are not finite must have been encoded as strings already. */
    fun write(value: Any?): String = StringBuilder().also { write(value, it) }.toString()

    fun write(value: Any?, out: StringBuilder) {
        when (value) {
            null -> out.append("null")
            is Boolean -> out.append(value)
            is String -> quote(value, out)
            is Double -> {
                if (value.isNaN() || value.isInfinite()) throw JsonException("non-finite number $value: encode it first")
                out.append(value.toString()) // shortest text that reads back as the same double; 1.0E-5 is valid JSON
            }
            is Float -> write(value.toDouble(), out)
            is Int, is Long, is Short, is Byte -> out.append(value.toString())
            is Map<*, *> -> {
                out.append('{')
                var first = true
                for ((k, v) in value) {
                    if (!first) out.append(',')
                    first = false
                    quote(k.toString(), out)
                    out.append(':')
                    write(v, out)
                }
                out.append('}')
            }
            is Iterable<*> -> {
                out.append('[')
                var first = true
                for (v in value) {
                    if (!first) out.append(',')
                    first = false
                    write(v, out)
                }
                out.append(']')
            }
            is Array<*> -> write(value.asList(), out)
            is IntArray -> write(value.asList(), out)
            is LongArray -> write(value.asList(), out)
            is DoubleArray -> write(value.asList(), out)
            else -> throw JsonException("cannot write ${value.javaClass.name} as JSON")
        }
    }

    private fun quote(s: String, out: StringBuilder) {
        out.append('"')
        for (ch in s) {
            when (ch) {
                '"' -> out.append("\\\"")
                '\\' -> out.append("\\\\")
                '\n' -> out.append("\\n")
                '\r' -> out.append("\\r")
                '\t' -> out.append("\\t")
                '\b' -> out.append("\\b")
                '\u000C' -> out.append("\\f")
                else -> if (ch < ' ') out.append(String.format("\\u%04x", ch.toInt())) else out.append(ch)
            }
        }
        out.append('"')
    }

    private class Parser(val s: String) {
        var i = 0

        fun atEnd() = i >= s.length

        fun fail(message: String): JsonException {
            val line = s.substring(0, minOf(i, s.length)).count { it == '\n' } + 1
            return JsonException("line $line, offset $i: $message")
        }

        fun skipSpace() {
            while (i < s.length && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')) i++
        }

        fun value(): Any? {
            if (atEnd()) throw fail("unexpected end of text")
            return when (val c = s[i]) {
                '{' -> obj()
                '[' -> array()
                '"' -> string()
                't' -> literal("true", true)
                'f' -> literal("false", false)
                'n' -> literal("null", null)
                'N' -> throw fail("bare NaN token: non-finite numbers must be the strings \"NaN\", \"Infinity\", \"-Infinity\"")
                'I' -> throw fail("bare Infinity token: non-finite numbers must be the strings \"NaN\", \"Infinity\", \"-Infinity\"")
                else -> if (c == '-' || c in '0'..'9') number() else throw fail("unexpected character '$c'")
            }
        }

        fun literal(word: String, result: Any?): Any? {
            if (!s.startsWith(word, i)) throw fail("unexpected token")
            i += word.length
            return result
        }

        fun obj(): Map<String, Any?> {
            val out = LinkedHashMap<String, Any?>()
            i++ // {
            skipSpace()
            if (!atEnd() && s[i] == '}') { i++; return out }
            while (true) {
                skipSpace()
                if (atEnd() || s[i] != '"') throw fail("expected a string key")
                val key = string()
                skipSpace()
                if (atEnd() || s[i] != ':') throw fail("expected ':'")
                i++
                skipSpace()
                if (out.containsKey(key)) throw fail("duplicate key \"$key\"")
                out[key] = value()
                skipSpace()
                if (atEnd()) throw fail("unterminated object")
                when (s[i]) {
                    ',' -> i++
                    '}' -> { i++; return out }
                    else -> throw fail("expected ',' or '}'")
                }
            }
        }

        fun array(): List<Any?> {
            val out = ArrayList<Any?>()
            i++ // [
            skipSpace()
            if (!atEnd() && s[i] == ']') { i++; return out }
            while (true) {
                skipSpace()
                out.add(value())
                skipSpace()
                if (atEnd()) throw fail("unterminated array")
                when (s[i]) {
                    ',' -> i++
                    ']' -> { i++; return out }
                    else -> throw fail("expected ',' or ']'")
                }
            }
        }

        fun string(): String {
            val out = StringBuilder()
            i++ // opening quote
            while (true) {
                if (atEnd()) throw fail("unterminated string")
                val c = s[i++]
                when {
                    c == '"' -> return out.toString()
                    c == '\\' -> {
                        if (atEnd()) throw fail("unterminated escape")
                        when (val e = s[i++]) {
                            '"' -> out.append('"')
                            '\\' -> out.append('\\')
                            '/' -> out.append('/')
                            'b' -> out.append('\b')
                            'f' -> out.append('\u000C')
                            'n' -> out.append('\n')
                            'r' -> out.append('\r')
                            't' -> out.append('\t')
                            'u' -> {
                                if (i + 4 > s.length) throw fail("short \\u escape")
                                val hex = s.substring(i, i + 4)
                                if (!hex.all { it in '0'..'9' || it in 'a'..'f' || it in 'A'..'F' }) throw fail("bad \\u escape")
                                out.append(hex.toInt(16).toChar())
                                i += 4
                            }
                            else -> throw fail("bad escape \\$e")
                        }
                    }
                    c < ' ' -> throw fail("control character in a string")
                    else -> out.append(c)
                }
            }
        }

        fun number(): Any {
            val start = i
            if (s[i] == '-') i++
            if (atEnd()) throw fail("bad number")
            if (s[i] == 'I') throw fail("bare -Infinity token: non-finite numbers must be the strings \"NaN\", \"Infinity\", \"-Infinity\"")
            if (s[i] == '0') i++ else if (s[i] in '1'..'9') digits() else throw fail("bad number")
            var integral = true
            if (!atEnd() && s[i] == '.') {
                integral = false
                i++
                if (atEnd() || s[i] !in '0'..'9') throw fail("bad number: digits must follow '.'")
                digits()
            }
            if (!atEnd() && (s[i] == 'e' || s[i] == 'E')) {
                integral = false
                i++
                if (!atEnd() && (s[i] == '+' || s[i] == '-')) i++
                if (atEnd() || s[i] !in '0'..'9') throw fail("bad number: digits must follow the exponent")
                digits()
            }
            val text = s.substring(start, i)
            if (integral) text.toLongOrNull()?.let { return it }
            return text.toDouble() // Java's parser rounds correctly: the corpus's float64 reads back exactly
        }

        fun digits() {
            while (i < s.length && s[i] in '0'..'9') i++
        }
    }
}
