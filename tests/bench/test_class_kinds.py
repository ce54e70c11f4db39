"""``bridge bench classes``: the model's shapes defined as each kind of class."""

from __future__ import annotations

import sys
import types

import pytest

from bridge.bench.class_kinds import KINDS, class_kinds, class_source, kind_report, model_shapes


def _define(kind: str, shapes: list[int]) -> types.ModuleType:
    module = types.ModuleType(f"kinds_{kind.lower()}")
    sys.modules[module.__name__] = module
    try:
        exec(compile(class_source(kind, shapes), "<test>", "exec"), module.__dict__)
    finally:
        del sys.modules[module.__name__]
    return module


def test_the_shapes_are_the_cores_own_classes() -> None:
    shapes = model_shapes()
    assert len(shapes) > 100  # the core's pydantic classes
    assert all(count >= 0 for count in shapes) and sum(shapes) > len(shapes)


@pytest.mark.parametrize("kind", KINDS)
def test_each_kind_defines_working_classes_with_the_shapes_fields(kind: str) -> None:
    module = _define(kind, [3, 0])
    three = module.C0
    made = three(f0=1, f1=2, f2=3)
    assert (made.f0, made.f1, made.f2) == (1, 2, 3)
    assert made == three(f0=1, f1=2, f2=3) and made != three(f0=1, f1=2, f2=4)
    assert hash(made) == hash(three(f0=1, f1=2, f2=3))
    with pytest.raises((AttributeError, TypeError, ValueError)):
        made.f0 = 5  # every kind is frozen, as the model is
    assert module.C1().f0 == 0  # a class without fields still gets one, as a placeholder


def test_an_unknown_kind_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown kind of class: 'attrs'"):
        class_source("attrs", [1])


def test_every_kind_is_measured_in_a_fresh_process() -> None:
    found = class_kinds(1, [2, 4, 1])
    assert set(found) == set(KINDS)
    for kind, runs in found.items():
        ((library, classes),) = runs
        assert classes > 0, kind
        assert library >= 0, kind
    assert found["plain"][0][0] < 0.001  # written out whole: no library to import


def test_the_report_compares_each_kind_with_pydantic() -> None:
    found = {
        "pydantic": [(0.080, 0.050), (0.090, 0.060), (0.085, 0.055)],
        "dataclass": [(0.005, 0.088), (0.005, 0.090), (0.006, 0.080)],
        "NamedTuple": [(0.003, 0.020), (0.003, 0.022), (0.003, 0.021)],
        "plain": [(0.0, 0.001), (0.0, 0.0011), (0.0, 0.0012)],
    }
    lines = kind_report(found, 149, 955).splitlines()
    assert lines[0].startswith("The model's 149 classes (955 fields)")
    assert "median of 3" in lines[0]
    rows = {line.split()[0]: line.split() for line in lines[2:]}
    assert rows["pydantic"][1:] == ["85.0", "ms", "55.0", "ms", "1.00x"]
    assert rows["dataclass"][-1] == "1.60x"  # 88 ms against pydantic's 55
    assert rows["plain"][-1] == "0.02x"
