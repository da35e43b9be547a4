// Everything the browser remembers between visits, in localStorage (one key per table for seats).

const PREFIX = "fruitbowl.";

function read(key, fallback = null) {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    return raw === null ? fallback : JSON.parse(raw);
  } catch {
    return fallback;
  }
}

function write(key, value) {
  try {
    if (value === null || value === undefined) localStorage.removeItem(PREFIX + key);
    else localStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    /* private mode or full storage: the seat just will not survive a refresh */
  }
}

/** {seat, token} for a table, so a refresh keeps the seat. */
export const seatFor = (tableId) => read(`seat.${tableId}`);
export const saveSeat = (tableId, seat, token) => write(`seat.${tableId}`, { seat, token });
export const forgetSeat = (tableId) => write(`seat.${tableId}`, null);

/** Every seat this browser holds: [{table, seat, token}] (an account claims them at sign-in). */
export function storedSeats() {
  const seats = [];
  try {
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (!key?.startsWith(`${PREFIX}seat.`)) continue;
      const table = key.slice(`${PREFIX}seat.`.length);
      const held = read(`seat.${table}`);
      if (held?.token) seats.push({ table, seat: held.seat, token: held.token });
    }
  } catch {
    /* no storage: nothing to claim */
  }
  return seats;
}

/** {hostToken, invites} for tables this browser created. */
export const hostFor = (tableId) => read(`host.${tableId}`);
export const saveHost = (tableId, hostToken, invites, joinUrl) => write(`host.${tableId}`, { hostToken, invites, joinUrl });

/** The owner tokens of the campaigns this browser created: {campaignId: token}. */
export const campaignTokens = () => read("campaigns", {}) || {};
export const saveCampaignToken = (campaignId, token) => write("campaigns", { ...campaignTokens(), [campaignId]: token });

/** The game this browser last started a table of: the lobby offers it first next time. */
export const lastGame = () => read("game");
export const saveLastGame = (gameId) => write("game", gameId);

export const playerName = () => read("name", "");
export const savePlayerName = (name) => write("name", name);

/** The seats whose chat messages this browser hides at a table. */
export const mutedAt = (tableId) => read(`mute.${tableId}`, []) || [];
export const saveMuted = (tableId, seats) => write(`mute.${tableId}`, seats.length ? seats : null);

/** Whether the player turned on browser notifications for their turn (the browser's permission aside). */
export const notifyOn = () => read("notify", false);
export const saveNotifyOn = (on) => write("notify", !!on);

export const soundOn = () => read("sound", false);
export const saveSoundOn = (on) => write("sound", !!on);

/** The language the reader chose with the page's switch ("de", "zh_Hans"), or null: the server's
 * negotiation of Accept-Language decides. */
export const chosenLanguage = () => read("lang");
export const saveLanguage = (code) => write("lang", code);
