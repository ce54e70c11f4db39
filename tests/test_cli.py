"""The ``bridge`` command line: odds, roll, bench, and clear errors on bad flags."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from bridge.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_odds_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "odds",
        "--target",
        "11",
        "--focus",
        "3",
        "--dice",
        "3",
        "--difficulty",
        "2",
        "--assist",
        "10:3",
        "--assist",
        "9",
        "--json",
    )
    data = json.loads(out)
    assert code == 0
    assert {"p_success", "expected_momentum", "p_complication", "distribution"} <= set(data)
    assert abs(sum(data["distribution"].values()) - 1) < 1e-9
    assert data["dice"] == 3 and data["assists"] == 2


def test_odds_matches_a_hand_count(capsys: pytest.CaptureFixture[str]) -> None:
    """Two dice, target 10, no Focus, Difficulty 2: P = P(both succeed) + P(one 1)."""
    _, out, _ = run(capsys, "odds", "--target", "10", "--difficulty", "2", "--json")
    # faces 1..10 succeed (a 1 scores two): both succeed, or a 1 beside a failure
    p = (10 * 10 + 2 * 10) / 400
    assert abs(json.loads(out)["p_success"] - p) < 1e-12


def test_odds_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "odds", "--target", "12", "--determination", "--difficulty", "3")
    assert code == 0 and "P(success)" in out and "incl. Determination" in out


def test_roll_is_repeatable_with_a_seed(capsys: pytest.CaptureFixture[str]) -> None:
    _, first, _ = run(capsys, "roll", "--target", "11", "--seed", "5", "--json")
    _, second, _ = run(capsys, "roll", "--target", "11", "--seed", "5", "--json")
    assert first == second and len(json.loads(first)["dice"]) == 2


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["odds", "--target", "x"], "--target: invalid int value"),
        (["odds", "--target", "11", "--dice", "6"], "--dice must be 2..5"),
        (["odds", "--target", "11", "--complication-range", "9"], "--complication-range:"),
        (["odds", "--target", "11", "--assist", "4:z"], "is not T or T:D"),
        (["roll"], "the following arguments are required: --target"),
        (["roll", "--system", "icon"], "--system icon needs --attribute"),
        (["odds", "--system", "d6", "--code", "three"], "'three' is not a die code"),
        (["odds", "--target", "11", "--dice", "5", "--determination"], "6th die"),
    ],
)
def test_bad_flags_give_a_clear_message(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse's own errors
        code = int(exc.code or 0)
    err = capsys.readouterr().err
    assert code == 2 and message in err and "Traceback" not in err


def test_help_lists_what_bridge_can_do(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    out = capsys.readouterr().out
    assert done.value.code == 0
    for word in ("odds", "roll", "bench", "--demo", "--screenshots"):
        assert word in out


def test_console_entry_point_runs() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bridge", "odds", "--target", "9"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0 and "P(success)" in done.stdout


def test_bench_reports_the_odds_query(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "bench", "--quick", "--core-only")
    assert code == 0 and "odds query, 5 lead dice + 2 assists" in out
    assert "Commands applied per second" in out


def test_bridge_host_refuses_a_port_out_of_range(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["host", "--port", "70000", "--code", "X"]) == 2
    assert "--port must be 0..65535 (got 70000)" in capsys.readouterr().err


def test_the_bot_needs_its_flags(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["stress", "bot", "127.0.0.1:1"])
    assert done.value.code == 2
    assert "--code, --seat" in capsys.readouterr().err


def test_a_measuring_tool_missing_from_the_installation_is_named(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The frozen app leaves bridge.bench out: `bridge bench` says so and exits 2."""
    import importlib.metadata

    monkeypatch.setattr(importlib.metadata, "entry_points", lambda **_: [])
    assert main(["bench", "--quick"]) == 2
    err = capsys.readouterr().err
    assert "bridge bench: error: the measuring tools are not part of this installation" in err


def test_bench_and_stress_are_never_taken_for_a_file_to_open() -> None:
    from bridge.cli import _parser, desktop_arguments

    assert desktop_arguments(["bench"], _parser()) == ["bench"]
    assert desktop_arguments(["stress"], _parser()) == ["stress"]


def test_bench_open_times_opening_and_resuming(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "bench", "open", "--commands", "60", "--resume-commands", "40", "--runs", "3"
    )
    assert code == 0
    assert "open a saved 60-Command battle" in out and "over 3 runs" in out
    assert "resume the autosave of a 40-Command battle" in out
