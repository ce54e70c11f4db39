// Building the page's elements. Text goes in as text, never as HTML: a name holding
// markup shows as the characters it is.
//
// A redraw builds the screen anew and then folds it into the one shown (`replace`): an
// element keeps its place in the page when the new screen has it again (the same
// data-key, or the same kind of element at the same place), so a button under a finger
// is still that button when the finger lifts, a field keeps its caret and selection, and
// a part of the screen whose data did not change is not built again (`part`).

/** The handler each element runs for an event: one listener a kind of event, so a
 * redraw that keeps an element gives it the new screen's handlers. */
function dispatch(event) {
  this._on?.[event.type]?.call(this, event);
}

/** An element: `el("button", {class: "x", onclick: f}, "text", child, ...)`. */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) on(node, key.slice(2), value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (value === true) node.setAttribute(key, "");
    else node.setAttribute(key, String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function on(node, type, handler) {
  node._on ??= {};
  node._on[type] = handler;
  node.addEventListener(type, dispatch);
}

/** A part of the screen built only when `deps` (compared one by one, by identity) are
 * not what they were at its last build: else the element already shown is kept as it
 * is. `key` names the part on its screen. */
export function part(key, deps, build) {
  const kept = part.built.get(key);
  if (kept && kept.node.isConnected && kept.deps.length === deps.length && kept.deps.every((d, i) => Object.is(d, deps[i]))) return kept.node;
  const node = build();
  if (!node) {
    part.built.delete(key);
    return null;
  }
  node.dataset.part = key;
  part.built.set(key, { node, deps });
  return node;
}
part.built = new Map();

const keyOf = (node) => (node.nodeType === 1 ? node.getAttribute("data-part") ?? node.getAttribute("data-key") : null);

/** Whether `old` may become `fresh`: the same kind of node, and neither named by a key
 * (named ones are matched by their key). */
function sameKind(old, fresh) {
  return old.nodeType === fresh.nodeType && old.nodeName === fresh.nodeName && keyOf(old) === null && keyOf(fresh) === null;
}

/** Fold `fresh` (a node built for the new screen) into `old` (the one shown). */
function morph(old, fresh) {
  if (old === fresh) return;
  if (old.nodeType !== 1) {
    if (old.nodeValue !== fresh.nodeValue) old.nodeValue = fresh.nodeValue;
    return;
  }
  for (const { name } of [...old.attributes]) {
    // (a <details> the player opened stays open; a style goes through the CSSOM below)
    if (!fresh.hasAttribute(name) && name !== "style" && !(name === "open" && old.nodeName === "DETAILS")) old.removeAttribute(name);
  }
  for (const { name, value } of fresh.attributes) if (name !== "style" && old.getAttribute(name) !== value) old.setAttribute(name, value);
  // (the page's policy refuses a style set as an attribute, not one set through the CSSOM)
  if ((old.hasAttribute("style") || fresh.hasAttribute("style")) && fresh.style.cssText !== old.style.cssText) old.style.cssText = fresh.style.cssText;
  old._on = fresh._on;
  // (the same listener twice on one element is one listener: a tap runs its handler once)
  for (const type of Object.keys(fresh._on ?? {})) old.addEventListener(type, dispatch);
  morphChildren(old, [...fresh.childNodes]);
  if (old.nodeName === "INPUT") {
    if (old.type === "checkbox" || old.type === "radio") {
      if (old.checked !== fresh.checked) old.checked = fresh.checked;
    } else if (old !== document.activeElement && old.value !== fresh.value) {
      old.value = fresh.value; // (the words in a field are the player's while they type)
    }
  } else if (old.nodeName === "SELECT" && old.selectedIndex !== fresh.selectedIndex) {
    old.selectedIndex = fresh.selectedIndex;
  }
}

/** Fold the list `fresh` into `parent`'s children: keyed nodes by their key, others by
 * their place; what the new screen has no more goes. */
function morphChildren(parent, fresh) {
  const keyed = new Map();
  for (const node of parent.childNodes) {
    const key = keyOf(node);
    if (key !== null) keyed.set(key, node);
  }
  let cursor = parent.firstChild;
  for (const node of fresh) {
    const key = keyOf(node);
    let match = null;
    if (key !== null) {
      match = keyed.get(key) ?? null;
      if (match) keyed.delete(key);
    } else if (cursor && sameKind(cursor, node)) {
      match = cursor;
    }
    if (!match) {
      parent.insertBefore(node, cursor);
      continue;
    }
    if (match === cursor) cursor = cursor.nextSibling;
    else parent.insertBefore(match, cursor);
    morph(match, node);
    // (a part built again lives on in the element it was folded into)
    const built = key !== null ? part.built.get(key) : undefined;
    if (built && built.node === node) built.node = match;
  }
  while (cursor) {
    const next = cursor.nextSibling;
    cursor.remove();
    cursor = next;
  }
}

/** Show `children` as `parent`'s, folded into what it shows (see above). */
export function replace(parent, ...children) {
  morphChildren(
    parent,
    children.flat(Infinity).filter((c) => c),
  );
}

let toastTimer = null;

/** A short message at the foot of the screen, over nothing the player reads. Cut to its
 * lines when long: a tap shows all of it (and keeps it), a tap on the whole one sends it
 * away. */
export function toast(text) {
  const box = document.getElementById("toast");
  // (over the bar at the foot of the screen, where there is one in sight: never over
  // its buttons, nor over the title and the officer's name at the top)
  const bar = document.querySelector("main .foot-bar")?.getBoundingClientRect();
  const above = bar && bar.top < window.innerHeight && bar.bottom > 0 ? window.innerHeight - bar.top : 0;
  box.style.bottom = `${Math.round(above) + 8}px`;
  box.textContent = text;
  box.classList.remove("whole");
  box.classList.add("shown");
  box.onclick = () => {
    clearTimeout(toastTimer);
    if (!box.classList.contains("whole") && box.scrollHeight > box.clientHeight + 1) box.classList.add("whole");
    else box.classList.remove("shown", "whole");
  };
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => {
    if (!box.classList.contains("whole")) box.classList.remove("shown");
  }, 5000);
}
