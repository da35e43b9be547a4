// The end-of-game score table: each player's breakdown by the rules' categories, tie-breaks, winners.

import { h } from "./svg.js";
import { markerSvg } from "./players.js";

export function renderResults(root, snapshot, renderer, { onRematch } = {}) {
  const result = snapshot.result;
  if (!result) {
    root.hidden = true;
    root.replaceChildren();
    return;
  }
  const labels = renderer.CATEGORY_LABELS || {};
  const tieLabels = renderer.TIEBREAK_LABELS || {};
  const names = snapshot.players.map((p) => p.name);
  const order = [...names.keys()].sort((a, b) => result.places[a] - result.places[b] || a - b);
  const winners = result.winners.map((w) => names[w]);
  const house = result.house || null; // a house opponent (Pineapple in solo Juicy Fruits)
  const houseCats = house ? Object.keys(house.breakdown || {}).filter((c) => !result.categories.includes(c)) : [];
  const categories = [...result.categories, ...houseCats];
  const table = h(
    "table",
    { class: "score-table" },
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", { scope: "col", title: "Place" }, "#"),
        h("th", { scope: "col" }, "Player"),
        categories.map((c) => h("th", { scope: "col" }, labels[c] || c)),
        h("th", { scope: "col" }, "Total"),
        result.tiebreak_names.map((t) => h("th", { scope: "col" }, tieLabels[t] || t, h("small", {}, "tie-break"))),
      ),
    ),
    h(
      "tbody",
      {},
      order.map((seat) =>
        h(
          "tr",
          { class: result.winners.includes(seat) ? "winner" : null },
          h("td", {}, String(result.places[seat])),
          h(
            "th",
            { scope: "row", title: names[seat] },
            markerSvg(seat, 18),
            h("span", { class: "result-name" }, names[seat]),
            seat === snapshot.seat ? " (you)" : "",
          ),
          categories.map((c) => h("td", {}, houseCats.includes(c) ? "" : String(result.breakdown[seat][c] ?? 0))),
          h("td", { class: "total" }, String(result.scores[seat])),
          result.tiebreaks[seat].map((v) => h("td", {}, String(v))),
        ),
      ),
      house ? houseRow(house, categories, result, house.place === 1 && !result.winners.length) : null,
    ),
  );
  const rematch =
    snapshot.seat !== null && snapshot.seat !== undefined
      ? h("button", { class: "primary", id: "rematch", onclick: onRematch }, snapshot.rematch ? "Go to the rematch" : "Rematch")
      : snapshot.rematch
        ? h("a", { class: "button", href: `/t/${snapshot.rematch}` }, "Watch the rematch")
        : null;
  root.hidden = false;
  const parts = [
    h("h2", {}, headline(snapshot, result, winners, house)),
    result.truncated ? h("p", { class: "note" }, "The game was stopped at the round limit and scored as it stood.") : null,
    table,
    h(
      "div",
      { class: "result-actions" },
      rematch,
      h("button", { id: "open-replay", onclick: () => root.dispatchEvent(new CustomEvent("replay")) }, "Replay the game"),
      h("a", { class: "button", href: "/" }, "Back to the lobby"),
    ),
  ];
  root.replaceChildren(...parts.filter(Boolean)); // replaceChildren would print a null as "null"
}

function headline(snapshot, result, winners, house) {
  if (house && !result.winners.length) return `${house.name} wins!`;
  if (house) {
    const who = result.winners.includes(snapshot.seat) ? "You" : winners.join(" and ");
    return `${who} beat ${house.name}!`;
  }
  return `${winners.join(" and ")} ${winners.length > 1 ? "win" : "wins"}!`;
}

/** The house opponent's row: its own categories filled in, the players' ones left blank. */
function houseRow(house, categories, result, won) {
  return h(
    "tr",
    { class: ["house", won && "winner"], "data-house": house.name },
    h("td", {}, String(house.place ?? "")),
    h("th", { scope: "row" }, h("span", { class: "house-mark", "aria-hidden": "true" }, "♛"), ` ${house.name}`),
    categories.map((c) => h("td", {}, c in (house.breakdown || {}) ? String(house.breakdown[c]) : "")),
    h("td", { class: "total" }, String(house.score)),
    result.tiebreak_names.map(() => h("td", {}, "")),
  );
}
