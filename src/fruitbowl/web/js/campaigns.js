// Campaigns in the lobby: start one (in one of its game's rulesets) and continue it at a new table
// (the server keeps the campaign between games and updates it when a game ends). Which games are
// played in campaigns, and the words around them, come from GET /api/games (each game's
// "campaign"), so this module names no game; without such a game the section stays hidden.
// A campaign belongs to the browser that created it: its owner token (kept in localStorage) is sent
// as X-Campaign-Token to list it, start its tables and cancel the game going on. Its page
// (/c/{id}, campaign.js) shows its players and games and seats its next game one seat at a time;
// here, one click continues it with the seats of its last game (a first game: you and bots of the
// suggested level).

import * as api from "./api.js";
import { list, nt, t } from "./i18n.js";
import { checkName } from "./names.js";
import { botLevels, defaultBot } from "./seats.js";
import { h } from "./svg.js";
import { campaignTokens, playerName, saveCampaignToken, saveHost, saveSeat } from "./storage.js";
import { campaignProgress } from "./wording.js";

const $ = (id) => document.getElementById(id);
const catalog = { games: [], byId: new Map() }; // the games played in campaigns

/** The game chosen for a new campaign (the only one, when just one game has campaigns). */
function chosenGame() {
  return catalog.byId.get($("campaign-game").value) || catalog.games[0];
}

/** The section's title, the game's words about its campaigns and its rulesets, for the chosen game. */
function drawForm() {
  const game = chosenGame();
  const words = game.campaign;
  $("campaigns-title").textContent = catalog.games.length === 1 ? words.title : t("Campaigns");
  $("campaign-about").textContent = words.about;
  const rulesets = $("campaign-ruleset");
  rulesets.replaceChildren(...words.rulesets.map((r) => h("option", { value: r.id, title: r.about || null }, r.label)));
  rulesets.hidden = words.rulesets.length < 2;
  rulesets.title = words.rulesets[0]?.about || "";
}

function showError(text) {
  const box = $("campaign-error");
  box.textContent = text || "";
  box.hidden = !text;
}

async function continueCampaign(campaign, players) {
  showError("");
  try {
    const name = ($("name")?.value || playerName() || "").trim() || null;
    const token = campaignTokens()[campaign.id];
    const body = { players, name };
    if (players !== campaign.seating.length) {
      // No last game of this many players to keep: you, and bots of the suggested level.
      const bot = defaultBot(await botLevels());
      body.seats = [{ controller: "human", name }, ...Array.from({ length: players - 1 }, () => ({ controller: bot }))];
    }
    const created = await api.campaignTable(campaign.id, body, token);
    saveSeat(created.id, created.seat, created.token);
    saveHost(created.id, created.host_token, created.invites, created.join_url);
    location.href = created.url;
  } catch (error) {
    showError(t("Could not continue “{name}”: {reason}", { name: campaign.name, reason: error.message }));
  }
}

async function cancelGame(campaign) {
  showError("");
  if (!window.confirm(t("Cancel the game of “{name}” going on at table {table}? It ends without a result.", { name: campaign.name, table: campaign.going_on }))) return;
  try {
    await api.cancelCampaignTable(campaign.id, campaignTokens()[campaign.id]);
    await refresh();
  } catch (error) {
    showError(t("Could not cancel the game of “{name}”: {reason}", { name: campaign.name, reason: error.message }));
  }
}

function campaignActions(campaign, players) {
  const page = h("a", { class: "button", href: `/c/${campaign.id}`, title: t("Its players, its games, and the next game's seats one by one") }, t("Campaign page"));
  if (campaign.complete) return h("div", { class: "table-actions" }, page);
  if (campaign.going_on) {
    return h(
      "div",
      { class: "table-actions" },
      h("a", { class: "button primary", href: `/t/${campaign.going_on}` }, t("Go to its table")),
      h("button", { class: "cancel-game", onclick: () => cancelGame(campaign) }, t("Cancel that game")),
      page,
    );
  }
  return h(
    "div",
    { class: "table-actions" },
    players,
    h(
      "button",
      { class: "primary", onclick: () => continueCampaign(campaign, Number(players.value)) },
      campaign.games_completed ? t("Continue at a new table") : t("Play the first game"),
    ),
    page,
  );
}

/** A campaign the server cannot read back (edited, or of a game no longer here): its name and why. */
function damagedRow(campaign) {
  return h(
    "li",
    { class: "table-row campaign-row damaged" },
    h("div", { class: "table-main" }, h("strong", {}, campaign.name), h("span", { class: "detail" }, campaign.damaged)),
  );
}

function campaignRow(campaign) {
  if (campaign.damaged) return damagedRow(campaign);
  const game = catalog.byId.get(campaign.game);
  const words = game?.campaign || { left: t("step"), complete: t("complete"), rulesets: [] };
  const players = h("select", { "aria-label": t("Players for the next game of {name}", { name: campaign.name }) });
  const fewest = game?.min_players ?? 1;
  const most = game?.max_players ?? Math.max(fewest, campaign.seating.length);
  for (let n = fewest; n <= most; n++) players.append(h("option", { value: n }, nt("{n} player", "{n} players", n)));
  players.value = String(Math.min(most, Math.max(fewest, 2, campaign.seating.length)));
  const progress = campaign.complete ? words.complete : campaignProgress(campaign.games_completed, campaign.cards_left, words.left);
  const detail = (catalog.games.length > 1 && game ? `${game.title} · ` : "") + progress;
  const last = campaign.history.at(-1);
  const winners = last ? ` · ${t("last won by {winners}", { winners: list(last.winners) })}` : "";
  const going = campaign.going_on ? ` · ${t("a game is going on at table {table}", { table: campaign.going_on })}` : "";
  const ruleset = words.rulesets.find((r) => r.id === campaign.ruleset);
  return h(
    "li",
    { class: "table-row campaign-row", "data-ruleset": campaign.ruleset },
    h(
      "div",
      { class: "table-main" },
      h(
        "strong",
        {},
        campaign.name,
        ruleset?.badge ? h("span", { class: "campaign-badge", title: ruleset.about || ruleset.label }, ruleset.badge) : null,
      ),
      h("span", { class: "detail" }, detail + winners + going),
    ),
    campaignActions(campaign, players),
  );
}

async function refresh() {
  try {
    // Only this browser's campaigns: the server lists a campaign to whoever presents its token.
    const tokens = Object.values(campaignTokens()).slice(-50);
    const { campaigns } = tokens.length ? await api.campaigns(tokens.join(",")) : { campaigns: [] };
    $("campaign-list").replaceChildren(
      ...(campaigns.length ? campaigns.map(campaignRow) : [h("li", { class: "empty" }, t("No campaigns yet."))]),
    );
  } catch (error) {
    showError(error.message);
  }
}

async function main() {
  try {
    catalog.games = (await api.games()).games.filter((game) => game.campaign);
  } catch {
    return; // the lobby says that the games could not be loaded
  }
  if (!catalog.games.length) return; // no game here is played in campaigns: the section stays hidden
  catalog.byId = new Map(catalog.games.map((game) => [game.id, game]));
  const choice = $("campaign-game");
  choice.replaceChildren(...catalog.games.map((game) => h("option", { value: game.id }, game.title)));
  choice.hidden = catalog.games.length < 2;
  choice.addEventListener("change", drawForm);
  drawForm();
  $("campaigns").hidden = false;
  $("campaign-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    showError("");
    try {
      const typed = $("campaign-name").value.trim();
      const checked = typed ? checkName(typed, t("a campaign's name")) : { name: null };
      if (checked.error) {
        showError(`${checked.error.charAt(0).toUpperCase()}${checked.error.slice(1)}.`);
        return;
      }
      const name = checked.name;
      const rulesets = $("campaign-ruleset");
      const ruleset = rulesets.hidden ? null : rulesets.value;
      const created = await api.newCampaign({ game: chosenGame().id, name, ruleset });
      saveCampaignToken(created.id, created.token);
      $("campaign-name").value = "";
      rulesets.selectedIndex = 0; // the next campaign is in the game's first ruleset unless chosen again
      await refresh();
    } catch (error) {
      showError(error.message);
    }
  });
  refresh();
}

main();
