"""What defining the model's classes costs, by the kind of class: ``bridge bench classes``.

Bridge's model is pydantic classes, and defining them is most of the core's import (see
``bridge bench start``). This measures the other kinds of class the model could be kept
in, with the model's own shapes: as many classes, each with as many fields as its
pydantic class has. Each kind is defined in a fresh process, from code compiled
beforehand (as a ``.pyc`` holds it), and timed apart from its library's import:

- ``pydantic``: frozen, extra fields forbidden, as the model's classes are;
- ``dataclass``: the standard library's frozen dataclasses (they write and compile
  their methods' code as each class is made);
- ``NamedTuple``: typing's named tuples (a tuple each: no inheritance of fields);
- ``plain``: classes written out whole (slots, ``__init__``, equality, hashing).

Every field is an ``int`` with a default, so the kinds stand on equal footing; the
model's real fields (nested models, unions, constraints) cost pydantic more.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from collections.abc import Sequence

__all__ = ["KINDS", "class_kinds", "class_source", "kind_report", "measure_kinds", "model_shapes"]

KINDS = ("pydantic", "dataclass", "NamedTuple", "plain")
"""The kinds of class measured, the model's own first."""

_LIBRARY = {
    "pydantic": "pydantic",
    "dataclass": "dataclasses",
    "NamedTuple": "typing",
    "plain": "",
}
"""The module each kind imports (timed apart from the classes)."""


def model_shapes() -> list[int]:
    """The number of fields of each of the core's pydantic classes."""
    from pydantic import BaseModel

    import bridge.engine  # noqa: F401  (the core: every model class it defines)

    seen: set[type[BaseModel]] = set()
    todo: list[type[BaseModel]] = [BaseModel]
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub not in seen:
                seen.add(sub)
                todo.append(sub)
    ours = sorted(
        (c for c in seen if c.__module__.startswith("bridge.")),
        key=lambda c: (c.__module__, c.__qualname__),
    )
    return [len(c.model_fields) for c in ours]


def _fields(count: int) -> list[str]:
    return [f"f{i}" for i in range(max(count, 1))]


def _one(kind: str, index: int, count: int) -> str:
    names = _fields(count)
    annotated = "".join(f"    {name}: int = 0\n" for name in names)
    if kind == "pydantic":
        config = "    model_config = ConfigDict(frozen=True, extra='forbid')\n"
        return f"class C{index}(BaseModel):\n{config}{annotated}"
    if kind == "dataclass":
        return f"@dataclass(frozen=True)\nclass C{index}:\n{annotated}"
    if kind == "NamedTuple":
        return f"class C{index}(NamedTuple):\n{annotated}"
    if kind == "plain":
        args = ", ".join(f"{name}: int = 0" for name in names)
        sets = "".join(f"        _set(self, {name!r}, {name})\n" for name in names)
        values = ", ".join(f"self.{name}" for name in names)
        return (
            f"class C{index}:\n"
            f"    __slots__ = {tuple(names)!r}\n"
            f"    def __init__(self, {args}) -> None:\n{sets}"
            f"    def _values(self):\n        return ({values},)\n"
            "    def __eq__(self, other):\n"
            "        return type(other) is type(self) and self._values() == other._values()\n"
            "    def __hash__(self):\n        return hash(self._values())\n"
            "    def __repr__(self):\n"
            "        return f'{type(self).__name__}{self._values()!r}'\n"
            "    def __setattr__(self, name, value):\n"
            "        raise AttributeError(f'{name} is frozen')\n"
        )
    raise ValueError(f"unknown kind of class: {kind!r}")


def class_source(kind: str, shapes: Sequence[int]) -> str:
    """The module that defines ``shapes`` as classes of ``kind`` (its imports excluded)."""
    head = {
        "pydantic": "from pydantic import BaseModel, ConfigDict\n",
        "dataclass": "from dataclasses import dataclass\n",
        "NamedTuple": "from typing import NamedTuple\n",
        "plain": "_set = object.__setattr__\n",
    }
    if kind not in head:
        raise ValueError(f"unknown kind of class: {kind!r}")
    return head[kind] + "\n".join(_one(kind, i, n) for i, n in enumerate(shapes))


def _probe(kind: str) -> None:
    """Read the shapes (JSON) from stdin; print the library's import and the classes'
    definition, in seconds, as one JSON line."""
    import importlib
    import marshal
    import types

    shapes = [int(n) for n in json.loads(sys.stdin.read())]
    code = marshal.loads(marshal.dumps(compile(class_source(kind, shapes), "<model>", "exec")))
    start = time.perf_counter()
    if _LIBRARY[kind]:
        library = importlib.import_module(_LIBRARY[kind])
        if kind == "pydantic":  # pydantic imports much of itself with its first class
            library.create_model("First", value=(int, 0))
    imported = time.perf_counter()
    module = types.ModuleType("bridge_model_kinds")  # as an import makes it
    sys.modules[module.__name__] = module
    exec(code, module.__dict__)
    done = time.perf_counter()
    print(json.dumps({"library": imported - start, "classes": done - imported}), flush=True)


def _launch(kind: str, shapes: Sequence[int]) -> tuple[float, float]:
    import subprocess

    proc = subprocess.run(
        [sys.executable, "-m", "bridge.bench.class_kinds", kind],
        input=json.dumps(list(shapes)),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    if proc.returncode != 0:
        raise RuntimeError(f"the {kind} probe failed: {proc.stderr.strip()[-300:]}")
    line = json.loads(proc.stdout.splitlines()[-1])
    return float(line["library"]), float(line["classes"])


def class_kinds(runs: int, shapes: Sequence[int]) -> dict[str, list[tuple[float, float]]]:
    """``runs`` rounds of every kind, interleaved; each run's (library, classes) seconds."""
    found: dict[str, list[tuple[float, float]]] = {kind: [] for kind in KINDS}
    for _ in range(max(runs, 1)):
        for kind in KINDS:
            found[kind].append(_launch(kind, shapes))
    return found


def kind_report(found: dict[str, list[tuple[float, float]]], classes: int, fields: int) -> str:
    """Each kind's median: its library's import, its classes, and the classes against
    pydantic's."""
    from bridge.bench.process import machine_load

    runs = min(len(r) for r in found.values())
    lines = [
        f"The model's {classes} classes ({fields} fields) defined as each kind of class "
        f"(median of {runs}; {machine_load()})",
        f"  {'kind':12s}{'its import':>12s}{'the classes':>13s}{'vs pydantic':>13s}",
    ]
    base = statistics.median(c for _lib, c in found["pydantic"])
    for kind, runs_of_kind in found.items():
        library = statistics.median(lib for lib, _c in runs_of_kind) * 1e3
        defined = statistics.median(c for _lib, c in runs_of_kind) * 1e3
        lines.append(
            f"  {kind:12s}{library:9.1f} ms{defined:10.1f} ms{defined / (base * 1e3):12.2f}x"
        )
    return "\n".join(lines)


def measure_kinds(runs: int) -> str:
    """``bridge bench classes``: measured and reported."""
    shapes = model_shapes()
    return kind_report(class_kinds(runs, shapes), len(shapes), sum(shapes))


if __name__ == "__main__":
    if len(sys.argv) != 2 or sys.argv[1] not in KINDS:
        raise SystemExit(f"usage: python -m bridge.bench.class_kinds {'|'.join(KINDS)}")
    _probe(sys.argv[1])
