"""The ``bridge`` command line: the app, ``odds``, ``roll``, ``check``, ``host``, ``join``.

Bad flags print one clear line and exit with status 2; no traceback reaches the user.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from bridge import __version__

if TYPE_CHECKING:  # the rules load only for the subcommands that use them, not for the app
    from bridge.rules.task import Assist, TaskSpec

__all__ = ["TOOLS", "main", "run_tool"]


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors name the subcommand and exit 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {message}\n")


def _assist(text: str) -> Assist:
    """``T`` or ``T:D``: one assisting d20 with target T, Focus at Discipline D."""
    from bridge.rules.task import Assist, Roller

    target, _, focus = text.partition(":")
    try:
        t = int(target)
        d = int(focus) if focus else None
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"'{text}' is not T or T:D (target number, optional Focus Discipline)"
        ) from None
    if not 1 <= t <= 40 or (d is not None and not 0 <= d <= 20):
        raise argparse.ArgumentTypeError(f"'{text}': target must be 1..40 and D 0..20")
    return Assist(source="character", name=f"Assist {text}", roller=Roller(target=t, focus=d))


def _task_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--target", type=int, help="Attribute + Discipline (STA)")
    p.add_argument("--focus", type=int, metavar="D", help="has a Focus; D is the Discipline")
    p.add_argument("--dice", type=int, help="lead d20s, 2..5, without Determination (default 2)")
    p.add_argument("--determination", action="store_true", help="add the die showing 1")
    p.add_argument("--difficulty", type=int, help="STA 0..10 (default 1); ICON/OpenD6 numbers")
    p.add_argument("--complication-range", type=int, metavar="N", help="1..5 (default 1)")
    p.add_argument(
        "--assist",
        type=_assist,
        action="append",
        default=[],
        metavar="T[:D]",
        help="one assisting d20 with target T (Focus at Discipline D); repeatable",
    )
    p.add_argument("--npc", action="store_true", help="an NPC rolls: excess goes to Threat")
    p.add_argument("--json", action="store_true", help="print JSON")
    from bridge.cli_systems import add_system_arguments

    add_system_arguments(p)


def _spec(args: argparse.Namespace) -> TaskSpec:
    from bridge.rules.errors import RuleViolation
    from bridge.rules.task import Purchase, Roller, TaskSpec

    if args.target is None:
        raise RuleViolation("the following arguments are required: --target")
    dice = 2 if args.dice is None else args.dice
    if not 2 <= dice <= 5:
        raise RuleViolation(f"--dice must be 2..5 (got {dice})")
    if args.determination and dice == 5:
        raise RuleViolation(
            "a Task rolls at most 5 dice: --dice 5 with --determination would need a 6th die"
        )
    bought: list[Purchase] = ["determination"] if args.determination else []
    bought += ["threat" if args.npc else "momentum"] * (dice - 2)
    return TaskSpec(
        lead=Roller(target=args.target, focus=args.focus),
        difficulty=1 if args.difficulty is None else args.difficulty,
        complication_range=1 if args.complication_range is None else args.complication_range,
        bought=tuple(bought),
        assists=tuple(args.assist),
        side="npc" if args.npc else "player",
        value="command line" if args.determination else None,
    )


def _odds(args: argparse.Namespace) -> int:
    from bridge.cli_systems import refuse_foreign_flags, system_odds
    from bridge.rules.odds import task_odds
    from bridge.rules.task import complication_faces

    refuse_foreign_flags(args)
    if args.system != "sta":
        return system_odds(args)
    spec = _spec(args)
    odds = task_odds(spec)
    if args.json:
        print(
            json.dumps(
                {
                    "p_success": odds.p_success,
                    "expected_momentum": odds.expected_momentum,
                    "p_complication": odds.p_complication,
                    "distribution": {str(k): p for k, p in enumerate(odds.distribution)},
                    "dice": spec.lead_dice,
                    "assists": len(spec.assists),
                    "difficulty": spec.difficulty,
                    "generates": "threat" if spec.side == "npc" else "momentum",
                    "bought_cost": spec.cost.model_dump(),
                },
                indent=2,
            )
        )
        return 0
    print(
        f"Target {spec.lead.target}"
        + (f", Focus at {spec.lead.focus}" if spec.lead.focus is not None else ", no Focus")
        + f"; {spec.lead_dice}d20"
        + (" incl. Determination" if spec.has_determination_die else "")
        + (f" + {len(spec.assists)} assist(s)" if spec.assists else "")
        + f"; Difficulty {spec.difficulty}; complications on "
        + complication_faces(spec.complication_range)
        + ("; an NPC: bought dice spend Threat, excess successes become Threat" if args.npc else "")
    )
    pool = "Threat" if spec.side == "npc" else "Momentum"
    print(f"  P(success)          {odds.p_success:7.2%}")
    print(f"  Expected {pool:9s}  {odds.expected_momentum:7.3f}")
    print(f"  P(complication)     {odds.p_complication:7.2%}")
    print("  Successes:")
    for k, p in enumerate(odds.distribution):
        if p:
            print(f"    {k:2d}  {p:7.2%}  {'#' * round(p * 40)}")
    return 0


def _roll(args: argparse.Namespace) -> int:
    from bridge.cli_systems import refuse_foreign_flags, system_roll
    from bridge.rules.dice import SeededDice
    from bridge.rules.task import resolve_task

    refuse_foreign_flags(args)
    if args.system != "sta":
        return system_roll(args)
    spec = _spec(args)
    result = resolve_task(spec, SeededDice(args.seed))
    if args.json:
        print(result.model_dump_json(indent=2))
    else:
        print(result.describe())
    return 0


def _check(args: argparse.Namespace) -> int:
    from bridge.storage.load import FileProblem, load_file

    status = 0
    for path in args.files:
        try:
            doc = load_file(path)
        except FileProblem as exc:
            print(exc.message, file=sys.stderr)
            status = 1
            continue
        print(f"{path.name}: a valid {doc.format} file (version {doc.version}).")
    return status


def _schemas(args: argparse.Namespace) -> int:
    from bridge.net.schemas import write_protocol_schemas
    from bridge.storage.schemas import write_schemas

    for path in [*write_schemas(args.folder), *write_protocol_schemas(args.folder)]:
        print(path)
    return 0


def _host(args: argparse.Namespace) -> int:
    import asyncio

    from bridge.net.guard import new_join_code
    from bridge.net.serve import hosted_session, run_host
    from bridge.rules.errors import RuleViolation
    from bridge.storage.load import FileProblem

    if not 0 <= args.port <= 65535:
        raise RuleViolation(f"--port must be 0..65535 (got {args.port})")
    from bridge.storage.logs import start_logging

    start_logging("host")  # connections, refusals and drops; never codes or tokens
    try:
        if args.host_seed is not None and (args.battle or args.resume):
            raise RuleViolation("--seed seeds the demo battle only")
        session = hosted_session(args.battle, args.resume, args.host_seed)
    except FileProblem as exc:
        print(f"bridge host: error: {exc.message}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(
            f"bridge host: error: the autosave cannot be written ({exc.strerror or exc}); "
            "a hosted battle always autosaves (set BRIDGE_HOME to a writable folder).",
            file=sys.stderr,
        )
        return 1
    try:
        asyncio.run(
            run_host(
                session,
                code=args.code or new_join_code(),
                port=args.port,
                bind=args.bind,
                npc_autopilot=args.npc_autopilot,
            )
        )
    except OSError as exc:
        print(
            f"bridge host: error: cannot listen on port {args.port}: {exc.strerror}",
            file=sys.stderr,
        )
        return 1
    return 0


def _join(args: argparse.Namespace) -> int:
    from bridge.ui.app.single_instance import handed_to_running

    if handed_to_running(("join", args.url, args.code, args.seat)):
        print("Bridge is already running: the join opens there.", flush=True)
        return 0
    from bridge.ui.network.join_dialog import run_join

    return run_join(args.url, args.code, args.seat)


TOOLS = {
    "bench": "measure Bridge's speed (the measuring tools, with a source install)",
    "stress": "fault runs outside the test suite (the measuring tools, with a source install)",
}
"""Commands of the measuring tools (:mod:`bridge.bench`): found through the
``bridge.tools`` entry points, so the product never imports them. A source or wheel
install has them; the frozen app leaves them out."""


def run_tool(name: str, argv: Sequence[str]) -> int:
    """Hand ``argv`` to the measuring tool ``name``, or say plainly that it is not here."""
    from importlib.metadata import entry_points

    for point in entry_points(group="bridge.tools", name=name):
        try:
            tool = point.load()
        except ImportError:
            break
        return int(tool(argv))
    print(
        f"bridge {name}: error: the measuring tools are not part of this installation of "
        "Bridge; they come with a source install (pip install -e . in Bridge's folder).",
        file=sys.stderr,
    )
    return 2


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="bridge",
        description="Bridge: a starship bridge console for Star Trek Adventures. "
        "Without a subcommand it opens the GM console.",
    )
    parser.add_argument("--version", action="version", version=f"bridge {__version__}")
    parser.add_argument(
        "--demo",
        action="store_true",
        help="open on the built-in demo battle with all five station windows",
    )
    parser.add_argument(
        "--screenshots",
        type=Path,
        metavar="DIR",
        help="render every window to PNG files in DIR and exit",
    )
    parser.add_argument("--seed", type=int, help="seed the dice (repeatable battles)")
    parser.add_argument(
        "--open",
        type=Path,
        metavar="FILE",
        help="open a battle (or bring a ship or character file into it); "
        "`bridge FILE` does the same",
    )
    parser.add_argument("--startup-probe", action="store_true", help=argparse.SUPPRESS)
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    odds = sub.add_parser("odds", help="exact odds of a task roll")
    _task_arguments(odds)
    odds.set_defaults(run=_odds)
    roll = sub.add_parser("roll", help="roll a task and show the dice")
    _task_arguments(roll)
    roll.add_argument("--seed", type=int, help="seed for repeatable rolls")
    roll.set_defaults(run=_roll)
    check = sub.add_parser("check", help="validate Bridge files (ship, character, encounter)")
    check.add_argument("files", type=Path, nargs="+", metavar="FILE")
    check.set_defaults(run=_check)
    schemas = sub.add_parser(
        "schemas", help="write the JSON Schemas of the file formats and network messages"
    )
    schemas.add_argument("folder", type=Path, nargs="?", default=Path("resources/schemas"))
    schemas.set_defaults(run=_schemas)
    for name, text in TOOLS.items():  # parsed by the tool itself (see main)
        sub.add_parser(name, help=text, add_help=False)
    host = sub.add_parser("host", help="host a battle for players on the network, no windows")
    host.add_argument("battle", type=Path, nargs="?", help="a battle file (default: the demo)")
    host.add_argument("--resume", type=Path, metavar="JOURNAL", help="resume an autosave")
    host.add_argument("--port", type=int, default=7420, help="TCP port (0: any free one)")
    host.add_argument("--code", help="the join code players type (default: a new one)")
    host.add_argument(
        "--bind", metavar="ADDRESS", help="listen on this address only (default: all)"
    )
    host.add_argument(
        "--npc-autopilot",
        action="store_true",
        help="play the NPC ships (and a personal conflict's NPC figures) automatically",
    )
    host.add_argument(
        "--seed", dest="host_seed", type=int, help="seed the demo battle's dice (repeatable)"
    )
    host.set_defaults(run=_host)
    join = sub.add_parser("join", help="join a battle hosted on the network")
    join.add_argument("url", nargs="?", help="the host's address, HOST:PORT")
    join.add_argument("--code", help="the join code the GM shows")
    join.add_argument("--seat", help="the seat to take (char:ID or viewscreen)")
    join.set_defaults(run=_join)
    return parser


_FLAGS = {
    "target": "--target",
    "focus": "--focus",
    "lead.target": "--target",
    "lead.focus": "--focus",
    "complication_range": "--complication-range",
    "difficulty": "--difficulty",
    "attribute": "--attribute",
    "skill": "--skill",
    "edge": "--edge",
    "actions": "--actions",
    "preparation": "--prepare",
    "rushing": "--rush",
    "code": "--code",
}


def _flag_for(line: str) -> str:
    field, sep, rest = line.partition(": ")
    return f"{_FLAGS.get(field, field)}{sep}{rest}"


def _subcommands(parser: argparse.ArgumentParser) -> set[str]:
    return {
        name
        for action in parser._actions
        if isinstance(action, argparse._SubParsersAction)
        for name in action.choices
    }


def desktop_arguments(
    argv: Sequence[str], parser: argparse.ArgumentParser | None = None
) -> list[str]:
    """The arguments a desktop launch passes, as flags: ``bridge FILE`` (a double-clicked
    battle) becomes ``bridge --open FILE``; macOS's old ``-psn_`` process serial is dropped."""
    args = [a for a in argv if not a.startswith("-psn_")]
    known = _subcommands(parser or _parser())
    if args and not args[0].startswith("-") and args[0] not in known:
        return ["--open", *args]
    return args


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    if words and words[0] in TOOLS:
        return run_tool(words[0], words[1:])
    parser = _parser()
    args = parser.parse_args(desktop_arguments(words, parser))
    if args.command is None:
        from bridge.ui.app.collector import hold

        hold()  # until the windows are up (see bridge.ui.app.collector)
        from bridge.ui.app.start import run_app

        return run_app(
            demo=args.demo,
            screenshots=args.screenshots,
            seed=args.seed,
            startup_probe=args.startup_probe,
            open_path=args.open,
        )
    from pydantic import ValidationError

    from bridge.model.validation import describe_validation_error
    from bridge.rules.errors import RuleViolation

    try:
        code: int = args.run(args)
    except ValidationError as exc:
        lines = describe_validation_error(exc).splitlines()
        message = "\n".join(_flag_for(line) for line in lines)
        print(f"bridge {args.command}: error: {message}", file=sys.stderr)
        return 2
    except RuleViolation as exc:
        print(f"bridge {args.command}: error: {exc.reason}", file=sys.stderr)
        return 2
    return code
