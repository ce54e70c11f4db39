// Building the page's elements. Text goes in as text, never as HTML: a name holding
// markup shows as the characters it is.

/** An element: `el("button", {class: "x", onclick: f}, "text", child, ...)`. */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
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

/** Replace `parent`'s children, keeping the focus on the element with the same data-key,
 * and a <details> open when its <summary> with the same data-key was. */
export function replace(parent, ...children) {
  const focused = document.activeElement?.dataset?.key;
  const open = [...parent.querySelectorAll("details[open] > summary[data-key]")].map((s) => s.dataset.key);
  parent.replaceChildren(...children.flat(Infinity).filter((c) => c));
  for (const key of open) {
    const summary = parent.querySelector(`details > summary[data-key="${CSS.escape(key)}"]`);
    if (summary) summary.parentElement.open = true;
  }
  if (focused) {
    const again = parent.querySelector(`[data-key="${CSS.escape(focused)}"]`);
    if (again) again.focus({ preventScroll: true });
  }
}

/** A short message at the foot of the screen. */
export function toast(text) {
  const box = document.getElementById("toast");
  box.textContent = text;
  box.title = text; // (whole, where it is cut to its lines)
  box.classList.add("shown");
  box.onclick = () => box.classList.remove("shown"); // a tap sends it away
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => box.classList.remove("shown"), 4000);
}
