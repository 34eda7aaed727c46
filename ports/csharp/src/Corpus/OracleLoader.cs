using System;
using System.Collections.Generic;
using System.IO;
using System.Security.Cryptography;
using System.Text;

namespace CSharpPort.Corpus
{
    /// <summary>One oracle case, decoded: non-finite numbers in Inputs and Expected (and the three
    /// strings in Params) are doubles.  Expected is kept for completeness; the runner never reads it.</summary>
    public sealed class OracleCase
    {
        public string File;
        public string Id;
        public string Metric;
        public JsonValue Inputs;
        public JsonValue Params;
        public JsonValue Expected;
        public List<string> Tags;
    }

    public sealed class Corpus
    {
        public string Version;
        public JsonValue Oracle;
        public List<string> Files = new List<string>();
        public List<OracleCase> Cases = new List<OracleCase>();
    }

    /// <summary>Every problem found in a corpus, one line each naming the file and the case.</summary>
    public sealed class CorpusException : Exception
    {
        public readonly List<string> Problems;
        public CorpusException(List<string> problems) : base(string.Join("\n", problems)) { Problems = problems; }
    }

    /// <summary>A value that is not in the corpus encoding (docs/format.md): a string other than the three
    /// non-finite ones where a number is expected, or a boolean there.</summary>
    public sealed class EncodingException : Exception
    {
        public EncodingException(string message) : base(message) { }
    }

    /// <summary>
    /// Reads an oracle corpus folder (MANIFEST.json and one JSON file per metric) and refuses the whole
    /// corpus, listing every problem, when a file is not JSON (a bare NaN token included), a case lacks a
    /// required field or has an unknown one, an id repeats, a numeric slot holds a string other than
    /// "NaN", "Infinity", "-Infinity" (or a boolean), or a file disagrees with the manifest (sha256, case
    /// count, oracle, format, listed or not).
    /// </summary>
    public static class OracleLoader
    {
        static readonly string[] Required = { "id", "metric", "inputs", "params", "expected", "tags" };
        static readonly HashSet<string> Optional = new HashSet<string> { "description", "spec", "source", "conventions", "splits", "warnings", "tolerance" };

        /// <summary>A number in the corpus encoding: a JSON number, or one of the strings "NaN",
        /// "Infinity", "-Infinity".  Any other value throws EncodingException.</summary>
        public static double Number(JsonValue v)
        {
            if (v.Kind == JsonKind.Number) return v.Number;
            if (v.Kind == JsonKind.String)
            {
                switch (v.Text)
                {
                    case "NaN": return double.NaN;
                    case "Infinity": return double.PositiveInfinity;
                    case "-Infinity": return double.NegativeInfinity;
                }
                throw new EncodingException("string \"" + v.Text + "\" where a number is expected");
            }
            throw new EncodingException(v.Kind.ToString().ToLowerInvariant() + " " + v.Describe() + " where a number is expected");
        }

        /// <summary>A numeric slot (expected values): numbers, null, arrays and objects of them, the three
        /// strings decoded.  path names the slot in messages.</summary>
        public static JsonValue Numeric(JsonValue v, string path) { return Walk(v, path, NumericLeaf); }

        /// <summary>A case's inputs: Numeric, except that a string other than the three non-finite spellings
        /// is a label and stays a string (docs/decisions/0033: ["cat", "dog"], a word where a number
        /// belongs); a misspelling of the three ("nan", "inf", "-infinity") is refused, so that a misspelt
        /// number never becomes a class.  path names the slot in messages.</summary>
        public static JsonValue Input(JsonValue v, string path) { return Walk(v, path, InputLeaf); }

        /// <summary>v with every leaf of its arrays and objects replaced by leaf(value, path).</summary>
        static JsonValue Walk(JsonValue v, string path, Func<JsonValue, string, JsonValue> leaf)
        {
            switch (v.Kind)
            {
                case JsonKind.Array:
                    var items = new List<JsonValue>(v.Items.Count);
                    for (int k = 0; k < v.Items.Count; k++) items.Add(Walk(v.Items[k], path + "[" + k + "]", leaf));
                    return new JsonValue { Kind = JsonKind.Array, Items = items };
                case JsonKind.Object:
                    var members = new List<KeyValuePair<string, JsonValue>>(v.Members.Count);
                    foreach (var m in v.Members) members.Add(new KeyValuePair<string, JsonValue>(m.Key, Walk(m.Value, path + "." + m.Key, leaf)));
                    return new JsonValue { Kind = JsonKind.Object, Members = members };
                default: return leaf(v, path);
            }
        }

        static JsonValue NumericLeaf(JsonValue v, string path)
        {
            if (v.Kind == JsonKind.Null || v.Kind == JsonKind.Number) return v;
            try { return JsonValue.Of(Number(v)); }
            catch (EncodingException e) { throw new EncodingException(path + ": " + e.Message); }
        }

        static JsonValue InputLeaf(JsonValue v, string path)
        {
            if (v.Kind != JsonKind.String || v.Text == "NaN" || v.Text == "Infinity" || v.Text == "-Infinity") return NumericLeaf(v, path);
            string right = RightSpelling(v.Text);
            if (right != null)
                throw new EncodingException(path + ": string \"" + v.Text + "\" looks like a misspelt " + right +
                    ": non-finite numbers are spelt \"NaN\", \"Infinity\" and \"-Infinity\", and a label may not be spelt like one");
            return v;
        }

        /// <summary>The corpus spelling of a non-finite number written another way ("nan", "INF"), else null.</summary>
        static string RightSpelling(string text)
        {
            switch (text.Trim().ToLowerInvariant())
            {
                case "nan": case "+nan": case "-nan": return "NaN";
                case "inf": case "+inf": case "infinity": case "+infinity": return "Infinity";
                case "-inf": case "-infinity": return "-Infinity";
            }
            return null;
        }

        /// <summary>Keyword arguments: exactly the three strings become doubles (zero_division: "NaN"),
        /// every other value stays as it is.</summary>
        public static JsonValue Param(JsonValue v)
        {
            if (v.Kind == JsonKind.String && (v.Text == "NaN" || v.Text == "Infinity" || v.Text == "-Infinity"))
                return JsonValue.Of(Number(v));
            if (v.Kind == JsonKind.Array)
            {
                var items = new List<JsonValue>(v.Items.Count);
                foreach (var item in v.Items) items.Add(Param(item));
                return new JsonValue { Kind = JsonKind.Array, Items = items };
            }
            return v;
        }

        public static JsonValue Params(JsonValue v)
        {
            var members = new List<KeyValuePair<string, JsonValue>>(v.Members.Count);
            foreach (var m in v.Members) members.Add(new KeyValuePair<string, JsonValue>(m.Key, Param(m.Value)));
            return new JsonValue { Kind = JsonKind.Object, Members = members };
        }

        public static Corpus Load(string dir)
        {
            var problems = new List<string>();
            var corpus = new Corpus();
            string manifestPath = Path.Combine(dir, "MANIFEST.json");
            JsonValue manifest;
            try { manifest = JsonParser.Parse(File.ReadAllText(manifestPath, Encoding.UTF8)); }
            catch (Exception e) when (e is IOException || e is JsonException || e is UnauthorizedAccessException)
            {
                throw new CorpusException(new List<string> { "MANIFEST.json: " + e.Message });
            }
            var format = manifest.Get("format");
            if (format == null || format.Kind != JsonKind.Number || format.Number != 1)
                problems.Add("MANIFEST.json: format: must be 1");
            var version = manifest.Get("corpus_version");
            corpus.Version = version != null && version.Kind == JsonKind.String ? version.Text : null;
            corpus.Oracle = manifest.Get("oracle");
            var files = manifest.Get("files");
            if (files == null || files.Kind != JsonKind.Object)
                throw new CorpusException(new List<string> { "MANIFEST.json: files: required object is missing" });

            var listed = new HashSet<string>();
            foreach (var entry in files.Members) listed.Add(entry.Key);
            foreach (string path in Directory.GetFiles(dir, "*.json"))
            {
                string name = Path.GetFileName(path);
                if (name != "MANIFEST.json" && !listed.Contains(name)) problems.Add(name + ": not listed in MANIFEST.json");
            }

            var seen = new HashSet<string>();
            var names = new List<string>(listed);
            names.Sort(StringComparer.Ordinal);
            foreach (string name in names)
            {
                var entry = files.Get(name);
                string path = Path.Combine(dir, name);
                if (!File.Exists(path)) { problems.Add(name + ": listed in MANIFEST.json but missing"); continue; }
                byte[] bytes = File.ReadAllBytes(path);
                var sha = entry.Get("sha256");
                if (sha != null && sha.Kind == JsonKind.String && Sha256(bytes) != sha.Text)
                    problems.Add(name + ": sha256 differs from MANIFEST.json");
                JsonValue doc;
                try { doc = JsonParser.Parse(new UTF8Encoding(false, true).GetString(bytes)); }
                catch (Exception e) when (e is JsonException || e is DecoderFallbackException)
                {
                    problems.Add(name + ": " + e.Message);
                    continue;
                }
                corpus.Files.Add(name);
                LoadFile(name, doc, entry, corpus, seen, problems);
            }
            if (problems.Count > 0) throw new CorpusException(problems);
            return corpus;
        }

        static void LoadFile(string name, JsonValue doc, JsonValue entry, Corpus corpus, HashSet<string> seen, List<string> problems)
        {
            var format = doc.Get("format");
            if (format == null || format.Kind != JsonKind.Number || format.Number != 1) problems.Add(name + ": format: must be 1");
            var oracle = doc.Get("oracle");
            if (oracle == null || corpus.Oracle == null || JsonWriter.Write(oracle) != JsonWriter.Write(corpus.Oracle))
                problems.Add(name + ": oracle differs from MANIFEST.json's");
            var cases = doc.Get("cases");
            if (cases == null || cases.Kind != JsonKind.Array) { problems.Add(name + ": cases: required array is missing"); return; }
            var count = entry.Get("cases");
            if (count != null && count.Kind == JsonKind.Number && count.Number != cases.Items.Count)
                problems.Add(string.Format("{0}: {1} cases, MANIFEST.json says {2}", name, cases.Items.Count, count.Number));
            for (int k = 0; k < cases.Items.Count; k++)
            {
                var raw = cases.Items[k];
                var idValue = raw.Get("id");
                string where = name + ": case " + (idValue != null && idValue.Kind == JsonKind.String ? idValue.Text : "#" + k);
                if (raw.Kind != JsonKind.Object) { problems.Add(where + ": not an object"); continue; }
                bool complete = true;
                foreach (string field in Required)
                    if (raw.Get(field) == null) { problems.Add(where + ": " + field + ": required field is missing"); complete = false; }
                foreach (var m in raw.Members)
                    if (Array.IndexOf(Required, m.Key) < 0 && !Optional.Contains(m.Key) && !m.Key.StartsWith("x-", StringComparison.Ordinal))
                        problems.Add(where + ": " + m.Key + ": unknown field");
                if (!complete) continue;
                var c = new OracleCase { File = name, Id = idValue.Text, Metric = raw.Get("metric").Text, Tags = new List<string>() };
                if (!seen.Add(c.Id)) problems.Add(where + ": duplicate id");
                foreach (var t in raw.Get("tags").Items) c.Tags.Add(t.Text);
                try
                {
                    c.Inputs = Input(raw.Get("inputs"), "inputs");
                    c.Params = Params(raw.Get("params"));
                    var expected = raw.Get("expected");
                    var value = expected.Get("value");
                    c.Expected = value != null
                        ? new JsonValue { Kind = JsonKind.Object, Members = new List<KeyValuePair<string, JsonValue>> {
                              new KeyValuePair<string, JsonValue>("value", Numeric(value, "expected.value")) } }
                        : expected;
                }
                catch (EncodingException e)
                {
                    problems.Add(where + ": " + e.Message);
                    continue;
                }
                corpus.Cases.Add(c);
            }
        }

        static string Sha256(byte[] bytes)
        {
            using (var sha = SHA256.Create())
            {
                var sb = new StringBuilder(64);
                foreach (byte b in sha.ComputeHash(bytes)) sb.Append(b.ToString("x2"));
                return sb.ToString();
            }
        }
    }
}
