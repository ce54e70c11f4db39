// A roll's outcome, first and at once: the dice drawn, the verdict in words, the damage
// dice as they landed, and what changed on the battle (ships, figures, pools), worked out
// from the host's picture before and after; the full report (the log's lines, their
// challenge dice drawn as the desktop draws them) a tap away.

import { el } from "./dom.js";
import { challengeDice, d20s } from "./dice.js";

/** What the battle looked like, to be told what changed since (`link`: the page's). */
export function snapshot(link) {
  const picture = link.available?.picture ?? { ships: [] };
  return {
    ships: new Map(picture.ships.map((s) => [s.id, s])),
    figures: new Map((link.available?.figures ?? []).map((f) => [f.id, f])),
    momentum: link.state?.momentum?.value,
    threat: link.state?.threat?.value,
  };
}

const was = (now, then) => `${now} (was ${then})`;

/** One ship's changes, in words ("" when none). */
function shipChanges(a, b) {
  const parts = [];
  if (a.shields != null && b.shields != null && a.shields !== b.shields) parts.push(`Shields ${was(`${a.shields}/${a.shields_max}`, b.shields)}`);
  if (a.shields_up !== b.shields_up) parts.push(a.shields_up ? "shields up" : "shields DOWN");
  if (a.power != null && b.power != null && a.power !== b.power) parts.push(`Power ${was(`${a.power}/${a.power_capacity}`, b.power)}`);
  if (a.resistance != null && b.resistance != null && a.resistance !== b.resistance) parts.push(`Resistance ${was(a.resistance, b.resistance)}`);
  if (a.breaches !== b.breaches) parts.push(`${a.breaches} breach${a.breaches === 1 ? "" : "es"} (was ${b.breaches})`);
  if (a.status !== b.status) parts.push(was(a.status, b.status));
  if (a.zone !== b.zone && a.zone) parts.push(`now in ${a.zone}`);
  if (a.out_of_turns && !b.out_of_turns) parts.push("no more Turns this scene");
  else if (a.lost_turns > b.lost_turns) parts.push(`${a.lost_turns} Turn${a.lost_turns === 1 ? "" : "s"} lost next Round`);
  return parts.join("; ");
}

/** One figure's changes, in words ("" when none). */
function figureChanges(a, b) {
  const parts = [];
  if (a.stress_words !== b.stress_words) parts.push(was(a.stress_words, b.stress_words));
  if (a.injury_words !== b.injury_words) parts.push(a.injury_words);
  if (a.zone !== b.zone) parts.push(`now in ${a.zone}`);
  if (a.withdrawn && !b.withdrawn) parts.push("withdrawn");
  return parts.join("; ");
}

/** What changed between two snapshots, a line a ship, a figure and a pool. */
export function changes(before, after) {
  const lines = [];
  for (const [id, a] of after.ships) {
    const b = before.ships.get(id);
    const said = b ? shipChanges(a, b) : "";
    if (said) lines.push(`${a.name}: ${said}`);
  }
  for (const [id, a] of after.figures) {
    const b = before.figures.get(id);
    const said = b ? figureChanges(a, b) : "";
    if (said) lines.push(`${a.name}: ${said}`);
  }
  if (before.momentum !== undefined && after.momentum !== before.momentum) lines.push(`Momentum ${was(after.momentum, before.momentum)}`);
  if (before.threat !== undefined && after.threat !== before.threat) lines.push(`Threat ${was(after.threat, before.threat)}`);
  return lines;
}

/** A challenge roll as the log writes it (`[2 1 - 1E] = 4 damage`, rules.challenge's
 * ROLL_TEXT), each symbol with what the die shows. */
const ROLL_TEXT = /\[((?:(?:1E|[12-]) ?)+)\](?= = \d+ damage)/g;
const SHOWS = { 1: "1", 2: "2", "-": "blank", "1E": "effect" };

const faces = (symbols) => symbols.trim().split(/\s+/).map((s) => ({ shows: SHOWS[s] }));

/** The challenge dice written in `line`, one list a roll. */
export function rollsIn(line) {
  return [...line.matchAll(ROLL_TEXT)].map((m) => faces(m[1]));
}

/** A log line with its challenge rolls drawn as dice (the words around them kept). */
function reportLine(line, i) {
  const parts = [];
  let at = 0;
  for (const m of line.matchAll(ROLL_TEXT)) {
    parts.push(line.slice(at, m.index));
    parts.push(challengeDice(faces(m[1]), `Dice ${m[1].trim()}`, null, true));
    at = m.index + m[0].length;
  }
  parts.push(line.slice(at));
  const indent = line.length - line.trimStart().length;
  return el("li", { class: indent ? "indented" : "", dataset: { step: i } }, parts);
}

/** The host's lines of the outcome: the damage dealt and a ship's state now. */
function outcomeWords(lines) {
  return lines.filter((line) => /^\s*(Total damage \d+|.+ now: )|\b\d+ damage before Resistance|would be Injured/.test(line)).map((line) => line.trim());
}

/** The verdict in words: successes against the Difficulty, SUCCESS or FAILURE, the
 * Momentum it made and its Complications. */
export function verdict(result) {
  const word = result.succeeded_at_cost ? "SUCCESS AT A COST" : result.success ? "SUCCESS" : "FAILURE";
  return el(
    "p",
    { class: `outcome ${result.success ? "success" : "failure"}`, dataset: { outcome: result.success ? "success" : "failure" } },
    `${result.successes} success${result.successes === 1 ? "" : "es"} against Difficulty ${result.spec.difficulty}: `,
    el("b", {}, word),
    result.success && result.momentum ? ` · ${result.momentum} Momentum` : "",
    result.complications ? ` · ${result.complications} Complication${result.complications === 1 ? "" : "s"}` : "",
  );
}

/** The outcome of a roll: `result` (the roll's, or null), `damage` (the challenge dice
 * as they landed, or null: then the last roll the log wrote), `entries` (the log's, since
 * the roll), `before`/`after` (snapshots). `key` names its FULL REPORT. */
export function outcome({ result, damage, entries, before, after, key = "full-report" }) {
  const lines = entries.flatMap((e) => e.lines);
  const landed = damage ?? lines.flatMap(rollsIn).at(-1) ?? null;
  const changed = before && after ? changes(before, after) : [];
  const words = outcomeWords(lines);
  return el(
    "section",
    { class: "outcome-card", "aria-label": "The outcome", dataset: { outcomeCard: "" } },
    result ? [result.dice?.length ? d20s(result.dice) : null, verdict(result)] : null,
    landed ? [el("h3", {}, "DAMAGE DICE"), challengeDice(landed, "Damage dice as they landed")] : null,
    words.length ? el("ul", { class: "outcome-words" }, words.map((w) => el("li", {}, w))) : null,
    changed.length ? [el("h3", {}, "WHAT CHANGED"), el("ul", { class: "changes", dataset: { changes: "" } }, changed.map((c) => el("li", {}, c)))] : null,
    lines.length
      ? el(
          "details",
          { class: "more report-more" },
          el("summary", { dataset: { key } }, `FULL REPORT (${lines.length} LINE${lines.length === 1 ? "" : "S"})`),
          el("ol", { class: "report" }, lines.map(reportLine)),
        )
      : null,
  );
}
