// The one form of the page: the fields of any action, drawn from the host's ParamInfo
// list (docs/protocol.md, 5) whatever the card (a station's Task or Minor Action, a
// Conflict card entry, a control of the Turn, the spends of a roll). A choice is a list,
// a number a number field, a flag a checkbox, a text a text field, dice and a list up to
// `maximum` lists. A field, and each of its choices, may be offered only while other
// fields hold given values (`only_with`): the form keeps every value to what is offered,
// so one answer of the host fills the whole form. The page knows no rule: labels,
// choices, defaults and reasons are the host's.

import { el } from "./dom.js";

const encode = (value) => JSON.stringify(value ?? null);
const same = (a, b) => encode(a) === encode(b);
const many = (p) => p.kind === "dice" || p.kind === "list";

/** Whether `what` (a field or a choice) is offered with these values: each field its
 * `only_with` names holds one of the values listed. */
export function offered(what, values) {
  return Object.entries(what.only_with || {}).every(([field, allowed]) => allowed.some((v) => same(v, values[field])));
}

/** The choices of `p` offered with these values. */
export function choicesOf(p, values) {
  return (p.choices ?? []).filter((c) => offered(c, values));
}

/** The first choice of `p` that may be taken with these values (none: undefined). */
function firstTaken(p, values) {
  return choicesOf(p, values).find((c) => c.reason == null);
}

/** Keep `values` to what the fields offer now: a choice no longer offered (another
 * field changed, or the host's choices did), or a required one left empty, takes the
 * field's default if that is offered, else the first choice that may be taken when the
 * field is required, else none; a list keeps the values still offered. True when a value
 * changed. */
export function settle(params, values) {
  let changed = false;
  for (let round = 0; round < 4; round += 1) {
    let moved = false;
    for (const p of params) {
      if (!(p.name in values)) {
        values[p.name] = many(p) ? [...(p.default ?? [])] : p.default ?? null;
        moved = true;
      }
      if (!offered(p, values)) continue;
      if (p.kind === "choice") {
        const open = choicesOf(p, values);
        const now = values[p.name];
        if (now != null && open.some((c) => same(c.value, now))) continue;
        if (now == null && !p.required) continue; // (none: the player's to choose)
        const fallback = open.some((c) => same(c.value, p.default) && c.reason == null) ? p.default : p.required ? firstTaken(p, values)?.value ?? null : null;
        if (!same(fallback, now)) {
          values[p.name] = fallback;
          moved = true;
        }
      } else if (many(p)) {
        const open = choicesOf(p, values);
        const kept = (values[p.name] ?? []).filter((v) => open.some((c) => same(c.value, v)));
        if (kept.length !== (values[p.name] ?? []).length) {
          values[p.name] = kept;
          moved = true;
        }
      }
    }
    changed ||= moved;
    if (!moved) break;
  }
  return changed;
}

/** The starting values: each field's default, kept to what is offered. */
export function defaults(params) {
  const values = {};
  settle(params, values);
  return values;
}

/** The Command's fields: the fixed ones and a value for each offered parameter. */
export function commandOf(fixed, params, values) {
  const command = { ...fixed };
  for (const p of params) if (offered(p, values)) command[p.name] = values[p.name];
  return command;
}

/** What keeps the form from being sent, in words (null: nothing): a required field
 * left empty. */
export function missing(params, values) {
  const empty = params.filter((p) => {
    if (!p.required || !offered(p, values)) return false;
    const v = values[p.name];
    return v == null || (typeof v === "string" && !v.trim()) || (many(p) && !v.length);
  });
  return empty.length ? `Choose: ${empty.map((p) => p.label).join(", ")}` : null;
}

/** The fields of `params` offered with `values`, writing into `values`; `changed(name)`
 * is called after each edit (the values already kept to what is offered). `prefix` keeps
 * the fields' keys apart on one screen. */
export function fields(params, values, changed, prefix = "f") {
  const edited = (name) => {
    settle(params, values);
    changed(name);
  };
  return params.filter((p) => offered(p, values)).map((p) => field(p, values, edited, `${prefix}-${p.name}`));
}

function field(p, values, changed, key) {
  const set = (value) => {
    values[p.name] = value;
    changed(p.name);
  };
  const help = p.help ? el("small", { class: "help" }, p.help) : null;
  if (p.kind === "flag") {
    return el(
      "label",
      { class: "field flag" },
      el("input", { type: "checkbox", name: p.name, dataset: { key }, checked: Boolean(values[p.name]), onchange: (e) => set(e.target.checked) }),
      el("span", { class: "flag-words" }, el("span", {}, p.label), help),
    );
  }
  if (p.kind === "number") {
    return el(
      "label",
      { class: "field" },
      el("span", {}, p.label),
      el("input", {
        type: "number",
        inputmode: "numeric",
        name: p.name,
        dataset: { key },
        min: p.minimum ?? undefined,
        max: p.maximum ?? undefined,
        value: values[p.name] ?? 0,
        oninput: (e) => set(e.target.value === "" ? 0 : Number.parseInt(e.target.value, 10)),
      }),
      help,
    );
  }
  if (p.kind === "text") {
    return el(
      "label",
      { class: "field" },
      el("span", {}, p.label),
      el("input", {
        type: "text",
        name: p.name,
        dataset: { key },
        maxlength: p.max_length ?? undefined,
        placeholder: p.help || undefined,
        value: values[p.name] ?? "",
        oninput: (e) => set(e.target.value),
      }),
    );
  }
  if (many(p)) return rows(p, values, set, key, help);
  const open = choicesOf(p, values);
  return el(
    "label",
    { class: "field" },
    el("span", {}, p.label),
    select(p, open, values[p.name], key, !p.required && !open.some((c) => c.value == null), set),
    help,
    open.length === 0 && p.empty ? el("small", { class: "reason" }, p.empty) : null,
  );
}

/** Dice bought, or a list's values: a list box a row, one more row while there is room;
 * a `list` takes each value once. */
function rows(p, values, set, key, help) {
  const picked = Array.isArray(values[p.name]) ? values[p.name] : [];
  const open = choicesOf(p, values);
  const out = [];
  for (let i = 0; i < (p.maximum ?? 0) && i <= picked.length; i += 1) {
    const taken = p.kind === "list" ? picked.filter((_, j) => j !== i) : [];
    const choices = open.filter((c) => !taken.some((v) => same(v, c.value)));
    out.push(
      select(p, choices, i < picked.length ? picked[i] : undefined, `${key}-${i}`, true, (value) => {
        const next = picked.slice(0, i);
        if (value !== undefined) next.push(value, ...picked.slice(i + 1));
        set(next);
      }),
    );
  }
  return el("fieldset", { class: "field dice" }, el("legend", {}, p.label), out, help);
}

/** A list of `choices`: the phone's own picker, under the chosen choice's words shown
 * whole (a list box cuts a long choice at its edge). */
function select(p, choices, current, key, blank, set) {
  const options = [];
  let shown = null;
  if (blank || current === undefined || !choices.some((c) => same(c.value, current))) {
    options.push(el("option", { value: "" }, "—"));
    shown = "—";
  }
  for (const c of choices) {
    const chosen = current !== undefined && same(c.value, current);
    const words = c.reason ? `${c.label} (${c.reason})` : c.label;
    if (chosen) shown = words;
    options.push(el("option", { value: encode(c.value), disabled: c.reason != null, selected: chosen }, words));
  }
  return picker(
    shown ?? "—",
    el(
      "select",
      { name: p.name, dataset: { key }, onchange: (e) => set(e.target.value === "" ? (p.kind === "choice" ? null : undefined) : JSON.parse(e.target.value)) },
      options,
    ),
  );
}

/** A native list box laid over its chosen words: a tap opens the phone's own picker, and
 * the words wrap rather than end in "…". */
export function picker(words, select) {
  return el("span", { class: "picker" }, el("span", { class: "shown", "aria-hidden": "true" }, words), select);
}

/** Buttons for actions that take no field (a decision's answers): each sends its
 * Command, or says why it cannot be chosen now. `use(info)` is called with the one
 * tapped; the first is the primary one. */
export function answerButtons(answers, use, prefix) {
  return el(
    "div",
    { class: "answers" },
    answers.map((a, i) => {
      const key = `${prefix}-${i}`;
      return el(
        "div",
        { class: "entry" },
        el(
          "button",
          { type: "button", class: i === 0 ? "primary" : "secondary", dataset: { key, command: encode(a.command) }, disabled: a.reason != null, "aria-describedby": a.reason != null ? `why-${key}` : undefined, onclick: () => use(a) },
          a.name,
        ),
        a.reason != null ? el("p", { class: "reason", id: `why-${key}` }, a.reason) : null,
      );
    }),
  );
}

/** The bar at the foot of the screen: a line (the odds, what the spends cost, what the
 * form still needs) over the form's buttons, in reach whatever the fields above it. */
export function footBar(line, ...buttons) {
  return el("div", { class: "foot-bar" }, line, el("div", { class: "actions-row" }, buttons));
}
