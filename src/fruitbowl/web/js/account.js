// The account page (/account): sign in or create an account; once signed in, your games (on
// every browser you sign in on), signing out, and deleting the account. Signing in claims the
// seats this browser holds as a guest, so the games played before the account are in it too.

import * as api from "./api.js";
import { languageSwitch, nt, t } from "./i18n.js";
import { checkName } from "./names.js";
import { playerName, savePlayerName, saveSeat, seatFor, storedSeats } from "./storage.js";
import { h } from "./svg.js";

const $ = (id) => document.getElementById(id);
const state = { csrf: null, games: null };

function showError(text) {
  $("account-error").textContent = text || "";
  $("account-error").hidden = !text;
}

/** A table's status as the list says it (the API sends its code). */
const STATUS = { finished: t("finished"), playing: t("playing"), open: t("open"), cancelled: t("cancelled") };

const gameName = (id) => state.games?.games.find((g) => g.id === id)?.title ?? id;

/** The guest seats of this browser, made the account's; how many were new. */
async function claimGuestSeats(mine) {
  const known = new Set(mine.tables.map((table) => `${table.id}:${table.seat}`));
  let claimed = 0;
  for (const held of storedSeats()) {
    if (known.has(`${held.table}:${held.seat}`)) continue;
    try {
      await api.claimSeat(state.csrf, held.table, held.token);
      claimed += 1;
    } catch {
      /* a table gone, or a seat another account holds: left as it is */
    }
  }
  return claimed;
}

function drawTables(tables) {
  $("account-tables").replaceChildren(
    ...(tables.length
      ? tables.map((table) =>
          h(
            "li",
            { "data-table": table.id },
            h("a", { href: table.url }, t("{game} · table {id}", { game: gameName(table.game), id: table.id })),
            h("span", { class: "detail" }, ` ${t("{status} · as {name}", { status: STATUS[table.status] ?? table.status, name: table.name })}`),
          ),
        )
      : [h("li", { class: "empty" }, t("No games yet: start a table in the lobby."))]),
  );
}

async function showSignedIn(name, { claim = false } = {}) {
  $("signed-out").hidden = true;
  $("signed-in").hidden = false;
  $("account-name").textContent = name;
  $("account-profile").href = `/p/${encodeURIComponent(name)}`;
  if (!playerName()) savePlayerName(name);
  let mine = await api.myAccount();
  if (claim) {
    const claimed = await claimGuestSeats(mine);
    if (claimed) {
      mine = await api.myAccount();
      $("account-claimed").textContent = nt("{n} game of this browser joined your account.", "{n} games of this browser joined your account.", claimed);
      $("account-claimed").hidden = false;
    }
  }
  for (const table of mine.tables) if (seatFor(table.id)?.token !== table.token) saveSeat(table.id, table.seat, table.token); // play on here too
  drawTables(mine.tables);
  await drawBots();
}

/** Do what a button asks, its refusal (the server's sentence) shown under the form. */
async function attempt(work) {
  showError("");
  try {
    await work();
  } catch (error) {
    showError(error.message);
  }
}

const removeBot = (name) =>
  attempt(async () => {
    await api.removeBot(state.csrf, name);
    $("bot-token").hidden = true;
    await drawBots();
  });

async function drawBots() {
  const { bots } = await api.myBots();
  $("account-bots").replaceChildren(
    ...bots.map((bot) =>
      h(
        "li",
        { "data-bot": bot.name },
        h("a", { href: `/p/${encodeURIComponent(bot.player)}` }, bot.name),
        " ",
        h("button", { type: "button", class: "small", onclick: () => removeBot(bot.name) }, t("Remove")),
      ),
    ),
  );
}

$("bot-form").addEventListener("submit", (event) => {
  event.preventDefault();
  attempt(async () => {
    const made = await api.registerBot(state.csrf, $("bot-name").value);
    $("bot-token").replaceChildren(t("{name}'s token (copy it now, it is not shown again): ", { name: made.name }), h("code", {}, made.token));
    $("bot-token").hidden = false;
    $("bot-name").value = "";
    await drawBots();
  });
});

function showSignedOut() {
  $("signed-in").hidden = true;
  $("signed-out").hidden = false;
  $("sign-up-name").value ||= playerName();
}

const enter = (request) =>
  attempt(async () => {
    const answer = await request();
    state.csrf = answer.csrf;
    await showSignedIn(answer.name, { claim: true });
  });

$("sign-in-form").addEventListener("submit", (event) => {
  event.preventDefault();
  enter(() => api.signIn($("sign-in-name").value, $("sign-in-password").value));
});

$("sign-up-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const checked = checkName($("sign-up-name").value, t("an account's name"));
  if (checked.error) return showError(`${checked.error[0].toUpperCase()}${checked.error.slice(1)}.`);
  enter(() => api.signUp(checked.name, $("sign-up-password").value));
});

for (const [id, everywhere] of [
  ["sign-out", false],
  ["sign-out-everywhere", true],
]) {
  $(id).addEventListener("click", () =>
    attempt(async () => {
      await api.signOut(state.csrf, everywhere);
      state.csrf = null;
      showSignedOut();
    }),
  );
}

$("delete-form").addEventListener("submit", (event) => {
  event.preventDefault();
  attempt(async () => {
    await api.deleteAccount(state.csrf, $("delete-password").value);
    state.csrf = null;
    showSignedOut();
  });
});

async function start() {
  $("language-switch").replaceWith(languageSwitch());
  state.games = await api.games().catch(() => null);
  try {
    const current = await api.session();
    if (!current.name) return showSignedOut();
    state.csrf = current.csrf;
    await showSignedIn(current.name, { claim: true });
  } catch (error) {
    showError(error.message);
  }
}

start();
