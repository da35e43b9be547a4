// The lobby: start a table in one click (defaults) or three, and find open, running and finished tables.

import * as api from "./api.js";
import { checkName } from "./names.js";
import { h } from "./svg.js";
import { lastGame, playerName, saveHost, saveLastGame, savePlayerName, saveSeat, seatFor } from "./storage.js";
import { markerSvg } from "./players.js";
import { plural } from "./wording.js";

const $ = (id) => document.getElementById(id);
const lobby = { games: [], bots: ["random"], botLabels: {}, count: 2, seatChoices: {}, status: "open" };
const botLabel = (bot) => lobby.botLabels[bot] || `${bot[0].toUpperCase()}${bot.slice(1)}`;

// Bots come weakest first (random, greedy, ismcts:easy, …); a new seat gets the easy search bot.
function defaultBot() {
  return lobby.bots.includes("ismcts:easy") ? "ismcts:easy" : lobby.bots[0];
}

function currentGame() {
  return lobby.games.find((g) => g.id === $("game").value) || lobby.games[0];
}

function drawCounts() {
  const game = currentGame();
  lobby.count = Math.min(Math.max(lobby.count, game.min_players), game.max_players);
  const buttons = [];
  for (let n = game.min_players; n <= game.max_players; n++) {
    buttons.push(
      h(
        "button",
        {
          type: "button",
          class: n === lobby.count ? "selected" : null,
          "aria-pressed": String(n === lobby.count),
          "data-players": n,
          onclick: () => {
            lobby.count = n;
            drawCounts();
            drawSeats();
            syncOptions();
          },
        },
        String(n),
      ),
    );
  }
  $("player-counts").replaceChildren(...buttons);
}

function drawSeats() {
  const rows = [];
  for (let seat = 1; seat < lobby.count; seat++) {
    const choice = lobby.seatChoices[seat] || defaultBot();
    const select = h(
      "select",
      { "data-seat": seat, "aria-label": `Seat ${seat + 1}`, onchange: (e) => (lobby.seatChoices[seat] = e.target.value) },
      lobby.bots.map((bot) => h("option", { value: bot, selected: choice === bot }, `${botLabel(bot)} bot`)),
      h("option", { value: "human", selected: choice === "human" }, "Invite a friend"),
    );
    rows.push(h("li", {}, markerSvg(seat, 20), h("span", {}, ` Seat ${seat + 1} `), select));
  }
  $("seats").replaceChildren(...rows);
}

function drawGameOptions() {
  const game = currentGame();
  $("game-options").replaceChildren(
    ...game.options.map((option) => {
      const id = `option-${option.name}`;
      let input;
      if (option.type === "bool") input = h("input", { type: "checkbox", id, "data-option": option.name, checked: !!option.default, onchange: syncOptions });
      else if (option.choices)
        input = h(
          "select",
          { id, "data-option": option.name },
          option.choices.map((choice) => h("option", { value: choice, selected: choice === option.default }, choice)),
        );
      else
        input = h("input", {
          id,
          "data-option": option.name,
          type: option.type === "int" ? "number" : "text",
          value: String(option.default),
          min: option.minimum,
          max: option.maximum,
        });
      return h("label", { class: "field small", title: option.help, "data-option-field": option.name }, `${option.name.replaceAll("_", " ")} `, input, h("small", {}, option.help));
    }),
  );
  syncOptions();
}

/** Solo-only options show only for one player; first_player waits for random_first to be off. */
function syncOptions() {
  const game = currentGame();
  for (const option of game.options) {
    const field = document.querySelector(`[data-option-field="${option.name}"]`);
    const input = document.querySelector(`[data-option="${option.name}"]`);
    if (!field || !input) continue;
    const soloOnly = option.name.startsWith("solo") || /^solo only/i.test(option.help || "");
    field.hidden = soloOnly && lobby.count !== 1;
    const random = document.querySelector('[data-option="random_first"]');
    if (option.name === "first_player" && random) {
      input.disabled = random.checked;
      if (option.type === "int") input.max = String(Math.min(option.maximum ?? lobby.count, lobby.count));
    }
  }
}

function readOptions() {
  const game = currentGame();
  const options = {};
  for (const option of game.options) {
    const input = document.querySelector(`[data-option="${option.name}"]`);
    if (!input || input.disabled || input.closest("[hidden]")) continue;
    const value = option.type === "bool" ? input.checked : option.type === "int" ? Number(input.value) : input.value;
    if (value !== option.default) options[option.name] = value;
  }
  return options;
}

async function create(event) {
  event.preventDefault();
  const typed = $("name").value.trim();
  const checked = typed ? checkName(typed) : { name: "" };
  if (checked.error) {
    $("create-error").textContent = `Your name: ${checked.error}.`;
    $("create-error").hidden = false;
    $("name").focus();
    return;
  }
  const name = checked.name;
  savePlayerName(name);
  const seats = [{ controller: "human", name: name || null }];
  for (let seat = 1; seat < lobby.count; seat++) seats.push({ controller: lobby.seatChoices[seat] || defaultBot() });
  $("create-table").disabled = true;
  try {
    const created = await api.createTable({
      game: currentGame().id,
      players: lobby.count,
      name: name || null,
      options: readOptions(),
      seats,
      you: 0,
      allow_spectators: $("allow-spectators").checked,
      open_join: $("open-join").checked,
    });
    saveSeat(created.id, created.seat, created.token);
    saveHost(created.id, created.host_token, created.invites, created.join_url);
    saveLastGame(currentGame().id);
    location.href = created.url;
  } catch (error) {
    $("create-error").textContent = error.message;
    $("create-error").hidden = false;
    $("create-table").disabled = false;
  }
}

function tableRow(table) {
  const mine = seatFor(table.id);
  const names = table.players.map((p) =>
    h(
      "span",
      { class: ["who", !p.claimed && "free"], title: p.claimed ? p.name : "free seat" },
      markerSvg(p.seat, 16),
      h("span", { class: "who-name" }, p.claimed ? p.name : "free seat"),
    ),
  );
  const links = [];
  if (table.status === "open") {
    if (mine) links.push(h("a", { class: "button primary", href: `/t/${table.id}` }, "Back to your seat"));
    else if (table.open_join && table.open_seats > 0) links.push(h("a", { class: "button primary", href: `/t/${table.id}?join=1` }, "Join"));
    if (table.allow_spectators) links.push(h("a", { class: "button", href: `/t/${table.id}` }, "Watch"));
  } else if (table.status === "playing") {
    if (mine) links.push(h("a", { class: "button primary", href: `/t/${table.id}` }, "Resume"));
    if (table.allow_spectators) links.push(h("a", { class: "button", href: `/t/${table.id}` }, "Watch"));
  } else {
    links.push(h("a", { class: "button primary", href: `/t/${table.id}?replay=1` }, "Replay"));
    links.push(h("a", { class: "button", href: `/t/${table.id}` }, "Results"));
  }
  let detail = `${table.moves} moves`;
  if (table.result) {
    const house = table.result.house;
    const winners = table.result.winners.map((w) => table.players[w]?.name).join(" and ") || house?.name || "nobody";
    const scores = [...table.result.scores, ...(house ? [house.score] : [])];
    const unit = lobby.games.find((g) => g.id === table.game)?.score_unit; // "star": what a score counts, if the game says
    detail = `${winners} won · ${scores.join(" – ")}${unit ? ` ${plural(unit)}` : ""}`;
  }
  return h(
    "li",
    { class: "table-row", "data-table": table.id, "data-game": table.game },
    h("div", { class: "table-main" }, h("strong", {}, table.title), h("span", { class: "detail" }, detail)),
    h("div", { class: "players-line" }, names),
    h("div", { class: "row-actions" }, links),
  );
}

let listRequests = 0; // only the latest request draws: a slow answer for another tab must not overwrite it

async function refreshTables() {
  const request = ++listRequests;
  const status = lobby.status;
  let rows;
  try {
    const { tables } = await api.tables(status);
    rows = tables.length ? tables.map(tableRow) : [h("li", { class: "empty" }, "No tables here yet.")];
  } catch (error) {
    rows = [h("li", { class: "empty" }, `Could not load the tables: ${error.message}`)];
  }
  if (request !== listRequests) return;
  $("table-list").replaceChildren(...rows);
  $("table-list").dataset.status = status; // which tab the list shows (tests wait for it)
}

async function main() {
  $("name").value = playerName() || "";
  let data;
  try {
    data = await api.games();
  } catch (error) {
    $("create-error").textContent = `Could not load the games: ${error.message}. Reload the page to try again.`;
    $("create-error").hidden = false;
    return;
  }
  lobby.games = data.games;
  lobby.bots = data.bots.length ? data.bots : ["random"];
  lobby.botLabels = data.bot_labels || {};
  // The game this browser last started a table of, else the first listed.
  const last = lobby.games.some((g) => g.id === lastGame()) ? lastGame() : lobby.games[0]?.id;
  $("game").replaceChildren(...lobby.games.map((g) => h("option", { value: g.id, selected: g.id === last }, g.title)));
  $("game").addEventListener("change", () => {
    drawCounts();
    drawSeats();
    drawGameOptions();
  });
  drawCounts();
  drawSeats();
  drawGameOptions();
  $("create-form").addEventListener("submit", create);
  $("create-table").disabled = false; // ready: until now a click would have reloaded the page
  for (const tab of document.querySelectorAll(".tabs [role=tab]")) {
    tab.addEventListener("click", () => {
      lobby.status = tab.dataset.status;
      for (const other of document.querySelectorAll(".tabs [role=tab]")) other.setAttribute("aria-selected", String(other === tab));
      refreshTables();
    });
  }
  refreshTables();
  setInterval(refreshTables, 5000);
}

main();
