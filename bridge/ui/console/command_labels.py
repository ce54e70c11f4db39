"""A Command in a few words, for the GM's Undo and Redo ("Undo: Fire Weapon, Lt. Cmdr.
Kell")."""

from __future__ import annotations

from bridge.engine import CATALOG, CONFLICT_CARD, Command, Encounter

__all__ = ["command_label"]

_SPENDS = {
    "extra_minor": "Extra Minor Action",
    "swift_task": "Swift Task",
    "create_problem": "Create Problem",
    "create_advantage": "Create Advantage",
    "obtain_information": "Obtain Information",
}
_GM = {
    "npc_first": "NPCs act first",
    "adjust_difficulty": "Next Task's Difficulty",
    "begin_session": "Begin a new session",
    "end_round": "End Round",
    "end_scene": "End Scene",
    "house_rules": "House rules",
    "set_seats": "Seats",
    "set_zones": "Zones",
    "add_character": "Add a character",
}


def _figure(state: Encounter, figure: str | None) -> str:
    """A figure of the personal conflict by its name."""
    conflict = state.conflict
    found = conflict.figures.get(figure) if conflict is not None and figure else None
    return found.name if found is not None else (figure or "GM")


def _actor(state: Encounter, command: Command, actor: str | None) -> str:
    """An actor by name: a character or ship, or on foot a figure."""
    if command.on_foot:
        return _figure(state, actor)
    return state.name_of(actor) if actor else "GM"


def _who(state: Encounter, command: Command) -> str:
    """Who the Command acts for: a player's character, else the one acting (an NPC ship
    on the GM's Turn, an NPC figure on foot), else the GM."""
    if command.by != "gm":
        return state.name_of(command.by)
    turn = state.conflict.turn if command.on_foot and state.conflict is not None else state.turn
    return _actor(state, command, turn.interrupt or turn.actor)


def _conflict_label(state: Encounter, command: Command) -> str | None:
    """A personal conflict's own Command in a few words ("Attack, Lt. Cmdr. Kell"), or
    None for one that is not."""
    match command.type:
        case "move_figure" | "reveal_figure" | "withdraw_figure":
            verb = {
                "move_figure": "Move {}",
                "reveal_figure": "Reveal {}",
                "withdraw_figure": "{} withdraws",
            }[command.type]
            return verb.format(_figure(state, command.figure))
        case "conflict_minor" | "conflict_task":
            entry = CONFLICT_CARD.get(command.action)
            return f"{entry.name if entry is not None else command.action}, {_who(state, command)}"
        case "aim":
            return f"Aim: re-roll, {_who(state, command)}"
        case "avoid_injury" | "resist_knockdown":
            what = "Avoid Injury" if command.type == "avoid_injury" else "Knockdown"
            return f"{what}, {_figure(state, command.figure)}"
        case "start_conflict":
            return f"Start {command.name}"
        case "end_conflict":
            return "Return to the ship"
        case "add_figure":
            return "Add figures"
        case _:
            return None


def _name(key: str) -> str:
    action = CATALOG.get(key)
    return action.name if action is not None else key


def command_label(state: Encounter, command: Command, actor: str | None = None) -> str:
    """``command`` in a few words, read against ``state`` for names; ``actor``: whose
    Turn an End Turn the GM sent ended, when ``state`` no longer says (after it)."""
    match command.type:
        case "start_turn":
            return f"Start Turn, {_actor(state, command, command.actor)}"
        case "end_turn":
            what = "Keep the Initiative" if command.keep_initiative else "End Turn"
            if command.by == "gm" and actor is not None:  # whose Turn the GM ended
                return f"{what}, {_actor(state, command, actor)}"
            return f"{what}, {_who(state, command)}"
        case "minor" | "task":
            return f"{_name(command.action)}, {_who(state, command)}"
        case "resolve":
            return f"Resolve the roll, {_who(state, command)}"
        case "apply_damage":
            return f"Apply the damage, {_who(state, command)}"
        case "inspiration":
            return f"Moment of Inspiration, {_who(state, command)}"
        case "spend":
            return f"{_SPENDS.get(command.spend, command.spend)}, {_who(state, command)}"
        case "determination":
            use = "Surge of Activity" if command.use == "second_task" else "Make It So"
            return f"{use}, {_who(state, command)}"
        case "value_complication":
            what = "Challenge a Value" if command.challenge else "A Value hinders"
            return f"{what}, {state.name_of(command.character)}"
        case "trigger_ready":
            return f"Readied Task, {_actor(state, command, command.actor)}"
        case "set_value":
            return f"Edit {command.path}"
        case "adjust_pool":
            return f"{command.pool.capitalize()} {command.delta:+d}"
        case "move_ship":
            return f"Move {state.name_of(command.ship)}"
        case "add_trait":
            return f"Add {command.kind.capitalize()}: {command.name}"
        case "remove_trait":
            return f"Remove {command.name}"
        case "withdraw":
            return f"{state.name_of(command.ship)} withdraws"
        case "add_ship":
            return f"Add {command.ship.name}"
        case "tray_roll":
            return "Dice tray roll"
        case _:
            on_foot = _conflict_label(state, command)
            if on_foot is not None:
                return on_foot
            label = _GM.get(command.type, command.type.replace("_", " ").capitalize())
            return f"{label} (on foot)" if command.on_foot else label
