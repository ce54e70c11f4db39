"""``bridge bench`` and ``bridge stress``: the measuring tools' one face.

The ``bridge`` command finds these two through the ``bridge.tools`` entry points, so no
product module imports this package. Each takes the arguments after its name.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

__all__ = ["bench_main", "stress_main"]


class _Parser(argparse.ArgumentParser):
    """Errors name the command and exit 2, as the ``bridge`` command's do."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {message}\n")


def _bench_parser() -> argparse.ArgumentParser:
    bench = _Parser(prog="bridge bench", description="Measure Bridge's speed.")
    bench.add_argument("--quick", action="store_true", help="fewer repetitions")
    bench.add_argument("--core-only", action="store_true", help="skip the UI figures")
    bench.add_argument(
        "what",
        nargs="?",
        choices=["all", "classes", "open", "profile", "start"],
        default="all",
        help="classes: the model's classes defined as each kind of class; open: opening "
        "only; profile: where a Command's time goes, window by window; start: where a "
        "start's time goes, phase by phase",
    )
    bench.add_argument("--commands", type=int, default=40_000, help="open: battle length")
    bench.add_argument("--resume-commands", type=int, default=10_000, help="open: autosave length")
    bench.add_argument(
        "--runs", type=int, default=5, help="classes, open, start, web: timed runs (median)"
    )
    bench.add_argument(
        "--profile-commands", type=int, default=100, metavar="N", help="profile: Commands"
    )
    bench.add_argument("--fleet", action="store_true", help="profile: the 10-ship battle")
    bench.add_argument(
        "--net", action="store_true", help="network latency with 1, 5 and 30 clients"
    )
    bench.add_argument(
        "--web",
        action="store_true",
        help="a GM's Command to five web station pages' screens, in Chromium (--runs rounds)",
    )
    bench.add_argument(
        "--seconds", type=float, help="--net: seconds per client count; --web: per round"
    )
    return bench


def bench_main(argv: Sequence[str]) -> int:
    """``bridge bench [all|classes|open|profile|start] [--quick] [--core-only] [--net]
    [--web] ...``."""
    args = _bench_parser().parse_args(list(argv))
    if args.web:
        from bridge.bench.web import web_benchmarks

        print("\n".join(web_benchmarks(quick=args.quick, seconds=args.seconds, runs=args.runs)))
        return 0
    if args.net:
        from bridge.bench.network import net_benchmarks

        print("\n".join(net_benchmarks(quick=args.quick, seconds=args.seconds)))
        return 0
    if args.what == "open":
        from bridge.bench.opening import measure_opening

        figures = measure_opening(args.commands, args.resume_commands, runs=args.runs)
        print(figures.summary())
        return 0
    if args.what == "profile":
        from bridge.bench.run import profile

        print(profile(args.profile_commands, fleet=args.fleet))
        return 0
    if args.what == "classes":
        from bridge.bench.class_kinds import measure_kinds

        print(measure_kinds(args.runs))
        return 0
    if args.what == "start":
        from bridge.bench.windows.start_phases import start_phases

        print(start_phases(args.runs))
        return 0
    from bridge.bench.run import run_benchmarks

    print(run_benchmarks(quick=args.quick, ui=not args.core_only))
    return 0


def _stress_parser() -> argparse.ArgumentParser:
    stress = _Parser(prog="bridge stress", description="Fault runs outside the test suite.")
    sub = stress.add_subparsers(dest="target", parser_class=_Parser)
    files = sub.add_parser("files", help="open thousands of hostile files")
    files.add_argument("--count", type=int, default=10_000, help="how many files")
    files.add_argument("--seed", type=int, default=0, help="which files (repeatable)")
    net = sub.add_parser("net", help="hostile frames against a host on loopback")
    net.add_argument("--count", type=int, default=5000, help="how many frames")
    net.add_argument("--seed", type=int, default=0, help="which frames (repeatable)")
    bot = sub.add_parser("bot", help="play one seat of a hosted battle with the autopilot")
    bot.add_argument("url", help="the host's address, HOST:PORT")
    bot.add_argument("--code", required=True, help="the join code the GM shows")
    bot.add_argument("--seat", required=True, help="the seat to take (char:ID or viewscreen)")
    bot.add_argument("--tokens", type=Path, help="where the seat's token is kept")
    bot.add_argument("--rounds", type=int, default=1, help="play until this Round is over")
    bot.add_argument("--report", type=Path, help="write the final view here as JSON")
    bot.add_argument("--deadline", type=float, default=120.0, help="give up after N seconds")
    return stress


def stress_main(argv: Sequence[str]) -> int:
    """``bridge stress files|net|bot ...`` (``files`` when no target is named)."""
    words = list(argv)
    if not words or (words[0].startswith("-") and words[0] not in ("-h", "--help")):
        words = ["files", *words]
    args = _stress_parser().parse_args(words)
    if args.target == "net":
        return _stress_net(args.count, args.seed)
    if args.target == "bot":
        return _bot(args)
    from bridge.bench.hostile_files import run_file_stress

    with tempfile.TemporaryDirectory(prefix="bridge-stress-") as folder:
        result = run_file_stress(args.count, Path(folder), seed=args.seed)
    print(result.summary())
    for line in result.unclear[:20]:
        print(f"  {line}")
    return 0 if not result.unclear and not result.hangs else 1


def _stress_net(frames: int, seed: int) -> int:
    import asyncio

    from bridge.bench.hostile_frames import run_fuzz

    result = asyncio.run(run_fuzz(frames, seed=seed))
    print(
        f"{result.sent} hostile frames: {result.answered} answered, "
        f"{result.reconnects} connections closed (over the size cap) and reopened; "
        "the battle is unchanged and the host still plays."
    )
    return 0


def _bot(args: argparse.Namespace) -> int:
    import asyncio

    from bridge.bench.bot import run_bot

    url = args.url if "://" in args.url else f"ws://{args.url}"
    return asyncio.run(
        run_bot(
            url,
            args.code,
            args.seat,
            tokens=args.tokens,
            rounds=args.rounds,
            report=args.report,
            deadline=args.deadline,
        )
    )
