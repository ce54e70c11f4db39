"""The seat plan: one seat per seated player character plus the main viewscreen.

A seat is claimed once and comes with a token; a later claim needs that token (a client
coming back after a crash) unless the GM freed the seat or allows it to be shared. Only
SHA-256 digests of the tokens are kept, in a small JSON file next to the autosave, so a
host resumed after a kill still knows every seat's holder.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from bridge.engine import Encounter, Station
from bridge.net.protocol import SeatInfo
from bridge.storage.logs import keep_secret
from bridge.storage.save import write_atomic

__all__ = ["VIEWSCREEN", "SeatPlan", "SeatRefused"]

VIEWSCREEN = "viewscreen"


class SeatRefused(Exception):
    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class _Stored(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    battle_id: str = Field(max_length=64)
    tokens: dict[str, list[str]] = Field(default_factory=dict, description="seat -> digests")
    shared: list[str] = Field(default_factory=list)


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class _Seat:
    id: str
    character: str | None
    digests: list[str] = field(default_factory=list)
    shared: bool = False
    clients: set[int] = field(default_factory=set)


class SeatPlan:
    """Who holds which seat; persisted to ``path`` (if given) on every change of holder."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path
        self.battle_id = secrets.token_hex(8)
        self._seats: dict[str, _Seat] = {VIEWSCREEN: _Seat(VIEWSCREEN, None, shared=True)}
        self._stored = _Stored(battle_id=self.battle_id)
        if path is not None and path.exists():
            try:
                self._stored = _Stored.model_validate_json(path.read_bytes())
                self.battle_id = self._stored.battle_id
            except (OSError, ValidationError):
                pass  # an unreadable seat file: every seat starts free, nothing else is lost

    # -- the plan follows the battle ---------------------------------------------------
    def sync(self, state: Encounter) -> None:
        """One seat per seated character (seats of characters no longer seated go)."""
        wanted = {f"char:{cid}": cid for cid in state.seated_characters()}
        for sid in [s for s in self._seats if s != VIEWSCREEN and s not in wanted]:
            del self._seats[sid]
        for sid, cid in wanted.items():
            if sid not in self._seats:
                self._seats[sid] = _Seat(
                    sid,
                    cid,
                    digests=list(self._stored.tokens.get(sid, ())),
                    shared=sid in self._stored.shared,
                )

    def infos(self, state: Encounter) -> tuple[SeatInfo, ...]:
        out = []
        for seat in self._seats.values():
            stations: tuple[Station, ...] = ()
            if seat.character is None:
                label = "Main viewscreen"
            else:
                stations = state.stations_of(seat.character)
                where = ", ".join(s.label for s in stations)
                label = f"{state.name_of(seat.character)} ({where})"
            out.append(
                SeatInfo(
                    id=seat.id,
                    label=label,
                    character=seat.character,
                    stations=stations,
                    station_names=tuple(st.label for st in stations),
                    clients=len(seat.clients),
                    claimed=bool(seat.digests),
                    shared=seat.shared,
                )
            )
        return tuple(out)

    def character_of(self, seat: str) -> str | None:
        return self._seats[seat].character

    def stations_of(self, seat: str, state: Encounter) -> tuple[Station, ...]:
        character = self._seats[seat].character
        return state.stations_of(character) if character else ()

    # -- claiming ------------------------------------------------------------------------
    def claim(self, seat_id: str, token: str | None, client: int) -> tuple[str, set[int]]:
        """Seat ``client``: returns the token to keep and the clients it replaces.

        Raises :class:`SeatRefused` for an unknown seat or one held without this token.
        """
        seat = self._seats.get(seat_id)
        if seat is None:
            raise SeatRefused(f"There is no seat '{seat_id[:80]}' in this battle.")
        if seat.character is None:  # the viewscreen: anyone may watch
            seat.clients.add(client)
            return token or secrets.token_urlsafe(24), set()
        digest = _digest(token) if token is not None else ""
        if token is not None and any(hmac.compare_digest(d, digest) for d in seat.digests):
            replaced = set() if seat.shared else seat.clients - {client}
            seat.clients = (seat.clients | {client}) if seat.shared else {client}
            return token, replaced
        if seat.digests and not seat.shared:
            raise SeatRefused(
                "That seat is taken. Its player comes back to it from their own app; "
                "the GM can free it or let two clients share it."
            )
        fresh = secrets.token_urlsafe(24)
        keep_secret(fresh)  # never in the log
        seat.digests.append(_digest(fresh))
        seat.clients.add(client)
        self._save()
        return fresh, set()

    def release(self, client: int) -> None:
        """A client's connection ended; its seat stays claimed (it may come back)."""
        for seat in self._seats.values():
            seat.clients.discard(client)

    def free(self, seat_id: str) -> set[int]:
        """The GM frees a seat: its tokens no longer work. Returns the clients to remove."""
        seat = self._seats[seat_id]
        gone, seat.clients = seat.clients, set()
        if seat.character is not None:
            seat.digests = []
            self._save()
        return gone

    def set_shared(self, seat_id: str, shared: bool) -> None:
        self._seats[seat_id].shared = shared
        self._save()

    def seat_of(self, client: int) -> str | None:
        for seat in self._seats.values():
            if client in seat.clients:
                return seat.id
        return None

    def clients_of(self, seat_id: str) -> set[int]:
        return set(self._seats[seat_id].clients)

    def _save(self) -> None:
        self._stored.tokens = {s.id: list(s.digests) for s in self._seats.values() if s.digests}
        self._stored.shared = [s.id for s in self._seats.values() if s.shared]
        if self.path is None:
            return
        write_atomic(self.path, self._stored.model_dump_json(indent=1).encode("utf-8"))
