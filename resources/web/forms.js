// The fields of an action, drawn from the host's ParamInfo list (docs/protocol.md, 5):
// a choice is a list, a number a number field, a flag a checkbox, a text a text field,
// dice up to `maximum` lists. The page knows no rule: labels, choices and reasons are
// the host's.

import { el } from "./dom.js";

/** The starting values: each parameter's default. */
export function defaults(params) {
  const values = {};
  for (const p of params) values[p.name] = p.default ?? (p.kind === "dice" ? [] : null);
  for (const p of params) {
    if (p.kind === "choice" && values[p.name] === null && p.required) {
      const first = p.choices.find((c) => c.reason == null);
      if (first) values[p.name] = first.value;
    }
  }
  return values;
}

/** Whether `p` is offered with these values (its `only_with` holds). */
export function offered(p, values) {
  return Object.entries(p.only_with || {}).every(([field, allowed]) => allowed.includes(values[field]));
}

/** The Command's fields: the fixed ones and a value for each offered parameter. */
export function commandOf(fixed, params, values) {
  const command = { ...fixed };
  for (const p of params) if (offered(p, values)) command[p.name] = values[p.name];
  return command;
}

const encode = (value) => JSON.stringify(value);

/** The fields of `params` (in `group`, or all), writing into `values`; `changed` is called
 * after each edit. `prefix` keeps the fields' keys apart on one screen. */
export function fields(params, values, changed, prefix = "f") {
  return params
    .filter((p) => offered(p, values))
    .map((p) => field(p, values, changed, `${prefix}-${p.name}`));
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
      el("input", {
        type: "checkbox",
        name: p.name,
        dataset: { key },
        checked: Boolean(values[p.name]),
        onchange: (e) => set(e.target.checked),
      }),
      el("span", {}, p.label),
      help,
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
  if (p.kind === "dice") {
    const picked = Array.isArray(values[p.name]) ? values[p.name] : [];
    const rows = [];
    for (let i = 0; i < (p.maximum ?? 0); i += 1) {
      if (i > picked.length) break;
      rows.push(
        select(p, i < picked.length ? picked[i] : undefined, `${key}-${i}`, true, (value) => {
          const next = picked.slice(0, i);
          if (value !== undefined) next.push(value, ...picked.slice(i + 1));
          set(next);
        }),
      );
    }
    return el("fieldset", { class: "field dice" }, el("legend", {}, p.label), rows, help);
  }
  return el(
    "label",
    { class: "field" },
    el("span", {}, p.label),
    select(p, values[p.name], key, !p.required && !p.choices.some((c) => c.value == null), set),
    help,
    p.choices.length === 0 && p.empty ? el("small", { class: "reason" }, p.empty) : null,
  );
}

/** A list of choices: the phone's own picker, under the chosen choice's words shown
 * whole (a list box cuts a long choice at its edge). */
function select(p, current, key, blank, set) {
  const options = [];
  if (blank) options.push(el("option", { value: "" }, "—"));
  let shown = blank ? "—" : "";
  for (const c of p.choices) {
    const chosen = encode(c.value) === encode(current);
    const words = c.reason ? `${c.label} (${c.reason})` : c.label;
    if (chosen) shown = words;
    options.push(el("option", { value: encode(c.value), disabled: c.reason != null, selected: chosen }, words));
  }
  if (!shown && p.choices.length) shown = p.choices[0].label; // (what a list shows unset)
  return picker(
    shown,
    el(
      "select",
      {
        name: p.name,
        dataset: { key },
        onchange: (e) => set(e.target.value === "" ? undefined : JSON.parse(e.target.value)),
      },
      options,
    ),
  );
}

/** A native list box laid over its chosen words: a tap opens the phone's own picker, and
 * the words wrap rather than end in "…". */
export function picker(words, select) {
  return el("span", { class: "picker" }, el("span", { class: "shown", "aria-hidden": "true" }, words), select);
}
