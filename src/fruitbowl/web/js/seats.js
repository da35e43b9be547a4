// Who sits where: the seat picker of the lobby's new table and of a campaign's next game, and the
// bot-level choice of the host box and of the rematch. The levels, weakest first, and their labels
// are the server's (GET /api/games: "bots", "bot_labels", "suggested_bot"); this module names none.

import { t } from "./i18n.js";
import { arenaLeaderboard, games, myBots, seatRegisteredBot, session } from "./api.js";
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
  levels.bots.map((bot) => h("option", { value: bot, selected: bot === chosen }, t("{level} bot", { level: botLabel(levels, bot) })));

// Registered bots (the arena's, docs/bots.md) are chosen as "arena:<name>": such a seat is created
// as an invitation, which the page then gives to the bot (POST /api/bots/{name}/seat), as a host
// would send the link to a friend.
const ARENA = "arena:";

/** The registered bots a host may seat in a game: their own (when signed in) and the arena's
 * ranked ones, as names. */
export async function registeredBots(gameId) {
  const mine = async () => ((await session()).name ? myBots() : { bots: [] }); // (a guest has none: no 401)
  const [own, ranked] = await Promise.allSettled([mine(), arenaLeaderboard(gameId)]);
  const names = own.status === "fulfilled" ? own.value.bots.map((bot) => bot.name) : [];
  if (ranked.status === "fulfilled") for (const p of ranked.value.players) if (p.arena) names.push(p.name);
  return [...new Set(names)];
}

/** The registered bot a seat's choice names, or null. */
export const registeredBotOf = (choice) => (choice?.startsWith(ARENA) ? choice.slice(ARENA.length) : null);

const registeredOptions = (names, chosen) =>
  names.length
    ? h(
        "optgroup",
        { label: t("Registered bots") },
        names.map((name) => h("option", { value: ARENA + name, selected: ARENA + name === chosen }, t("{name} (registered bot)", { name }))),
      )
    : null;

/** A select of every bot level ("Easy bot") and the ``registered`` bots, ``value`` chosen (else
 * the suggested level). */
export function levelSelect(levels, value, attrs = {}, registered = []) {
  const chosen = levels.bots.includes(value) || registered.includes(registeredBotOf(value)) ? value : defaultBot(levels);
  return h("select", attrs, levelOptions(levels, chosen), registeredOptions(registered, chosen));
}

/** One seat's choice: ``keep`` (a label: the seat's player of the previous game) where given,
 * every bot level, the ``registered`` bots, and "Invite a friend" (value "human"). */
export function seatSelect(levels, seat, value, { keep = null, onchange = null, registered = [] } = {}) {
  return h(
    "select",
    { "data-seat": seat, "aria-label": t("Seat {n}", { n: seat + 1 }), onchange },
    keep ? h("option", { value: "keep", selected: value === "keep" }, keep) : null,
    levelOptions(levels, value),
    registeredOptions(registered, value),
    h("option", { value: "human", selected: value === "human" }, t("Invite a friend")),
  );
}

/** A seat's line in a picker: its colour marker, "Seat 2" and what goes with it. */
export const seatRow = (seat, ...parts) => h("li", { "data-seat-row": seat }, markerSvg(seat, 20), h("span", {}, ` ${t("Seat {n}", { n: seat + 1 })} `), ...parts);

/** What ``POST /api/tables`` (and a campaign's next table) takes for a seat's choice (a
 * registered bot's seat: an invitation, see seatRegistered). */
export const seatRequest = (choice) => (choice === "keep" ? { keep: true } : { controller: registeredBotOf(choice) ? "human" : choice });

/** The invitation code of an invitation link ("/t/<id>?invite=<code>"). */
const inviteCode = (link) => new URL(link, location.origin).searchParams.get("invite");

/** After a table is created: give each seat chosen for a registered bot to that bot with the
 * seat's invitation. The refusals, one sentence each ("seat 2 (Robo): …"); their seats stay
 * invitations the host can send or give to another bot. */
export async function seatRegistered(created, choices) {
  const refused = [];
  for (const [seat, choice] of Object.entries(choices)) {
    const name = registeredBotOf(choice);
    const link = created.invites?.[String(seat)];
    if (!name || !link) continue;
    try {
      await seatRegisteredBot(name, created.id, inviteCode(link));
    } catch (error) {
      refused.push(t("seat {n} ({name}): {error}", { n: Number(seat) + 1, name, error: error.message }));
    }
  }
  return refused;
}
