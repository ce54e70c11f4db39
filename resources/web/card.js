// The officer's card: the pools, START TURN and END TURN, the card's Minor Actions and
// Tasks (each with its reason when it cannot be used), and the card's back. Every word
// and every "why not" is the host's.

import { el, part } from "./dom.js";
import { battleNotes, shipPicture } from "./picture.js";

const TURN_KEYS = new Set(["start_turn", "end_turn", "resolve", "apply_damage"]);

/** One number at the top of the screen, with its label; `cls` its kind (its colour, and
 * a name that takes a second line rather than end in "…"). */
export function stat(label, value, key, cls = key) {
  return el("div", { class: `stat ${cls}` }, el("span", { class: "label" }, label), el("span", { class: "value", dataset: { stat: key } }, value));
}

/** The numbers at the top of every screen: Round, whose Turn, Momentum, Threat,
 * Determination (the seat's character's). */
export function pools(state, character) {
  const turn = state.turn || {};
  const actor = turn.actor ? state.characters[turn.actor]?.name ?? turn.actor : null;
  const ship = turn.actor_ship ? state.ships[turn.actor_ship]?.name ?? turn.actor_ship : null;
  const whose = actor || (ship ? ship : "No one");
  const me = character ? state.characters[character] : null;
  return el(
    "section",
    { class: "pools", "aria-label": "The battle" },
    stat("ROUND", turn.round ?? "—", "round"),
    stat("TURN", whose, "turn"),
    stat("MOMENTUM", `${state.momentum.value}/${state.momentum.cap}`, "momentum"),
    stat("THREAT", state.threat.value, "threat"),
    me ? stat("DETERMINATION", me.determination.value, "determination") : null,
  );
}

const idOf = (text) => text.replace(/[^a-z0-9]/gi, "-");

/** One entry: its button, and under it its reason when that is its own. A reason said
 * above a group (`shared`, the note's id) describes the button but is not repeated. */
function entryButton(key, info, onUse, extraClass = "", shared = new Map()) {
  const reasonId = `why-${idOf(key)}`;
  const sharedId = info.reason != null ? shared.get(info.reason) : undefined;
  const own = info.reason != null && sharedId === undefined;
  return el(
    "div",
    { class: `entry ${info.kind} ${extraClass}`, dataset: { entry: key } },
    el(
      "button",
      {
        type: "button",
        class: `${info.kind}`,
        dataset: { key: `entry-${key}` },
        disabled: info.reason != null,
        "aria-describedby": own ? reasonId : sharedId,
        onclick: () => onUse(key, info),
      },
      info.name,
    ),
    own ? el("p", { class: "reason", id: reasonId }, info.reason) : null,
  );
}

/** How many entries must give one reason for it to be said once above them (as the
 * desktop station's card does). */
const SHARED = 3;

/** The reasons given by at least SHARED of `groups`' entries together: each with the
 * groups it covers. `groups` is a list of lists of [key, info]. */
function sharedReasons(groups) {
  const found = new Map();
  groups.forEach((entries, g) => {
    for (const [, info] of entries) {
      if (info.reason == null) continue;
      const seen = found.get(info.reason) ?? { count: 0, groups: new Set() };
      seen.count += 1;
      seen.groups.add(g);
      found.set(info.reason, seen);
    }
  });
  return [...found].filter(([, seen]) => seen.count >= SHARED);
}

/** A reason said once for the entries under it. */
function sharedNote(reason, id) {
  return el("p", { class: "reason shared", id, dataset: { shared: "" } }, reason);
}

/** Headed groups of entries (`[[title, entries], ...]`, a title may be ""), each reason
 * that holds for many of them said once: above the group it covers, or above them all
 * when it covers more than one. `prefix` keeps the notes' ids apart. */
export function entryGroups(prefix, groups, onUse) {
  const shared = new Map();
  const top = [];
  const above = groups.map(() => []);
  for (const [reason, seen] of sharedReasons(groups.map(([, entries]) => entries))) {
    const id = `why-${prefix}-${shared.size}`;
    shared.set(reason, id);
    if (seen.groups.size > 1) top.push(sharedNote(reason, id));
    else above[[...seen.groups][0]].push(sharedNote(reason, id));
  }
  return [
    top,
    groups.map(([title, entries], g) =>
      entries.length
        ? [
            title ? el("h3", {}, title) : null,
            above[g],
            el("div", { class: "entries" }, entries.map(([k, i]) => entryButton(k, i, onUse, "", shared))),
          ]
        : null,
    ),
  ];
}

/** The card's front. `onAction(scope, key, info)` opens or sends an entry. */
export function cardFront(link, onAction, onBack) {
  const { state, available, seat } = link;
  const character = available.character;
  const me = state.characters[character];
  const controls = available.controls;
  const byStation = new Map();
  for (const [key, info] of Object.entries(available.actions)) {
    const station = key.split("/")[0];
    if (!byStation.has(station)) byStation.set(station, { minor: [], task: [] });
    byStation.get(station)[info.kind === "minor" ? "minor" : "task"].push([key, info]);
  }
  const use = (scope) => (key, info) => onAction(scope, key, info);
  const stations = () => [...byStation].map(([station, entries]) => {
    const groups = [
      ["MINOR ACTIONS", entries.minor],
      ["TASKS", entries.task],
    ];
    return el(
      "section",
      { class: `station ${station}`, "aria-label": station },
      el("h2", { class: "station-name" }, station.toUpperCase()),
      entryGroups(idOf(station), groups, use("actions")),
    );
  });
  const more = Object.entries(controls).filter(([k]) => !TURN_KEYS.has(k));
  // Each part is built again only when what it shows changed (a GM's Momentum moves the
  // pools and the log, not the card's entries).
  return [
    part("officer", [me, seat], () =>
      el(
        "section",
        { class: "officer" },
        el("h2", { class: "name" }, me ? me.name : character),
        el("p", { class: "dim" }, [me?.rank, (seat?.station_names ?? seat?.stations)?.join(", ")].filter(Boolean).join(" · ")),
      ),
    ),
    part("ship-pools", [state.turn, state.momentum, state.threat, state.characters, state.ships], () => pools(state, character)),
    part("turn-controls", [controls.start_turn, controls.end_turn], () =>
      el(
        "section",
        { class: "turn-controls", "aria-label": "Your Turn" },
        entryButton("start_turn", controls.start_turn, use("controls"), "big"),
        entryButton("end_turn", controls.end_turn, use("controls"), "big"),
      ),
    ),
    part("picture", [available.picture], () => shipPicture(available.picture)),
    part("stations", [available.actions], () => el("div", { class: "stations" }, stations())),
    part("notes", [available.picture], () => battleNotes(available.picture)),
    part("more", [controls], () =>
      el(
        "details",
        { class: "more" },
        el("summary", { dataset: { key: "more" } }, "MOMENTUM, DETERMINATION AND VALUES"),
        entryGroups("more", [["", more]], use("controls")),
      ),
    ),
    part("ship-log", [link.log], () => logList(link.log, 8)),
    el("button", { type: "button", class: "back-button", dataset: { key: "card-back" }, onclick: onBack }, "CARD BACK"),
  ];
}

/** The way to the Conflict card, at the top of the ship's card while the officer is in
 * a personal conflict. */
export function conflictLink(onConflict) {
  return el(
    "button",
    { type: "button", class: "primary conflict-link", dataset: { key: "conflict-card" }, onclick: onConflict },
    "ON FOOT: THE CONFLICT CARD",
  );
}

/** The newest `count` entries of the battle log, newest last. */
export function logList(log, count) {
  const entries = log.slice(-count);
  return el(
    "section",
    { class: "log", "aria-label": "Battle log" },
    el("h3", {}, "LOG"),
    el(
      "ol",
      {},
      entries.map((e) => el("li", {}, e.lines.map((line) => el("p", {}, line)))),
    ),
  );
}

/** The card's back, from the host's data (the engine's own tables). */
export function cardBack(data, stations, onFront) {
  const tasks = stations.flatMap((s) => (data.tasks[s] || []).map((t) => ({ ...t, station: s })));
  return [
    el("h2", {}, "RULES SUMMARY"),
    el("ol", { class: "summary" }, data.summary.map((s) => el("li", {}, s))),
    el("h2", {}, "MOMENTUM SPENDS (STARSHIP)"),
    el("p", { class: "dim" }, data.spends_note),
    el(
      "table",
      { class: "spends" },
      el("thead", {}, el("tr", {}, el("th", {}, "SPEND"), el("th", {}, "COST"), el("th", {}, "USE"), el("th", {}, "EFFECT"))),
      el(
        "tbody",
        {},
        data.spends.map((s) => el("tr", {}, el("td", {}, s.name), el("td", {}, s.cost), el("td", {}, s.marks), el("td", {}, s.effect))),
      ),
    ),
    el("h2", {}, "THIS CARD'S TASKS"),
    el(
      "ul",
      { class: "tasks" },
      tasks.map((t) => el("li", {}, el("b", {}, t.name), `: ${t.text}`, t.momentum ? el("i", {}, ` Momentum: ${t.momentum}.`) : null)),
    ),
    el("h2", {}, "COMBAT ACTIONS"),
    el("p", {}, data.combat_note),
    el("button", { type: "button", class: "back-button", dataset: { key: "card-front" }, onclick: onFront }, "CARD FRONT"),
  ];
}
