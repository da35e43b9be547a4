// Fable campaigns in the lobby: start one (a base fable or a Lime expansion campaign), and continue
// it at a new table (the server keeps the campaign between games and updates it when a game ends).
// A campaign belongs to the browser that created it: its owner token (kept in localStorage) is sent
// as X-Campaign-Token to list it, start its tables and cancel the game going on.

import { h } from "./svg.js";
import { campaignTokens, playerName, saveCampaignToken, saveHost, saveSeat } from "./storage.js";
import { counted } from "./wording.js";

const $ = (id) => document.getElementById(id);

async function call(method, path, body, token) {
  const headers = { "Content-Type": "application/json", Accept: "application/json" };
  if (token) headers["X-Campaign-Token"] = token;
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new Error((data && data.error) || `the server answered ${response.status}`);
  return data;
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
    const created = await call("POST", `/api/campaigns/${campaign.id}/tables`, { players, name }, token);
    saveSeat(created.id, created.seat, created.token);
    saveHost(created.id, created.host_token, created.invites, created.join_url);
    location.href = created.url;
  } catch (error) {
    showError(`Could not continue “${campaign.name}”: ${error.message}`);
  }
}

async function cancelGame(campaign) {
  showError("");
  if (!window.confirm(`Cancel the game of “${campaign.name}” going on at table ${campaign.going_on}? It ends without a result.`)) return;
  try {
    await call("POST", `/api/campaigns/${campaign.id}/cancel`, undefined, campaignTokens()[campaign.id]);
    await refresh();
  } catch (error) {
    showError(`Could not cancel the game of “${campaign.name}”: ${error.message}`);
  }
}

function campaignActions(campaign, players) {
  if (campaign.complete) return null;
  if (campaign.going_on) {
    return h(
      "div",
      { class: "table-actions" },
      h("a", { class: "button primary", href: `/t/${campaign.going_on}` }, "Go to its table"),
      h("button", { class: "cancel-game", onclick: () => cancelGame(campaign) }, "Cancel that game"),
    );
  }
  return h(
    "div",
    { class: "table-actions" },
    players,
    h(
      "button",
      { class: "primary", onclick: () => continueCampaign(campaign, Number(players.value)) },
      campaign.games_completed ? "Continue at a new table" : "Play the first game",
    ),
  );
}

function campaignRow(campaign) {
  const players = h("select", { "aria-label": `Players for the next game of ${campaign.name}` });
  for (let n = 2; n <= 5; n++) players.append(h("option", { value: n }, `${n} players`));
  players.value = String(Math.max(2, campaign.seating.length || 2));
  const detail = campaign.complete
    ? "complete: every location has been bought"
    : `${counted(campaign.games_completed, "game")} played · ${counted(campaign.cards_left, "card")} to come`;
  const last = campaign.history.at(-1);
  const winners = last ? ` · last won by ${last.winners.join(" and ")}` : "";
  const going = campaign.going_on ? ` · a game is going on at table ${campaign.going_on}` : "";
  return h(
    "li",
    { class: "table-row campaign-row" },
    h(
      "div",
      { class: "table-main" },
      h(
        "strong",
        {},
        campaign.name,
        campaign.ruleset === "lime"
          ? h("span", { class: "lime-badge", title: "The Lime expansion: its own 98-card campaign" }, "Lime")
          : null,
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
    const { campaigns } = tokens.length ? await call("GET", "/api/campaigns", undefined, tokens.join(",")) : { campaigns: [] };
    $("campaign-list").replaceChildren(
      ...(campaigns.length ? campaigns.map(campaignRow) : [h("li", { class: "empty" }, "No campaigns yet.")]),
    );
  } catch (error) {
    showError(error.message);
  }
}

// The Lime choice lives next to the name field; the lobby page has no slot for it, so it is added here.
function limeToggle() {
  const box = h("input", { id: "campaign-lime", type: "checkbox" });
  const label = h(
    "label",
    { class: "lime-toggle", for: "campaign-lime", title: "Play the Lime expansion: #48–#53, #1L and #2L on the table" },
    box,
    " Lime expansion",
  );
  $("new-campaign").before(label);
  return box;
}

function main() {
  const lime = limeToggle();
  $("campaign-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    showError("");
    try {
      const name = $("campaign-name").value.trim() || null;
      const created = await call("POST", "/api/campaigns", { game: "fabledfruit", name, lime: lime.checked });
      saveCampaignToken(created.id, created.token);
      $("campaign-name").value = "";
      lime.checked = false;
      await refresh();
    } catch (error) {
      showError(error.message);
    }
  });
  refresh();
}

main();
