"""The page's one form, run by Node.js on the host's own ParamInfo shapes (no browser):
the values kept to what is offered as other fields change, a list's values each taken
once, what a form still needs, the Command it sends, and what the spends cost."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "resources" / "web"

SCRIPT = r"""
import { commandOf, defaults, missing, settle, choicesOf } from "./forms.js";
import { chosenSpends, spendParams, spendsCost } from "./spends.js";

const zone = { name: "zone", label: "Zone", kind: "choice", required: true, default: null,
  only_with: {}, choices: [
    { value: "Bridge", label: "Bridge", reason: null, only_with: {} },
    { value: "Engineering", label: "Engineering", reason: "Too far", only_with: {} },
    { value: "Sickbay", label: "Sickbay", reason: null, only_with: {} }] };
const beside = { name: "beside", label: "End within Reach of", kind: "choice",
  required: false, default: null, only_with: {}, choices: [
    { value: null, label: "No one", reason: null, only_with: {} },
    { value: "worf", label: "Worf", reason: null, only_with: { zone: ["Bridge"] } },
    { value: "crusher", label: "Crusher", reason: null, only_with: { zone: ["Sickbay"] } }] };
const salvo = { name: "salvo", label: "Salvo", kind: "flag", required: false, default: false,
  only_with: { weapon: ["Torpedoes"] }, choices: [] };
const weapon = { name: "weapon", label: "Weapon", kind: "choice", required: true,
  default: "Phasers", only_with: {}, choices: [
    { value: "Phasers", label: "Phasers", reason: null, only_with: {} },
    { value: "Torpedoes", label: "Torpedoes", reason: null, only_with: {} }] };
const also = { name: "also", label: "Further targets", kind: "list", required: false,
  default: [], maximum: 2, only_with: {}, choices: [
    { value: "a", label: "A", reason: null, only_with: {} },
    { value: "b", label: "B", reason: null, only_with: { zone: ["Bridge"] } },
    { value: "c", label: "C", reason: null, only_with: {} }] };
const note = { name: "note", label: "Note", kind: "text", required: true, default: "",
  only_with: {}, choices: [] };
const params = [zone, beside, weapon, salvo, also, note];
const out = {};
const v = defaults(params);
out.first = { ...v };
v.beside = "worf"; v.also = ["a", "b"];
out.settledBridge = settle(params, v);
out.bridge = { ...v };
v.zone = "Sickbay";
out.settledSickbay = settle(params, v);
out.sickbay = { ...v };
out.besideOffered = choicesOf(beside, v).map((c) => c.value);
out.missing = missing(params, v);
v.note = "Cover"; v.weapon = "Torpedoes"; v.salvo = true;
out.missingAfter = missing(params, v);
out.torpedo = commandOf({ type: "conflict_minor", action: "movement" }, params, v);
v.weapon = "Phasers";
out.phaser = commandOf({ type: "conflict_minor", action: "movement" }, params, v);
const spends = [
  { name: "bonus_damage", label: "Bonus Damage", kind: "number", cost: 1, maximum: 12,
    choices: [], help: "" },
  { name: "disarm", label: "Disarm", kind: "flag", cost: 2, choices: [], help: "" },
  { name: "secondary_target", label: "Secondary Target", kind: "choice", cost: 2,
    choices: [{ value: "bekk", label: "Bekk", reason: null, only_with: {} }], help: "" },
  { name: "create_advantage", label: "Create Advantage", kind: "text", cost: 2,
    max_length: 120, choices: [], help: "" }];
const chosen = defaults(spendParams(spends));
out.spendsFirst = { ...chosen };
chosen.bonus_damage = 3; chosen.secondary_target = "bekk"; chosen.create_advantage = "  ";
out.cost = spendsCost(spends, chosen);
out.chosen = chosenSpends(spends, chosen);
console.log(JSON.stringify(out));
"""


def _run(tmp_path: Path) -> dict[str, object]:
    node = shutil.which("node")
    assert node is not None, "node (Node.js) runs the page's form logic: install it"
    for script in WEB.glob("*.js"):
        shutil.copy(script, tmp_path / script.name)
    (tmp_path / "package.json").write_text('{"type": "module"}', encoding="utf-8")
    (tmp_path / "check.js").write_text(SCRIPT, encoding="utf-8")
    done = subprocess.run(
        [node, str(tmp_path / "check.js")], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout)
    return result


def test_the_one_form_keeps_every_value_to_what_is_offered(tmp_path: Path) -> None:
    out = _run(tmp_path)
    # A required choice starts at the first that may be taken; a default is taken as given.
    first = out["first"]
    assert isinstance(first, dict)
    assert first["zone"] == "Bridge" and first["weapon"] == "Phasers"
    assert first["beside"] is None and first["also"] == [] and first["salvo"] is False
    # Values still offered stay as the player chose them.
    assert out["settledBridge"] is False
    assert out["bridge"] == {**first, "beside": "worf", "also": ["a", "b"]}
    # Another zone: Worf is not there (let go to none), "b" is offered only on the Bridge.
    assert out["settledSickbay"] is True
    sickbay = out["sickbay"]
    assert isinstance(sickbay, dict)
    assert sickbay["beside"] is None and sickbay["also"] == ["a"]
    assert out["besideOffered"] == [None, "crusher"]
    assert out["missing"] == "Choose: Note"
    assert out["missingAfter"] is None
    # A field offered only with a torpedo goes in the Command only with one.
    assert out["torpedo"] == {
        "type": "conflict_minor",
        "action": "movement",
        "zone": "Sickbay",
        "beside": None,
        "weapon": "Torpedoes",
        "salvo": True,
        "also": ["a"],
        "note": "Cover",
    }
    phaser = out["phaser"]
    assert isinstance(phaser, dict) and "salvo" not in phaser


def test_the_spends_cost_what_the_host_prices_them_and_only_chosen_ones_are_sent(
    tmp_path: Path,
) -> None:
    out = _run(tmp_path)
    assert out["spendsFirst"] == {
        "bonus_damage": 0,
        "disarm": False,
        "secondary_target": None,
        "create_advantage": "",
    }
    assert out["cost"] == 3 * 1 + 2  # three Bonus Damage and a Secondary Target
    assert out["chosen"] == {"bonus_damage": 3, "secondary_target": "bekk"}
