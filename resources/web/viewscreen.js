// The viewscreen seat: a full-screen page for a TV's browser. The fight on foot while
// one runs, the tactical picture (the zones and the ships in them), whose Turn it is, the pools, the last roll with its dice
// (and an attack's damage dice) and the newest lines of the log. It only watches.

import { pools } from "./card.js";
import { challengeDice, d20s } from "./dice.js";
import { el } from "./dom.js";

/** A ship on the map, from the host's picture: a contact's shields up or down (their
 * strength is not known), a scanned ship's numbers, its breaches and how hurt it is. */
function shipTile(state, ship, view) {
  const side = state.sides[ship.id] ?? "npc";
  const acting = state.turn?.actor_ship === ship.id && !state.turn?.actor;
  let words = "DESTROYED";
  if (!ship.destroyed && view) {
    const shields = view.shields == null ? (view.shields_up ? "up" : "DOWN") : `${view.shields}/${view.shields_max}${view.shields_up ? "" : " (DOWN)"}`;
    words = `Shields ${shields} · ${view.breaches} breach${view.breaches === 1 ? "" : "es"} · ${view.status}`;
  }
  return el(
    "li",
    { class: `ship ${side} ${ship.destroyed ? "destroyed" : ""} ${acting ? "acting" : ""}`, dataset: { ship: ship.id } },
    el("b", {}, ship.name),
    el("span", { class: "dim" }, ship.ship_class),
    el("span", {}, words),
  );
}

/** The fight on foot, while one runs: its name, Round and whose Turn, and each zone with
 * its figures as the crew may see them (the host's words for their Stress and Injury). */
function onFoot(state, figures) {
  const conflict = state.conflict;
  if (!conflict) return null;
  const acting = conflict.turn?.actor ? conflict.figures[conflict.turn.actor]?.name : null;
  const whose = conflict.outcome ?? (acting ? `${acting}'s Turn` : conflict.turn?.side === "npc" ? "the NPCs to act" : "the players to act");
  const tile = (f) =>
    el(
      "li",
      { class: `ship ${f.side === "player" ? "player" : "npc"} ${f.dead || f.incapacitated ? "destroyed" : ""}`, dataset: { figure: f.id } },
      el("b", {}, f.name),
      el("span", {}, `${f.stress_words} · ${f.injury_words}`),
    );
  return el(
    "section",
    { class: "on-foot", "aria-label": "On foot" },
    el("h3", {}, `ON FOOT: ${conflict.name} · ROUND ${conflict.turn?.round ?? 1} · ${whose}`.toUpperCase()),
    el(
      "div",
      { class: "tactical-picture" },
      conflict.zones.zones.map((zone) =>
        el("div", { class: "zone", dataset: { zone } }, el("h3", {}, zone.toUpperCase()), el("ul", {}, figures.filter((f) => f.zone === zone && !f.withdrawn).map(tile))),
      ),
    ),
  );
}

export function viewscreen(link) {
  const { state } = link;
  const views = new Map((link.available?.picture?.ships ?? []).map((s) => [s.id, s]));
  const tile = (s) => shipTile(state, s, views.get(s.id));
  const zones = state.zones?.zones ?? [];
  const positions = state.zones?.positions ?? {};
  const ships = Object.values(state.ships);
  const unplaced = ships.filter((s) => !zones.includes(positions[s.id]));
  const last = state.last_roll ?? state.pending ?? null;
  const lastName = last ? `${state.characters[last.actor]?.name ?? state.ships[last.ship]?.name ?? ""}: ${last.action.replaceAll("_", " ")}` : "";
  return [
    el("h2", { class: "battle-name" }, state.name),
    pools(state, null),
    state.outcome ? el("p", { class: "outcome" }, String(state.outcome.text ?? state.outcome.kind ?? "The battle is over.")) : null,
    onFoot(state, link.available?.figures ?? []),
    el(
      "section",
      { class: "tactical-picture", "aria-label": "Tactical picture" },
      zones.map((zone) =>
        el(
          "div",
          { class: "zone", dataset: { zone } },
          el("h3", {}, zone.toUpperCase()),
          el("ul", {}, ships.filter((s) => positions[s.id] === zone).map(tile)),
        ),
      ),
      unplaced.length ? el("div", { class: "zone" }, el("h3", {}, "—"), el("ul", {}, unplaced.map(tile))) : null,
    ),
    el(
      "section",
      { class: "last-roll", "aria-label": "Last roll" },
      el("h3", {}, "LAST ROLL"),
      last ? el("p", { class: "dim" }, lastName.toUpperCase()) : el("p", { class: "dim" }, "No roll yet."),
      last ? d20s(last.result.dice) : null,
      last
        ? el("p", {}, `${last.result.successes} successes against Difficulty ${last.result.spec.difficulty}: ${last.result.success ? "SUCCESS" : "FAILURE"}`)
        : null,
      last?.damage ? el("h3", {}, "DAMAGE DICE") : null,
      last?.damage ? challengeDice(last.damage.roll.dice, "Damage dice") : null,
    ),
    el(
      "section",
      { class: "log report-log", "aria-label": "Damage report" },
      el("h3", {}, "REPORT (NEWEST FIRST)"),
      el(
        "ol",
        {},
        link.log
          .slice(-4)
          .reverse()
          .map((e) => el("li", {}, e.lines.map((line) => el("p", {}, line)))),
      ),
    ),
  ];
}
