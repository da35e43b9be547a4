// Who sits where: the seat picker of the lobby's new table and of a campaign's next game, and the
// bot-level choice of the host box and of the rematch. The levels, weakest first, and their labels
// are the server's (GET /api/games: "bots", "bot_labels", "suggested_bot"); this module names none.

import { games } from "./api.js";
import { markerSvg } from "./players.js";
import { h } from "./svg.js";

let known = null; // the levels, once GET /api/games has answered

/** The bot levels of a GET /api/games answer: {bots, labels}. */
export function levelsOf(data) {
  return { bots: data.bots?.length ? data.bots : ["random"], labels: data.bot_labels || {}, suggested: data.suggested_bot };
}

/** The server's bot levels (asked once per page). */
export async function botLevels() {
  known ??= levelsOf(await games());
  return known;
}

/** The levels if already loaded (a page that draws often asks botLevels() once, then this). */
export const loadedLevels = () => known;

export const botLabel = (levels, bot) => levels.labels[bot] || `${bot[0].toUpperCase()}${bot.slice(1)}`;

/** The level suggested wherever a seat goes to a bot: the server's suggestion ("suggested_bot"). */
export const defaultBot = (levels) => (levels.bots.includes(levels.suggested) ? levels.suggested : levels.bots[0]);

const levelOptions = (levels, chosen) =>
  levels.bots.map((bot) => h("option", { value: bot, selected: bot === chosen }, `${botLabel(levels, bot)} bot`));

/** A select of every bot level ("Easy bot"), ``value`` chosen (else the suggested level). */
export function levelSelect(levels, value, attrs = {}) {
  const chosen = levels.bots.includes(value) ? value : defaultBot(levels);
  return h("select", attrs, levelOptions(levels, chosen));
}

/** One seat's choice: ``keep`` (a label: the seat's player of the previous game) where given,
 * every bot level, and "Invite a friend" (value "human"). */
export function seatSelect(levels, seat, value, { keep = null, onchange = null } = {}) {
  return h(
    "select",
    { "data-seat": seat, "aria-label": `Seat ${seat + 1}`, onchange },
    keep ? h("option", { value: "keep", selected: value === "keep" }, keep) : null,
    levelOptions(levels, value),
    h("option", { value: "human", selected: value === "human" }, "Invite a friend"),
  );
}

/** A seat's line in a picker: its colour marker, "Seat 2" and what goes with it. */
export const seatRow = (seat, ...parts) => h("li", { "data-seat-row": seat }, markerSvg(seat, 20), h("span", {}, ` Seat ${seat + 1} `), ...parts);

/** What ``POST /api/tables`` (and a campaign's next table) takes for a seat's choice. */
export const seatRequest = (choice) => (choice === "keep" ? { keep: true } : { controller: choice });
