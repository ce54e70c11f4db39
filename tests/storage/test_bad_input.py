"""Bad files: one clear message naming the file, the field and the problem; nothing changes."""

from __future__ import annotations

import contextlib
import hashlib
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridge.cli import main
from bridge.engine.demo import demo_encounter
from bridge.engine.session import Session
from bridge.storage.battle import battle_file
from bridge.storage.formats import ShipFile
from bridge.storage.load import MAX_BYTES, FileProblem, load_file, parse_document

SHIP = ShipFile(ship=demo_encounter().ships["qoj"]).model_dump(mode="json")
BATTLE = battle_file(Session(demo_encounter())).model_dump(mode="json")


def write(tmp_path: Path, content: bytes | str, name: str = "bad.json") -> Path:
    path = tmp_path / name
    path.write_bytes(content.encode() if isinstance(content, str) else content)
    return path


def problem(path: Path) -> str:
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    with pytest.raises(FileProblem) as info:
        load_file(path)
    assert hashlib.sha256(path.read_bytes()).hexdigest() == digest  # the file is unchanged
    assert info.value.message.startswith(f"{path.name}: ")
    return info.value.message


def with_(data: dict, path: str, value: object) -> str:
    copy = json.loads(json.dumps(data))
    node = copy
    keys = path.split(".")
    for k in keys[:-1]:
        node = node[int(k)] if isinstance(node, list) else node[k]
    node[keys[-1]] = value
    return json.dumps(copy)


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ('{"format": "bridge.ship", "version": 2, "ship": {', "ends too early"),
        ('{"format": "bridge.ship", "version": 2, "ship": {"name": "USS Reso', "ends too early"),
        ("{format: ship}", "not valid JSON at line 1, column 2"),
        ("", "the file is empty"),
        ("[1, 2, 3]", "expected a JSON object"),
        ('{"format": "bridge.spaceship", "version": 1}', "format: 'bridge.spaceship'"),
        ('{"format": "bridge.ship", "version": "two"}', "version: expected a whole number"),
        ('{"format": "bridge.ship", "version": 9}', "made by a newer Bridge"),
        (with_(SHIP, "ship.scale", 9), "ship.scale: Input should be less than or equal to 7"),
        (with_(SHIP, "ship.shields", -1), "ship.shields: Input should be greater than"),
        (with_(SHIP, "ship.systems.weapons", 30), "ship.systems.weapons:"),
        (with_(SHIP, "ship.scale", "big"), "ship.scale: Input should be a valid integer"),
        (with_(SHIP, "ship.warp_factor", 9), "ship.warp_factor: Extra inputs are not permitted"),
        (with_(BATTLE, "state.seats.helm", ["nobody"]), "no character 'nobody'"),
        ("[" * 5000 + "]" * 5000, "nested"),
        (
            '{"format": "bridge.ship", "version": 2, "ship": {"a": '
            + "[" * 80
            + "1"
            + "]" * 80
            + "}}",
            "nested more than 64 levels",
        ),
    ],
)
def test_each_bad_file_gets_one_clear_message(tmp_path: Path, content: str, expected: str) -> None:
    message = problem(write(tmp_path, content))
    assert expected in message, message
    assert "\n" not in message


def test_binary_file(tmp_path: Path) -> None:
    assert "binary file" in problem(write(tmp_path, bytes(range(256)) * 10, "ship.png"))


def test_not_utf8(tmp_path: Path) -> None:
    assert "not UTF-8" in problem(write(tmp_path, b'{"a": "\xff\xfe"}'))


def test_a_100_mb_file_is_refused_without_reading_it(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as handle:
        handle.truncate(100 * 1024 * 1024)
    assert path.stat().st_size > MAX_BYTES
    assert "100 MB" in problem(path)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(FileProblem, match=r"nope\.json: cannot be read"):
        load_file(tmp_path / "nope.json")


def test_bridge_check_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = write(tmp_path, json.dumps(SHIP), "good.json")
    bad = write(tmp_path, with_(SHIP, "ship.scale", 9), "bad.json")
    assert main(["check", str(good)]) == 0
    assert "good.json: a valid bridge.ship file (version 3)." in capsys.readouterr().out
    assert main(["check", str(good), str(bad)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("bad.json: ship.scale:") and "Traceback" not in err


VALID = json.dumps(BATTLE).encode()


@st.composite
def mutated(draw: st.DrawFn) -> bytes:
    data = bytearray(draw(st.sampled_from([VALID, json.dumps(SHIP).encode()])))
    for _ in range(draw(st.integers(1, 6))):
        kind = draw(st.sampled_from(["flip", "cut", "insert", "delete", "swap"]))
        at = draw(st.integers(0, max(len(data) - 1, 0)))
        if kind == "flip" and data:
            data[at] = draw(st.integers(0, 255))
        elif kind == "cut":
            del data[at:]
        elif kind == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=8))
        elif kind == "delete":
            del data[at : at + draw(st.integers(1, 40))]
        elif kind == "swap":
            data[at:at] = draw(
                st.sampled_from(
                    [
                        b'"x"',
                        b"-1",
                        b"null",
                        b"[]",
                        b"{}",
                        b"1e999",
                        b"true",
                        b'"\\u0000"',
                        b"99999999999999999999",
                    ]
                )
            )
    return bytes(data)


@settings(
    max_examples=3000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(raw=mutated())
def test_fuzzed_files_never_crash_the_loader(raw: bytes) -> None:
    """Thousands of mutated files: either a valid file or one clear FileProblem."""
    try:
        doc = parse_document(raw, "fuzz.json")
    except FileProblem as exc:
        assert exc.message.startswith("fuzz.json: ") and len(exc.message) < 2000
    else:
        assert doc.format in ("bridge.encounter", "bridge.ship")


@settings(max_examples=60, deadline=None)
@given(raw=mutated())
def test_fuzzed_files_on_disk_stay_unchanged(
    tmp_path_factory: pytest.TempPathFactory, raw: bytes
) -> None:
    path = tmp_path_factory.mktemp("fuzz") / "f.json"
    path.write_bytes(raw)
    with contextlib.suppress(FileProblem):
        load_file(path)
    assert path.read_bytes() == raw
