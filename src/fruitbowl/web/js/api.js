// The HTTP API: every call returns parsed JSON or throws an Error carrying the server's sentence.

async function call(method, path, { body, token, hostToken } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["X-Seat-Token"] = token;
  if (hostToken) headers["X-Host-Token"] = hostToken;
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  try {
    data = await response.json();
  } catch {
    /* an empty or non-JSON body: reported below by status */
  }
  if (!response.ok) {
    const error = new Error((data && data.error) || `the server answered ${response.status}`);
    error.status = response.status;
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
/** Say something in the table's chat (1–500 characters): the message as stored. */
export const chat = (id, token, text) => call("POST", `/api/tables/${id}/chat`, { body: { text }, token });
export const seatBot = (id, seat, bot, hostToken) =>
  call("POST", `/api/tables/${id}/seats/${seat}/bot`, { body: { bot }, hostToken });
/** The game's moves as this seat (or a spectator) may know them; ``replayView`` gives one position. */
export const replay = (id, token) => call("GET", `/api/tables/${id}/replay`, { token });
export const replayView = (id, token, at) => call("GET", `/api/tables/${id}/replay?at=${at}`, { token });
export const hint = (id, token) => call("POST", `/api/tables/${id}/hint`, { body: {}, token });
export const review = (id, token) => call("GET", `/api/tables/${id}/review`, { token });
export const rematch = (id, token) => call("POST", `/api/tables/${id}/rematch`, { body: {}, token });
