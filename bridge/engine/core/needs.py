"""What a card entry may need from the person using it: the parameters a form asks for,
named once for every card (a station's, the Conflict card's)."""

from enum import StrEnum

__all__ = ["Need"]


class Need(StrEnum):
    """A parameter a Task needs from the person attempting it (the task dialog's fields)."""

    ENEMY_SHIP = "enemy_ship"
    ALLY = "ally"
    GUARDED = "guarded"
    """Guard: the ally guarded, or none for oneself (``ConflictTask.target``)."""
    WEAPON = "weapon"
    AIM = "aim"
    SALVO = "salvo"
    AREA = "area"
    EXTRA_POWER = "extra_power"
    REPAIR = "repair"
    DESTINATION = "destination"
    SWEEP_ZONE = "sweep_zone"
    DIFFICULTY = "difficulty"
    READIED = "readied"
    NOTE = "note"
    TRIGGER = "trigger"
    ASSIST_ROLL = "assist_roll"
    OPPOSITION = "opposition"
    # The Conflict card's (personal conflict): figures, personal weapons, zones.
    TARGET = "target"
    """A figure to attack (``ConflictTask.target``)."""
    PERSONAL_WEAPON = "personal_weapon"
    LETHAL = "lethal"
    CHARGE = "charge"
    ALSO = "also"
    """Area: the further targets within Close range (``ConflictTask.also``)."""
    WEAKNESS = "weakness"
    PATIENT = "patient"
    """First Aid: an Injured figure within Reach (``ConflictTask.target``)."""
    ZONE = "zone"
    BESIDE = "beside"
    ROLL = "roll"
    """Any Attribute + Discipline the Task fits (``attribute``, ``discipline``)."""
    COMPLICATION = "complication"
    """Create Advantage: a Complication in play to remove instead."""
    DRAW = "draw"
    """Draw Item: a weapon carried, or one on the ground within Reach."""
    FOCUS = "focus"
    """A rolled Task: the Focus that applies (``ConflictTask.focus_name``)."""
    DICE = "dice"
    """A rolled Task: dice bought, with Momentum or Threat (``ConflictTask.bought``)."""
    DETERMINATION = "determination"
    """A rolled Task: the Determination die and its Value (``ConflictTask.value``)."""
