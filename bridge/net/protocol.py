"""The wire protocol: every message as a pydantic model, one TypeAdapter per direction.

Frames are JSON text. They are parsed only through :data:`client_messages` (on the host)
or :data:`host_messages` (on a client), never with ``json.loads``: pydantic's parser turns
deeply nested or malformed input into a clean validation error. ``docs/protocol.md``
describes the conversation; ``resources/schemas/net-*.schema.json`` are generated from
these models.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, JsonValue, TypeAdapter, ValidationError

from bridge import __version__
from bridge.engine import AttemptTask, Command, Encounter, Station
from bridge.model.validation import describe_validation_error
from bridge.rules.odds import TaskOdds

__all__ = [
    "MAX_CLIENT_FRAME",
    "MAX_HOST_FRAME",
    "PROTOCOL",
    "Accepted",
    "Availability",
    "Claim",
    "ClientMessage",
    "Error",
    "ErrorCode",
    "Hello",
    "HostMessage",
    "LogEntry",
    "Ping",
    "Pong",
    "PreviewTask",
    "Refused",
    "Resync",
    "SeatInfo",
    "Seated",
    "Seats",
    "SendCommand",
    "Snapshot",
    "TaskPreview",
    "Update",
    "Welcome",
    "client_messages",
    "host_messages",
    "parse_client",
    "version_mismatch",
]

PROTOCOL = 4
"""Bumped whenever a message changes shape; both ends must speak the same one (3: a
waiting Task may hold an attack's damage dice, ``apply_damage``, challenge dice in the
dice tray; 4: the battle may hold a personal conflict, and its Commands join the union)."""
MAX_CLIENT_FRAME = 64 * 1024
"""The largest frame a client may send (a Command is well under 4 KiB)."""
MAX_HOST_FRAME = 8 * 1024 * 1024
"""The largest frame a host sends (a snapshot with a long battle log)."""


class _Message(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


# -- client to host ----------------------------------------------------------------------
class Hello(_Message):
    """The first message of every connection: versions and the join code."""

    type: Literal["hello"] = "hello"
    protocol: int = Field(description="The protocol version the client speaks")
    app: str = Field(max_length=40, description="The client's Bridge version, for messages")
    code: str = Field(max_length=64, description="The join code the GM shows")
    name: str = Field(default="", max_length=60, description="Who is joining, for the GM")


class Claim(_Message):
    """Take a seat; ``token`` is the one the host gave for this seat before, if any."""

    type: Literal["claim"] = "claim"
    seat: str = Field(max_length=80)
    token: str | None = Field(default=None, max_length=120)


class SendCommand(_Message):
    """A Command for the host to apply. Its ``by`` is ignored: the seat decides who acts."""

    type: Literal["command"] = "command"
    id: int = Field(ge=0, le=2**53, description="Echoed in the answer")
    command: Command


class Resync(_Message):
    """Ask for a fresh snapshot (a revision was missed)."""

    type: Literal["resync"] = "resync"


class PreviewTask(_Message):
    """Ask what a Task would be before rolling it: its Difficulty breakdown and its odds."""

    type: Literal["preview"] = "preview"
    id: int = Field(ge=0, le=2**53, description="Echoed in the answer")
    command: AttemptTask


class Ping(_Message):
    """Measure the round trip; the host answers with a Pong carrying the same ``t``."""

    type: Literal["ping"] = "ping"
    t: float


ClientMessage = Annotated[
    Hello | Claim | SendCommand | PreviewTask | Resync | Ping, Field(discriminator="type")
]
client_messages: TypeAdapter[ClientMessage] = TypeAdapter(ClientMessage)


# -- host to client ----------------------------------------------------------------------
class SeatInfo(_Message):
    """One seat the host offers: a player character (with their stations) or the viewscreen."""

    id: str
    label: str
    character: str | None = Field(description="The character this seat acts for (None: watch)")
    stations: tuple[Station, ...] = ()
    clients: int = Field(description="How many clients hold it now")
    claimed: bool = Field(description="A client has taken it (it has a token)")
    shared: bool = Field(description="The GM allows more than one client on it")


class Welcome(_Message):
    """The host accepted the hello: what battle this is and which seats there are."""

    type: Literal["welcome"] = "welcome"
    protocol: int
    app: str
    battle: str
    battle_id: str = Field(description="Stable across host restarts; key a stored token by it")
    seats: tuple[SeatInfo, ...]


class Seated(_Message):
    """The seat is yours: keep ``token`` to come back to it (after a crash or restart)."""

    type: Literal["seated"] = "seated"
    seat: str
    token: str
    character: str | None
    stations: tuple[Station, ...]


class Availability(_Message):
    """What the seat's character may do now, with the reason when not (thin clients)."""

    character: str | None = None
    turn: str | None = Field(default=None, description="Why the character cannot act now")
    start_turn: str | None = None
    end_turn: str | None = None
    actions: dict[str, str | None] = Field(
        default_factory=dict,
        description="'station/action' -> None when enabled, else the reason it is not",
    )


class LogEntry(_Message):
    """One line group of the battle log as this seat may read it."""

    round: int
    by: str
    action: str = Field(description="The Command type that made it")
    lines: tuple[str, ...]


class Snapshot(_Message):
    """The whole battle as this seat may see it, at ``revision``."""

    type: Literal["snapshot"] = "snapshot"
    revision: int
    state: Encounter
    log: tuple[LogEntry, ...]
    available: Availability


class Update(_Message):
    """One change: what changed in the seat's view since the previous revision.

    ``revision`` is always the previous one plus 1. ``patch`` is a JSON merge patch
    (RFC 7396) of the state: applied to the state at the previous revision, it gives the
    state at this one. The log is first cut to ``log_length`` minus the new entry (an undo
    shortens it), then ``entry`` is appended. ``available`` is sent only when it changed.
    """

    type: Literal["update"] = "update"
    revision: int
    changes: int = Field(description="The engine's Change flags, as an integer")
    patch: dict[str, JsonValue] = Field(
        description="RFC 7396 merge patch of the state (an Encounter) at the previous "
        "revision: an object member replaces or merges into the value under its key, "
        "null removes the key (the value is then its default), anything else replaces it"
    )
    log_length: int
    entry: LogEntry | None = None
    available: Availability | None = Field(
        default=None, description="The seat's legal actions, when they changed (null: as before)"
    )


class Accepted(_Message):
    type: Literal["accepted"] = "accepted"
    id: int
    revision: int


class Refused(_Message):
    """A Command (or a message) refused; nothing changed. ``reason`` is for the player."""

    type: Literal["refused"] = "refused"
    id: int | None = None
    reason: str


class TaskPreview(_Message):
    """The host's plan for a Task, computed by the engine (no client re-implements rules).

    ``reason`` is set (and the rest empty) when the Task would be refused.
    """

    type: Literal["task_preview"] = "task_preview"
    id: int
    reason: str | None = None
    difficulty: int | None = None
    items: tuple[tuple[str, int], ...] = Field(
        default=(), description="The Difficulty breakdown: (what, amount), base first"
    )
    odds: TaskOdds | None = None


class Seats(_Message):
    """The seat list changed (a client came, went, or the GM freed a seat)."""

    type: Literal["seats"] = "seats"
    seats: tuple[SeatInfo, ...]


class Pong(_Message):
    type: Literal["pong"] = "pong"
    t: float


ErrorCode = Literal[
    "version", "code", "slow_down", "hello_first", "seat", "removed", "too_slow", "bad_frame"
]


class Error(_Message):
    """Sent just before the host closes the connection (or refuses a seat): why."""

    type: Literal["error"] = "error"
    code: ErrorCode
    message: str


HostMessage = Annotated[
    Welcome | Seated | Snapshot | Update | Accepted | Refused | TaskPreview | Seats | Pong | Error,
    Field(discriminator="type"),
]
host_messages: TypeAdapter[HostMessage] = TypeAdapter(HostMessage)


def parse_client(frame: str | bytes) -> ClientMessage | str:
    """The message in ``frame``, or one sentence saying what is wrong with it."""
    try:
        return client_messages.validate_json(frame)
    except ValidationError as exc:
        first = describe_validation_error(exc).splitlines()[0]
        return f"The message was not understood: {first[:300]}"


def version_mismatch(theirs: int, their_app: str) -> str | None:
    """The sentence for a client speaking another protocol, or ``None`` when it matches."""
    if theirs == PROTOCOL:
        return None
    return (
        f"Version mismatch: this host runs Bridge {__version__} (protocol {PROTOCOL}), "
        f"your app is Bridge {their_app} (protocol {theirs}). "
        "Install the same Bridge version on both machines."
    )
