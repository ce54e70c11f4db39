"""The wire protocol: every message as a pydantic model, one TypeAdapter per direction.

Frames are JSON text. They are parsed only through :data:`client_messages` (on the host)
or :data:`host_messages` (on a client), never with ``json.loads``: pydantic's parser turns
deeply nested or malformed input into a clean validation error. ``docs/protocol.md``
describes the conversation; ``resources/schemas/net-*.schema.json`` are generated from
these models.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    JsonValue,
    StrictInt,
    TypeAdapter,
    ValidationError,
)

from bridge import __version__
from bridge.engine import (
    AttemptTask,
    Change,
    Command,
    ConflictTask,
    Encounter,
    Station,
)
from bridge.engine import TaskPreview as EnginePreview
from bridge.model.validation import describe_validation_error
from bridge.rules.odds import TaskOdds
from bridge.rules.personal_odds import AttackOdds
from bridge.rules.task import PurchaseCost
from bridge.seatview import Availability, LogEntry

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
    "LogPage",
    "LogPageRequest",
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
    "validate_client",
    "version_mismatch",
]

PROTOCOL = 5
"""Bumped whenever a message changes shape; both ends must speak the same one (3: each
action's Command, parameters and legal choices; the log in pages; a waiting Task may hold
an attack's damage dice, ``apply_damage``; challenge dice in the dice tray; 4: the battle
may hold a personal conflict, its Commands join the union, and a seat reads its officer's
Conflict card; 5: one form for every card: the personal conflict plays the Commands the
ship battle does with ``where``, a Conflict card entry is an action like a station's
with its fields and choices (``conflict_form`` is gone), ``preview`` takes either card's
Task, a decision lists its answers, and a refusal says which request it answers)."""
MAX_CLIENT_FRAME = 64 * 1024
"""The largest frame a client may send (a Command is well under 4 KiB)."""
MAX_HOST_FRAME = 8 * 1024 * 1024
"""The largest frame a host sends, however long the battle (the log comes in pages)."""
LOG_PAGE_BYTES = 1024 * 1024
"""A snapshot or a log page carries the newest entries that fit in this many bytes."""
LOG_PAGE_ENTRIES = 500
"""... and at most this many entries."""


def _whole(value: object) -> object:
    """A JSON number with no fraction (``4.0``) as the integer it is; anything else as
    sent, for the integer check to judge (``4.5``, ``"4"`` and ``true`` are refused)."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


WholeNumber = Annotated[StrictInt, BeforeValidator(_whole)]
"""An integer as JSON writes it: ``4`` or ``4.0`` (JSON Schema's ``integer`` too)."""
Id = Annotated[
    StrictInt, Field(ge=0, le=2**53, description="Echoed in the answer"), BeforeValidator(_whole)
]


class _Message(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


# -- client to host ----------------------------------------------------------------------
class Hello(_Message):
    """The first message of every connection: versions and the join code."""

    type: Literal["hello"] = "hello"
    protocol: WholeNumber = Field(
        description="The protocol version the client speaks (a number: 4 or 4.0)"
    )
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
    id: Id
    command: Command


class Resync(_Message):
    """Ask for a fresh snapshot (a revision was missed)."""

    type: Literal["resync"] = "resync"


class PreviewTask(_Message):
    """Ask what a Task would be before rolling it, a station card's or the Conflict
    card's: its Difficulty breakdown and its odds."""

    type: Literal["preview"] = "preview"
    id: Id
    command: Annotated[AttemptTask | ConflictTask, Field(discriminator="type")]


class LogPageRequest(_Message):
    """Ask for older entries of the battle log: those before ``before`` (an index from
    the start of the battle), at most ``count`` of them (the host may send fewer)."""

    type: Literal["log_page"] = "log_page"
    id: Id
    before: WholeNumber = Field(
        ge=0,
        description="The index of the oldest entry held (past the log's end: its end)",
    )
    count: WholeNumber = Field(default=LOG_PAGE_ENTRIES, ge=1, le=LOG_PAGE_ENTRIES)


class Ping(_Message):
    """Measure the round trip; the host answers with a Pong carrying the same ``t``."""

    type: Literal["ping"] = "ping"
    t: float


ClientMessage = Annotated[
    Hello | Claim | SendCommand | PreviewTask | LogPageRequest | Resync | Ping,
    Field(discriminator="type"),
]
client_messages: TypeAdapter[ClientMessage] = TypeAdapter(ClientMessage)


# -- host to client ----------------------------------------------------------------------
class SeatInfo(_Message):
    """One seat the host offers: a player character (with their stations) or the viewscreen."""

    id: str
    label: str
    character: str | None = Field(description="The character this seat acts for (None: watch)")
    stations: tuple[Station, ...] = ()
    station_names: tuple[str, ...] = Field(
        default=(), description="Its stations' names, in the order of `stations`"
    )
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
    station_names: tuple[str, ...] = Field(
        default=(), description="Its stations' names, in the order of `stations`"
    )


class Snapshot(_Message):
    """The whole battle as this seat may see it, at ``revision``: the state, the newest
    entries of the log (older ones come with ``log_page``) and the legal actions."""

    type: Literal["snapshot"] = "snapshot"
    revision: int
    state: Encounter
    log_start: int = Field(description="The index of the first entry in `log` (0: the first)")
    log: tuple[LogEntry, ...] = Field(description="The newest entries, oldest first")
    available: Availability


_CHANGES = "What moved in this seat's view, a bitmask (other bits: ignore them): " + ", ".join(
    f"{flag.value} {str(flag.name).lower().replace('_', ' ')}" for flag in Change
)


class Update(_Message):
    """One change: what changed in the seat's view since the previous revision.

    ``revision`` is always the previous one plus 1. ``patch`` is a JSON merge patch
    (RFC 7396) of the state: applied to the state at the previous revision, it gives the
    state at this one. The log is first cut to ``log_length`` minus the new entry (an undo
    shortens it), then ``entry`` is appended. ``available`` is a merge patch of the legal
    actions, sent only when they changed.
    """

    type: Literal["update"] = "update"
    revision: int
    changes: int = Field(description=_CHANGES)
    patch: dict[str, JsonValue] = Field(
        description="RFC 7396 merge patch of the state (an Encounter) at the previous "
        "revision: an object member replaces or merges into the value under its key, "
        "null removes the key (the value is then its default), anything else replaces it"
    )
    log_length: int
    entry: LogEntry | None = None
    available: dict[str, JsonValue] | None = Field(
        default=None,
        description="RFC 7396 merge patch of the seat's legal actions (an Availability), "
        "when they changed (null: as before)",
    )


class Accepted(_Message):
    type: Literal["accepted"] = "accepted"
    id: int
    revision: int


class Refused(_Message):
    """A Command (or a message) refused; nothing changed. ``reason`` is for the player."""

    type: Literal["refused"] = "refused"
    id: int | None = Field(default=None, description="The refused message's `id`, if it had one")
    request: str | None = Field(
        default=None,
        description="The refused message's `type` (null: a message not understood)",
    )
    t: float | None = Field(default=None, description="A refused `ping`'s `t`")
    reason: str
    retry_after: float | None = Field(
        default=None,
        description="Too many messages of this kind: the seconds to wait before sending "
        "one again (null: not a matter of rate)",
    )


class TaskPreview(_Message):
    """The host's preview of a Task, from the engine on the whole battle (no client
    re-implements rules): ``reason`` is set (and the rest empty) when the Task would be
    refused. The fields are the engine's :class:`~bridge.engine.TaskPreview`."""

    type: Literal["task_preview"] = "task_preview"
    id: int
    reason: str | None = None
    difficulty: int | None = None
    items: tuple[tuple[str, int], ...] = Field(
        default=(), description="The Difficulty breakdown: (what, amount), base first"
    )
    complication_range: int = 1
    complication_why: tuple[str, ...] = ()
    roll: str = Field(default="", description="Who rolls and their target number")
    dice: int = Field(default=0, description="The dice the roller rolls (not the assists')")
    assists: tuple[str, ...] = Field(default=(), description="Who rolls an assisting die")
    cost: PurchaseCost | None = Field(default=None, description="What the bought dice cost")
    power: int = Field(default=0, description="The Power a station Task spends")
    costs: tuple[str, ...] = Field(
        default=(),
        description="Everything the attempt costs, hit or miss, in words, item by item "
        "(bought dice, a torpedo's or a Lethal attack's Threat, its Power)",
    )
    odds: TaskOdds | None = None
    attack: AttackOdds | None = Field(
        default=None,
        description="An attack on foot: the chance to hit (and, in melee, to be hit back) "
        "and its damage as a range",
    )
    notes: tuple[str, ...] = Field(default=(), description="What the odds leave out")
    lines: tuple[str, ...] = Field(default=(), description="The preview in words, a line each")

    @classmethod
    def of(cls, request: int, preview: EnginePreview) -> TaskPreview:
        """The engine's preview as the answer to request ``request``."""
        return cls(id=request, **preview.model_dump())


class LogPage(_Message):
    """Older entries of the battle log, as asked with ``log_page``: the entries from
    index ``start`` up to (not including) the one asked ``before``."""

    type: Literal["log_page"] = "log_page"
    id: int
    start: int
    entries: tuple[LogEntry, ...]
    log_length: int = Field(description="How many entries the log holds now")


class Seats(_Message):
    """The seat list changed (a client came, went, or the GM freed a seat)."""

    type: Literal["seats"] = "seats"
    seats: tuple[SeatInfo, ...]


class Pong(_Message):
    type: Literal["pong"] = "pong"
    t: float


ErrorCode = Literal[
    "version",
    "code",
    "slow_down",
    "hello_first",
    "seat",
    "removed",
    "too_slow",
    "bad_frame",
    "binary",
    "flood",
    "ping_timeout",
]


class Error(_Message):
    """Sent just before the host closes the connection (or refuses a seat): why."""

    type: Literal["error"] = "error"
    code: ErrorCode
    message: str


HostMessage = Annotated[
    Welcome
    | Seated
    | Snapshot
    | Update
    | Accepted
    | Refused
    | TaskPreview
    | LogPage
    | Seats
    | Pong
    | Error,
    Field(discriminator="type"),
]
host_messages: TypeAdapter[HostMessage] = TypeAdapter(HostMessage)


def validate_client(frame: str | bytes) -> ClientMessage:
    """The message in ``frame``, strictly: a number is a JSON number and a flag a JSON
    ``true``/``false`` (``"1"``, ``1.0`` or ``"yes"`` are refused, as the schema says), for
    every Command of either battle. Raises :class:`~pydantic.ValidationError`."""
    return client_messages.validate_json(frame, strict=True)


def parse_client(frame: str | bytes) -> ClientMessage | str:
    """The message in ``frame`` (:func:`validate_client`), or one sentence saying what is
    wrong with it."""
    try:
        return validate_client(frame)
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
