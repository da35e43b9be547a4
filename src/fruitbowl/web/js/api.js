// The HTTP API: every call returns parsed JSON or throws an Error carrying the server's sentence
// (in the page's language: every call sends it as Accept-Language).

import { languageTag, t } from "./i18n.js";

async function call(method, path, { body, token, hostToken, campaignToken, csrf } = {}) {
  const headers = { Accept: "application/json", "Accept-Language": languageTag() };
  if (csrf) headers["X-CSRF-Token"] = csrf; // a change that relies on the session cookie
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["X-Seat-Token"] = token;
  if (hostToken) headers["X-Host-Token"] = hostToken;
  if (campaignToken) headers["X-Campaign-Token"] = campaignToken;
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  try {
    data = await response.json();
  } catch {
    /* an empty or non-JSON body: reported below by status */
  }
  if (!response.ok) {
    const error = new Error((data && data.error) || t("the server answered {status}", { status: response.status }));
    error.status = response.status;
    error.rule = data?.rule ?? null; // a refused move's rule in the game's How to play: {title, url}
    throw error;
  }
  return data;
}

let gameList = null; // GET /api/games, asked once per page (the lobby, its campaigns and the boards share it)
export const games = () =>
  (gameList ??= call("GET", "/api/games").catch((error) => {
    gameList = null; // asked again next time
    throw error;
  }));
export const tables = (status) => call("GET", status ? `/api/tables?status=${status}` : "/api/tables");
export const createTable = (body) => call("POST", "/api/tables", { body });
export const actions = (id) => call("GET", `/api/tables/${id}/actions`);
export const tableState = (id, token) => call("GET", `/api/tables/${id}`, { token });
/** Why the action with this code is not possible now for the seat to act: {code, version, reason}. */
export const explain = (id, token, code) => call("GET", `/api/tables/${id}/explain?code=${code}`, { token });
export const join = (id, name, invite) => call("POST", `/api/tables/${id}/join`, { body: { name, invite: invite || null } });
/** Your seat's new name (1–40 characters once trimmed, unique at the table): {seat, name}. */
export const rename = (id, token, name) => call("POST", `/api/tables/${id}/name`, { body: { name }, token });
/** Say something in the table's chat (1–500 characters): the message as stored. A spectator (no
 * token) writes under a `name`, where the host allows it. */
export const chat = (id, token, text, name = null) =>
  call("POST", `/api/tables/${id}/chat`, { body: name ? { text, name } : { text }, token });
/** The host changes the table's settings ({spectator_chat}). */
export const settings = (id, hostToken, changes) => call("POST", `/api/tables/${id}/settings`, { body: changes, hostToken });
/** Leave the game: the table's stand-in bot plays for your seat until you act again. */
export const leave = (id, token) => call("POST", `/api/tables/${id}/leave`, { token });
/** Take your seat back from the stand-in bot. */
export const back = (id, token) => call("POST", `/api/tables/${id}/back`, { token });
export const seatBot = (id, seat, bot, hostToken) =>
  call("POST", `/api/tables/${id}/seats/${seat}/bot`, { body: { bot }, hostToken });
/** The game's moves as this seat (or a spectator) may know them; ``replayView`` gives one position. */
export const replay = (id, token) => call("GET", `/api/tables/${id}/replay`, { token });
export const replayView = (id, token, at) => call("GET", `/api/tables/${id}/replay?at=${at}`, { token });
export const hint = (id, token) => call("POST", `/api/tables/${id}/hint`, { body: {}, token });
export const review = (id, token) => call("GET", `/api/tables/${id}/review`, { token });
/** A new table with the same players; ``bots`` ({seat: level}) gives bot seats another level. */
export const rematch = (id, token, bots) => call("POST", `/api/tables/${id}/rematch`, { body: bots ? { bots } : {}, token });

// Campaigns: the owner's token (X-Campaign-Token) starts and cancels a campaign's tables; a seat
// token of one of its tables (a friend who played it) reads its players and games.
export const campaigns = (campaignToken) => call("GET", "/api/campaigns", { campaignToken });
export const newCampaign = (body) => call("POST", "/api/campaigns", { body });
export const campaign = (id, campaignToken, token) => call("GET", `/api/campaigns/${id}`, { campaignToken, token });
export const campaignTable = (id, body, campaignToken) => call("POST", `/api/campaigns/${id}/tables`, { body, campaignToken });
export const cancelCampaignTable = (id, campaignToken) => call("POST", `/api/campaigns/${id}/cancel`, { campaignToken });

// Accounts: the session is an HttpOnly cookie the page never reads; GET /api/session gives the
// CSRF token that every change relying on the cookie repeats.
/** {name, csrf}: both null when this browser is not signed in. */
export const session = () => call("GET", "/api/session");
export const signUp = (name, password) => call("POST", "/api/accounts", { body: { name, password } });
export const signIn = (name, password) => call("POST", "/api/session", { body: { name, password } });
export const signOut = (csrf, everywhere = false) =>
  call("DELETE", everywhere ? "/api/session?everywhere=true" : "/api/session", { csrf });
/** The signed-in account: {name, tables: [{id, url, game, status, seat, name}]}. */
export const myAccount = () => call("GET", "/api/accounts/me");
/** A guest seat (this browser's seat token of a table) made the account's. */
export const claimSeat = (csrf, table, token) => call("POST", "/api/accounts/me/seats", { body: { table, token }, csrf });
export const deleteAccount = (csrf, password) => call("DELETE", "/api/accounts/me", { body: { password }, csrf });

/** Make this browser's seat at a table the signed-in account's (nothing when nobody is signed in;
 * a failure only means the seat stays a guest's). */
export async function claimForAccount(table, token) {
  try {
    const current = await session();
    if (current.name && token) await claimSeat(current.csrf, table, token);
  } catch {
    /* a guest's seat it stays */
  }
}

/** A player's ratings and recent rated games (an account's name, or "bot:<level>"). */
export const player = (name) => call("GET", `/api/players/${encodeURIComponent(name)}`);
/** A game's best ratings. */
export const leaderboard = (gameId) => call("GET", `/api/leaderboards/${encodeURIComponent(gameId)}`);

// The arena: a signed-in player's own bots (their tokens are shown once, at registration).
export const myBots = () => call("GET", "/api/bots");
export const registerBot = (csrf, name) => call("POST", "/api/bots", { body: { name }, csrf });
export const removeBot = (csrf, name) => call("DELETE", `/api/bots/${encodeURIComponent(name)}`, { csrf });
/** Seat a registered bot at a table with one of its invitations (as a friend would join). */
export const seatRegisteredBot = (name, table, invite) => call("POST", `/api/bots/${encodeURIComponent(name)}/seat`, { body: { table, invite } });
/** The arena's best bots (registered and built-in) in a game. */
export const arenaLeaderboard = (gameId) => call("GET", `/api/arena/leaderboards/${encodeURIComponent(gameId)}`);
