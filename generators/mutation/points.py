"""The mutation points of a module, enumerated and applied with cosmic-ray's operators.

A mutant's id is stable under edits elsewhere in its module: ``module:function:operator:k``, the
k-th position of that operator inside that function (its outermost ``def``, or ``Class.method``;
``<module>`` for module-level code), not a line number.  Its ``text`` is the mutated line, which
the equivalent-mutant file repeats so an entry goes stale when the code it explains changes.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

import cosmic_ray.plugins
import parso

# The operators run, each a cosmic-ray core operator.  One replacement per binary and comparison
# operator (its nearest wrong reading: + for -, < for <=), not cosmic-ray's every-operator-by-every-
# operator product (every `*` replaced by each other binary operator, most of them by a shift or a
# bit operation that any case kills): the judging time goes to the
# mutants a missing case could let through.  RemoveDecorator is left out: a decorator's removal changes
# which object a module attribute is, which judging by swapping code objects (judge.py) cannot install.
OPERATORS = (
    "core/ReplaceBinaryOperator_Add_Sub", "core/ReplaceBinaryOperator_Sub_Add",
    "core/ReplaceBinaryOperator_Mul_Div", "core/ReplaceBinaryOperator_Div_Mul",
    "core/ReplaceBinaryOperator_FloorDiv_Div", "core/ReplaceBinaryOperator_Mod_FloorDiv",
    "core/ReplaceBinaryOperator_Pow_Mul", "core/ReplaceBinaryOperator_BitOr_BitAnd",
    "core/ReplaceBinaryOperator_BitAnd_BitOr", "core/ReplaceBinaryOperator_LShift_RShift",
    "core/ReplaceComparisonOperator_Eq_NotEq", "core/ReplaceComparisonOperator_NotEq_Eq",
    "core/ReplaceComparisonOperator_Lt_LtE", "core/ReplaceComparisonOperator_LtE_Lt",
    "core/ReplaceComparisonOperator_Gt_GtE", "core/ReplaceComparisonOperator_GtE_Gt",
    "core/ReplaceComparisonOperator_Is_IsNot", "core/ReplaceComparisonOperator_IsNot_Is",
    "core/ReplaceUnaryOperator_USub_UAdd", "core/ReplaceUnaryOperator_Delete_Not",
    "core/ReplaceUnaryOperator_Delete_Invert",
    "core/AddNot", "core/ReplaceTrueWithFalse", "core/ReplaceFalseWithTrue",
    "core/ReplaceAndWithOr", "core/ReplaceOrWithAnd",
    "core/ReplaceBreakWithContinue", "core/ReplaceContinueWithBreak",
    "core/ExceptionReplacer", "core/NumberReplacer", "core/ZeroIterationForLoop",
)

_SCOPES = ("funcdef", "classdef")
_STATEMENTS = ("simple_stmt", "if_stmt", "while_stmt", "for_stmt", "with_stmt", "try_stmt", "funcdef",
               "classdef", "decorated")


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@dataclass
class Mutant:
    id: str  # module:function:operator:k
    module: str  # dotted module name
    function: str  # "f", "Class.method" or "<module>"
    operator: str  # "core/NumberReplacer"
    lines: tuple[int, ...]  # the lines whose execution means the mutated code ran
    header: bool  # in a def's signature (a default): runs when the function is entered
    source_digest: str  # of the function's (or, for <module>, the module's) source
    _node: object = field(repr=False, default=None)
    _index: int = field(repr=False, default=0)
    _tree: object = field(repr=False, default=None)


def _scope(node) -> tuple[list, object | None]:
    """The names of the defs and classes around ``node``, outermost first, and its outermost function
    (or method) node, which is what gets swapped."""
    names, target, parent = [], None, node.parent
    chain = []
    while parent is not None:
        if parent.type in _SCOPES:
            chain.append(parent)
        parent = parent.parent
    chain.reverse()
    for scope in chain:
        names.append(scope.name.value)
        if scope.type == "funcdef":
            target = scope
            break
    return names, target


def _statement_lines(node, target) -> tuple[tuple[int, ...], bool]:
    """The lines of the statement holding ``node`` (a multi-line statement reports any of its lines to the
    tracer), or, for a compound statement's header, the header's lines; ``header`` when ``node`` is in the
    signature of ``target``."""
    if target is not None and node.start_pos < target.children[-1].start_pos:
        first = target.parent if target.parent.type == "decorated" else target  # co_firstlineno: the decorator
        return (first.start_pos[0],), True
    stmt = node
    while stmt.parent is not None and stmt.type not in _STATEMENTS:
        stmt = stmt.parent
    if stmt.type in _STATEMENTS and stmt.type != "simple_stmt":
        suites = [c for c in stmt.children if c.type == "suite"]
        end = suites[0].start_pos[0] if suites else stmt.end_pos[0]
        return tuple(range(stmt.start_pos[0], max(end, stmt.start_pos[0] + 1))), False
    return tuple(range(stmt.start_pos[0], stmt.end_pos[0] + (stmt.end_pos[1] > 0))), False


def in_annotation(node) -> bool:
    """Inside a type annotation: under ``from __future__ import annotations`` (every reference module) an
    annotation is a string never evaluated, so a mutation there is no mutant."""
    child, parent = node, node.parent
    while parent is not None:
        siblings = getattr(parent, "children", [])
        at = siblings.index(child)
        before = siblings[at - 1] if at else None
        mark = getattr(before, "value", None)
        if (mark == "->" and parent.type == "funcdef") or (mark == ":" and parent.type in ("tfpdef", "param", "annassign")):
            return True
        child, parent = parent, parent.parent
    return False


def mutants(path: Path, module: str, operators=OPERATORS) -> list[Mutant]:
    """Every mutation point of the module at ``path`` under ``operators``, annotations left out."""
    source = path.read_text()
    tree = parso.parse(source)
    nodes = [n for n in _walk(tree) if not in_annotation(n)]
    out, seen = [], {}
    for name in operators:
        operator = cosmic_ray.plugins.get_operator(name)()
        for node in nodes:
            for index, _ in enumerate(operator.mutation_positions(node)):
                names, target = _scope(node)
                function = ".".join(names) if target is not None else "<module>"
                k = seen.get((function, name), 0)
                seen[(function, name)] = k + 1
                lines, header = _statement_lines(node, target)
                code = target.get_code(include_prefix=False) if target is not None else source
                out.append(Mutant(f"{module}:{function}:{name.removeprefix('core/')}:{k}", module, function, name,
                                  lines, header, digest(code), node, index, tree))
    return out


def _walk(node):
    yield node
    for child in getattr(node, "children", ()):
        yield from _walk(child)


def apply(mutant: Mutant) -> tuple[str, str]:
    """(the mutated module's source, the mutated line).  Changes the parse tree in place: call it in the
    child process that judges the mutant, whose copy of the tree is its own."""
    operator = cosmic_ray.plugins.get_operator(mutant.operator)()
    node = mutant._node
    line = node.start_pos[0]
    parent = node.parent
    new = operator.mutate(node, mutant._index)
    if new is not node:
        at = parent.children.index(node)
        if new is None:
            del parent.children[at]
        else:
            parent.children[at] = new
            new.parent = parent
    code = mutant._tree.get_code()
    return code, code.splitlines()[line - 1].strip()
