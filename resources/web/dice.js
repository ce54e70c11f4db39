// Dice drawn as dice: a roll's d20s with what each scored, and challenge dice from the
// face the host says each shows (docs/protocol.md), as the desktop paints them.

import { el } from "./dom.js";

/** The d20s of a roll, each drawn as a die with what it scored; an assist's die says
 * whose it is in a line under the dice (whole: a die is too narrow for a ship's name). */
export function d20s(dice) {
  const owners = [...new Set(dice.filter((d) => d.kind === "assist").map((d) => d.owner))];
  const drawn = el(
    "div",
    { class: "dice", role: "list", "aria-label": "Dice rolled" },
    dice.map((d, i) =>
      el(
        "div",
        {
          class: `die d20 ${d.successes > 0 ? "hit" : "miss"} ${d.critical ? "critical" : ""} ${d.complication ? "complication" : ""} ${d.kind}`,
          role: "listitem",
          dataset: { die: i, value: d.value },
          "aria-label": `${d.kind === "assist" ? `${d.owner}'s die` : "Die"} ${d.value}: ${d.complication ? "a Complication" : d.successes === 1 ? "1 success" : `${d.successes} successes`}`,
        },
        el("span", { class: "face" }, d.value),
        el("span", { class: "score" }, d.complication ? "COMPLICATION" : d.successes === 0 ? "—" : "✓".repeat(d.successes)),
        d.kind === "assist" ? el("span", { class: "owner" }, owners.length > 1 ? `ASSIST ${owners.indexOf(d.owner) + 1}` : "ASSIST") : null,
      ),
    ),
  );
  if (!owners.length) return drawn;
  const legend = owners.map((o, i) => (owners.length > 1 ? `Assist ${i + 1}: ${o}` : `Assist: ${o}`));
  return el("div", { class: "roll-dice" }, drawn, el("p", { class: "dim assist-legend", dataset: { assists: "" } }, legend.join(" · ")));
}

/** What each challenge die's face shows (the host's `shows`, docs/protocol.md), in words
 * under the die. */
const SHOWS_WORD = { 1: "1", 2: "2", blank: "BLANK", effect: "1 + EFFECT" };

/** One challenge die's face: its number, or the Effect's delta over a 1, or nothing. */
function challengeFace(die) {
  const mark =
    die.shows === "effect"
      ? [el("span", { class: "delta", "aria-hidden": "true" }), el("span", { class: "num" }, "1")]
      : die.shows === "blank"
        ? []
        : [el("span", { class: "num" }, die.shows)];
  return [
    el("span", { class: "body" }, mark, die.rerolled_from != null ? el("span", { class: "rerolled", title: "Re-rolled" }) : null),
    el("span", { class: "word" }, SHOWS_WORD[die.shows] ?? die.shows),
  ];
}

/** Challenge dice drawn as dice, each with its face (the host's `shows`). With `pick`,
 * each die is a button that picks it for a re-roll or drops it (`picked`: the indices
 * chosen, `choices`: the host's, one a die, with the reason a die cannot be picked).
 * `small`: drawn in a line of words (the full report). */
export function challengeDice(dice, label, pick = null, small = false) {
  return el(
    "div",
    { class: `dice challenge-dice ${small ? "small" : ""}`, role: pick ? "group" : "list", "aria-label": label },
    dice.map((d, i) => {
      const attrs = { class: `die challenge shows-${d.shows}`, dataset: { die: i, shows: d.shows } };
      if (!pick) return el("div", { ...attrs, role: "listitem", "aria-label": `Die ${i + 1}: ${SHOWS_WORD[d.shows] ?? d.shows}` }, challengeFace(d));
      const choice = pick.choices.find((c) => c.value === i);
      return el(
        "button",
        {
          ...attrs,
          type: "button",
          dataset: { ...attrs.dataset, key: `reroll-${i}` },
          "aria-pressed": pick.picked.includes(i) ? "true" : "false",
          "aria-label": choice ? choice.label : `Die ${i + 1}`,
          title: choice?.reason ?? undefined,
          disabled: !choice || choice.reason != null,
          onclick: () => pick.toggle(i),
        },
        challengeFace(d),
      );
    }),
  );
}
