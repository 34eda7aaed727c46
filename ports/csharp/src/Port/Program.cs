using System;
using System.Collections.Generic;
using System.IO;
using System.Reflection;
using System.Text;
using CSharpPort.Corpus;

namespace CSharpPort.Port
{
    /// <summary>
    /// One program, four modes:
    ///
    ///   mono CSharpPort.exe                                  protocol 2 on stdin/stdout (what port.yaml runs)
    ///   mono CSharpPort.exe --results OUT.jsonl [--corpus DIR]
    ///                                                        walk the corpus in-process, write a results file
    ///   mono CSharpPort.exe --check-corpus DIR               load a corpus with OracleLoader; one JSON summary line
    ///   mono CSharpPort.exe --decode-numbers                 each stdin line: a numeric slot, decoded; prints
    ///                                                        what each number is as a C# double
    ///
    /// The live mode and the results file answer every call through the same Adapter.Run.
    /// </summary>
    public static class Program
    {
        static readonly UTF8Encoding Utf8 = new UTF8Encoding(false);

        public static int Main(string[] args)
        {
            try
            {
                if (args.Length == 0) return Live();
                switch (args[0])
                {
                    case "--results": return Results(args);
                    case "--check-corpus":
                        if (args.Length != 2) return Usage();
                        return CheckCorpus(args[1]);
                    case "--decode-numbers": return DecodeNumbers();
                    default: return Usage();
                }
            }
            catch (CorpusException e)
            {
                Console.Error.WriteLine("corpus refused:\n" + e.Message);
                return 1;
            }
        }

        static int Usage()
        {
            Console.Error.WriteLine("usage: CSharpPort.exe [--results OUT.jsonl [--corpus DIR] | --check-corpus DIR | --decode-numbers]");
            return 2;
        }

        public static List<KeyValuePair<string, object>> Implementation()
        {
            string runtime = "unknown";
            var mono = Type.GetType("Mono.Runtime");
            if (mono != null)
            {
                var name = mono.GetMethod("GetDisplayName", BindingFlags.NonPublic | BindingFlags.Static);
                if (name != null) runtime = "mono " + name.Invoke(null, null);
            }
            return new List<KeyValuePair<string, object>>
            {
                new KeyValuePair<string, object>("name", "metricparity-csharp"),
                new KeyValuePair<string, object>("version", "0.1.0"),
                new KeyValuePair<string, object>("language", "csharp"),
                new KeyValuePair<string, object>("language_version", runtime),
                new KeyValuePair<string, object>("source", "ports/csharp/src/"),
            };
        }

        static List<KeyValuePair<string, object>> Header()
        {
            return new List<KeyValuePair<string, object>>
            {
                new KeyValuePair<string, object>("protocol", 2),
                new KeyValuePair<string, object>("implementation", Implementation()),
            };
        }

        /// <summary>Protocol 2: start → the implementation, run → one answer (flushed), stop → exit.
        /// Only metric, inputs and params of a run message are read.</summary>
        static int Live()
        {
            var input = new StreamReader(Console.OpenStandardInput(), Utf8, false, 1 << 16);
            var output = new StreamWriter(Console.OpenStandardOutput(), Utf8, 1 << 16) { NewLine = "\n", AutoFlush = false };
            string line;
            while ((line = input.ReadLine()) != null)
            {
                if (line.Trim().Length == 0) continue;
                var message = JsonParser.Parse(line);
                var cmd = message.Get("cmd");
                string name = cmd != null && cmd.Kind == JsonKind.String ? cmd.Text : null;
                List<KeyValuePair<string, object>> answer;
                if (name == "run")
                {
                    var call = new Call(message.Get("metric").Text, message.Get("inputs"), message.Get("params"));
                    answer = new List<KeyValuePair<string, object>> { new KeyValuePair<string, object>("seq", message.Get("seq")) };
                    answer.AddRange(Adapter.Run(call));
                }
                else if (name == "start") answer = Header();
                else if (name == "stop") break;
                else
                {
                    Console.Error.WriteLine("CSharpPort: unknown command " + (cmd == null ? "(none)" : cmd.Describe()));
                    return 1;
                }
                output.WriteLine(JsonWriter.Write(answer));
                output.Flush();
            }
            output.Flush();
            return 0;
        }

        /// <summary>The test-runner mode: load the corpus with OracleLoader, answer every case's call through
        /// the adapter, write a results file (docs/protocol.md, Offline results): a header, then one line
        /// per case with its id.  The expected outcomes are loaded but never read.</summary>
        static int Results(string[] args)
        {
            string output = null, corpusDir = null;
            for (int k = 0; k < args.Length; k++)
            {
                if (args[k] == "--results" && k + 1 < args.Length) output = args[++k];
                else if (args[k] == "--corpus" && k + 1 < args.Length) corpusDir = args[++k];
                else return Usage();
            }
            if (output == null) return Usage();
            if (corpusDir == null)
            {
                // the bundled corpus, seen from build/CSharpPort.exe in ports/csharp
                string exe = Path.GetDirectoryName(Assembly.GetExecutingAssembly().Location);
                corpusDir = Path.GetFullPath(Path.Combine(exe, "..", "..", "..", "oracle"));
            }
            var corpus = OracleLoader.Load(corpusDir);
            int values = 0, errors = 0, skipped = 0;
            using (var writer = new StreamWriter(output, false, Utf8) { NewLine = "\n" })
            {
                writer.WriteLine(JsonWriter.Write(Header()));
                foreach (var c in corpus.Cases)
                {
                    var answer = Adapter.Run(new Call(c.Metric, c.Inputs, c.Params));
                    switch (answer[0].Key)
                    {
                        case "value": values++; break;
                        case "error": errors++; break;
                        default: skipped++; break;
                    }
                    var line = new List<KeyValuePair<string, object>> { new KeyValuePair<string, object>("id", c.Id) };
                    line.AddRange(answer);
                    writer.WriteLine(JsonWriter.Write(line));
                }
            }
            Console.Error.WriteLine(string.Format("CSharpPort: {0} cases from {1}: {2} values, {3} errors, {4} skipped -> {5}",
                                                  corpus.Cases.Count, corpusDir, values, errors, skipped, output));
            return 0;
        }

        static int CheckCorpus(string dir)
        {
            var corpus = OracleLoader.Load(dir);
            var metrics = new SortedDictionary<string, int>(StringComparer.Ordinal);
            int expectedErrors = 0, inputs = 0, parameters = 0, expected = 0;
            foreach (var c in corpus.Cases)
            {
                int n;
                metrics.TryGetValue(c.Metric, out n);
                metrics[c.Metric] = n + 1;
                if (c.Expected.Has("error")) expectedErrors++;
                inputs += NonFinite(c.Inputs);
                parameters += NonFinite(c.Params);
                expected += NonFinite(c.Expected);
            }
            var metricCounts = new List<KeyValuePair<string, object>>();
            foreach (var m in metrics) metricCounts.Add(new KeyValuePair<string, object>(m.Key, m.Value));
            var summary = new List<KeyValuePair<string, object>>
            {
                new KeyValuePair<string, object>("corpus_version", corpus.Version),
                new KeyValuePair<string, object>("files", corpus.Files.Count),
                new KeyValuePair<string, object>("cases", corpus.Cases.Count),
                new KeyValuePair<string, object>("expected_errors", expectedErrors),
                new KeyValuePair<string, object>("metrics", metricCounts),
                new KeyValuePair<string, object>("nonfinite", new List<KeyValuePair<string, object>>
                {
                    new KeyValuePair<string, object>("inputs", inputs),
                    new KeyValuePair<string, object>("params", parameters),
                    new KeyValuePair<string, object>("expected", expected),
                }),
            };
            Console.WriteLine(JsonWriter.Write(summary));
            return 0;
        }

        /// <summary>How many decoded numbers in a value are NaN or infinite.</summary>
        static int NonFinite(JsonValue v)
        {
            switch (v.Kind)
            {
                case JsonKind.Number: return double.IsNaN(v.Number) || double.IsInfinity(v.Number) ? 1 : 0;
                case JsonKind.Array:
                    int a = 0;
                    foreach (var item in v.Items) a += NonFinite(item);
                    return a;
                case JsonKind.Object:
                    int o = 0;
                    foreach (var m in v.Members) o += NonFinite(m.Value);
                    return o;
                default: return 0;
            }
        }

        /// <summary>Each stdin line is one numeric slot in the corpus encoding; the answer line lists every
        /// number in it as C# sees the decoded double ("NaN", "+Infinity", "-Infinity" or its round-trip
        /// text), or {"error": ...} when OracleLoader refuses the slot.</summary>
        static int DecodeNumbers()
        {
            string line;
            while ((line = Console.In.ReadLine()) != null)
            {
                object result;
                try
                {
                    var seen = new List<object>();
                    Flatten(OracleLoader.Numeric(JsonParser.Parse(line), "value"), seen);
                    result = seen;
                }
                catch (Exception e) when (e is EncodingException || e is JsonException)
                {
                    result = new List<KeyValuePair<string, object>> { new KeyValuePair<string, object>("error", e.GetType().Name + ": " + e.Message) };
                }
                Console.WriteLine(JsonWriter.Write(result));
            }
            return 0;
        }

        static void Flatten(JsonValue v, List<object> into)
        {
            if (v.Kind == JsonKind.Array) { foreach (var item in v.Items) Flatten(item, into); return; }
            if (v.Kind != JsonKind.Number) { into.Add(null); return; }
            double x = v.Number;
            if (double.IsNaN(x)) into.Add("NaN");
            else if (double.IsPositiveInfinity(x)) into.Add("+Infinity");
            else if (double.IsNegativeInfinity(x)) into.Add("-Infinity");
            else into.Add(x.ToString("R", System.Globalization.CultureInfo.InvariantCulture));
        }
    }
}
