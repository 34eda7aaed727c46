"""The base of every fake port: protocol 2 over stdin/stdout, implemented by cheating.

Its "implementation" is the corpus itself: given the corpus folder as argv[1],
it recognises each call (metric, inputs, params) as a corpus case, the way any
port that vendors the corpus could (protocol 2 sends no id: decision 0012), and
answers with the outcome the corpus expects.  :func:`case_of` gives the hooks
the recognised case (id, tags, ...).
A fake port script calls :func:`serve` with an ``answer(message, expected)``
hook that returns what to write for one run message:

* a dict: an answer (``seq`` is added unless present), written as one JSON line;
* a str or bytes: written as is (a newline is added to a str);
* a list of those: written in order;
* None: nothing is written.
"""

import json
import sys
from pathlib import Path

HELLO = {"protocol": 2, "implementation": {"name": "fake", "version": "0", "language": "python"}}
_CASES = {}  # call key -> the corpus case (the first, when several cases make the same call)


def _plain(value):
    """Numbers as the corpus would store them: 2.0 (a float id read back) as 2."""
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def call_key(metric, inputs, params):
    return json.dumps(_plain([metric, inputs, params]), sort_keys=True)


def labels_of(message, rules=None):
    """The inputs of a run message with y_true/y_pred read back from the form they were sent in
    (following ``rules``, default the form's own), as a port taking that form would."""
    from conformance.forms import to_labels

    inputs = dict(message["inputs"])
    form = message.get("form")
    if form is not None:
        for name in ("y_true", "y_pred"):
            if name in inputs:
                inputs[name] = to_labels(inputs[name], form, name, rules)
    return inputs


def load_expected(corpus_dir):
    expected = {}
    for path in sorted(Path(corpus_dir).glob("*.json")):
        if path.name == "MANIFEST.json":
            continue
        for case in json.loads(path.read_text())["cases"]:
            expected[case["id"]] = case["expected"]
            _CASES.setdefault(call_key(case["metric"], case["inputs"], case["params"]), case)
    return expected


def case_of(message, inputs=None):
    """The corpus case whose call this run message makes (``inputs``: the labels read back
    from a form, when the port was sent another form)."""
    inputs = labels_of(message) if inputs is None else inputs
    return _CASES[call_key(message["metric"], inputs, message["params"])]


def honest(message, expected, inputs=None):
    """The answer a perfect implementation would give."""
    outcome = expected[case_of(message, inputs)["id"]]
    if "error" in outcome:
        return {"error": {"type": outcome["error"]["type"], "message": outcome["error"]["message"]}}
    return {"value": outcome["value"]}


def write(item, seq):
    out = sys.stdout.buffer
    if item is None:
        return
    if isinstance(item, list):
        for part in item:
            write(part, seq)
        return
    if isinstance(item, dict):
        item = dict(item)
        if seq is not None:
            item.setdefault("seq", seq)
        out.write((json.dumps(item) + "\n").encode())
    elif isinstance(item, str):
        out.write((item + "\n").encode())
    else:
        out.write(item)
    out.flush()


def serve(answer=honest, hello=HELLO):
    expected = load_expected(sys.argv[1]) if len(sys.argv) > 1 else {}
    for line in sys.stdin:
        message = json.loads(line)
        if message["cmd"] == "start":
            write(hello, None)
        elif message["cmd"] == "run":
            write(answer(message, expected), message["seq"])
        elif message["cmd"] == "stop":
            return
