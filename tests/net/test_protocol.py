"""The wire protocol: hostile frames get a sentence, versions are named, codes guarded."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from bridge import __version__
from bridge.engine.core.commands import StartTurn
from bridge.net.guard import JoinGuard, new_join_code
from bridge.net.protocol import (
    PROTOCOL,
    Claim,
    Hello,
    Ping,
    SendCommand,
    client_messages,
    parse_client,
    version_mismatch,
)


def test_deep_nesting_is_a_sentence_not_a_crash() -> None:
    for frame in ("[" * 100_000, '{"a":' * 50_000):
        reason = parse_client(frame)
        assert isinstance(reason, str)
        assert reason.startswith("The message was not understood")


def test_non_json_unknown_type_and_bad_command_are_named() -> None:
    assert "Invalid JSON" in str(parse_client(b"\xff\xfe garbage"))
    assert "'teleport'" in str(parse_client('{"type": "teleport"}'))
    bad = parse_client('{"type": "command", "id": 1, "command": {"type": "minor"}}')
    assert isinstance(bad, str) and "command.minor.action" in bad


def test_a_long_bad_value_is_cut_short() -> None:
    reason = parse_client(json.dumps({"type": "claim", "seat": "x" * 60_000}))
    assert isinstance(reason, str) and len(reason) < 400


def test_version_mismatch_names_both_versions() -> None:
    assert version_mismatch(PROTOCOL, __version__) is None
    sentence = version_mismatch(PROTOCOL + 1, "9.9.9")
    assert sentence is not None
    assert f"protocol {PROTOCOL}" in sentence and f"protocol {PROTOCOL + 1}" in sentence
    assert __version__ in sentence and "9.9.9" in sentence


@given(
    st.one_of(
        st.builds(
            Hello,
            protocol=st.integers(0, 9),
            app=st.text(max_size=40),
            code=st.text(max_size=64),
            name=st.text(max_size=60),
        ),
        st.builds(Claim, seat=st.text(max_size=80), token=st.none() | st.text(max_size=120)),
        st.builds(Ping, t=st.floats(allow_nan=False, allow_infinity=False)),
        st.builds(
            SendCommand,
            id=st.integers(0, 2**53),
            command=st.builds(StartTurn, by=st.just("gm"), actor=st.text(max_size=20)),
        ),
    )
)
def test_every_client_message_round_trips(message: object) -> None:
    dump = message.model_dump_json()
    assert client_messages.validate_json(dump) == message


@given(st.binary(max_size=300))
def test_arbitrary_bytes_never_raise(frame: bytes) -> None:
    result = parse_client(frame)
    assert isinstance(result, str) or result.type in {
        "hello",
        "claim",
        "command",
        "preview",
        "resync",
        "ping",
    }


def test_wrong_codes_from_one_address_wait_longer_and_longer() -> None:
    now = [100.0]
    guard = JoinGuard("K7P-Q2X", base=0.5, ceiling=8.0, clock=lambda: now[0])
    assert guard.check("a", "k7p q2x")  # case, spaces and dashes do not matter
    waits = []
    for _ in range(6):
        assert not guard.check("a", "WRONG")
        waits.append(guard.wait_for("a"))
    assert waits == [0.5, 1.0, 2.0, 4.0, 8.0, 8.0]
    assert guard.wait_for("b") == 0.0  # another address is not slowed down
    now[0] += 8.0
    assert guard.wait_for("a") == 0.0
    assert guard.check("a", "K7PQ2X")
    assert not guard.check("a", "nope") and guard.wait_for("a") == 0.5  # a right code cleared it


def test_the_guard_forgets_old_addresses_so_a_flood_stays_bounded() -> None:
    guard = JoinGuard("CODE", remember=50)
    for n in range(500):
        guard.check(f"addr-{n}", "bad")
    assert guard.wait_for("addr-0") == 0.0
    assert guard.wait_for("addr-499") > 0.0
    assert len(guard._failures) == 50


def test_join_codes_are_readable_and_differ() -> None:
    codes = {new_join_code() for _ in range(50)}
    assert len(codes) > 45
    assert all(len(c) == 6 and not set(c) & set("01OI") for c in codes)
