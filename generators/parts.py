"""A family's parts: the generator modules whose cases its ``cases()`` yields.

A family lists its modules in the order its cases are written (``PARTS``); :func:`parts` adds, after
them, every other module of the family's package that has a ``cases()`` (sorted by name).  So a new
metric's generator is one new module, ``generators/<family>/<name>.py``, and the family's
``__init__`` is not edited (docs/adding-cases.md).
"""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType


def parts(package: str, listed: tuple[ModuleType, ...]) -> tuple[ModuleType, ...]:
    """``listed``, then the package's other modules that generate cases (not ``_``-private, not readings)."""
    names = {m.__name__ for m in listed}
    path = importlib.import_module(package).__path__
    found = [importlib.import_module(f"{package}.{info.name}")
             for info in sorted(pkgutil.iter_modules(path), key=lambda i: i.name)
             if not info.name.startswith("_") and info.name != "readings" and f"{package}.{info.name}" not in names]
    return tuple(listed) + tuple(m for m in found if callable(getattr(m, "cases", None)))
