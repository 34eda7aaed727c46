"""What ``parity lint`` checks beyond shape: that a loaded corpus means something.

:func:`meaning_problems` checks every case of a corpus that :func:`conformance.corpus.check_corpus`
accepted against the corpus's vocabulary (conformance/vocabulary.py, docs/decisions/0018):

* each tag is in the closed tag list (docs/tags.md);
* each input is one of the metric's inputs, and the metric's required inputs are all there;
* each key of ``params`` is a keyword of the metric; in a case that expects a value (not an
  error, where an implausible value may be the point), each value is one the keyword accepts,
  and the required keywords are given;
* the case's ``spec`` names a section of the spec pages (oracle/schema/spec-sections.json,
  docs/decisions/0019); a corpus that ships that file must give every case one;
* descriptions are unique among a metric's cases outside grids.  A grid is a case tagged
  ``grid``, or a keyword sweep: cases whose ids differ only in ``keyword=value`` segments share
  one description, because the segments say what differs.

Each problem is one line naming the file, the case and the JSON path, with a spelling hint
("did you mean …?") where a known name is close.
"""

from __future__ import annotations

import difflib
import math
from collections import defaultdict
from collections.abc import Iterable

from conformance.corpus import Case, Corpus, Problem
from conformance.spec_sections import section_problem
from conformance.vocabulary import Vocabulary

GRID = "grid"


def _hint(word: str, known: Iterable[str]) -> str:
    close = difflib.get_close_matches(word, sorted(known), n=1)
    return f"; did you mean {close[0]!r}?" if close else ""


def _is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _same(value, option) -> bool:
    """``value`` (decoded) is the enum ``option`` (corpus encoding: non-finite numbers as strings)."""
    if option in ("NaN", "Infinity", "-Infinity"):
        return isinstance(value, float) and (math.isnan(value) if option == "NaN" else value == float(option))
    if _is_number(option):
        return _is_number(value) and value == option
    return type(value) is type(option) and value == option


def fits(value, accept: dict) -> bool:
    """Whether a decoded keyword value fits one accepted form (a small JSON Schema fragment)."""
    kind = accept.get("type")
    if "enum" in accept and not any(_same(value, option) for option in accept["enum"]):
        return False
    if kind == "null":
        return value is None
    if kind == "boolean":
        return isinstance(value, bool)
    if kind == "string":
        return isinstance(value, str)
    if kind == "array":
        return isinstance(value, list)
    if kind in ("number", "integer"):
        if not _is_number(value) or (kind == "integer" and not isinstance(value, int)):
            return False
        if math.isnan(value):
            return False
        low, high = accept.get("minimum"), accept.get("maximum")
        if low is not None and value < low or high is not None and value > high:
            return False
        if "exclusiveMinimum" in accept and value <= accept["exclusiveMinimum"]:
            return False
        return not ("exclusiveMaximum" in accept and value >= accept["exclusiveMaximum"])
    return True  # {} or an enum alone


BOUNDS = {"minimum": ">=", "exclusiveMinimum": ">", "maximum": "<=", "exclusiveMaximum": "<"}


def _show(accepts: list[dict]) -> str:
    """The accepted forms, for a message: 'macro', 'micro', None, number >= 0, …"""
    forms = []
    for accept in accepts:
        if "enum" in accept:
            forms += [repr(o) for o in accept["enum"]]
        elif accept.get("type") == "null":
            forms.append("None")
        else:
            bounds = [f"{sign} {accept[k]}" for k, sign in BOUNDS.items() if k in accept]
            forms.append(" ".join([accept.get("type", "anything"), *bounds]))
    return ", ".join(forms)


def _sweep(case_id: str) -> str:
    """The id without its ``keyword=value`` segments: the cases of one keyword sweep share it."""
    return "/".join(part for part in case_id.split("/") if "=" not in part)


def _spec_problems(case: Case, at: str, vocabulary: Vocabulary) -> list[Problem]:
    spec = case.raw.get("spec")
    if spec is None:
        required = vocabulary.spec_required
        return [Problem(case.file, case.id, "no spec: name the section of docs/spec that explains the case "
                        "(generators/spec_sections.py)", at)] if required else []
    why = None if vocabulary.spec_sections is None else section_problem(spec, vocabulary.spec_sections)
    return [Problem(case.file, case.id, f"{why} (oracle/schema/spec-sections.json)", f"{at}/spec")] if why else []


def _case_problems(case: Case, index: int, vocabulary: Vocabulary, tags: set[str]) -> list[Problem]:
    at = f"cases/{index}"
    problems = [Problem(case.file, case.id, f"tag {tag!r} is not in the tag list (docs/tags.md){_hint(tag, tags)}",
                        f"{at}/tags/{i}")
                for i, tag in enumerate(case.tags) if tag not in tags]
    problems += _spec_problems(case, at, vocabulary)
    signature = vocabulary.signatures.get(case.metric)
    if signature is None:
        known = vocabulary.signatures
        return problems + [Problem(case.file, case.id, f"metric {case.metric!r} has no signature in "
                                   f"oracle/schema/signatures.json{_hint(case.metric, known)}", f"{at}/metric")]
    inputs = {i["name"]: i for i in signature["inputs"]}
    for name in case.inputs:
        if name not in inputs:
            problems.append(Problem(case.file, case.id, f"input {name!r} does not fit {case.metric}, whose inputs are "
                                    f"{', '.join(inputs)}{_hint(name, inputs)}", f"{at}/inputs/{name}"))
    problems += [Problem(case.file, case.id, f"{case.metric} needs the input {name!r}", f"{at}/inputs")
                 for name, i in inputs.items() if i["required"] and name not in case.inputs]
    keywords = signature["keywords"]
    for name, value in case.params.items():
        if name not in keywords:
            also = " (it is an input: put it under inputs)" if name in inputs else _hint(name, keywords)
            problems.append(Problem(case.file, case.id, f"{name!r} is not a keyword of {case.metric}{also}",
                                    f"{at}/params/{name}"))
        elif not case.expected.is_error and not any(fits(value, a) for a in keywords[name]["accepts"]):
            options = [o for a in keywords[name]["accepts"] for o in a.get("enum", []) if isinstance(o, str)]
            hint = _hint(value, options) if isinstance(value, str) else ""
            problems.append(Problem(case.file, case.id, f"{name}={case.raw['params'][name]!r} is not a value "
                                    f"{case.metric} accepts for {name} ({_show(keywords[name]['accepts'])}){hint}",
                                    f"{at}/params/{name}"))
    if not case.expected.is_error:
        problems += [Problem(case.file, case.id, f"{case.metric} needs the keyword {name!r}", f"{at}/params")
                     for name, k in keywords.items() if k.get("required") and name not in case.params]
    return problems


def meaning_problems(corpus: Corpus, vocabulary: Vocabulary) -> list[Problem]:
    """Every problem of meaning in ``corpus`` (see the module's docstring), in file and case order."""
    tags = vocabulary.tag_names()
    problems: list[Problem] = []
    index: dict[str, int] = defaultdict(int)
    first: dict[tuple[str, str], tuple[str, str]] = {}  # (metric, description) -> (sweep, first case id)
    for case in corpus:
        i = index[case.file]
        index[case.file] += 1
        problems += _case_problems(case, i, vocabulary, tags)
        description = case.raw.get("description")
        if description is None or GRID in case.tags:
            continue
        seen = first.setdefault((case.metric, description), (_sweep(case.id), case.id))
        if seen[0] != _sweep(case.id):
            problems.append(Problem(case.file, case.id, f"description repeats case {seen[1]}'s: say what this "
                                    "case checks that the other does not", f"cases/{i}/description"))
    return problems
