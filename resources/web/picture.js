// The battle's picture beside the card, as the crew may see it (the host's
// `available.picture` and `available.figures`): the players' ship, the map's zones and who
// is in each, each contact as its silhouette (or its numbers once scanned), the lasting
// effects and the crew's Turns; on foot, each zone with its figures, their Stress and
// Injury, and who is down. Every number and word is the host's.

import { el } from "./dom.js";

const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A bar with its numbers: `value` of `most` (Shields, Power). */
function meter(label, value, most, key, note = "") {
  const share = most > 0 ? Math.max(0, Math.min(1, value / most)) : 0;
  const bar = el("span", { class: "fill" });
  bar.style.width = `${(share * 100).toFixed(1)}%`; // (CSSOM: allowed by the page's policy)
  return el(
    "div",
    { class: `meter ${key}`, dataset: { meter: key } },
    el("span", { class: "label" }, label),
    el("span", { class: "track", "aria-hidden": "true" }, bar),
    el("span", { class: "value" }, `${value}/${most}${note}`),
  );
}

/** What a ship's Turns have lost, in words ("" when nothing). */
function turnsLost(ship) {
  if (ship.out_of_turns) return "no more Turns this scene";
  return ship.lost_turns ? `${plural(ship.lost_turns, "Turn")} lost next Round` : "";
}

/** The systems that are not Nominal, each with its breaches and state. */
function hurtSystems(ship) {
  return ship.systems.filter((s) => s.breaches > 0 || s.state !== "Nominal");
}

/** The players' ship: Shields and Power as bars, Resistance, breaches and each hurt
 * system; every system in a table a tap away. */
export function ownShip(ship) {
  if (!ship) return null;
  const hurt = hurtSystems(ship);
  return el(
    "div",
    { class: `own-ship ${ship.status === "Destroyed" ? "destroyed" : ""}`, dataset: { ship: ship.id } },
    el("p", { class: "ship-name" }, el("b", {}, ship.name), ` · ${ship.status}`),
    meter("SHIELDS", ship.shields ?? 0, ship.shields_max ?? 0, "shields", ship.shields_up ? "" : " (DOWN)"),
    meter("POWER", ship.power ?? 0, ship.power_capacity ?? 0, "power"),
    el(
      "p",
      { class: "ship-line", dataset: { stat: "own-ship" } },
      `Resistance ${ship.resistance} · ${plural(ship.breaches, "breach", "breaches")}`,
      turnsLost(ship) ? ` · ${turnsLost(ship)}` : "",
    ),
    hurt.length
      ? el("ul", { class: "hurt" }, hurt.map((s) => el("li", {}, `${s.label}: ${plural(s.breaches, "breach", "breaches")}, ${s.state}`)))
      : el("p", { class: "dim" }, "Every system Nominal."),
    el(
      "details",
      { class: "systems" },
      el("summary", { dataset: { key: "systems" } }, "SYSTEMS"),
      el(
        "table",
        { class: "systems-table" },
        el("thead", {}, el("tr", {}, el("th", {}, "SYSTEM"), el("th", {}, "RATING"), el("th", {}, "BREACHES"), el("th", {}, "STATE"))),
        el(
          "tbody",
          {},
          ship.systems.map((s) => el("tr", {}, el("td", {}, s.label), el("td", {}, s.rating ?? "?"), el("td", {}, s.breaches), el("td", {}, s.state))),
        ),
      ),
    ),
  );
}

/** Another ship on the map: a contact's silhouette (what a contact list shows), or its
 * numbers once scanned. */
function shipTile(ship) {
  const mark = ship.side === "player" ? "◆" : "▼";
  const lines = [];
  if (ship.own) lines.push(`${ship.ship_class} · Scale ${ship.scale}`);
  else if (ship.contact) lines.push(`Contact · ${ship.ship_class} · Scale ${ship.scale}`);
  else lines.push(`${ship.ship_class} · Scale ${ship.scale}`);
  if (!ship.own) {
    const shields = ship.contact ? `Shields ${ship.shields_up ? "up" : "DOWN"}` : `Shields ${ship.shields}/${ship.shields_max}${ship.shields_up ? "" : " (DOWN)"}`;
    const numbers = ship.contact ? [] : [`Power ${ship.power}/${ship.power_capacity}`, `Resistance ${ship.resistance}`];
    lines.push([shields, ...numbers, plural(ship.breaches, "breach", "breaches"), ship.status].join(" · "));
    if (turnsLost(ship)) lines.push(turnsLost(ship));
  }
  const gone = ship.status === "Destroyed" || ship.status === "Withdrawn";
  return el(
    "li",
    { class: `tile ${ship.side} ${gone ? "gone" : ""} ${ship.own ? "own" : ""}`, dataset: { ship: ship.id } },
    el("b", {}, `${mark} ${ship.name}`, ship.own ? " (you)" : ""),
    lines.map((line) => el("span", {}, line)),
  );
}

/** The map: each zone, its range from the players' ship, and the ships in it. */
function shipMap(picture) {
  const placed = new Set();
  const zones = picture.zones.map((zone) => {
    const ships = picture.ships.filter((s) => s.zone === zone.name);
    ships.forEach((s) => placed.add(s.id));
    return el(
      "li",
      { class: `zone-row ${ships.length ? "" : "empty"}`, dataset: { zone: zone.name } },
      el("p", { class: "zone-name" }, el("b", {}, zone.name.toUpperCase()), zone.range ? ` · ${zone.range.toUpperCase()}` : "", ships.length ? "" : " · EMPTY"),
      ships.length ? el("ul", { class: "tiles" }, ships.map(shipTile)) : null,
    );
  });
  const away = picture.ships.filter((s) => !placed.has(s.id));
  if (away.length) zones.push(el("li", { class: "zone-row" }, el("p", { class: "zone-name" }, el("b", {}, "NOT ON THE MAP")), el("ul", { class: "tiles" }, away.map(shipTile))));
  return el("ol", { class: "ship-map", "aria-label": "The map" }, zones);
}

/** The ship battle as a station window shows it beside its card: the players' ship and
 * the map. */
export function shipPicture(picture) {
  if (!picture || !picture.ships.length) return null;
  const own = picture.ships.find((s) => s.own);
  return el("section", { class: "picture", "aria-label": "The battle" }, el("h3", {}, "THE SHIP"), ownShip(own), el("h3", {}, "THE MAP"), shipMap(picture));
}

/** What is in play (lasting effects, Advantages, Complications) and the crew's Turns
 * this Round (who acts, who has acted, who waits: a tap away). */
export function battleNotes(picture) {
  if (!picture) return null;
  const acted = picture.crew.filter((c) => c.turn === "acted").length;
  const acting = picture.crew.find((c) => c.turn !== "acted" && c.turn !== "waiting");
  const summary = `THE CREW'S TURNS: ${acting ? `${acting.name.toUpperCase()} ACTING, ` : ""}${acted} OF ${picture.crew.length} ACTED`;
  return el(
    "section",
    { class: "notes", "aria-label": "In play and the crew's Turns" },
    picture.effects.length ? [el("h3", {}, "IN PLAY"), el("ul", { class: "effects" }, picture.effects.map((e) => el("li", {}, e)))] : null,
    picture.crew.length
      ? el(
          "details",
          { class: "more crew-turns" },
          el("summary", { dataset: { key: "crew" } }, summary),
          el(
            "ul",
            { class: "crew" },
            picture.crew.map((c) => el("li", { class: c.turn.startsWith("ACTING") ? "acting" : "", dataset: { crew: c.id } }, el("b", {}, c.name), ` · ${c.turn}`, el("span", { class: "dim" }, `${c.stations} · Determination ${c.determination}`))),
          ),
        )
      : null,
  );
}

/** A figure who is down says so: dead, or Injured and out of the fight. */
export const downWord = (f) => (f.dead ? "dead" : f.incapacitated ? "down" : "");

/** On foot: each zone (its cover and darkness) with the figures in it, their Stress and
 * Injury in the host's words, the officer's own zone marked, who is down struck through. */
export function footPicture(conflict, figures, own) {
  if (!conflict) return null;
  const here = conflict.zones.positions[own];
  const rows = conflict.zones.zones.map((zone) => {
    const present = figures.filter((f) => f.zone === zone && !f.withdrawn);
    const terrain = [conflict.cover?.[zone] ? `Cover ${conflict.cover[zone]}` : "", conflict.darkness?.[zone] ? `darkness +${conflict.darkness[zone]}` : ""].filter(Boolean);
    return el(
      "li",
      { dataset: { zone }, class: zone === here ? "here" : "" },
      el("p", { class: "zone-name" }, el("b", {}, zone === here ? `${zone} (you)` : zone), terrain.length ? ` · ${terrain.join(", ")}` : ""),
      present.length
        ? el(
            "ul",
            { class: "figures" },
            present.map((f) => {
              const down = downWord(f);
              return el(
                "li",
                { class: `figure ${f.side} ${down ? "down" : ""}`, dataset: { figureRow: f.id } },
                el("span", { class: "who", dataset: { figure: f.id } }, `${f.side === "player" ? "◆" : "▼"} ${f.name}${down ? ` (${down})` : ""}`),
                el("span", { class: "how" }, `${f.stress_words} · ${f.injury_words}${f.prone && !f.injury_words.includes("prone") ? " · Prone" : ""}`),
              );
            }),
          )
        : el("p", { class: "dim" }, "No one."),
    );
  });
  return el("section", { class: "standing", "aria-label": "Where everyone stands" }, el("h3", {}, "WHERE EVERYONE STANDS"), el("ul", { class: "zones-list" }, rows));
}
