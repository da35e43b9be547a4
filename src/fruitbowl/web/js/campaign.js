// A campaign's page (/c/{id}): its players (who sits where, which seats are bots and of what
// level), its games (date, result, replay and results), and for its owner the next game's seats.
// The next game keeps who sat where by default: a friend keeps their seat (and seat token, so
// their browser finds the new table from the last one), a bot its level; the owner may instead
// give a seat to a bot of another level or invite someone new, as in the lobby's seat picker.
// Its owner reads it with the campaign's token (kept in this browser); a friend comes from one of
// its tables (?table=…) and reads it with that seat's token.

import * as api from "./api.js";
import { languageSwitch, list, nt, t } from "./i18n.js";
import { checkName } from "./names.js";
import { markerSvg } from "./players.js";
import { botLabel, botLevels, defaultBot, registeredBots, seatRegistered, seatRequest, seatRow, seatSelect } from "./seats.js";
import { readTimeControl, timeControlField } from "./timecontrol.js";
import { campaignTokens, playerName, saveHost, savePlayerName, saveSeat, seatFor } from "./storage.js";
import { h } from "./svg.js";
import { campaignProgress, namedPlural } from "./wording.js";

const $ = (id) => document.getElementById(id);
const campaignId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const fromTable = new URLSearchParams(location.search).get("table");
const view = { info: null, game: null, levels: null, count: 2, choices: {}, registered: [] };

function showError(text) {
  $("campaign-error").textContent = text || "";
  $("campaign-error").hidden = !text;
}

const who = (p, extra) =>
  h("span", { class: "who", "data-seat": p.seat }, markerSvg(p.seat, 16), h("span", { class: "who-name", title: p.name }, p.name), extra);

/** What a seat is: a person, or a bot of its level. */
const kind = (p) =>
  p.controller === "human" ? (p.claimed ? t("player") : t("invited, not seated yet")) : t("bot · {level}", { level: botLabel(view.levels, p.controller) });

function drawPlayers() {
  const players = view.info.players;
  $("campaign-players").replaceChildren(
    ...(players.length
      ? players.map((p) => h("li", { "data-controller": p.controller }, who(p, h("span", { class: "detail" }, kind(p)))))
      : [h("li", { class: "empty" }, t("Nobody yet: the first game seats them."))]),
  );
}

function resultText(table) {
  if (table.status === "cancelled") return t("cancelled");
  if (!table.result) return t("going on");
  const house = table.result.house;
  const won = table.result.winners.map((w) => table.players[w]?.name).filter(Boolean);
  const winners = won.length ? list(won) : house?.name || t("nobody");
  const scores = [...table.result.scores, ...(house ? [house.score] : [])];
  const unit = view.game?.score_unit;
  return t("{winners} won · {scores}", { winners, scores: `${scores.join(" – ")}${unit ? ` ${namedPlural(unit)}` : ""}` });
}

function drawGames() {
  const tables = view.info.tables;
  const when = (iso) => new Date(iso).toLocaleDateString(undefined, { day: "numeric", month: "short", year: "numeric" });
  $("campaign-games").replaceChildren(
    ...(tables.length
      ? tables.map((table, i) => {
          const over = table.status === "finished";
          const links = over
            ? [h("a", { class: "button primary", href: `/t/${table.id}?replay=1` }, t("Replay")), h("a", { class: "button", href: `/t/${table.id}` }, t("Results"))]
            : table.status === "cancelled"
              ? []
              : [h("a", { class: "button primary", href: `/t/${table.id}` }, t("Go to its table"))];
          return h(
            "li",
            { class: "table-row", "data-table": table.id, "data-status": table.status },
            h("div", { class: "table-main" }, h("strong", {}, t("Game {n}", { n: table.game_number ?? i + 1 })), h("span", { class: "detail" }, `${when(table.created_at)} · ${resultText(table)}`)),
            h("div", { class: "players-line" }, table.players.map((p) => who(p))),
            h("div", { class: "row-actions" }, links),
          );
        })
      : [h("li", { class: "empty" }, t("No game played yet."))]),
  );
}

/** The next game's seats: yours, then each other seat as the last game had it unless changed. */
function drawSeats() {
  const before = view.info.players;
  const rows = [];
  for (let seat = 1; seat < view.count; seat++) {
    const last = before[seat];
    const keep = last && last.controller === "human" && last.claimed ? t("{name} (as last game)", { name: last.name }) : null;
    const suggested = keep ? "keep" : last && last.controller !== "human" ? last.controller : last ? "human" : defaultBot(view.levels);
    const choice = view.choices[seat] && (view.choices[seat] !== "keep" || keep) ? view.choices[seat] : suggested;
    const onchange = (e) => (view.choices[seat] = e.target.value);
    rows.push(seatRow(seat, seatSelect(view.levels, seat, choice, { keep, onchange, registered: view.registered })));
  }
  $("next-seats").replaceChildren(...rows);
}

function drawNextGame() {
  const info = view.info;
  const form = $("next-game");
  form.hidden = !info.owner || info.complete || !!info.going_on;
  if (form.hidden) return;
  const fewest = view.game?.min_players ?? 1;
  const most = view.game?.max_players ?? Math.max(fewest, info.players.length, 2);
  view.count = Math.min(most, Math.max(fewest, info.players.length || 2));
  $("next-count").replaceChildren(...Array.from({ length: most - fewest + 1 }, (_, k) => h("option", { value: fewest + k, selected: fewest + k === view.count }, nt("{n} player", "{n} players", fewest + k))));
  $("next-title").textContent = t("Game {n}", { n: info.games_completed + 1 });
  $("next-name").value = playerName() || info.players[0]?.name || "";
  if (document.getElementById("time-field")) $("time-field").replaceWith(timeControlField(view.levels, defaultBot(view.levels)));
  drawSeats();
}

function drawGoingOn() {
  const going = view.info.going_on;
  const note = $("campaign-going-on");
  note.hidden = !going;
  if (going) note.replaceChildren(`${t("Game {n} is going on at table {table}.", { n: view.info.games_completed + 1, table: going })} `, h("a", { class: "button primary", href: `/t/${going}` }, t("Go to its table")));
}

async function startNext(event) {
  event.preventDefault();
  showError("");
  const typed = $("next-name").value.trim();
  const checked = typed ? checkName(typed) : { name: null };
  if (checked.error) {
    showError(t("Your name: {error}.", { error: checked.error }));
    return;
  }
  if (checked.name) savePlayerName(checked.name);
  const seats = [{ controller: "human", name: checked.name }];
  const choices = {};
  for (const select of $("next-seats").querySelectorAll("select")) {
    choices[select.dataset.seat] = select.value;
    seats.push(seatRequest(select.value));
  }
  $("start-next").disabled = true;
  try {
    const body = { players: view.count, seats, you: 0, name: checked.name, ...readTimeControl() };
    const created = await api.campaignTable(campaignId, body, campaignTokens()[campaignId]);
    saveSeat(created.id, created.seat, created.token);
    saveHost(created.id, created.host_token, created.invites, created.join_url);
    const refused = await seatRegistered(created, choices);
    if (refused.length) {
      showError(t("The game was made, but a registered bot could not be seated ({reasons}); its seat waits for an invitation.", { reasons: refused.join("; ") }));
      $("campaign-error").append(" ", h("a", { href: created.url }, t("Go to the table")));
      return;
    }
    location.href = created.url;
  } catch (error) {
    showError(t("Could not start the next game: {reason}", { reason: error.message }));
    $("start-next").disabled = false;
  }
}

async function main() {
  $("language-switch").replaceWith(languageSwitch());
  const owner = campaignTokens()[campaignId];
  const seat = fromTable ? seatFor(fromTable)?.token : null;
  let data;
  try {
    const [info, catalog, levels] = await Promise.all([api.campaign(campaignId, owner, seat), api.games(), botLevels()]);
    data = info;
    view.game = catalog.games.find((g) => g.id === info.game) || null;
    view.levels = levels;
  } catch (error) {
    $("campaign-title").textContent = t("Campaign");
    showError(t("Could not load the campaign: {reason}", { reason: error.message }));
    return;
  }
  view.info = data;
  if (owner)
    registeredBots(data.game).then((names) => {
      view.registered = names;
      if (names.length && !$("next-game").hidden) drawSeats();
    });
  document.title = `${data.name} — fruitbowl`;
  $("campaign-title").textContent = t("{game} campaign", { game: view.game?.title || data.game });
  $("campaign-name").textContent = data.name;
  const words = view.game?.campaign || { left: t("step"), complete: t("complete") };
  $("campaign-progress").textContent = data.complete ? words.complete : campaignProgress(data.games_completed, data.cards_left, words.left);
  if (!data.players) {
    // Neither its owner nor one of its players: its progress only.
    $("campaign-players").replaceChildren(h("li", { class: "empty" }, t("Only the campaign's owner and its players see who plays it.")));
    $("campaign-games").replaceChildren(h("li", { class: "empty" }, t("Only the campaign's owner and its players see its games.")));
    return;
  }
  drawPlayers();
  drawGames();
  drawGoingOn();
  drawNextGame();
  $("next-count").addEventListener("change", (e) => {
    view.count = Number(e.target.value);
    drawSeats();
  });
  $("next-game").addEventListener("submit", startNext);
  document.body.dataset.loaded = "1"; // tests wait for it
}

main();
