// The lobby: start a table in one click (defaults) or three, and find open, running and finished tables.

import * as api from "./api.js";
import { checkName } from "./names.js";
import { h } from "./svg.js";
import { languageSwitch, list, nt, t } from "./i18n.js";
import { lastGame, playerName, saveHost, saveLastGame, savePlayerName, saveSeat, seatFor } from "./storage.js";
import { markerSvg } from "./players.js";
import { defaultBot as suggestedBot, levelsOf, registeredBotOf, registeredBots, seatRegistered, seatRequest, seatRow, seatSelect } from "./seats.js";
import { namedPlural } from "./wording.js";
import { openRules } from "./rules.js";
import { drawLearn, tutorialRows } from "./tutorial.js";
import { readTimeControl, timeControlField } from "./timecontrol.js";

const $ = (id) => document.getElementById(id);
const lobby = { games: [], levels: { bots: ["random"], labels: {} }, count: 2, seatChoices: {}, status: "open", registered: {} };

// Bots come weakest first (random, greedy, ismcts:easy, …); a new seat gets the suggested level.
const defaultBot = () => suggestedBot(lobby.levels);

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
  const game = currentGame().id;
  const registered = lobby.registered[game];
  if (registered === undefined) {
    lobby.registered[game] = []; // (asked once per game: the seats are drawn meanwhile)
    registeredBots(game).then((names) => {
      lobby.registered[game] = names;
      if (names.length && currentGame().id === game) drawSeats();
    });
  }
  const rows = [];
  for (let seat = 1; seat < lobby.count; seat++) {
    // (a registered bot chosen for another game's table: back to the suggested level unless listed here)
    if (registeredBotOf(lobby.seatChoices[seat]) && !(registered || []).includes(registeredBotOf(lobby.seatChoices[seat]))) delete lobby.seatChoices[seat];
    const choice = lobby.seatChoices[seat] || defaultBot();
    const onchange = (e) => (lobby.seatChoices[seat] = e.target.value);
    rows.push(seatRow(seat, seatSelect(lobby.levels, seat, choice, { onchange, registered: registered || [] })));
  }
  $("seats").replaceChildren(...rows);
}

/** One option's control, in words: a checkbox, a select of its choices (a seat option: the seats),
 * checkboxes for each part of a set, or a number or text box. */
function optionControl(option, id) {
  const data = { id, "data-option": option.name, "aria-describedby": `${id}-help` };
  if (option.type === "bool") return h("input", { ...data, type: "checkbox", checked: !!option.default, onchange: syncOptions });
  if (option.parts) {
    const chosen = String(option.default || "").split(",");
    return h(
      "span",
      { ...data, class: "option-parts", role: "group", "aria-label": option.label },
      option.parts.map((part) =>
        h("label", { class: "check" }, h("input", { type: "checkbox", value: part.value, checked: chosen.includes(part.value) || option.default === "all" }), ` ${part.label}`),
      ),
    );
  }
  if (option.choices) {
    const labels = option.choice_labels || option.choices.map(String);
    return h("select", data, option.choices.map((choice, i) => h("option", { value: choice, selected: choice === option.default }, labels[i])));
  }
  if (option.seat) return h("select", { ...data, "data-seat-option": "true" });
  return h("input", { ...data, type: option.type === "int" ? "number" : "text", value: String(option.default), min: option.minimum, max: option.maximum });
}

function drawGameOptions() {
  const game = currentGame();
  $("game-options").replaceChildren(
    ...game.options
      .filter((option) => !option.internal) // set by a campaign or for automated play, not here
      .map((option) => {
        const id = `option-${option.name}`;
        const control = optionControl(option, id);
        const help = h("small", { id: `${id}-help` }, option.help);
        if (option.type === "bool") return h("div", { class: "field small option", "data-option-field": option.name }, h("label", { class: "check" }, control, ` ${option.label}`), help);
        if (option.parts) return h("fieldset", { class: "field small option", "data-option-field": option.name }, h("legend", {}, option.label), control, help);
        return h("div", { class: "field small option", "data-option-field": option.name }, h("label", { for: id }, option.label), control, help);
      }),
  );
  syncOptions();
}

/** Options that do not apply to the chosen player count are hidden; a seat option lists the
 * table's seats (0, where allowed, draws one at random); first_player waits for random_first. */
function syncOptions() {
  const game = currentGame();
  for (const option of game.options) {
    const field = document.querySelector(`[data-option-field="${option.name}"]`);
    const input = document.querySelector(`[data-option="${option.name}"]`);
    if (!field || !input) continue;
    const [low, high] = option.players || [1, 99];
    field.hidden = lobby.count < low || lobby.count > high;
    if (option.seat) {
      const was = input.value === "" ? String(option.default) : input.value;
      const seats = Array.from({ length: lobby.count }, (_, i) => i + 1);
      const values = option.minimum === 0 ? [0, ...seats] : seats;
      input.replaceChildren(...values.map((v) => h("option", { value: v, selected: String(v) === was }, v === 0 ? t("Drawn at random") : t("Seat {n}", { n: v }))));
    }
    const random = document.querySelector('[data-option="random_first"]');
    if (option.name === "first_player" && random) input.disabled = random.checked;
  }
}

function readOptions() {
  const game = currentGame();
  const options = {};
  for (const option of game.options) {
    const input = document.querySelector(`[data-option="${option.name}"]`);
    if (!input || input.disabled || input.closest("[hidden]")) continue;
    let value;
    if (option.type === "bool") value = input.checked;
    else if (option.parts) value = [...input.querySelectorAll("input:checked")].map((box) => box.value).join(",");
    else if (option.type === "int") value = Number(input.value);
    else value = input.value;
    if (value !== option.default) options[option.name] = value;
  }
  return options;
}

async function create(event) {
  event.preventDefault();
  const typed = $("name").value.trim();
  const checked = typed ? checkName(typed) : { name: "" };
  if (checked.error) {
    $("create-error").textContent = t("Your name: {error}.", { error: checked.error });
    $("create-error").hidden = false;
    $("name").focus();
    return;
  }
  const name = checked.name;
  savePlayerName(name);
  const seats = [{ controller: "human", name: name || null }];
  for (let seat = 1; seat < lobby.count; seat++) seats.push(seatRequest(lobby.seatChoices[seat] || defaultBot()));
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
      rated: $("rated").checked,
      spectator_chat: $("allow-spectators").checked && $("spectator-chat").checked,
      ...readTimeControl(),
    });
    saveSeat(created.id, created.seat, created.token);
    saveHost(created.id, created.host_token, created.invites, created.join_url);
    saveLastGame(currentGame().id);
    const chosen = Object.fromEntries(Object.entries(lobby.seatChoices).filter(([seat]) => seat < lobby.count));
    const refused = await seatRegistered(created, chosen);
    if (refused.length) {
      $("create-error").replaceChildren(
        t("The table was made, but a registered bot could not be seated ({refused}); its seat waits for an invitation.", { refused: refused.join("; ") }) + " ",
        h("a", { href: created.url }, t("Go to the table")),
      );
      $("create-error").hidden = false;
      return;
    }
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
      { class: ["who", !p.claimed && "free"], title: p.claimed ? p.name : t("free seat") },
      markerSvg(p.seat, 16),
      h("span", { class: "who-name" }, p.claimed ? p.name : t("free seat")),
    ),
  );
  const links = [];
  if (table.status === "open") {
    if (mine) links.push(h("a", { class: "button primary", href: `/t/${table.id}` }, t("Back to your seat")));
    else if (table.open_join && table.open_seats > 0) links.push(h("a", { class: "button primary", href: `/t/${table.id}?join=1` }, t("Join")));
    if (table.allow_spectators) links.push(h("a", { class: "button", href: `/t/${table.id}` }, t("Watch")));
  } else if (table.status === "playing") {
    if (mine) links.push(h("a", { class: "button primary", href: `/t/${table.id}` }, t("Resume")));
    if (table.allow_spectators) links.push(h("a", { class: "button", href: `/t/${table.id}` }, t("Watch")));
  } else {
    links.push(h("a", { class: "button primary", href: `/t/${table.id}?replay=1` }, t("Replay")));
    links.push(h("a", { class: "button", href: `/t/${table.id}` }, t("Results")));
  }
  let detail = nt("{n} move", "{n} moves", table.moves);
  if (table.result) {
    const house = table.result.house;
    const won = table.result.winners.map((w) => table.players[w]?.name).filter(Boolean);
    const winners = won.length ? list(won) : house?.name || t("nobody");
    const scores = [...table.result.scores, ...(house ? [house.score] : [])];
    const unit = lobby.games.find((g) => g.id === table.game)?.score_unit; // "star": what a score counts, if the game says
    detail = t("{winners} won · {scores}", { winners, scores: `${scores.join(" – ")}${unit ? ` ${namedPlural(unit)}` : ""}` });
    if (table.result.finished_by_stand_in?.length) detail += ` · ${t("finished by a stand-in")}`;
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
    const mine = status === "playing" ? await tutorialRows() : []; // this browser's unfinished tutorials (private tables)
    rows = tables.length || mine.length ? [...mine, ...tables.map(tableRow)] : [h("li", { class: "empty" }, t("No tables here yet."))];
  } catch (error) {
    rows = [h("li", { class: "empty" }, t("Could not load the tables: {error}", { error: error.message }))];
  }
  if (request !== listRequests) return;
  $("table-list").replaceChildren(...rows);
  $("table-list").dataset.status = status; // which tab the list shows (tests wait for it)
}

/** The table list's tabs, live from the start (they are disabled in the page until then: a tab
 * clicked while the page's words were still loading was lost, and the list stayed on "Open"). */
function wireTabs() {
  for (const tab of document.querySelectorAll(".tabs [role=tab]")) {
    tab.addEventListener("click", () => {
      lobby.status = tab.dataset.status;
      for (const other of document.querySelectorAll(".tabs [role=tab]")) other.setAttribute("aria-selected", String(other === tab));
      refreshTables();
    });
    tab.disabled = false;
  }
}

async function main() {
  wireTabs();
  $("language-switch").replaceWith(languageSwitch());
  // (the page may have taken a name already while its words were loading: a fast typist keeps it)
  if (!$("name").value) $("name").value = playerName() || "";
  let data;
  try {
    data = await api.games();
  } catch (error) {
    $("create-error").textContent = t("Could not load the games: {error}. Reload the page to try again.", { error: error.message });
    $("create-error").hidden = false;
    return;
  }
  lobby.games = data.games;
  lobby.levels = levelsOf(data);
  // the stand-in that plays for a player who leaves or runs out of time: the suggested level
  $("time-field").replaceWith(timeControlField(lobby.levels, defaultBot()));
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
  $("open-rules").addEventListener("click", () => openRules(currentGame().id));
  $("create-table").disabled = false; // ready: until now a click would have reloaded the page
  refreshTables();
  setInterval(refreshTables, 5000);
  api
    .session()
    .then((current) => {
      if (current.name) $("account-link").textContent = current.name; // signed in: the link opens your account
    })
    .catch(() => {});
  drawLearn($("learn")); // the tutorials, with Resume where this browser left one
}

main();
