// The officer's Conflict card in a personal conflict (seed 001's sixth card): their
// figure, START TURN and END TURN, the Minor Actions and Tasks with the host's reasons
// (each opens the one form of the page, as a station's entry does), where everyone
// stands, and what waits for the officer: a decision (its answers, the host's), the roll
// to RESOLVE and its damage (the roll waiting is the ship's component, spends.js), and
// the outcome of their last roll. The page knows no rule: every word and field is the
// host's.

import { entryGroups, logList, stat } from "./card.js";
import { el, part } from "./dom.js";
import { answerButtons } from "./forms.js";
import { outcome } from "./outcome.js";
import { footPicture } from "./picture.js";
import { rollWaiting } from "./spends.js";

/** The numbers at the top of the Conflict card: the personal conflict's Round and whose
 * Turn it is, Momentum, Threat, the officer's Determination. */
export function conflictPools(state, character, card) {
  const fight = state.conflict;
  const actor = fight?.turn?.actor ? fight.figures[fight.turn.actor]?.name ?? fight.turn.actor : "No one";
  const me = character ? state.characters[character] : null;
  return el(
    "section",
    { class: "pools", "aria-label": "The personal conflict" },
    stat("ROUND", fight?.turn?.round ?? "—", "conflict-round", "round"),
    stat("TURN", card.acting ? "Yours" : actor, "conflict-actor", "turn"),
    stat("MOMENTUM", `${state.momentum.value}/${state.momentum.cap}`, "momentum"),
    stat("THREAT", state.threat.value, "threat"),
    me ? stat("DETERMINATION", me.determination.value, "determination") : null,
  );
}

/** The figure's lines, the host's words: Stress and Injury, then where it stands, what
 * it carries, Avoid Injury and its marks. */
function figureLines(card) {
  const [where, ...rest] = card.status;
  return [
    el("p", { class: "stress", dataset: { stat: "stress" } }, `${card.stress_words} · ${card.injury_words}`),
    el("p", { dataset: { stat: "zone" } }, where),
    rest.map((line) => el("p", { class: "dim" }, line)),
  ];
}

/** The controls of the card's back that are neither the Turn's buttons nor what a roll
 * waiting offers (those stand where they are used). */
const NOT_ON_THE_BACK = new Set(["start_turn", "end_turn", "resolve", "apply_damage", "aim", "inspiration"]);

/** What waits for the officer: a decision (its answers, the host's), or their rolled
 * Task to resolve, or its damage. `values` holds what is chosen for the roll waiting. */
function waiting(link, card, hooks) {
  const decision = card.decision;
  const pending = link.state.conflict?.pending ?? null;
  const mine = pending && pending.actor === card.figure.id;
  if (!decision && !mine) return null;
  const outcomeWord = !decision && pending?.result ? (pending.result.success ? "success" : "failure") : undefined;
  const parts = [el("h3", {}, "WAITING FOR YOU"), el("p", { class: "waiting-text", dataset: outcomeWord ? { outcome: outcomeWord } : {} }, decision ? decision.text : card.pending ?? "")];
  if (decision) {
    parts.push(decision.answers.length ? answerButtons(decision.answers, hooks.answer, "answer") : el("p", { class: "dim" }, "The GM answers this one."));
  } else {
    const note = `the pool holds ${link.state.momentum.value}`;
    const keys = { resolve: "conflict-resolve", apply: "conflict-apply", spends: "cspend" };
    parts.push(rollWaiting(pending, card.controls, hooks.conflictSpends(), note, hooks.send, hooks.rerender, keys));
  }
  return el("section", { class: "waiting", "aria-label": "Waiting for you" }, parts);
}

/** The outcome of the officer's last roll on foot, at the top of the card until it is
 * put away (`last`: the page's, see outcome.js). */
function lastOutcome(last, dismiss) {
  if (!last) return null;
  return el(
    "section",
    { class: "last-outcome", "aria-label": "Your last roll" },
    el("h3", {}, last.title.toUpperCase()),
    outcome({ ...last, key: "conflict-full-report" }),
    el("button", { type: "button", class: "secondary", dataset: { key: "outcome-done" }, onclick: dismiss }, "OK"),
  );
}

/** The Conflict card's front. `hooks.useEntry(source, key, info)` opens or sends an
 * entry, as on a station's card. */
export function conflictCard(link, card, hooks) {
  const { state, available } = link;
  const character = available.character;
  const figure = card.figure.id;
  const controls = card.controls;
  const use = (source) => (key, info) => hooks.useEntry(source, key, info);
  const control = (key, name) => {
    const info = controls[name];
    return el(
      "div",
      { class: "entry big" },
      el("button", { type: "button", dataset: { key }, disabled: info.reason != null, "aria-describedby": info.reason != null ? `why-${key}` : undefined, onclick: () => hooks.useEntry("conflict-controls", name, info) }, info.name),
      info.reason != null ? el("p", { class: "reason", id: `why-${key}` }, info.reason) : null,
    );
  };
  return [
    part("conflict-officer", [card.figure, card.acting, card.turn_left, card.turn, card.status, card.stress_words, card.injury_words], () =>
      el(
        "section",
        { class: "officer conflict" },
        el("h2", { class: "name" }, card.figure.name),
        el("p", { class: "turn-line", dataset: { stat: "conflict-turn" } }, (card.acting ? card.turn_left || "Your Turn" : `Turn: ${card.turn}`).toUpperCase()),
        figureLines(card),
      ),
    ),
    part("conflict-pools", [state.conflict?.turn, state.conflict?.figures, state.momentum, state.threat, state.characters, card.acting], () => conflictPools(state, character, card)),
    lastOutcome(hooks.lastOutcome(), hooks.dismissOutcome),
    waiting(link, card, hooks),
    part("conflict-standing", [state.conflict?.zones, state.conflict?.cover, state.conflict?.darkness, available.figures], () => footPicture(state.conflict, available.figures ?? [], figure)),
    part("conflict-turn-controls", [controls.start_turn, controls.end_turn], () =>
      el("section", { class: "turn-controls", "aria-label": "Your Turn" }, control("conflict-start", "start_turn"), control("conflict-end", "end_turn")),
    ),
    part("conflict-entries", [card.minors, card.tasks], () =>
      el(
        "section",
        { class: "station conflict-card", "aria-label": "Conflict card" },
        el("h2", { class: "station-name" }, "CONFLICT CARD"),
        entryGroups(
          "conflict",
          [
            ["MINOR ACTIONS", card.minors.map((e) => [e.key, e])],
            ["TASKS", card.tasks.map((e) => [e.key, e])],
          ],
          use("conflict"),
        ),
      ),
    ),
    part("conflict-more", [controls], () =>
      el(
        "details",
        { class: "more" },
        el("summary", { dataset: { key: "conflict-more" } }, "MOMENTUM, DETERMINATION AND READY"),
        // (keyed apart from the card's entries: Create Advantage is a Task and a spend)
        entryGroups(
          "cmore",
          [["", Object.entries(controls).filter(([k]) => !NOT_ON_THE_BACK.has(k)).map(([k, info]) => [`back-${k}`, info])]],
          (key, info) => hooks.useEntry("conflict-controls", key.slice("back-".length), info),
        ),
      ),
    ),
    part("conflict-log", [link.log], () => logList(link.log, 5)),
    el("button", { type: "button", class: "back-button", dataset: { key: "ship-card" }, onclick: hooks.shipCard }, "THE SHIP'S CARD"),
  ];
}
