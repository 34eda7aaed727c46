using System;
using System.Collections;
using System.Collections.Generic;
using System.Globalization;
using System.Text;

namespace CSharpPort.Corpus
{
    public enum JsonKind { Null, Bool, Number, String, Array, Object }

    /// <summary>A parsed JSON value.  Numbers keep whether their literal was an integer.</summary>
    public sealed class JsonValue
    {
        public JsonKind Kind;
        public bool Bool;
        public double Number;
        public bool IsInteger;
        public string Text;
        public List<JsonValue> Items;
        public List<KeyValuePair<string, JsonValue>> Members;

        public static readonly JsonValue Null = new JsonValue { Kind = JsonKind.Null };

        public static JsonValue Of(double number, bool isInteger = false)
        {
            return new JsonValue { Kind = JsonKind.Number, Number = number, IsInteger = isInteger };
        }

        /// <summary>The member's value, or null (not JsonValue.Null) when the object has no such key.</summary>
        public JsonValue Get(string key)
        {
            if (Kind != JsonKind.Object) return null;
            foreach (var m in Members) if (m.Key == key) return m.Value;
            return null;
        }

        public bool Has(string key) { return Get(key) != null; }

        public string Describe()
        {
            switch (Kind)
            {
                case JsonKind.Null: return "null";
                case JsonKind.Bool: return Bool ? "true" : "false";
                case JsonKind.String: return "\"" + Text + "\"";
                case JsonKind.Number: return JsonWriter.Write(Number);
                default: return JsonWriter.Write(this);
            }
        }
    }

    public sealed class JsonException : Exception
    {
        public JsonException(string message) : base(message) { }
    }

    /// <summary>A strict JSON reader (RFC 8259): one value, no trailing text, no NaN/Infinity tokens.</summary>
    public sealed class JsonParser
    {
        readonly string s;
        int i;

        JsonParser(string text) { s = text; }

        public static JsonValue Parse(string text)
        {
            var p = new JsonParser(text);
            p.Space();
            var v = p.Value();
            p.Space();
            if (p.i != p.s.Length) p.Fail("trailing text after the JSON value");
            return v;
        }

        void Fail(string message)
        {
            throw new JsonException(string.Format("not valid JSON at character {0}: {1}", i, message));
        }

        void Space()
        {
            while (i < s.Length && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')) i++;
        }

        JsonValue Value()
        {
            if (i >= s.Length) Fail("unexpected end");
            char c = s[i];
            switch (c)
            {
                case '{': return Object();
                case '[': return Array();
                case '"': return new JsonValue { Kind = JsonKind.String, Text = String() };
                case 't': Word("true"); return new JsonValue { Kind = JsonKind.Bool, Bool = true };
                case 'f': Word("false"); return new JsonValue { Kind = JsonKind.Bool, Bool = false };
                case 'n': Word("null"); return JsonValue.Null;
                case 'N': Fail("bare NaN token (non-finite numbers are the strings \"NaN\", \"Infinity\", \"-Infinity\")"); break;
                case 'I': Fail("bare Infinity token (non-finite numbers are the strings \"NaN\", \"Infinity\", \"-Infinity\")"); break;
            }
            if (c == '-' || (c >= '0' && c <= '9')) return NumberValue();
            Fail("unexpected character '" + c + "'");
            return null;
        }

        void Word(string w)
        {
            if (string.CompareOrdinal(s, i, w, 0, w.Length) != 0) Fail("expected " + w);
            i += w.Length;
        }

        JsonValue Object()
        {
            i++;
            var members = new List<KeyValuePair<string, JsonValue>>();
            Space();
            if (i < s.Length && s[i] == '}') { i++; return new JsonValue { Kind = JsonKind.Object, Members = members }; }
            while (true)
            {
                Space();
                if (i >= s.Length || s[i] != '"') Fail("expected a string key");
                string key = String();
                Space();
                if (i >= s.Length || s[i] != ':') Fail("expected ':'");
                i++;
                Space();
                members.Add(new KeyValuePair<string, JsonValue>(key, Value()));
                Space();
                if (i < s.Length && s[i] == ',') { i++; continue; }
                if (i < s.Length && s[i] == '}') { i++; break; }
                Fail("expected ',' or '}'");
            }
            return new JsonValue { Kind = JsonKind.Object, Members = members };
        }

        JsonValue Array()
        {
            i++;
            var items = new List<JsonValue>();
            Space();
            if (i < s.Length && s[i] == ']') { i++; return new JsonValue { Kind = JsonKind.Array, Items = items }; }
            while (true)
            {
                Space();
                items.Add(Value());
                Space();
                if (i < s.Length && s[i] == ',') { i++; continue; }
                if (i < s.Length && s[i] == ']') { i++; break; }
                Fail("expected ',' or ']'");
            }
            return new JsonValue { Kind = JsonKind.Array, Items = items };
        }

        string String()
        {
            i++;
            int start = i;
            while (i < s.Length && s[i] != '"' && s[i] != '\\' && s[i] >= ' ') i++;
            if (i < s.Length && s[i] == '"') { i++; return s.Substring(start, i - 1 - start); }
            var sb = new StringBuilder(s, start, i - start, i - start + 16);
            while (true)
            {
                if (i >= s.Length) Fail("unterminated string");
                char c = s[i++];
                if (c == '"') break;
                if (c < ' ') Fail("control character in a string");
                if (c != '\\') { sb.Append(c); continue; }
                if (i >= s.Length) Fail("unterminated escape");
                char e = s[i++];
                switch (e)
                {
                    case '"': sb.Append('"'); break;
                    case '\\': sb.Append('\\'); break;
                    case '/': sb.Append('/'); break;
                    case 'b': sb.Append('\b'); break;
                    case 'f': sb.Append('\f'); break;
                    case 'n': sb.Append('\n'); break;
                    case 'r': sb.Append('\r'); break;
                    case 't': sb.Append('\t'); break;
                    case 'u':
                        if (i + 4 > s.Length) Fail("short \\u escape");
                        int code;
                        if (!int.TryParse(s.Substring(i, 4), NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture, out code))
                            Fail("bad \\u escape");
                        sb.Append((char)code);
                        i += 4;
                        break;
                    default: Fail("bad escape \\" + e); break;
                }
            }
            return sb.ToString();
        }

        JsonValue NumberValue()
        {
            int start = i;
            bool negative = false;
            if (s[i] == '-') { negative = true; i++; }
            if (i >= s.Length || s[i] < '0' || s[i] > '9') Fail("bad number");
            if (s[i] == '0' && i + 1 < s.Length && s[i + 1] >= '0' && s[i + 1] <= '9') Fail("leading zero");
            long mantissa = 0;
            int digits = 0;
            while (i < s.Length && s[i] >= '0' && s[i] <= '9') { mantissa = mantissa * 10 + (s[i] - '0'); digits++; i++; }
            bool integer = true;
            if (i < s.Length && s[i] == '.')
            {
                integer = false;
                i++;
                if (i >= s.Length || s[i] < '0' || s[i] > '9') Fail("bad fraction");
                while (i < s.Length && s[i] >= '0' && s[i] <= '9') i++;
            }
            if (i < s.Length && (s[i] == 'e' || s[i] == 'E'))
            {
                integer = false;
                i++;
                if (i < s.Length && (s[i] == '+' || s[i] == '-')) i++;
                if (i >= s.Length || s[i] < '0' || s[i] > '9') Fail("bad exponent");
                while (i < s.Length && s[i] >= '0' && s[i] <= '9') i++;
            }
            if (integer && digits <= 15)  // exact in a double: the common case, without a parse
                return JsonValue.Of(negative ? -(double)mantissa : mantissa, true);
            double value = double.Parse(s.Substring(start, i - start), NumberStyles.Float, CultureInfo.InvariantCulture);
            if (double.IsInfinity(value)) Fail("number out of range");
            return JsonValue.Of(value, integer);
        }
    }

    /// <summary>
    /// A JSON writer for answers and results lines: JsonValue, null, bool, string, int, long, double
    /// (non-finite as the strings "NaN", "Infinity", "-Infinity", never as bare tokens), double[],
    /// double[,] (rows), lists, and ordered objects (IList of KeyValuePair).
    /// </summary>
    public static class JsonWriter
    {
        static readonly string[] RoundTrip = { "G15", "G16", "G17" };

        public static string Write(object value)
        {
            var sb = new StringBuilder();
            Append(sb, value);
            return sb.ToString();
        }

        public static string Write(double value)
        {
            if (double.IsNaN(value)) return "\"NaN\"";
            if (double.IsPositiveInfinity(value)) return "\"Infinity\"";
            if (double.IsNegativeInfinity(value)) return "\"-Infinity\"";
            // the shortest of 15, 16 or 17 significant digits that reads back as the same double
            string r = null;
            foreach (string format in RoundTrip)
            {
                r = value.ToString(format, CultureInfo.InvariantCulture);
                if (double.Parse(r, NumberStyles.Float, CultureInfo.InvariantCulture) == value) break;
            }
            return r;
        }

        static void Append(StringBuilder sb, object value)
        {
            if (value == null) { sb.Append("null"); return; }
            var json = value as JsonValue;
            if (json != null) { AppendJson(sb, json); return; }
            if (value is bool) { sb.Append((bool)value ? "true" : "false"); return; }
            if (value is double) { sb.Append(Write((double)value)); return; }
            if (value is int || value is long) { sb.Append(Convert.ToInt64(value).ToString(CultureInfo.InvariantCulture)); return; }
            var text = value as string;
            if (text != null) { AppendString(sb, text); return; }
            var matrix = value as double[,];
            if (matrix != null)
            {
                sb.Append('[');
                for (int r = 0; r < matrix.GetLength(0); r++)
                {
                    if (r > 0) sb.Append(',');
                    sb.Append('[');
                    for (int c = 0; c < matrix.GetLength(1); c++)
                    {
                        if (c > 0) sb.Append(',');
                        sb.Append(Write(matrix[r, c]));
                    }
                    sb.Append(']');
                }
                sb.Append(']');
                return;
            }
            var members = value as IList<KeyValuePair<string, object>>;
            if (members != null)
            {
                sb.Append('{');
                for (int k = 0; k < members.Count; k++)
                {
                    if (k > 0) sb.Append(',');
                    AppendString(sb, members[k].Key);
                    sb.Append(':');
                    Append(sb, members[k].Value);
                }
                sb.Append('}');
                return;
            }
            var list = value as IEnumerable;
            if (list != null)
            {
                sb.Append('[');
                bool first = true;
                foreach (object item in list)
                {
                    if (!first) sb.Append(',');
                    first = false;
                    Append(sb, item);
                }
                sb.Append(']');
                return;
            }
            throw new ArgumentException("cannot write a " + value.GetType().Name + " as JSON");
        }

        static void AppendJson(StringBuilder sb, JsonValue v)
        {
            switch (v.Kind)
            {
                case JsonKind.Null: sb.Append("null"); break;
                case JsonKind.Bool: sb.Append(v.Bool ? "true" : "false"); break;
                case JsonKind.Number: sb.Append(Write(v.Number)); break;
                case JsonKind.String: AppendString(sb, v.Text); break;
                case JsonKind.Array:
                    sb.Append('[');
                    for (int k = 0; k < v.Items.Count; k++)
                    {
                        if (k > 0) sb.Append(',');
                        AppendJson(sb, v.Items[k]);
                    }
                    sb.Append(']');
                    break;
                default:
                    sb.Append('{');
                    for (int k = 0; k < v.Members.Count; k++)
                    {
                        if (k > 0) sb.Append(',');
                        AppendString(sb, v.Members[k].Key);
                        sb.Append(':');
                        AppendJson(sb, v.Members[k].Value);
                    }
                    sb.Append('}');
                    break;
            }
        }

        static void AppendString(StringBuilder sb, string s)
        {
            sb.Append('"');
            foreach (char c in s)
            {
                switch (c)
                {
                    case '"': sb.Append("\\\""); break;
                    case '\\': sb.Append("\\\\"); break;
                    case '\n': sb.Append("\\n"); break;
                    case '\r': sb.Append("\\r"); break;
                    case '\t': sb.Append("\\t"); break;
                    default:
                        if (c < ' ') sb.AppendFormat(CultureInfo.InvariantCulture, "\\u{0:x4}", (int)c);
                        else sb.Append(c);
                        break;
                }
            }
            sb.Append('"');
        }
    }
}
