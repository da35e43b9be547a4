// Players' pages (/p/{name}: ratings per game, the rating over time, recent rated games) and the
// leaderboards (/leaderboards/{game}). Both read the public API (GET /api/players/{name},
// GET /api/leaderboards/{game}); the plot is drawn as SVG.

import * as api from "./api.js";
import { languageSwitch, nt, number, t } from "./i18n.js";
import { h, s } from "./svg.js";

const $ = (id) => document.getElementById(id);
const [kind, rawName] = location.pathname.split("/").filter(Boolean);
const pageName = decodeURIComponent(rawName || "");
let gameList = [];

function showError(text) {
  $("ratings-error").textContent = text || "";
  $("ratings-error").hidden = !text;
}

const gameTitle = (id) => gameList.find((g) => g.id === id)?.title ?? id;
const playerLink = (handle, name) => h("a", { href: `/p/${encodeURIComponent(handle)}` }, name);
const cells = (...values) => h("tr", {}, ...values.map((v) => h("td", {}, v)));

/** The rating after each game, oldest first, as a line on a small SVG chart with labelled ends. */
function ratingPlot(recent) {
  const points = [...recent].reverse();
  if (!points.length) return h("p", { class: "empty" }, t("No rated games yet."));
  const values = [points[0].rating_before, ...points.map((p) => p.rating)];
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = high - low || 1;
  const width = 320;
  const height = 120;
  const pad = 24;
  const x = (i) => pad + (i * (width - 2 * pad)) / Math.max(1, values.length - 1);
  const y = (v) => height - pad - ((v - low) * (height - 2 * pad)) / span;
  const path = values.map((v, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  return s(
    "svg",
    { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": nt("Rating from {from} to {to} over {n} game", "Rating from {from} to {to} over {n} games", points.length, { from: values[0].toFixed(1), to: values.at(-1).toFixed(1) }) },
    s("line", { x1: pad, y1: height - pad, x2: width - pad, y2: height - pad, class: "plot-axis" }),
    s("path", { d: path, class: "plot-line" }),
    ...values.map((v, i) => s("circle", { cx: x(i), cy: y(v), r: 3, class: "plot-point" }, s("title", {}, v.toFixed(2)))),
    s("text", { x: pad, y: 14, class: "plot-label" }, high.toFixed(1)),
    s("text", { x: pad, y: height - 6, class: "plot-label" }, low.toFixed(1)),
  );
}

async function showPlayer() {
  const player = await api.player(pageName);
  document.title = `fruitbowl — ${player.name}`;
  $("player").hidden = false;
  $("player-name").textContent = player.name;
  const record = nt("{n} rated game, {wins} won.", "{n} rated games, {wins} won.", player.games, { wins: number(player.wins) });
  $("player-summary").textContent = player.kind === "bot" ? `${t("A built-in bot.")} ${record}` : record;
  $("player-ratings").tBodies[0].replaceChildren(
    ...player.ratings.map((r) =>
      cells(h("a", { href: `/leaderboards/${r.game}` }, gameTitle(r.game)), r.rating.toFixed(1), r.sigma.toFixed(2), r.games, r.wins),
    ),
  );
  $("player-plot").replaceChildren(ratingPlot(player.recent));
  $("player-recent").replaceChildren(
    ...player.recent.map((g) => {
      const change = g.rating - g.rating_before;
      return h(
        "li",
        { "data-table": g.table },
        h("a", { href: g.replay }, t("{game} · place {place}", { game: gameTitle(g.game), place: g.place })),
        h("span", { class: change >= 0 ? "rating-up" : "rating-down" }, ` ${change >= 0 ? "+" : "−"}${Math.abs(change).toFixed(1)}`),
        h("span", { class: "detail" }, ` → ${g.rating.toFixed(1)}`),
      );
    }),
  );
}

async function showLeaderboard() {
  $("leaderboard").hidden = false;
  const select = $("leaderboard-game");
  select.replaceChildren(...gameList.map((g) => h("option", { value: g.id, selected: g.id === pageName }, g.title)));
  const arena = new URLSearchParams(location.search).has("arena");
  $("leaderboard-arena").checked = arena;
  const go = () => {
    location.href = `/leaderboards/${select.value}${$("leaderboard-arena").checked ? "?arena=1" : ""}`;
  };
  select.addEventListener("change", go);
  $("leaderboard-arena").addEventListener("change", go);
  const gameId = pageName || gameList[0]?.id;
  const board = await (arena ? api.arenaLeaderboard(gameId) : api.leaderboard(gameId));
  $("leaderboard-title").textContent = arena ? t("{game}: the best bots", { game: gameTitle(board.game) }) : t("{game}: the best players", { game: gameTitle(board.game) });
  $("leaderboard-table").tBodies[0].replaceChildren(
    ...(board.players.length
      ? board.players.map((p) =>
          cells(p.rank, playerLink(p.handle, p.name), p.rating.toFixed(1), p.sigma.toFixed(2), p.games),
        )
      : [h("tr", {}, h("td", { colspan: 5, class: "empty" }, t("No rated games of this game yet.")))]),
  );
}

async function start() {
  $("language-switch").replaceWith(languageSwitch());
  try {
    gameList = (await api.games()).games;
    await (kind === "p" ? showPlayer() : showLeaderboard());
  } catch (error) {
    showError(error.message);
  }
}

start();
