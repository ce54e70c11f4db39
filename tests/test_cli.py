"""The ``bridge`` command line: odds, roll, bench, and clear errors on bad flags."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from bridge.cli import main
from bridge.cli_systems import SYSTEM_FLAGS


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


def test_bench_start_gives_each_phase_of_a_real_start(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    code, out, _ = run(capsys, "bench", "start", "--runs", "1")
    assert code == 0
    assert "phase by phase (median of 1;" in out
    assert "pydantic: its import and first class" in out and "building the windows" in out
    assert "console: " in out and "six: " in out and "without them" in out


def test_bench_classes_defines_the_models_shapes_as_each_kind(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "bench", "classes", "--runs", "1")
    assert code == 0
    assert "The model's" in out and "(median of 1;" in out
    kinds = [line.split()[0] for line in out.splitlines()[2:]]
    assert kinds == ["pydantic", "dataclass", "NamedTuple", "plain"]


# -- every flag of `bridge odds` and `bridge roll`, for every system (issue 25) ----------

_BASE = {
    "sta": ["--target", "11", "--difficulty", "2"],
    "icon": ["--system", "icon", "--attribute", "2", "--skill", "1", "--difficulty", "7"],
    "d6": ["--system", "d6", "--code", "3D", "--difficulty", "15"],
}
_FLAG_VALUES = {
    "--target": ["--target", "9"],
    "--focus": ["--focus", "3"],
    "--dice": ["--dice", "3"],
    "--determination": ["--determination"],
    "--complication-range": ["--complication-range", "3"],
    "--assist": ["--assist", "10:3"],
    "--npc": ["--npc"],
    "--attribute": ["--attribute", "3"],
    "--skill": ["--skill", "2"],
    "--edge": ["--edge", "1"],
    "--courage": ["--courage", "2"],
    "--actions": ["--actions", "3"],
    "--dodge": ["--dodge", "--actions", "3"],
    "--code": ["--code", "4D"],
    "--critical": ["--critical", "complication", "--difficulty", "8"],
    "--untrained": ["--untrained"],
    "--prepare": ["--prepare", "1"],
    "--rush": ["--rush", "1"],
    "--action-dice": ["--action-dice", "1"],
}


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    data: dict[str, object] = json.loads(out)
    return data


@pytest.mark.parametrize(
    ("system", "flag"),
    [(system, flag) for system, flags in SYSTEM_FLAGS.items() for flag in flags.values()],
)
def test_every_accepted_odds_flag_changes_the_answer(
    capsys: pytest.CaptureFixture[str], system: str, flag: str
) -> None:
    """Issue 25: "An option that is accepted must work": each flag of a system, given a
    value other than its default, changes what `bridge odds` answers for that system."""
    base = _BASE[system]
    before = _json(capsys, "odds", *base)
    after = _json(capsys, "odds", *base, *_FLAG_VALUES[flag])
    assert after != before, f"{flag} changed nothing for --system {system}"


@pytest.mark.parametrize(
    ("system", "flag"),
    [
        (system, flag)
        for system in SYSTEM_FLAGS
        for other, flags in SYSTEM_FLAGS.items()
        if other != system
        for flag in flags.values()
    ],
)
@pytest.mark.parametrize("command", ["odds", "roll"])
def test_a_flag_of_another_system_is_refused_with_a_reason(
    capsys: pytest.CaptureFixture[str], command: str, system: str, flag: str
) -> None:
    """Issue 25: "An option that cannot work must be refused with a reason"."""
    base = [a for a in _BASE[system] if a != flag]
    extra = _FLAG_VALUES[flag][:2] if flag != "--dodge" else ["--dodge"]
    code, out, err = run(capsys, command, *base, *extra)
    assert code == 2 and not out
    assert f"{flag} is for --system" in err and f"not --system {system}" in err


def test_icon_courage_and_d6_action_dice_give_the_exact_odds(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 25's figures: ICON +2 courage 30.56% -> 75%; OpenD6 3D vs 15 with one
    action die 17.05% -> 47.88% (exact enumeration)."""
    icon = _json(capsys, "odds", *_BASE["icon"], "--courage", "2")
    assert icon["p_success"] == pytest.approx(0.75)
    d6 = _json(capsys, "odds", *_BASE["d6"], "--action-dice", "1")
    assert d6["p_success"] == pytest.approx(0.4788, abs=5e-5)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["odds", *_BASE["icon"], "--courage", "5"], "--courage must be 0..4"),
        (["odds", *_BASE["d6"], "--action-dice", "11"], "--action-dice must be 0..10"),
        (["roll", *_BASE["d6"], "--action-dice", "-1"], "--action-dice must be 0..10"),
        (["odds", *_BASE["icon"], "--actions", "0"], "--actions:"),
        (["odds", *_BASE["d6"], "--rush", "4"], "--rush:"),
    ],
)
def test_system_flags_out_of_range_are_named(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2 and message in err


def test_roll_spends_courage_only_to_save_the_test(capsys: pytest.CaptureFixture[str]) -> None:
    """Seed 002: courage after the roll, when the test would fail without it."""
    for seed in range(30):
        data = _json(capsys, "roll", *_BASE["icon"], "--courage", "4", "--seed", str(seed))
        spent = data["courage_spent"]
        assert isinstance(spent, int) and 0 <= spent <= 4
        if spent:
            assert data["total"] == 7  # just enough: a marginal success
