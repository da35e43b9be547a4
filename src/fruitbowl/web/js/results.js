// The end-of-game score table: each player's breakdown by the rules' categories, tie-breaks, winners.

import * as api from "./api.js";
import { h } from "./svg.js";
import { list, nt, t } from "./i18n.js";
import { markerSvg } from "./players.js";
import { botLevels, levelSelect, loadedLevels } from "./seats.js";
import { campaignTokens } from "./storage.js";

const rematchLevels = {}; // per table, the level chosen for each bot seat at the rematch
const HOUSE = -1; // the house opponent's row among the seats' rows

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
  // A house opponent (Pineapple in solo Juicy Fruits), named in the page's language.
  const house = result.house ? { ...result.house, stored: result.house.name, name: houseName(result.house, renderer) } : null;
  const houseCats = house ? Object.keys(house.breakdown || {}).filter((c) => !result.categories.includes(c)) : [];
  const categories = [...result.categories, ...houseCats];
  // Tie-breaks decide between seats: alone against the house (solo) they decide nothing.
  const tiebreaks = names.length > 1 ? result.tiebreak_names : [];
  const table = h(
    "table",
    { class: "score-table" },
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", { scope: "col", title: t("Place") }, "#"),
        h("th", { scope: "col" }, t("Player")),
        categories.map((c) => h("th", { scope: "col" }, labels[c] || c)),
        h("th", { scope: "col" }, t("Total")),
        tiebreaks.map((name) => h("th", { scope: "col" }, tieLabels[name] || name, h("small", {}, t("tie-break")))),
      ),
    ),
    h(
      "tbody",
      {},
      ranked(order, result, house).map((seat) =>
        seat === HOUSE
          ? houseRow(house, categories, tiebreaks, house.place === 1 && !result.winners.length)
          : h(
          "tr",
          { class: result.winners.includes(seat) ? "winner" : null },
          h("td", {}, String(result.places[seat])),
          h(
            "th",
            { scope: "row", title: names[seat] },
            markerSvg(seat, 18),
            h("span", { class: "result-name" }, names[seat]),
            seat === snapshot.seat ? ` ${t("(you)")}` : "",
            standInMark(result, seat),
          ),
          categories.map((c) => h("td", {}, houseCats.includes(c) ? "" : String(result.breakdown[seat][c] ?? 0))),
          h("td", { class: "total" }, String(result.scores[seat])),
            tiebreaks.map((_, i) => h("td", {}, String(result.tiebreaks[seat][i]))),
          ),
      ),
    ),
  );
  const redraw = () => renderResults(root, snapshot, renderer, { onRematch });
  const next = snapshot.campaign ? campaignNext(snapshot, onRematch) : rematchParts(snapshot, onRematch, redraw);
  root.hidden = false;
  const parts = [
    h("h2", {}, headline(snapshot, result, winners, house)),
    result.truncated ? h("p", { class: "note" }, t("The game was cut short at its limit and scored as it stood.")) : null,
    table,
    snapshot.seat !== null && snapshot.seat !== undefined ? ratingChange(snapshot.table) : null,
    next.form,
    h(
      "div",
      { class: "result-actions" },
      next.actions,
      h("button", { id: "open-replay", onclick: () => root.dispatchEvent(new CustomEvent("replay")) }, t("Replay the game")),
      h("a", { class: "button", href: "/" }, t("Back to the lobby")),
    ),
  ];
  root.replaceChildren(...parts.filter(Boolean)); // replaceChildren would print a null as "null"
}

/** For a signed-in player, what this game did to their rating (filled in once known; empty for an
 * unrated game or a guest). */
const ratingChanges = new Map(); // table id → the promise of {name, game} (asked once per table)

function ratingChange(tableId) {
  const line = h("p", { class: "rating-change", hidden: true });
  if (!ratingChanges.has(tableId)) {
    ratingChanges.set(
      tableId,
      api.session().then(async (current) => {
        if (!current.name) return null;
        const me = await api.player(current.name);
        return { name: current.name, game: me.recent.find((g) => g.table === tableId) };
      }),
    );
  }
  ratingChanges.get(tableId).then((known) => {
    if (!known?.game) return;
    const { name: current, game } = known;
    const change = game.rating - game.rating_before;
    line.replaceChildren(
      `${t("Your rating:")} `,
      h("strong", {}, `${game.rating_before.toFixed(1)} → ${game.rating.toFixed(1)}`),
      h("span", { class: change >= 0 ? "rating-up" : "rating-down" }, ` (${change >= 0 ? "+" : "−"}${Math.abs(change).toFixed(1)})`),
      " · ",
      h("a", { href: `/p/${encodeURIComponent(current)}` }, t("your ratings")),
    );
    line.hidden = false;
  }, () => {});
  return line;
}

/** "finished by a stand-in" (or "a stand-in played part") by a seat a stand-in bot played for. */
function standInMark(result, seat) {
  if (result.finished_by_stand_in?.includes(seat)) return h("small", { class: "stand-in-mark" },  ` · ${t("finished by a stand-in")}`);
  if (result.stand_ins?.includes(seat)) return h("small", { class: "stand-in-mark" }, ` · ${t("a stand-in played part")}`);
  return null;
}

const isPlayer = (snapshot) => snapshot.seat !== null && snapshot.seat !== undefined;

/** The rematch: a player asks for it (each bot seat at the level chosen here: the same by
 * default), or goes to it once asked; a spectator may watch it. */
function rematchParts(snapshot, onRematch, redraw) {
  if (!isPlayer(snapshot)) {
    return { actions: snapshot.rematch ? h("a", { class: "button", href: `/t/${snapshot.rematch}` }, t("Watch the rematch")) : null };
  }
  if (snapshot.rematch) return { actions: h("button", { class: "primary", id: "rematch", onclick: () => onRematch() }, t("Go to the rematch")) };
  const bots = snapshot.players.filter((p) => p.controller !== "human");
  const levels = loadedLevels();
  if (bots.length && !levels) botLevels().then(redraw, () => {}); // without the levels, the rematch keeps them
  const chosen = (rematchLevels[snapshot.table] ??= {});
  const form =
    bots.length && levels
      ? h(
          "div",
          { class: "rematch-bots" },
          h("span", {}, t("At the rematch:")),
          bots.map((p) =>
            h(
              "label",
              { class: "who" },
              markerSvg(p.seat, 16),
              h("span", { class: "who-name", title: p.name }, p.name),
              levelSelect(levels, chosen[p.seat] ?? p.controller, {
                "data-rematch-seat": p.seat,
                "aria-label": t("Level of {name} at the rematch", { name: p.name }),
                onchange: (e) => (chosen[p.seat] = e.target.value),
              }),
            ),
          ),
        )
      : null;
  const ask = () => onRematch(Object.keys(chosen).length ? { ...chosen } : undefined);
  return { form, actions: h("button", { class: "primary", id: "rematch", onclick: ask }, t("Rematch")) };
}

/** A campaign's game: its next game instead of a rematch. Once its owner starts it, every player
 * goes to it in their own seat (a friend's token carries over); until then the owner sets it up
 * on the campaign's page and the others are told where it will appear. */
function campaignNext(snapshot, onRematch) {
  const page = `/c/${snapshot.campaign}?table=${snapshot.table}`;
  const about = h("a", { class: "button", id: "campaign-page", href: page }, t("The campaign"));
  if (snapshot.rematch) {
    const go = isPlayer(snapshot)
      ? h("button", { class: "primary", id: "rematch", onclick: () => onRematch() }, t("Go to the campaign's next game"))
      : h("a", { class: "button", href: `/t/${snapshot.rematch}` }, t("Watch the campaign's next game"));
    return { actions: [go, about] };
  }
  if (campaignTokens()[snapshot.campaign]) {
    return { actions: [h("a", { class: "button primary", id: "campaign-next", href: page }, t("Set up the campaign's next game")), about] };
  }
  const waiting = isPlayer(snapshot) ? h("p", { class: "note", id: "campaign-waiting" }, t("The campaign's next game appears here when its owner starts it.")) : null;
  return { form: waiting, actions: about };
}

function headline(snapshot, result, winners, house) {
  if (house && !result.winners.length) return t("{name} wins!", { name: house.name });
  if (house) {
    if (result.winners.includes(snapshot.seat)) return t("You beat {house}!", { house: house.name });
    return t("{names} beat {house}!", { names: list(winners), house: house.name });
  }
  return nt("{names} wins!", "{names} win!", winners.length, { names: list(winners) });
}

/** The house's name in the page's language: the result stores it in English (the same for every
 * reader, in records and stored tables alike), and its game's HOUSE_NAMES says it. */
function houseName(house, renderer) {
  return renderer.HOUSE_NAMES?.[house.name] ?? house.name;
}

/** The seats in place order, with the house (if any) at its own place: before the seats it beats. */
function ranked(order, result, house) {
  if (!house) return order;
  const before = order.filter((seat) => result.places[seat] < house.place);
  return [...before, HOUSE, ...order.filter((seat) => !before.includes(seat))];
}

/** The house opponent's row: its own categories filled in, the players' ones left blank. */
function houseRow(house, categories, tiebreaks, won) {
  return h(
    "tr",
    { class: ["house", won && "winner"], "data-house": house.stored },
    h("td", {}, String(house.place ?? "")),
    h("th", { scope: "row" }, h("span", { class: "house-mark", "aria-hidden": "true" }, "♛"), ` ${house.name}`),
    categories.map((c) => h("td", {}, c in (house.breakdown || {}) ? String(house.breakdown[c]) : "")),
    h("td", { class: "total" }, String(house.score)),
    tiebreaks.map(() => h("td", {}, "")),
  );
}
