// Citrus' board renderer: the big board of spaces (rocks, landscape tiles, building sites with their
// Fincas and roads, plantation tiles, regions with their workers, bulls), the 12-space market with
// its lines, the bag and the Finca / site stacks, and one mat per player, drawn in SVG with every
// legal action clickable where it happens.
//
// The renderer interface of docs/web.md: render(board) with the board kit (board-kit.js),
// panelStats(view, seat), BUTTON_KINDS, CATEGORY_LABELS, TIEBREAK_LABELS, LOG_ICONS.
//
// Where actions happen:
//   buy       click a line's arrow beside the market (hover lights its spaces)
//   place     click a highlighted space (the waiting tile kind is implied, or picked in the tray
//             above the market; when a space has several codes a small choice pops up)
//   harvest   click any tile of your region; "collect income" is a status-line button
//   site      click a highlighted building site
//   cash      click the Money tile on your mat
//   cart      click the Cart on your mat, then a market space
//   bull      click the Bull on your mat, then an empty space
//   income, end turn, pass   status-line buttons
//
// A placement's field "tile" is the tile kind number (type × 2 + well); every code is looked up in the
// table's action index by kind and fields (board.code), never searched among its thousands of actions.

import { fitText, pieceSvg, s, squeeze, textWidth } from "../svg.js";
import { markerGroup, seatStyle } from "../players.js";
import * as art from "./citrus-art.js";
import { nt, pt, t } from "../i18n.js";

export const STYLESHEET = "./citrus.css"; // this board's look (loaded before it draws)
export const BUTTON_KINDS = new Set(["income", "end", "pass"]);
export const CATEGORY_LABELS = {
  harvests: t("Harvests"),
  fincas: t("Fincas"),
  penalties: t("Penalties"),
  final_fincas: t("Final Fincas"),
  final_harvest: t("Final harvest"),
  horses: t("Horses"),
  action_tiles: t("Action tiles"),
};
export const TIEBREAK_LABELS = { money: t("Money"), "more money": t("More money") };
export const LOG_ICONS = {
  setup: "die",
  turn: "turn",
  buy: "coin",
  cart: "cart",
  finca: "star",
  place: "fruit",
  harvest: "fruit",
  income: "coin",
  cash: "coin",
  bull: "dot",
  refill: "fruit",
  returned: "card",
  finca_scored: "crown",
  end_turn: "dot",
  pass: "dot",
  blocked: "card",
  game_over: "crown",
};

const isPlace = (a) => a.kind === "place";
const MOD_WORDS = [t("plain"), t("with a Bridge"), t("with a Milestone"), t("with a Bridge and a Milestone")];
/** The plantation types as the language names them (the view names them by their English codes). */
const TYPE_NAMES = {
  lemon: pt("plantation", "lemon"),
  orange: pt("plantation", "orange"),
  blood: pt("plantation", "blood orange"),
  lime: pt("plantation", "lime"),
  grapefruit: pt("plantation", "grapefruit"),
};
const typeName = (type) => TYPE_NAMES[type] ?? art.TYPES[type]?.name ?? type;
const SITE_FILL = "#c99a5e";

// ------------------------------------------------------------------------------ panels

export function panelStats(view, seat) {
  const p = view.players[seat];
  const horses = (p.horses || []).reduce((a, b) => a + b, 0);
  const income = nt("{n} coin", "{n} coins", p.income);
  return [
    { key: "score", icon: "crown", value: p.score, title: nt("{n} point", "{n} points", p.score) },
    { key: "money", icon: "coin", value: p.money, title: nt("{n} coin (at most {cap})", "{n} coins (at most {cap})", p.money, { cap: view.money_cap }) },
    { key: "workers", icon: "turn", value: p.workers, title: nt("{n} worker on the mat (income {income})", "{n} workers on the mat (income {income})", p.workers, { income }) },
    { key: "regions", icon: "fruit", value: p.regions, title: nt("{n} region with a worker", "{n} regions with a worker", p.regions) },
    {
      key: "horses",
      icon: "star",
      value: horses,
      title: view.options?.horses_at_once
        ? nt("{n} wild horse (1 point each, already scored)", "{n} wild horses (1 point each, already scored)", horses)
        : nt("{n} wild horse (1 point each at the end)", "{n} wild horses (1 point each at the end)", horses),
    },
  ];
}

// ------------------------------------------------------------------------------ render

/** The codes of the table's actions, looked up in its action index. */
function codes(board) {
  return {
    buy: (line) => board.code("buy", { line }),
    harvest: (space) => board.code("harvest", { space }),
    site: (site) => board.code("site", { site }),
    place: (tile, space, mod) => board.code("place", { tile, space, bridge: !!(mod & 1), milestone: !!(mod & 2) }),
    bull: (space) => board.code("bull", { space }),
    cart: (m) => board.code("cart", { market_space: m }),
    cash: (value) => board.code("cash", { value }),
  };
}

/**
 * Draw board.snapshot. board.picks: mode ("cart" or "bull": a held tile in use) and choice (the
 * space whose ways of building are offered); board.memory.kind: the waiting tile kind being built.
 */
export function render(board) {
  const { svg, snapshot, view, legal, narrow, picks, memory } = board;
  const me = board.seat;
  const myTurn = board.interactive && snapshot.legal.length > 0 && view.current_player === me;
  const seated = board.interactive && me !== null && snapshot.status === "playing";
  const ui = { board, svg, picks, snapshot, view, legal, myTurn, seated, me, code: codes(board) };

  // the waiting kind being built: kept if still possible, else the first with a legal space
  const places = snapshot.legal.filter(isPlace);
  const kinds = [...new Set(places.map((a) => a.tile))];
  if (!kinds.includes(memory.kind)) memory.kind = kinds.length ? kinds[0] : view.waiting[0]?.kind ?? null;
  ui.kind = memory.kind;
  ui.places = places.filter((a) => a.tile === memory.kind);

  // One column at every width: the map alone, then the market and the bag, then the mats, each a
  // part of the table that a laptop shows by itself, large enough to read (issue 23: 11 px).
  const grid = view.board;
  const W = 800;
  const layer = s("g", { class: "ct" });
  const cell = Math.floor((W - 20 - 26) / grid.width);
  let y = 8;
  y = boardBox(ui, layer, 10, y, cell);
  board.part("map", t("The board"), [10, 8, W - 20, y - 8]);
  y += 12;
  const marketTop = y;
  y = waitingTray(ui, layer, 10, y, W - 20) + 10;
  const m = marketBox(ui, layer, 10, y, 78);
  stacksBox(ui, layer, 10 + m.w + 10, y, W - 30 - m.w, m.h);
  y += m.h;
  board.part("market", t("Market & bag"), [10, marketTop, W - 20, y - marketTop]);
  y += 12;
  // the mats drawn larger on a phone, so that they read as well as the map
  const k = narrow ? 1.45 : 1.1;
  const mats = [];
  for (const seat of board.seatOrder()) {
    const g = s("g", { transform: `translate(10 ${y}) scale(${k})` });
    const h = mat(ui, g, seat, 0, 0, (W - 20) / k) * k;
    mats.push([10, y, W - 20, h]);
    y += h + 8 * k;
    layer.append(g);
  }
  matParts(ui, mats);
  const height = y + 4;
  svg.setAttribute("viewBox", `0 0 ${W} ${height}`);
  svg.replaceChildren(art.defs(), s("rect", { width: W, height, rx: 18, fill: "url(#ct-table)" }), layer);
}

/** The players' mats as parts of the table: yours (the first) and the others'. */
function matParts(ui, mats) {
  const mine = ui.me !== null && ui.me < ui.view.players.length;
  const others = mine ? mats.slice(1) : mats;
  if (mine) ui.board.part("mat", t("Your mat"), mats[0], { mine: true });
  if (!others.length) return;
  const left = Math.min(...others.map((b) => b[0]));
  const top = Math.min(...others.map((b) => b[1]));
  const right = Math.max(...others.map((b) => b[0] + b[2]));
  const bottom = Math.max(...others.map((b) => b[1] + b[3]));
  ui.board.part("rivals", mine ? t("Rivals") : t("Players"), [left, top, right - left, bottom - top]);
}

// ------------------------------------------------------------------------------ the board

function boardBox(ui, layer, x0, y0, cell) {
  const { view, picks } = ui;
  const b = view.board;
  const W = b.width;
  const ox = x0 + 26;
  const oy = y0 + 26;
  const bw = W * cell;
  const bh = b.height * cell;
  const g = s("g", { class: "ct-board" });
  g.append(
    s("rect", { x: x0 - 4, y: y0 - 4, width: bw + 38, height: bh + 38, rx: 14, fill: "url(#ct-wood)" }),
    s("rect", { x: ox, y: oy, width: bw, height: bh, fill: "url(#ct-soil)" }),
  );
  // coordinates
  b.columns.forEach((c, i) => g.append(s("text", { x: ox + i * cell + cell / 2, y: y0 + 18, "font-size": 16, "font-weight": 700, fill: "#f6e6c4", "text-anchor": "middle" }, c)));
  b.rows.forEach((r, i) => g.append(s("text", { x: x0 + 11, y: oy + i * cell + cell / 2 + 6, "font-size": 16, "font-weight": 700, fill: "#f6e6c4", "text-anchor": "middle" }, String(r))));

  const cx = (i) => ox + (i % W) * cell + cell / 2;
  const cy = (i) => oy + Math.floor(i / W) * cell + cell / 2;
  const sitesBySpace = new Map(view.sites.map((site, i) => [b.labels.indexOf(site.space), { ...site, index: i }]));
  const siteIndex = new Map(view.sites.map((site, i) => [site.letter, i]));

  // ground of each space (grid lines, meadows, site plots)
  for (let i = 0; i < b.type.length; i++) {
    const x = ox + (i % W) * cell;
    const y = oy + Math.floor(i / W) * cell;
    const type = b.type[i];
    const fill = type === "landscape" ? "#a9c97a" : type === "site" ? SITE_FILL : "none";
    g.append(s("rect", { x, y, width: cell, height: cell, fill, stroke: "rgba(110, 80, 40, 0.35)", "stroke-width": 1 }));
  }
  // roads: a dirt track from each site onto its road spaces
  for (let i = 0; i < b.type.length; i++) {
    const letter = b.road_of[i];
    if (!letter) continue;
    const site = view.sites[siteIndex.get(letter)];
    const from = b.labels.indexOf(site.space);
    const built = site.state === "finca";
    g.append(
      s("line", { x1: cx(from), y1: cy(from), x2: cx(i), y2: cy(i), stroke: built ? "#b48650" : "#cdb07f", "stroke-width": cell * 0.3, "stroke-linecap": "round" }),
      s("line", { x1: cx(from), y1: cy(from), x2: cx(i), y2: cy(i), stroke: built ? "#8a6236" : "#b89766", "stroke-width": 1.5, "stroke-dasharray": "4 5" }),
    );
  }
  const tile = cell - 6;
  const over = s("g", {}); // owner borders and workers, above all tiles
  for (let i = 0; i < b.type.length; i++) {
    const x = cx(i);
    const y = cy(i);
    const type = b.type[i];
    if (type === "rock" && !b.tile[i]) g.append(s("g", { transform: `translate(${x} ${y})` }, art.rock(cell)));
    if (type === "site") {
      const site = sitesBySpace.get(i);
      if (site.state === "finca") {
        g.append(ui.board.piece(`f:${i}`, x, y, art.finca(site.finca.high, site.finca.low, cell, site.finca.scored), { sig: `${site.finca.high}${site.finca.scored}`, moves: false }));
        // (a scored Finca lies face down, dark: its letter light)
        g.append(s("text", { x: x - cell / 2 + 5, y: y - cell / 2 + 13, "font-size": 12, "font-weight": 800, fill: site.finca.scored ? "#f3e2b8" : "#6b4a2b" }, site.letter));
        if (!site.finca.scored) {
          g.append(s("text", { x: x + cell / 2 - 4, y: y - cell / 2 + 13, "font-size": 11, "font-weight": 700, fill: "#6b4a2b", "text-anchor": "end" }, `${site.filled}/${site.neighbours}`));
        }
      } else {
        g.append(s("g", { transform: `translate(${x} ${y})` }, art.site(site.letter, site.state === "open", tile, cell)));
      }
    }
    if (b.landscape[i] && !b.bull[i]) {
      // a Bull is drawn as the bull below, wherever it stands
      const [kind, value] = b.landscape[i];
      g.append(ui.board.piece(`l:${i}`, x, y, art.landscapeTile(kind, value, tile), { sig: `${kind}${value}`, moves: false }));
    }
    if (b.road_of[i] && !b.tile[i] && !b.landscape[i] && !b.bull[i]) {
      g.append(s("text", { x: x + cell / 2 - 5, y: y + cell / 2 - 5, "font-size": 11, "font-weight": 800, fill: "#5a3e22", "text-anchor": "end" }, b.road_of[i]));
    }
    if (b.bull[i]) g.append(ui.board.piece(`b:${i}`, x, y, art.bull(cell * 0.32), { sig: "bull", moves: false }));
    if (b.tile[i]) {
      const [typeIndex, w] = b.tile[i];
      const citrus = view.types[typeIndex];
      const owner = b.owner[i];
      // a tile bought from the market glides from its market space to here
      const look = `${citrus}${w}`;
      g.append(ui.board.piece(`t:${i}`, x, y, art.plantation(citrus, !!w, tile), { sig: `${look}|${owner}`, moves: false, look, from: "m:" }));
      if (owner !== null && owner >= 0) over.append(ownerEdges(b, i, x, y, cell, seatStyle(owner).color));
      if (b.worker[i]) {
        const worker = markerGroup(owner, cell * 0.2, { class: "ct-worker" });
        over.append(ui.board.piece(`w:${i}`, x + cell * 0.2, y - cell * 0.2, worker, { sig: `${owner}`, moves: false }));
      }
    }
  }
  g.append(over);
  g.append(boardTargets(ui, { cx, cy, cell, siteIndex }));
  // a choice between several codes for one space
  if (picks.choice !== null && picks.choice !== undefined) g.append(choicePopup(ui, picks.choice, cx(picks.choice), cy(picks.choice), cell));
  layer.append(g);
  return oy + bh + 12;
}

/** The seat-coloured outline of a region: only the tile edges that face outside the region. */
function ownerEdges(b, i, x, y, cell, color) {
  const W = b.width;
  const r = b.region[i];
  const h = cell / 2 - 3;
  const col = i % W;
  const same = (j, ok) => ok && b.region[j] === r;
  const sides = [
    [same(i - W, i >= W), `M${x - h} ${y - h} H${x + h}`],
    [same(i + W, i + W < b.type.length), `M${x - h} ${y + h} H${x + h}`],
    [same(i - 1, col > 0), `M${x - h} ${y - h} V${y + h}`],
    [same(i + 1, col < W - 1), `M${x + h} ${y - h} V${y + h}`],
  ];
  const d = sides.filter(([inside]) => !inside).map(([, path]) => path).join(" ");
  return s(
    "g",
    {},
    s("path", { d, stroke: "#fff", "stroke-width": 8, "stroke-linecap": "square", fill: "none" }),
    s("path", { d, stroke: color, "stroke-width": 5, "stroke-linecap": "square", fill: "none" }),
  );
}

/** The targets on the board for the phase: placements, harvests, sites or a Bull. */
function boardTargets(ui, { cx, cy, cell, siteIndex }) {
  const { view, picks, legal, code, seated } = ui;
  const b = view.board;
  const g = s("g", { class: "ct-targets" });
  if (!seated) return g;
  const phase = view.phase;
  const hit = (i) => [cx(i) - cell / 2 + 2, cy(i) - cell / 2 + 2, cell - 4, cell - 4, 8];
  if (phase === "site" || phase === "blocked_site") {
    for (const site of view.sites) {
      const i = b.labels.indexOf(site.space);
      const c = code.site(siteIndex.get(site.letter));
      g.append(ui.board.target({ code: c, kind: "site", legal: legal.has(c), label: ui.board.label(c, t("Build the new Finca on site {site}", { site: site.letter })), hit: hit(i) }));
    }
    return g;
  }
  if (picks.mode === "bull") {
    for (let i = 0; i < b.type.length; i++) {
      const c = code.bull(i);
      if (!legal.has(c) && (b.tile[i] || b.type[i] === "site" || b.type[i] === "rock")) continue;
      g.append(ui.board.target({ code: c, kind: "bull", legal: legal.has(c), label: ui.board.label(c, t("Put a Bull on {space}", { space: b.labels[i] })), hit: hit(i) }));
    }
    return g;
  }
  if (phase === "place" && ui.kind !== null) {
    const bySpace = new Map();
    for (const a of ui.places) bySpace.set(a.space, [...(bySpace.get(a.space) || []), a]);
    const kindWord = placeKindWord(view, ui.kind);
    for (let i = 0; i < b.type.length; i++) {
      const here = bySpace.get(i);
      if (here) {
        const several = here.length > 1;
        g.append(
          ui.board.target({
            code: several ? null : here[0].code,
            select: several ? `space-${i}` : undefined,
            kind: "place",
            legal: true,
            selected: picks.choice === i,
            label: several ? t("Build {tile} on {space}: choose how", { tile: kindWord, space: b.labels[i] }) : ui.board.label(here[0].code, here[0].text),
            hit: hit(i),
            activate: several
              ? () => {
                  picks.choice = i;
                  ui.board.redraw(".ct-choice .target.legal");
                }
              : undefined,
          }),
        );
      } else if (b.type[i] !== "site") {
        const c = code.place(ui.kind, i, b.type[i] === "rock" ? 1 : 0);
        g.append(ui.board.target({ code: c, kind: "place", legal: false, label: t("Build {tile} on {space}", { tile: kindWord, space: b.labels[i] }), hit: hit(i) }));
      }
    }
    return g;
  }
  // main / harvest / after: your regions are harvested by clicking any of their tiles
  if (["main", "harvest", "after"].includes(phase)) {
    for (const region of view.regions) {
      if (region.owner < 0) continue;
      const anchor = b.labels.indexOf(region.anchor);
      const c = code.harvest(anchor);
      const ok = legal.has(c);
      if (!ok && region.owner !== ui.me) continue;
      const where = { type: typeName(region.type), at: region.anchor, name: ui.snapshot.players[region.owner]?.name || t("another player") };
      const what = region.owner === ui.me ? t("Harvest your {type} region at {at}", where) : t("Harvest {name}'s {type} region at {at}", where);
      for (const name of region.spaces) {
        const i = b.labels.indexOf(name);
        g.append(
          ui.board.target({
            code: c,
            kind: "harvest",
            legal: ok,
            focusable: i === anchor,
            label: ui.board.label(c, what),
            hit: hit(i),
          }),
        );
      }
    }
  }
  return g;
}

function placeKindWord(view, kind) {
  const w = view.waiting.find((x) => x.kind === kind);
  if (w) return w.well ? t("{type} (well)", { type: typeName(w.type) }) : typeName(w.type);
  return t("the tile");
}

/** Small buttons beside a space offering each legal way of building there. */
function choicePopup(ui, space, x, y, cell) {
  const options = ui.places.filter((a) => a.space === space);
  const bw = 200;
  const bh = 34;
  const px = Math.min(x + cell / 2 + 4, ui.view.board.width * cell - bw + 40);
  const py = Math.max(30, y - (options.length * (bh + 4)) / 2);
  const g = s("g", { class: "ct-choice" });
  g.append(s("rect", { x: px - 6, y: py - 6, width: bw + 12, height: options.length * (bh + 4) + 8, rx: 10, fill: "#2b1d12", opacity: 0.92 }));
  options.forEach((a, k) => {
    const mod = (a.bridge ? 1 : 0) + (a.milestone ? 2 : 0);
    const top = py + k * (bh + 4);
    g.append(
      ui.board.target({ code: a.code, kind: "place", legal: true, label: a.label || a.text, hit: [px, top, bw, bh, 8] },
        s("rect", { x: px, y: top, width: bw, height: bh, rx: 8, fill: "#fff3c9" }),
        s("text", { x: px + bw / 2, y: top + 22, "font-size": 15, "font-weight": 700, fill: "#4a2d14", "text-anchor": "middle" }, MOD_WORDS[mod]),
      ),
    );
  });
  return g;
}

// ------------------------------------------------------------------------------ waiting tiles

function waitingTray(ui, layer, x, y, w) {
  const { view, board, myTurn } = ui;
  if (!view.waiting.length) return y - 10;
  const size = 46;
  const h = size + 20;
  const g = s("g", { class: "ct-waiting" });
  g.append(s("rect", { x, y, width: w, height: h, rx: 12, fill: "#f6ead4", stroke: "#b8860b", "stroke-width": 3 }));
  const builder = { name: ui.snapshot.players[view.current_player]?.name || t("Player") };
  const cart = view.waiting_from === "cart";
  const who =
    view.current_player === ui.me ? (cart ? t("You build (Cart):") : t("You build:")) : cart ? t("{name} builds (Cart):", builder) : t("{name} builds:", builder);
  g.append(s("text", { x: x + 12, y: y + h / 2 + 6, "font-size": 17, "font-weight": 800, fill: "#4a2d14", ...squeeze(who, 150 - 12 - 8, 17, 800) }, who));
  const placeKinds = new Set(ui.snapshot.legal.filter(isPlace).map((a) => a.tile));
  let tx = x + 150;
  for (const wt of view.waiting) {
    const chosen = wt.kind === ui.kind;
    const tileNode = s(
      "g",
      { transform: `translate(${tx + size / 2} ${y + h / 2})` },
      art.plantation(wt.type, wt.well, size),
      wt.count > 1 ? s("text", { x: size / 2 + 4, y: 6, "font-size": 16, "font-weight": 800, fill: "#4a2d14" }, `×${wt.count}`) : null,
    );
    if (myTurn && placeKinds.size > 1 && placeKinds.has(wt.kind)) {
      g.append(
        ui.board.target({
            select: `kind-${wt.kind}`,
            kind: "waiting",
            legal: true,
            selected: chosen,
            label: t("Build the {tile} next", { tile: placeKindWord(view, wt.kind) }),
            hit: [tx - 3, y + 7, size + 6, size + 6, 8],
            activate: () => {
              board.memory.kind = wt.kind;
              board.picks.choice = null;
              // the decision goes on at the spaces this kind can be built on (the focus follows it)
              board.redraw(".ct-targets .target.legal");
            },
          },
          tileNode,
        ),
      );
    } else {
      g.append(tileNode);
      if (chosen && myTurn) g.append(s("rect", { x: tx - 4, y: y + 6, width: size + 8, height: size + 8, rx: 9, fill: "none", stroke: "#fff", "stroke-width": 3 }));
    }
    tx += size + (wt.count > 1 ? 40 : 14);
  }
  layer.append(g);
  return y + h;
}

// ------------------------------------------------------------------------------ market

/** The staircase market in its frame, with an arrow per line; returns its box. */
function marketBox(ui, layer, x, y, m) {
  const { view, legal, code, seated, picks } = ui;
  const pad = 10;
  const arrow = 52;
  const fx = x + arrow + 4;
  const fy = y + 30;
  const w = arrow + 4 + 4 * m + pad * 2;
  const hgt = 30 + 4 * m + pad * 2 + arrow;
  const g = s("g", { class: "ct-market" });
  g.append(
    s("rect", { x, y, width: w, height: hgt, rx: 14, fill: "#f6ead4", stroke: "#8a6a3a", "stroke-width": 2 }),
    s("text", { x: x + 12, y: y + 22, "font-size": 18, "font-weight": 800, fill: "#4a2d14", ...squeeze(t("Market"), w - 24, 18, 800) }, t("Market")),
    s("rect", { x: fx, y: fy, width: 4 * m + pad * 2, height: 4 * m + pad * 2, rx: 10, fill: "url(#ct-wood)" }),
  );
  const slots = new Map(); // space number → slot rect (for line hover)
  const sx = (col) => fx + pad + col * m + m / 2;
  const sy = (row) => fy + pad + row * m + m / 2;
  for (const sp of view.market.spaces) {
    const cx = sx(sp.col);
    const cy = sy(sp.row);
    const slot = s("rect", { class: "ct-slot", x: cx - m / 2 + 3, y: cy - m / 2 + 3, width: m - 6, height: m - 6, rx: 8, fill: "#e9d3a6", stroke: "#5e3a1b", "stroke-width": 1.5 });
    slots.set(sp.number, slot);
    g.append(slot, s("text", { x: cx - m / 2 + 8, y: cy - m / 2 + 17, "font-size": 12, "font-weight": 700, fill: "#5a4226" }, String(sp.number)));
    if (sp.tile) g.append(ui.board.piece(`m:${sp.number}`, cx, cy, art.plantation(sp.tile.type, sp.tile.well, m - 12), { sig: `${sp.tile.type}${sp.tile.well ? 1 : 0}`, moves: false }));
    if (picks.mode === "cart") {
      const c = code.cart(sp.number - 1);
      if (sp.tile || legal.has(c)) {
        g.append(ui.board.target({ code: c, kind: "cart", legal: legal.has(c), label: ui.board.label(c, t("Take space {n} with a Cart", { n: sp.number })), hit: [cx - m / 2 + 2, cy - m / 2 + 2, m - 4, m - 4, 8] }));
      }
    }
  }
  // line arrows: rows on the left, columns below
  view.market.lines.forEach((line, i) => {
    const isRow = line.name.startsWith("R");
    const k = Number(line.name.slice(1));
    const ax = isRow ? x + 4 : sx(k) - arrow / 2 + 2;
    const ay = isRow ? sy(k) - 22 : fy + 4 * m + pad * 2 + 4;
    const aw = isRow ? arrow - 2 : m - 8;
    const ah = isRow ? 44 : arrow - 8;
    const c = code.buy(i);
    const ok = legal.has(c);
    const path = isRow
      ? `M${ax} ${ay + 3} H${ax + aw - 14} L${ax + aw} ${ay + ah / 2} L${ax + aw - 14} ${ay + ah - 3} H${ax} Z`
      : `M${ax + 6} ${ay + ah} V${ay + 14} L${ax + aw / 2} ${ay} L${ax + aw - 6} ${ay + 14} V${ay + ah} Z`;
    const face = [
      s("path", { d: path, fill: line.tiles ? "#9e3420" : "#6e604a", stroke: "#6e1f16", "stroke-width": 1.5 }),
      s("text", { x: ax + (isRow ? aw / 2 - 5 : aw / 2), y: ay + ah / 2 + (isRow ? -3 : 4), "font-size": 14, "font-weight": 800, fill: "#fff", "text-anchor": "middle" }, line.name),
      s("text", { x: ax + (isRow ? aw / 2 - 5 : aw / 2), y: ay + ah / 2 + (isRow ? 12 : 19), "font-size": 12, "font-weight": 700, fill: "#fff3d6", "text-anchor": "middle" }, `${line.tiles}¢`),
    ];
    const hover = (on) => {
      for (const n of line.spaces) slots.get(n)?.classList.toggle("ct-line-hover", on);
    };
    if (seated) {
      g.append(ui.board.target({ code: c, kind: "buy", legal: ok, label: ui.board.label(c, t("Buy line {line}", { line: line.name })), hit: [ax - 2, ay - 2, aw + 4, ah + 4, 8], onHover: hover }, ...face));
    } else g.append(...face);
  });
  layer.append(g);
  return { w, h: hgt };
}

/** The bag (per type, plain + well), the Finca stack and the building-site stack; returns its height. */
function stacksBox(ui, layer, x, y, w, fixed) {
  const { view } = ui;
  const g = s("g", { class: "ct-stacks" });
  const body = s("g", {});
  body.append(s("text", { x: x + 12, y: y + 24, "font-size": 18, "font-weight": 800, fill: "#4a2d14" }, t("Bag · {n}", { n: view.bag.size })));
  const per = {};
  for (const c of view.bag.counts) {
    per[c.type] = per[c.type] || [0, 0];
    per[c.type][c.well ? 1 : 0] += c.count;
  }
  const size = 30;
  const cols = w > 380 ? 5 : 3;
  const colW = (w - 20) / cols;
  view.types.forEach((type, k) => {
    const tx = x + 12 + (k % cols) * colW;
    const ty = y + 36 + Math.floor(k / cols) * (size + 8);
    const [plain, wells] = per[type] || [0, 0];
    body.append(
      s("g", { transform: `translate(${tx + size / 2} ${ty + size / 2})` }, art.plantation(type, false, size)),
      s(
        "text",
        { x: tx + size + 5, y: ty + size / 2 + 6, "font-size": 15, "font-weight": 700, fill: "#4a2d14" },
        `${plain}+${wells}`,
        s("title", {}, nt("{plain} plain and {n} well tile of {type} in the bag", "{plain} plain and {n} well tiles of {type} in the bag", wells, { type: typeName(type), plain })),
      ),
    );
  });
  let ty = y + 36 + Math.ceil(view.types.length / cols) * (size + 8) + 12;
  body.append(s("text", { x: x + 12, y: ty + 6, "font-size": 16, "font-weight": 800, fill: "#4a2d14" }, t("Finca stack · {n}", { n: view.finca_stack.size })));
  ty += 14;
  const fw = 42;
  const perRow = Math.max(1, Math.floor((w - 20) / (fw + 4)));
  view.finca_stack.values.forEach(([high, low], k) => {
    const fx = x + 12 + (k % perRow) * (fw + 4);
    const fy = ty + Math.floor(k / perRow) * (fw + 4);
    body.append(s("g", { transform: `translate(${fx + fw / 2} ${fy + fw / 2})` }, art.finca(high, low, fw, false)));
  });
  ty += Math.ceil(view.finca_stack.values.length / perRow) * (fw + 4) + 18;
  const letters = view.site_stack.letters.join(" ") || t("none");
  const open = view.open_sites.join(" ") || t("none");
  const openWords = t("Open sites: {sites}", { sites: open });
  const stackWords = t("Site stack ({n}): {sites}", { n: view.site_stack.size, sites: letters });
  body.append(
    s("text", { x: x + 12, y: ty, "font-size": 15, "font-weight": 800, fill: "#7d1f16", ...squeeze(openWords, w - 24, 15, 800) }, openWords),
    s("text", { x: x + 12, y: ty + 20, "font-size": 14, "font-weight": 700, fill: "#6b4a2b", ...squeeze(stackWords, w - 24, 14, 700) }, stackWords),
  );
  const h = Math.max(fixed || 0, ty + 32 - y);
  g.append(s("rect", { x, y, width: w, height: h, rx: 14, fill: "#f6ead4", stroke: "#8a6a3a", "stroke-width": 2 }), body);
  layer.append(g);
  return h;
}

// ------------------------------------------------------------------------------ player mats

function mat(ui, layer, seat, x, y, w) {
  const { view, legal, code, picks, snapshot } = ui;
  const p = view.players[seat];
  const st = seatStyle(seat);
  const name = snapshot.players[seat]?.name || t("Player {n}", { n: seat + 1 });
  const acting = view.current_player === seat && snapshot.status === "playing";
  const h = 132;
  const g = s("g", { class: "ct-mat", "data-seat": seat });
  g.append(
    s("rect", { x, y, width: w, height: h, rx: 12, fill: "#f6ead4", stroke: acting ? "#ffd34d" : st.color, "stroke-width": acting ? 5 : 3 }),
    s("rect", { x, y, width: 10, height: h, rx: 5, fill: st.color }),
  );
  const marker = markerGroup(seat, 12, { transform: `translate(${x + 28} ${y + 20})` });
  g.append(
    marker,
    s(
      "text",
      { x: x + 46, y: y + 26, "font-size": 18, "font-weight": 800, fill: "#2b1d12" },
      fitText(`${name}${seat === ui.me ? ` ${t("(you)")}` : ""}${acting ? " ▶" : ""}`, w - 46 - 100, 18),
      s("title", {}, name),
    ),
    s("text", { x: x + w - 12, y: y + 26, "font-size": 18, "font-weight": 800, fill: "#4a2d14", "text-anchor": "end" }, nt("{n} pt", "{n} pts", p.score)),
  );
  // money track 0..12
  const cellW = Math.min(30, (w - 40 - 6 * 34) / 13);
  const ty = y + 40;
  for (let v = 0; v <= 12; v++) {
    const tx = x + 18 + v * cellW;
    const here = v === p.money;
    g.append(
      s("rect", { x: tx, y: ty, width: cellW - 2, height: 30, rx: 4, fill: here ? "#f4c542" : "#fff8ec", stroke: "#a87b0c", "stroke-width": here ? 2.5 : 1 }),
      s("text", { x: tx + cellW / 2 - 1, y: ty + 20, "font-size": 13, "font-weight": here ? 800 : 600, fill: here ? "#4a2d14" : "#6e5a3c", "text-anchor": "middle" }, String(v)),
    );
  }
  // workers on the mat, income under each space
  const wx = x + 18 + 13 * cellW + 12;
  for (let k = 0; k < 5; k++) {
    const cx = wx + k * 34 + 15;
    g.append(s("rect", { x: cx - 15, y: ty - 2, width: 30, height: 34, rx: 6, fill: "#e9d3a6", stroke: "#8a6a3a", "stroke-width": 1 }));
    if (k < p.workers) {
      g.append(markerGroup(seat, 11, { transform: `translate(${cx} ${ty + 14})` }));
    }
    g.append(s("text", { x: cx, y: ty + 46, "font-size": 11, "font-weight": 700, fill: k === p.workers - 1 ? "#4a2d14" : "#6e5a3c", "text-anchor": "middle" }, `${2 * (k + 1)}¢`));
  }
  // held action tiles and horses
  let hx = x + 18;
  const hy = y + 92;
  const heldWords = p.held.length ? t("Tiles:") : t("No action tiles");
  g.append(s("text", { x: hx, y: hy + 20, "font-size": 13, "font-weight": 700, fill: "#6b4a2b" }, heldWords));
  hx += Math.max(p.held.length ? 46 : 110, textWidth(heldWords, 13, 700) + 6);
  const size = 34;
  const mine = seat === ui.me && ui.seated;
  p.held.forEach((held, k) => {
    const tx = hx + k * (size + 6);
    const tile = s("g", { transform: `translate(${tx + size / 2} ${hy + size / 2 - 2})` }, art.landscapeTile(held.kind, held.value, size));
    if (!mine || !["money", "cart", "bull"].includes(held.kind)) {
      g.append(tile);
      return;
    }
    if (held.kind === "money") {
      const c = code.cash(held.value);
      g.append(ui.board.target({ code: c, kind: "cash", legal: legal.has(c), label: ui.board.label(c, t("Cash a Money tile for {n}", { n: held.value })), hit: [tx - 2, hy - 4, size + 4, size + 4, 6] }, tile));
      return;
    }
    const kind = held.kind;
    const ok = snapshot.legal.some((a) => a.kind === kind);
    g.append(
      ui.board.target({
          select: kind,
          kind: "held",
          legal: ok,
          selected: picks.mode === kind,
          reason: ok ? null : reasonForHeld(ui, kind),
          label: kind === "cart" ? t("Use a Cart: then choose a market space") : t("Put a Bull down: then choose an empty space"),
          hit: [tx - 2, hy - 4, size + 4, size + 4, 6],
          activate: () => {
            picks.mode = picks.mode === kind ? null : kind;
            ui.board.redraw(picks.mode === "cart" ? ".ct-market .target.legal" : ".ct-targets .target.legal");
          },
        },
        tile,
      ),
    );
  });
  const horses = (p.horses || []).reduce((a, b) => a + b, 0);
  g.append(
    s("text", { x: x + w - 12, y: hy + 20, "font-size": 13, "font-weight": 700, fill: "#6b4a2b", "text-anchor": "end" }, nt("{n} horse tile ({horses}) · income {income}", "{n} horse tiles ({horses}) · income {income}", p.horses.length, { horses, income: p.income })),
  );
  layer.append(g);
  return y + h;
}

function reasonForHeld(ui, kind) {
  const { code, view, board } = ui;
  const c = kind === "cart" ? code.cart(view.market.spaces.findIndex((sp) => sp.tile)) : code.bull(view.board.type.indexOf("ordinary"));
  return board.reason(c);
}

/** A piece of the How to play page ("tile:lime", "tile:well", "landscape:bull", "finca", "site",
 * "worker", "rock") as a small <svg> drawn with the board's art, or null for a kind this board does
 * not draw. Values that vary from piece to piece (horses, money, a Finca's two places) are left off:
 * the page's text gives them from the game's data. */
export function pieceArt(kind) {
  const size = 60; // a tile on a board space, centred on 0,0 within 32 units
  const pictures = {
    ...Object.fromEntries(Object.keys(art.TYPES).map((type) => [`tile:${type}`, () => art.plantation(type, false, size)])),
    "tile:well": () => art.plantation("orange", true, size),
    ...Object.fromEntries(art.LANDSCAPE_KINDS.map((landscape) => [`landscape:${landscape}`, () => art.landscapeTile(landscape, "", size)])),
    finca: () => art.finca(null, null, size, false),
    site: () => art.site("E", false, size - 6, size),
    rock: () => art.rock(size * 1.2), // (a rock fills most of its space)
    worker: () => markerGroup(0, size * 0.4, { class: "ct-worker" }),
  };
  return Object.hasOwn(pictures, kind) ? pieceSvg(pictures[kind](), 32, art.defs()) : null;
}

/** The targets a hinted move is made with, in order: a tile to build is its waiting kind (when
 * several wait), then its space (when a space offers several ways), then the way; a Cart or a Bull
 * is the held tile, then its place; other moves are their own target (null: the page's usual). */
export function hintTargets(action) {
  const final = `#board .target.legal[data-code="${action.code}"]`;
  if (action.kind === "place") return [`#board .target[data-select="kind-${action.tile}"]`, `#board .target[data-select="space-${action.space}"]`, final];
  if (action.kind === "cart" || action.kind === "bull") return [`#board .target[data-select="${action.kind}"]`, final];
  return null;
}
