"""A windowless client that plays its seat's character with the autopilot.

``bridge stress bot URL --code C --seat S`` runs it: the process tests use it as
a player at their own machine, and it is handy for trying a host without five laptops.
When done it writes a report (its revision and its view of the battle) as JSON.
"""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

from pydantic import BaseModel

from bridge.engine import Command, Encounter, EndTurn, Session, StartTurn, players_waiting, suggest
from bridge.net.client import JoinRefused, NetClient, TokenStore

__all__ = ["BotReport", "next_move", "run_bot"]


class BotReport(BaseModel):
    revision: int
    state: Encounter
    resyncs: int
    revisions_in_order: bool
    log_lines: int


def next_move(state: Encounter, me: str) -> Command | None:
    """What the player of ``me`` does now, or ``None`` when it is not their move."""
    if state.ended:
        return None
    turn = state.turn
    if state.pending is not None:
        return suggest(state, lambda _c: None) if state.pending.actor == me else None
    if turn.actor is None:
        waiting = players_waiting(state) if turn.side == "player" else ()
        return StartTurn(by=me, actor=me) if waiting and waiting[0] == me else None
    if turn.actor != me:
        return None
    command = suggest(state, Session(state).check)
    return command if command is not None and command.by == me else EndTurn(by=me)


async def run_bot(
    url: str,
    code: str,
    seat: str,
    *,
    tokens: Path | None,
    rounds: int,
    report: Path | None,
    deadline: float = 120.0,
    quiet: float = 1.0,
) -> int:
    """Play until Round ``rounds`` is over (or the battle ends), then report and leave."""
    client = NetClient(
        url, code, name=f"bot {seat}", tokens=TokenStore(tokens), record_revisions=True
    )
    loop = asyncio.get_running_loop()
    end = loop.time() + deadline
    try:
        await client.connect()
        seated = await client.claim(seat)
    except JoinRefused as exc:
        print(exc.reason, flush=True)
        return 3
    me = seated.character
    print(f"seated {seat} at revision {client.revision}", flush=True)
    last_sent: tuple[int, str] = (-1, "")
    sent_at = 0.0
    while loop.time() < end:
        state = client.state
        if state is not None and (state.ended or state.turn.round > rounds):
            break
        move = next_move(state, me) if state is not None and me else None
        key = (client.revision, move.type if move else "")
        if move is not None and (key != last_sent or loop.time() - sent_at > 2.0):
            last_sent, sent_at = key, loop.time()
            answer = await client.submit(move)
            if answer.type == "refused" and state is not None and state.turn.actor == me:
                await client.submit(EndTurn(by=me))
            continue
        await client.wait_revision(client.revision + 1, timeout=0.5)
    # Stay until the host has been quiet for a moment, so the report is the final state.
    while loop.time() < end:
        seen = client.revision
        await client.wait_revision(seen + 1, timeout=quiet)
        if client.revision == seen:
            break
    if report is not None and client.state is not None:
        revisions = client.revisions or []
        report.write_text(
            BotReport(
                revision=client.revision,
                state=client.state,
                resyncs=client.resyncs,
                revisions_in_order=revisions == list(range(revisions[0], revisions[-1] + 1))
                if revisions
                else True,
                log_lines=len(client.log),
            ).model_dump_json(),
            encoding="utf-8",
        )
    with contextlib.suppress(Exception):
        await client.close()
    print(f"done at revision {client.revision}", flush=True)
    return 0 if loop.time() < end else 4
