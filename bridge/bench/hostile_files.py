"""The hostile-file stress run: thousands of broken, huge and malicious files opened.

Every input must end in the file-problem message (or a valid file), within a time
limit, with a short message; ``bridge stress files --count 10000`` prints the counts.
"""

from __future__ import annotations

import json
import os
import random
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bridge.bench.process import peak_kib
from bridge.engine import Session, demo_encounter
from bridge.storage.battle import battle_file, open_battle
from bridge.storage.formats import CharacterFile, ShipFile
from bridge.storage.foundry import import_foundry
from bridge.storage.load import FileProblem, load_file

__all__ = ["StressResult", "hostile_inputs", "run_file_stress"]

MESSAGE_LIMIT = 600
"""The longest acceptable message: a file name, a field and a sentence or two."""


def _seeds() -> list[dict[str, Any]]:
    encounter = demo_encounter()
    session = Session(encounter)
    return [
        ShipFile(ship=encounter.ships["qoj"]).model_dump(mode="json"),
        CharacterFile(character=next(iter(encounter.characters.values()))).model_dump(mode="json"),
        battle_file(session).model_dump(mode="json"),
    ]


_NASTY: list[Any] = [
    None,
    True,
    -1,
    10**30,
    1e308,
    float("inf"),
    "",
    "x" * 100_000,
    "\ud800",
    [],
    {},
    [[[]]],
    {"format": "bridge.ship"},
    "../../etc/passwd",
    "\u202e\u0000",
]


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value[:4]):
            yield from _paths(v, (*prefix, i))


def _set(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    copy: Any = dict(data) if isinstance(data, dict) else list(data)
    copy[path[0]] = _set(copy[path[0]], path[1:], value)
    return copy


def _dump(data: Any) -> bytes:
    return json.dumps(data, allow_nan=True).encode("utf-8", "surrogatepass")


def _mutations(rng: random.Random, seeds: list[dict[str, Any]]) -> Iterator[bytes]:
    """An endless stream of hostile file contents."""
    texts = [_dump(s) for s in seeds]
    all_paths = [list(_paths(s)) for s in seeds]
    makers: list[Callable[[], bytes]] = []

    def field_value() -> bytes:
        i = rng.randrange(len(seeds))
        path = rng.choice(all_paths[i])
        return _dump(_set(seeds[i], path, rng.choice(_NASTY)))

    def drop_field() -> bytes:
        i = rng.randrange(len(seeds))
        path = rng.choice(all_paths[i][1:])
        parent = _set(seeds[i], (), seeds[i])
        node: Any = parent
        for key in path[:-1]:
            node = node[key]
        if isinstance(node, dict):
            node = dict(node)
            node.pop(path[-1], None)
            return _dump(_set(parent, path[:-1], node))
        return _dump(parent)

    def bytes_flip() -> bytes:
        raw = bytearray(rng.choice(texts))
        for _ in range(rng.randint(1, 8)):
            raw[rng.randrange(len(raw))] = rng.randrange(256)
        return bytes(raw)

    def truncate() -> bytes:
        raw = rng.choice(texts)
        return raw[: rng.randrange(len(raw))]

    def huge_int() -> bytes:
        return b'{"format": "bridge.ship", "version": ' + b"9" * rng.randint(4000, 9000) + b"}"

    def deep() -> bytes:
        n = rng.randint(60, 200_000)
        return b"[" * n + b"]" * n

    def wrong_format() -> bytes:
        return _dump({"format": rng.choice(_NASTY), "version": rng.choice(_NASTY)})

    def long_name() -> bytes:
        i = rng.randrange(len(seeds))
        key = rng.choice([p for p in all_paths[i] if p and isinstance(p[-1], str)])
        return _dump(_set(seeds[i], key, "N" * rng.randint(1000, 1_000_000)))

    def unknown_reference() -> bytes:
        battle = json.loads(texts[2])
        state = battle["state"]
        choice = rng.randrange(3)
        if choice == 0:
            state["turn"]["actor_ship"] = "ghost"
        elif choice == 1:
            state["retreated"] = ["ghost"]
        else:
            state["zones"]["positions"]["ghost"] = state["zones"]["zones"][0]
        return _dump(battle)

    def binary() -> bytes:
        return bytes(rng.randrange(256) for _ in range(rng.randint(1, 4096)))

    def junk_keys() -> bytes:
        i = rng.randrange(len(seeds))
        data = dict(seeds[i])
        data["\ud800" if rng.random() < 0.5 else "k" * 5000] = 1
        return _dump(data)

    makers = [
        field_value,
        field_value,
        field_value,
        drop_field,
        bytes_flip,
        truncate,
        huge_int,
        deep,
        wrong_format,
        long_name,
        unknown_reference,
        binary,
        junk_keys,
    ]
    while True:
        yield rng.choice(makers)()


def hostile_inputs(count: int, seed: int = 0) -> Iterator[bytes]:
    """``count`` hostile file contents, the same ones for the same ``seed``."""
    stream = _mutations(random.Random(seed), _seeds())
    for _ in range(count):
        yield next(stream)


@dataclass
class StressResult:
    tried: int = 0
    clear: int = 0
    valid: int = 0
    unclear: list[str] = field(default_factory=list)
    hangs: int = 0
    long_messages: int = 0
    peak_mb: float = 0.0
    seconds: float = 0.0

    def summary(self) -> str:
        return (
            f"inputs tried: {self.tried}\n"
            f"clear file-problem messages: {self.clear}; valid files: {self.valid}\n"
            f"anything other than a clear message: {len(self.unclear)}\n"
            f"messages over {MESSAGE_LIMIT} characters: {self.long_messages}\n"
            f"hangs (over the time limit): {self.hangs}\n"
            f"memory peak: {self.peak_mb:.0f} MB resident\n"
            f"time: {self.seconds:.1f} s"
        )


_CLEAR = "clear: "


def _open_one(path: Path, which: int) -> str | None:
    """Open ``path`` one of three ways: ``None`` for a valid file, else what happened."""
    try:
        if which == 0:
            load_file(path)
        elif which == 1:
            open_battle(path)
        else:
            import_foundry(path)
    except FileProblem as exc:
        return _CLEAR + exc.message
    except BaseException as exc:  # the stress run counts whatever escaped
        return f"{type(exc).__name__}: {str(exc)[:200]}"
    return None


def _attempt(path: Path, which: int, limit_s: float) -> tuple[bool, str | None]:
    """Open ``path`` in a thread; (finished within ``limit_s``, what happened)."""
    holder: list[str | None] = []
    worker = threading.Thread(target=lambda: holder.append(_open_one(path, which)), daemon=True)
    worker.start()
    worker.join(limit_s)
    return bool(holder), holder[0] if holder else None


def _peak_mb() -> float:
    return peak_kib() / 1024


def run_file_stress(count: int, folder: Path, seed: int = 0, limit_s: float = 10.0) -> StressResult:
    """Open ``count`` hostile files from ``folder``; count anything but a clear message."""
    folder.mkdir(parents=True, exist_ok=True)
    result = StressResult()
    start = time.perf_counter()
    path = folder / "hostile.json"
    for n, content in enumerate(hostile_inputs(count, seed)):
        path.write_bytes(content)
        result.tried += 1
        finished, outcome = _attempt(path, n % 3, limit_s)
        if not finished:
            result.hangs += 1
        elif outcome is None:
            result.valid += 1
        elif not outcome.startswith(_CLEAR):
            result.unclear.append(outcome[:200])
        elif not outcome.startswith(f"{_CLEAR}hostile.json: ") or len(outcome) > MESSAGE_LIMIT:
            result.long_messages += len(outcome) > MESSAGE_LIMIT
            result.unclear.append(f"message: {outcome[:200]}")
        else:
            result.clear += 1
    for special in (Path("/dev/zero"), _fifo(folder)):
        if special is None or not special.exists():
            continue
        for which in range(3):
            result.tried += 1
            finished, outcome = _attempt(special, which, limit_s)
            if not finished:
                result.hangs += 1
            elif outcome is not None and outcome.startswith(_CLEAR):
                result.clear += 1
            else:
                result.unclear.append(f"{special}: {outcome or 'not refused'}")
    path.unlink(missing_ok=True)
    result.seconds = time.perf_counter() - start
    result.peak_mb = _peak_mb()
    return result


def _fifo(folder: Path) -> Path | None:
    if not hasattr(os, "mkfifo"):
        return None
    pipe = folder / "pipe.json"
    if not pipe.exists():
        os.mkfifo(pipe)
    return pipe
