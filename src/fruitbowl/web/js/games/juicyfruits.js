// Juicy Fruits' board renderer: the business board, license track, ice cream markers, score board
// or juice factory, ship bags or Pineapple, and one 5×5 island per player (the viewer's largest),
// drawn in SVG, with every legal action clickable where it happens.
//
// The renderer interface of docs/web.md: render(board) with the board kit (board-kit.js),
// panelStats(view, seat), BUTTON_KINDS, CATEGORY_LABELS, TIEBREAK_LABELS, HOUSE_NAMES, LOG_ICONS.
//
// Where actions happen:
//   move         click one of your collectors / advanced collectors / carts (data-select), then one
//                of the highlighted cells in a straight line from it (data-code)
//   supply       click the ship on your beach
//   claim        click the token on the business board
//   place        click a free cell of your island; a large venue: the handle in the middle of a 2×2 block
//   split, produce, bonus, pass, juice, stop   status-line buttons
//
// Mystic Island modules (view.mystic / view.boulders / view.new_business):
//   explore      click the glowing destination of your explorer on Mystic Island (or its button);
//                the board is turned so that your own edge is at the bottom, as at the table
//   collect, statue_ship, statue_fruit, boulder, leave_out   status-line buttons
//   whale_beach  click the sea beside one of your beaches (or its button)
//   watch        click where your whale-watching token goes (with two: pick one up first)

import { at, fitText, pieceSvg, s, squeeze, textWidth, wrapText } from "../svg.js";
import { markerGroup, seatStyle } from "../players.js";
import { npt, nt, pt, t } from "../i18n.js";
import * as art from "./juicyfruits-art.js";

export const STYLESHEET = "./juicyfruits.css"; // this board's look (loaded before it draws)
export const BUTTON_KINDS = new Set([
  "split",
  "produce",
  "bonus",
  "pass",
  "juice",
  "stop",
  "collect",
  "explore",
  "statue_ship",
  "statue_fruit",
  "boulder",
  "leave_out",
  "whale_beach",
]);
export const CATEGORY_LABELS = {
  ships: t("Ships"),
  businesses: t("Business rows"),
  venues: t("Venues"),
  ice_cream: t("Ice cream"),
  juice: t("Juice"),
  stalls: t("Stalls"),
  statues: t("Statues"),
  plateaus: t("Plateaus"),
  boulders: t("Boulders"),
  offices: t("Offices"),
  whales: t("Whales"),
  boats: t("Boats"),
  claims: t("Claims"),
};
export const TIEBREAK_LABELS = { "later in turn order": t("Later in turn order") };
// The house opponent's name in the page's language, by the English name its result stores.
export const HOUSE_NAMES = { Pineapple: t("Pineapple") };
export const LOG_ICONS = {
  setup: "die",
  round: "turn",
  turn: "turn",
  no_move: "dot",
  move: "turn",
  split: "fruit",
  produce: "cart",
  license: "cart",
  supply: "coin",
  claim: "card",
  place: "star",
  bonus: "fruit",
  pass: "dot",
  juice: "drop",
  stop: "drop",
  pineapple: "crown",
  end_triggered: "crown",
  stalls: "star",
  game_over: "crown",
  statues: "die",
  boulders_dealt: "die",
  arrange: "dot",
  collect: "fruit",
  explore: "turn",
  statue: "star",
  boulder: "coin",
  harbor_office: "coin",
  whale_placed: "dot",
  watch: "turn",
  whale: "coin",
  plateau: "crown",
  pineapple_explorer: "crown",
  pineapple_claim: "card",
};

const SIZE = 5;
const BUSINESS_FRAME = 54; // the business board's title and margins around its rows
const LICENSE_H = 96; // the license track's height
/** Where explorers stand on a plateau (x from the cell's middle, y from its top, in cells): its four
 * corners, clear of the points badge in its middle (the upper two only when more than two stand there). */
const PLATEAU_SPOTS = [
  [-0.31, 0.14],
  [0.31, 0.14],
  [-0.31, 0.63],
  [0.31, 0.63],
];
const PLATEAU_PAWN = 0.95; // the size of a pawn there, in cells: two rows fit, its number stays ≥ 11 px at 1366 wide
const LEGEND_FS = 18; // the statue legend's words (11 px at 1366 wide)
const LEGEND_INDENT = 24; // room for the mark of who collected the tile
const DIRS = [
  [-1, 0],
  [0, 1],
  [1, 0],
  [0, -1],
];
/** "2×2": how many spaces a large venue covers each way, as the island's geometry says. */
const venueSize = (island) => `${island.venue_side}×${island.venue_side}`;
const CATEGORY_WORDS = {
  small_venue: t("small venue"),
  stall: t("stall"),
  advanced_collector: t("advanced collector"),
  ice_cream_cart: t("ice cream cart"),
  admin: t("administration building"),
  whale_watching: t("whale watching"),
};
/** A count of a fruit ("3 bananas"): the view names the fruits by their English codes. */
const FRUIT_COUNTS = {
  banana: (n) => npt("fruit", "{n} banana", "{n} bananas", n),
  lime: (n) => npt("fruit", "{n} lime", "{n} limes", n),
  pomegranate: (n) => npt("fruit", "{n} pomegranate", "{n} pomegranates", n),
  orange: (n) => npt("fruit", "{n} orange", "{n} oranges", n),
  mangosteen: (n) => npt("fruit", "{n} mangosteen", "{n} mangosteens", n),
};
const fruitCount = (n, fruit) => FRUIT_COUNTS[fruit]?.(n) ?? `${n} ${fruit}`;
/** The fruits as the language names them. */
const FRUIT_NAMES = {
  banana: pt("fruit", "banana"),
  lime: pt("fruit", "lime"),
  pomegranate: pt("fruit", "pomegranate"),
  orange: pt("fruit", "orange"),
  mangosteen: pt("fruit", "mangosteen"),
};
const fruitName = (fruit) => FRUIT_NAMES[fruit] ?? fruit;
/** The ice cream colours (data.toml's kinds) and the milkshake, as the log names them. */
const ICE_NAMES = {
  yellow: pt("colour", "yellow"),
  green: pt("colour", "green"),
  red: pt("colour", "red"),
  orange: pt("colour", "orange"),
  purple: pt("colour", "purple"),
  milkshake: t("milkshake"),
};
const iceName = (kind) => ICE_NAMES[kind] ?? kind;
const EDGE_INDEX = { bottom: 0, left: 1, top: 2, right: 3 };
const BEACH_SIDES = { N: 0, E: 1, S: 2, W: 3 };


// ------------------------------------------------------------------------------ panels

const total = (obj) => Object.values(obj || {}).reduce((a, b) => a + b, 0);

export function panelStats(view, seat) {
  const p = view.players[seat];
  const fruits = view.fruits.map((f) => fruitCount(p.reserve[f.name] || 0, f.name)).join(", ");
  const markers = total(p.markers);
  const stats = [
    { key: "score", icon: "crown", value: p.score, title: nt("{n} point", "{n} points", p.score) },
    { key: "fruits", icon: "fruit", value: total(p.reserve), title: t("fruits: {fruits}", { fruits }) },
    { key: "ships", icon: "turn", value: p.supplied.length, title: nt("{n} ship supplied", "{n} ships supplied", p.supplied.length) },
    { key: "stars", icon: "star", value: p.stars, title: nt("{n} venue star", "{n} venue stars", p.stars) },
    { key: "markers", icon: "cart", value: markers, title: nt("{n} ice cream marker", "{n} ice cream markers", markers) },
  ];
  if (view.juice_factory) stats.push({ key: "juice", icon: "drop", value: p.juice, title: t("juice disc on J{n}", { n: p.juice }) });
  if (view.mystic) {
    const got = view.mystic.collected[seat];
    stats.push({ key: "statues", icon: "die", value: got.length, title: t("statue tiles collected: {tiles}", { tiles: got.join(", ") || t("none") }) });
  }
  if (view.boulders) {
    const gone = view.boulders.removed[seat];
    stats.push({ key: "boulders", icon: "coin", value: gone.length, title: t("boulders cleared: {boulders}", { boulders: gone.join(", ") || t("none") }) });
  }
  return stats;
}

// ------------------------------------------------------------------------------ render

/** Draw board.snapshot. board.picks.selected: the cell of the piece picked up to move (or of the
 * whale-watching token to place). */
export function render(board) {
  const { svg, snapshot, view, legal, narrow, picks } = board;
  const me = board.seat;
  const order = board.seatOrder(); // my island first, then clockwise
  const myTurn = board.interactive && snapshot.legal.length > 0 && view.current_player === me;
  const ui = { board, svg, picks, snapshot, view, legal, myTurn, me, narrow };
  if (picks.selected != null) {
    const keep = view.phase === "move" ? movesFrom(ui, picks.selected).some((m) => legal.has(m.code)) : view.phase === "watch";
    if (!keep) picks.selected = null;
  }

  const W = narrow ? 800 : 1600;
  const layer = s("g", { class: "jf" });
  let height;
  const seated = me !== null && me < view.players.length;
  const rivals = view.solo ? t("Pineapple") : seated ? t("Rivals") : t("Islands");
  const firstIsland = seated ? t("Your island") : t("{name}'s island", { name: snapshot.players[order[0]]?.name || t("Seat {n}", { n: 1 }) });
  if (narrow) {
    let y = 10;
    const bottom = businessBoard(ui, layer, 10, y, 780);
    board.part("business", t("Business board"), [10, y, 780, bottom - y]);
    y = bottom + 14;
    const island = islandBox(ui, layer, order[0], 10, y, 780).h;
    board.part("island", firstIsland, [10, y, 780, island], { mine: seated });
    y += island + 14;
    const marketTop = y;
    y = licenseTrack(ui, layer, 10, y, 780) + 12;
    y = icePools(ui, layer, 10, y, 780);
    board.part("ice", t("Licenses & ice cream"), [10, marketTop, 780, y - marketTop]);
    y += 14;
    const othersTop = y;
    const others = order.slice(1);
    const per = others.length === 1 ? 1 : 2;
    const boxW = per === 1 ? 780 : 383;
    let rowH = 0;
    others.forEach((seat, i) => {
      const box = islandBox(ui, layer, seat, 10 + (i % per) * (boxW + 14), y, boxW);
      rowH = Math.max(rowH, box.h);
      if (i % per === per - 1 || i === others.length - 1) {
        y += rowH + 14;
        rowH = 0;
      }
    });
    if (y > othersTop) board.part("rivals", rivals, [10, othersTop, 780, y - 14 - othersTop]);
    const suppliesTop = y;
    y = sidePieces(ui, layer, 10, y, 780) + 10;
    y = scoreOrJuice(ui, layer, 10, y, 780);
    board.part("supplies", view.solo ? t("Pineapple & score") : t("Venues & score"), [10, suppliesTop, 780, y - suppliesTop]);
    y += 10;
    if (view.mystic || view.boulders) y = modulesRow(ui, layer, 10, y, 780) + 10;
    height = y;
  } else {
    // One column of rows, each at most 760 units tall: at 1366×768 the table shows one row at
    // a time at the board's full width, where the smallest text (18 units) is 11 px. Row 1 is your
    // island beside the business board (a turn's clicks go to both), then the rivals (or
    // Pineapple), the supplies, and Mystic Island beside the boulder tray.
    const top = 16;
    const bigW = 570;
    const big = islandBox(ui, layer, order[0], 20, top, bigW);
    board.part("island", firstIsland, [20, top, bigW, big.h], { mine: seated });
    const bx = 20 + bigW + 20;
    const bw = W - bx - 20;
    // the business board's five rows and the license track as tall as the island beside them
    const rowH = Math.floor((big.h - BUSINESS_FRAME - 12 - LICENSE_H) / 5);
    let by = businessBoard(ui, layer, bx, top, bw, rowH) + 12;
    by = licenseTrack(ui, layer, bx, by, bw);
    board.part("business", t("Business board"), [bx, top, bw, by - top]);
    let y = Math.max(top + big.h, by) + 24;
    // row 2: the other islands side by side (or Pineapple)
    const others = order.slice(1);
    if (others.length) {
      const boxW = Math.min(580, (W - 40 - (others.length - 1) * 16) / others.length);
      const rowW = others.length * boxW + (others.length - 1) * 16;
      const x0 = (W - rowW) / 2;
      let h = 0;
      others.forEach((seat, i) => {
        h = Math.max(h, islandBox(ui, layer, seat, x0 + i * (boxW + 16), y, boxW).h);
      });
      board.part("rivals", rivals, [x0, y, rowW, h]);
      y += h + 24;
    } else if (view.solo) {
      const h = pineappleBox(ui, layer, 20, y, W - 40) - y;
      board.part("rivals", rivals, [20, y, W - 40, h]);
      y += h + 24;
    }
    // row 3: the ice cream markers, ship bags and large venues, the score board (or juice factory)
    const suppliesTop = y;
    const iceW = Math.min(760, 130 * view.ice_cream.pools.length + 20);
    const a = icePools(ui, layer, 20, y, iceW);
    const b = sidePieces(ui, layer, 20 + iceW + 16, y, W - 40 - iceW - 16);
    y = scoreOrJuice(ui, layer, 20, Math.max(a, b) + 12, W - 40);
    board.part("supplies", t("Ice cream & venues"), [20, suppliesTop, W - 40, y - suppliesTop]);
    // row 4: Mystic Island beside the boulder tray
    if (view.mystic || view.boulders) y = modulesRow(ui, layer, 20, y + 24, W - 40);
    height = y + 20;
  }
  svg.setAttribute("viewBox", `0 0 ${W} ${height}`);
  svg.replaceChildren(
    art.defs(),
    s("rect", { width: W, height, rx: 18, fill: "url(#jf-table)" }),
    s("rect", { width: W, height, rx: 18, fill: "url(#jf-waves)" }),
    layer,
  );
}

/** Every slide from a cell: [{to, code}] in straight lines up to the island's edge. */
function movesFrom(ui, cell) {
  const out = [];
  const r0 = Math.floor(cell / SIZE);
  const c0 = cell % SIZE;
  for (const [dr, dc] of DIRS) {
    for (let k = 1; k < SIZE; k++) {
      const r = r0 + dr * k;
      const c = c0 + dc * k;
      if (r < 0 || r >= SIZE || c < 0 || c >= SIZE) break;
      const to = r * SIZE + c;
      out.push({ to, code: ui.board.code("move", { from: cell, to }) });
    }
  }
  return out;
}

const isMobile = (p) => p && (p.type === "collector" || p.category === "advanced_collector" || p.category === "ice_cream_cart");

function pieceLabel(p, island) {
  if (!p) return t("free space");
  const points = nt("{n} point", "{n} points", p.points);
  if (p.type === "ship") return t("ship {id} ({demand}, {points})", { id: p.id, demand: Object.entries(p.demand).map(([f, k]) => fruitCount(k, f)).join(" + "), points });
  if (p.type === "collector") return t("{fruit} collector", { fruit: fruitName(p.fruit) });
  const stars = nt("{n} star", "{n} stars", p.stars);
  if (p.type === "venue") return t("{name} ({points}, {stars})", { name: p.name, points, stars });
  if (p.type === "boulder") return t("boulder {id}: clears when {when}", { id: p.id, when: p.text });
  const category = p.category === "placeholder" ? t("large venue ({size})", { size: venueSize(island) }) : CATEGORY_WORDS[p.category];
  return `${p.name} (${category || p.category})`;
}

// ------------------------------------------------------------------------------ business board

/** A frame's note at its top right ("4 columns in play"), squeezed where the language makes it
 * reach the frame's title at its left. */
function note(x, y, w, title, words, cls = "jf-note") {
  const room = w - 32 - (title ? textWidth(title, 22, 800) + 16 : 0);
  return s("text", { x: x + w - 16, y: y + 27, "text-anchor": "end", class: cls, text: words, ...squeeze(words, room, 18, 700) });
}

function frame(layer, x, y, w, h, title, fill = "#fff8ec") {
  layer.append(
    s("rect", { x, y, width: w, height: h, rx: 14, fill, stroke: "#6b4a2b", "stroke-width": 3, filter: "url(#jf-shadow)" }),
    title ? s("text", { x: x + 16, y: y + 27, class: "jf-title", text: title }) : null,
  );
}


/** The business board at (x, y), w wide, its rows rowH tall; returns its bottom. */
function businessBoard(ui, layer, x, y, w, rowH = 100) {
  const { view, legal, myTurn } = ui;
  const bb = view.business_board;
  const head = ui.narrow ? 200 : 220;
  const shownCols = ui.narrow ? bb.columns_in_play : 4;
  const colW = (w - head - 16) / shownCols;
  const h = BUSINESS_FRAME + 5 * rowH;
  frame(layer, x, y, w, h, t("Business board"), "url(#jf-wood)");
  layer.append(note(x, y, w, t("Business board"), nt("{n} column in play", "{n} columns in play", bb.columns_in_play)));
  bb.rows.forEach((row, i) => {
    const ry = y + 40 + i * rowH;
    const g = s("g", { class: "business-row", "data-row": row.row });
    g.append(
      s("rect", { x: x + 8, y: ry, width: w - 16, height: rowH - 6, rx: 10, fill: "#fff8ec", "fill-opacity": 0.55, stroke: "#8a6a3a", "stroke-width": 1.5 }),
      s("text", { x: x + 20, y: ry + 24, class: "jf-row-label", text: t("Row {n}", { n: row.row }) }),
      at(x + head - 34, ry + 44, 1, art.pointsBadge(row.points, 22)),
      at(x + (head - 40) / 2 + 6, ry + 62, 1, art.fruitRow(row.cost, ui.narrow ? 13 : 13.5)),
    );
    row.spaces.forEach((tok, col) => {
      if (col >= shownCols) return;
      const cx = x + head + col * colW;
      const inPlay = col < bb.columns_in_play;
      g.append(s("rect", { x: cx + 4, y: ry + 4, width: colW - 8, height: rowH - 14, rx: 8, fill: inPlay ? "#f3e2bf" : "url(#jf-hatch)", stroke: "#b8955c", "stroke-dasharray": "5 4" }));
      if (!inPlay && i === 2) g.append(s("text", { x: cx + colW / 2, y: ry + 50, "text-anchor": "middle", class: "jf-off", text: t("not in play") }));
      if (!tok) return;
      const tile = businessTile(ui, tok, cx + colW / 2, ry + (rowH - 6) / 2, colW - 12, rowH - 18);
      if (!myTurn) {
        g.append(tile);
        return;
      }
      const code = ui.board.code("claim", { token: tok.id });
      g.append(
        ui.board.target({
            code,
            kind: "claim",
            legal: legal.has(code),
            label: legal.get(code)?.label || t("Claim the {token} from row {n}", { token: tok.name, n: row.row }),
            hit: [cx + 3, ry + 3, colW - 6, rowH - 12, 10],
            activate: () => ui.board.send(code),
          },
          tile,
        ),
      );
    });
    layer.append(g);
  });
  return y + h;
}

function businessTile(ui, tok, cx, cy, w, h) {
  const c = h * 0.55;
  const nameFs = Math.min(20, h * 0.22);
  // what it is or scores, beside its picture on one or two lines (18 units or more in the laptop's
  // layout; smaller only where a phone's narrow tiles need it)
  const detail = tileDetail(tok, ui.view);
  let detailFs = Math.min(19, h * 0.21);
  let lines = wrapText(detail, w - c - 16, detailFs, 600, 2);
  while (detailFs > 12 && lines.join(" ") !== detail) {
    detailFs -= 0.5;
    lines = wrapText(detail, w - c - 16, detailFs, 600, 2);
  }
  const firstLine = h / 2 - c * 0.5 + detailFs * 0.4 - ((lines.length - 1) * detailFs * 1.1) / 2;
  const tag = tok.category === "placeholder"; // a large venue's token: its size ("2×2") beside its name
  const name = fitText(tok.name, w - 12 - (tag ? nameFs * 2.4 : 0), nameFs, 800); // (the whole in the tile's tooltip)
  const node = s(
    "g",
    { class: "business-tile" },
    s("rect", { class: "tile-face", x: -w / 2, y: -h / 2, width: w, height: h, rx: 8, fill: "#fffdf6", stroke: "#6b4a2b", "stroke-width": 2 }),
    s("text", { x: -w / 2 + 6, y: -h / 2 + nameFs + 2, class: "jf-tile-name", "font-size": nameFs, text: name }),
    at(-w / 2 + c * 0.5 + 4, h / 2 - c * 0.5 - 2, 1, wordless(art.token(tok, c))),
    lines.map((line, k) => s("text", { x: -w / 2 + c + 8, y: firstLine + k * detailFs * 1.1, class: "jf-tile-detail", "font-size": detailFs, text: line })),
    tag ? s("text", { x: w / 2 - 5, y: -h / 2 + nameFs + 2, "text-anchor": "end", class: "jf-tag", text: venueSize(ui.view.island) }) : null,
    s("title", {}, `${tok.name}: ${tok.text || detail}`),
  );
  return ui.board.piece(`tok:${tok.id}`, cx, cy, node);
}

/** A piece's picture without its small words (a badge's points, an office's "build"): the tile
 * beside it says them in larger type, and its tooltip in full. */
function wordless(picture) {
  for (const word of picture.querySelectorAll(".points-badge, text")) word.remove();
  return picture;
}

/** A stall's points in short, by what it counts ("2 per beach"; its tooltip: the token's text). */
const STALL_DETAIL = {
  per_empty_beach: (n) => t("{n} per beach", { n }),
  per_supplied_ship: (n) => t("{n} per ship", { n }),
  per_star: (n) => t("{n} per ★", { n }),
  per_two_fruits: (n) => t("{n} per 2 fruits", { n }),
  per_full_beach: (n) => t("{n} per 3 ships", { n }),
  per_milkshake: (n) => t("{n} per shake", { n }),
};

function tileDetail(tok, view) {
  if (tok.category === "advanced_collector") return tok.fruits.map((f) => f[0].toUpperCase()).join("/");
  if (tok.category === "ice_cream_cart") return iceName(tok.kind);
  if (tok.category === "stall" && STALL_DETAIL[tok.formula]) return STALL_DETAIL[tok.formula](tok.points);
  if (tok.category === "stall")
    return tok.text
      .replace(" per ", "/")
      .replace("venue star", "★")
      .replace("supplied ship", "ship")
      .replace("empty beach", "beach")
      .replace("2 fruits left", "2 fr.")
      .replace("beach with all 3 ships", "full beach")
      .replace("milkshake marker", "shake");
  if (tok.category === "admin") return tok.effect === "harbor_office" ? t("+1/token") : t("−1 fruit");
  if (tok.category === "whale_watching") return t("whale +{n}", { n: view.new_business.sighting_points });
  if (tok.pond_only) return t("pond {n}p", { n: tok.points });
  return venueWorth(tok);
}

/** A venue's stars and points in short: "3★ 8p". */
function venueWorth(venue) {
  return t("{stars}★ {points}p", { stars: venue.stars || 0, points: venue.points });
}

// ------------------------------------------------------------------------------ tracks and supplies

function licenseTrack(ui, layer, x, y, w) {
  const { view } = ui;
  const lic = view.license;
  const h = LICENSE_H;
  frame(layer, x, y, w, h, t("License track"));
  const spaces = lic.start + 1;
  const step = Math.min(56, (w - 40) / spaces);
  const x0 = x + 20;
  for (let i = 0; i < spaces; i++) {
    const left = lic.start - i;
    const isX = left === 0;
    layer.append(
      s("rect", { x: x0 + i * step, y: y + 40, width: step - 4, height: 44, rx: 6, fill: isX ? "#c0392b" : "#f3e2bf", stroke: "#8a6a3a", "stroke-width": 1.5 }),
      s("text", { x: x0 + i * step + (step - 4) / 2, y: y + 69, "text-anchor": "middle", class: isX ? "jf-x" : "jf-track-num", text: isX ? "X" : left }),
    );
  }
  const pos = lic.start - lic.left;
  const marker = s(
    "g",
    { class: "license-marker" },
    s("circle", { class: "glow", r: 19, fill: "none" }),
    s("circle", { r: 16, fill: "#2b1d12", stroke: "#ffd34d", "stroke-width": 4 }),
    s("text", { y: 6, "text-anchor": "middle", "font-size": 18, "font-weight": 800, fill: "#ffd34d", text: "L" }),
  );
  layer.append(ui.board.piece("license", x0 + pos * step + (step - 4) / 2, y + 62, marker, { sig: String(lic.left) }));
  const left = lic.at_x ? t("at X: last round!") : nt("{n} claim until X", "{n} claims until X", lic.left);
  layer.append(note(x, y, w, t("License track"), left, lic.at_x ? "jf-alert" : "jf-note"));
  return y + h;
}

function icePools(ui, layer, x, y, w) {
  const { view } = ui;
  const pools = view.ice_cream.pools;
  const h = 150;
  frame(layer, x, y, w, h, t("Ice cream markers"));
  const colW = (w - 20) / pools.length;
  pools.forEach((pool, i) => {
    const cx = x + 10 + colW * i + colW / 2;
    const remaining = pool.values.slice(pool.values.length - pool.left);
    const g = s("g", { class: "ice-pool", "data-kind": pool.kind });
    g.append(s("rect", { x: cx - colW / 2 + 6, y: y + 38, width: colW - 12, height: h - 48, rx: 10, fill: art.ICE_COLORS[pool.kind], "fill-opacity": 0.22 }));
    // the stack: the next marker in front, the rest peeking out behind it
    [...remaining].reverse().forEach((value, k) => {
      const depth = remaining.length - 1 - k;
      g.append(at(cx + depth * 9 - (remaining.length - 1) * 4.5, y + 80 - depth * 6, 1, art.iceMarker(pool.kind, depth === 0 ? value : null, 19)));
    });
    if (!remaining.length) g.append(s("text", { x: cx, y: y + 84, "text-anchor": "middle", class: "jf-note" }, fitText(t("none left"), colW - 16, 18, 700), s("title", {}, t("none left"))));
    g.append(s("text", { x: cx, y: y + h - 16, "text-anchor": "middle", class: "jf-small", text: `×${pool.left}` }));
    g.append(s("title", {}, t("{kind}: {n} left", { kind: iceName(pool.kind), n: pool.left })));
    layer.append(g);
  });
  return y + h;
}

/** Ship bags (or Pineapple's bag in solo) and the large venues still waiting. */
function sidePieces(ui, layer, x, y, w) {
  const { view } = ui;
  const half = ui.narrow ? (w - 12) * 0.42 : view.solo ? 0 : Math.min(240, (w - 12) * 0.42);
  const venueCols = w - half > 480 ? 3 : 2;
  const h = Math.max(160, 44 + Math.ceil(view.large_venues.length / venueCols) * 58);
  if (view.solo) {
    if (ui.narrow) pineappleBox(ui, layer, x, y, half);
  } else {
    frame(layer, x, y, half, h, t("Ship bags"));
    const bags = [
      ["orange", "#f08a24", pt("colour", "orange")],
      ["green", "#4f9d3a", pt("colour", "green")],
    ];
    bags.forEach(([name, color, said], i) => {
      const cx = x + half * (0.27 + i * 0.46);
      layer.append(
        at(cx, y + 88, 1, art.bag(color, 42)),
        s("text", { x: cx, y: y + 104, "text-anchor": "middle", class: "jf-bag-count", text: view.bags[name] }),
        s("text", { x: cx, y: y + h - 10, "text-anchor": "middle", class: "jf-small", text: said }),
      );
    });
  }
  const vx = half ? x + half + 12 : x;
  const vw = w - (vx - x);
  frame(layer, vx, y, vw, h, t("Large venues waiting"));
  const venues = view.large_venues;
  const cols = venueCols;
  const cw = (vw - 20) / cols;
  venues.forEach((v, i) => {
    const cx = vx + 10 + (i % cols) * cw;
    const cy = y + 40 + Math.floor(i / cols) * 58;
    layer.append(
      s("rect", { x: cx + 3, y: cy, width: cw - 6, height: 52, rx: 8, fill: "#fff2d6", stroke: "#7d1f16", "stroke-width": 1.5 }),
      s("text", { x: cx + 10, y: cy + 22, class: "jf-tile-name", "font-size": 18 }, fitText(v.name, cw - 22, 18), s("title", {}, v.name)),
      s("text", { x: cx + 10, y: cy + 44, class: "jf-tile-detail", "font-size": 18, text: venueWorth(v) }),
    );
  });
  if (!venues.length) layer.append(s("text", { x: vx + vw / 2, y: y + 90, "text-anchor": "middle", class: "jf-note", text: t("all claimed") }));
  return y + h;
}

function pineappleBox(ui, layer, x, y, w) {
  const solo = ui.view.solo;
  const h = ui.narrow ? 160 : 300;
  const points = nt("{n} point", "{n} points", solo.pineapple_score);
  const boats = nt("{n} boat", "{n} boats", solo.bag_size);
  const g = s("g", { class: "pineapple-area", "aria-label": t("Pineapple: {points}, {boats} in her bag", { points, boats }) });
  g.append(s("rect", { x, y, width: w, height: h, rx: 14, fill: "#fff4cf", stroke: "#8a5a00", "stroke-width": 3, filter: "url(#jf-shadow)" }));
  g.append(at(x + 44, y + 72, 1, art.pineapple(46)));
  g.append(
    s("text", { x: x + 96, y: y + 34, class: "jf-title", text: t("Pineapple") }),
    s("text", { x: x + 96, y: y + 66, class: "jf-big", text: t("{n} pts", { n: solo.pineapple_score }) }),
    s("text", { x: x + 96, y: y + 92, class: "jf-small", text: nt("board {board} · {n} claim", "board {board} · {n} claims", solo.claimed.length, { board: solo.board }) }),
  );
  g.append(at(x + w - 40, y + 60, 1, art.bag("#7a8f9e", 30)));
  g.append(s("text", { x: x + w - 40, y: y + 72, "text-anchor": "middle", class: "jf-bag-count", text: solo.bag_size }));
  // her latest boats (their value and wait at 18 units where a row shows them)
  const boatW = ui.narrow ? 38 : 70;
  const per = Math.max(1, Math.floor((w - 20) / (boatW + 10)));
  const recent = solo.drawn.slice(-(ui.narrow ? per : per * 2));
  recent.forEach((b, i) => {
    const bx = x + 14 + boatW / 2 + (i % per) * (boatW + 10);
    const by = ui.narrow ? y + 136 : y + 152 + Math.floor(i / per) * (boatW * 1.2 + 8);
    g.append(ui.board.piece(`boat:${b.id}`, bx, by, art.boat(b.value, b.wait, boatW)));
  });
  if (ui.narrow) g.append(s("text", { x: x + w - 16, y: y + 104, "text-anchor": "end", class: "jf-small", text: t("bag") }));
  layer.append(g);
  return y + h;
}

function scoreOrJuice(ui, layer, x, y, w) {
  const { view, snapshot } = ui;
  const jf = view.juice_factory;
  const h = jf ? 136 : 118;
  frame(layer, x, y, w, h, jf ? t("Juice factory") : t("Score board"));
  if (jf) {
    const spaces = jf.spaces.length + 1;
    const step = (w - 24) / spaces;
    for (let i = 0; i < spaces; i++) {
      const sx = x + 12 + i * step;
      const sp = jf.spaces[i - 1];
      layer.append(s("rect", { x: sx + 2, y: y + 36, width: step - 4, height: 64, rx: 8, fill: i ? "#ffe9b8" : "#e9e2d2", stroke: "#8a6a3a" }));
      if (sp) {
        // its number and points in 18 units, smaller only where a phone's narrow spaces need it
        const label = `J${sp.space} +${sp.points}`;
        let fs = 18;
        while (fs > 12 && fitText(label, step - 10, fs, 700) !== label) fs -= 0.5;
        layer.append(
          at(sx + step / 2, y + 54, 1, art.fruitRow(sp.cost, Math.min(10, step / 5.2))),
          s("text", { x: sx + step / 2, y: y + 90, "text-anchor": "middle", class: "jf-label", "font-size": fs, text: label }),
        );
      } else layer.append(s("text", { x: sx + step / 2, y: y + 74, "text-anchor": "middle", class: "jf-small", text: t("start") }));
    }
    view.players.forEach((p, seat) => {
      const mx = x + 12 + p.juice * step + step / 2 + (seat - (view.players.length - 1) / 2) * 20;
      layer.append(ui.board.piece(`juice:${seat}`, mx, y + 118, markerGroup(seat, 11), { sig: String(p.juice) }));
    });
    layer.append(note(x, y, w, t("Juice factory"), t("at most {n} a turn", { n: jf.max_steps })));
    return y + h;
  }
  const cells = 25;
  const step = (w - 24) / cells;
  for (let row = 0; row < 2; row++) {
    for (let i = 0; i < cells; i++) {
      const v = row * cells + i;
      layer.append(s("rect", { x: x + 12 + i * step, y: y + 36 + row * 36, width: step - 2, height: 32, rx: 4, fill: v % 10 === 0 ? "#ffe9b8" : "#f3e2bf", stroke: "#b8955c" }));
      if (v % 5 === 0) layer.append(s("text", { x: x + 12 + i * step + step / 2 - 1, y: y + 57 + row * 36, "text-anchor": "middle", class: "jf-track-small", text: v }));
    }
  }
  const scores = view.players.map((p) => p.score);
  if (view.solo) scores.push(view.solo.pineapple_score);
  scores.forEach((score, seat) => {
    const v = score % 50;
    const mx = x + 12 + (v % cells) * step + step / 2 - 1;
    const my = y + 52 + Math.floor(v / cells) * 36;
    const same = scores.slice(0, seat).filter((o) => o % 50 === v).length;
    const isPine = view.solo && seat === view.players.length;
    const mark = isPine ? at(0, 0, 1, art.pineapple(11)) : markerGroup(seat, 10);
    layer.append(ui.board.piece(isPine ? "score:pine" : `score:${seat}`, mx + same * 6, my - same * 6, mark, { sig: String(score) }));
    if (score >= 50) {
      // the laps past 50 on a flag over the marker, as wide as its number ("+50", "+100", …)
      const laps = `+${Math.floor(score / 50) * 50}`;
      const width = 18 + laps.length * 13;
      layer.append(
        s("rect", { x: mx - width / 2, y: my - 40, width, height: 24, rx: 12, fill: "#fff8ec", stroke: "#7d1f16", "stroke-width": 1.5 }),
        s("text", { x: mx, y: my - 22, "text-anchor": "middle", class: "jf-tag", text: laps }),
      );
    }
  });
  void snapshot;
  return y + h;
}

// ------------------------------------------------------------------------------ islands

/**
 * The island's coordinates around its edge, as on a chessboard: the column letters under it and
 * the row numbers left of it (the names the log and the terminal use: "c3"), in the sea where no
 * piece covers them. A whale at the south or west beach takes that side's place in the sea, so
 * the letters or numbers move to the opposite side.
 */
function coordinates(view, seat, ox, oy, c, m) {
  const g = s("g", { class: "jf-coordinates", "aria-hidden": "true" });
  if (c < 50) return g; // (too small to read: the cells' names stay in the targets' labels)
  const whaleAt = new Set((view.new_business?.whales || []).filter((w) => w.owner === seat && w.beach).map((w) => w.beach));
  const fs = c * 0.2;
  const letterY = whaleAt.has("S") && !whaleAt.has("N") ? oy - m * 0.38 : oy + SIZE * c + m * 0.38;
  const numberX = whaleAt.has("W") && !whaleAt.has("E") ? ox + SIZE * c + m * 0.55 : ox - m * 0.55;
  for (const info of view.island.cells) {
    const [col, row] = [info.cell % SIZE, Math.floor(info.cell / SIZE)];
    if (row === SIZE - 1) {
      g.append(s("text", { x: ox + (col + 0.5) * c, y: letterY + fs * 0.36, "text-anchor": "middle", class: "jf-coordinate", "font-size": fs, text: info.name.replace(/\d+/, "") }));
    }
    if (col === 0) {
      g.append(s("text", { x: numberX, y: oy + (row + 0.5) * c + fs * 0.36, "text-anchor": "middle", class: "jf-coordinate", "font-size": fs, text: info.name.replace(/\D+/, "") }));
    }
  }
  return g;
}

/** One player's island in a box of width w (cells scale to fit); returns {h}. */
function islandBox(ui, layer, seat, x, y, w) {
  const { view, snapshot, me, myTurn } = ui;
  const p = view.players[seat];
  const st = seatStyle(seat);
  const mine = seat === me;
  const acting = view.current_player === seat && view.phase !== "over";
  const c = w / (SIZE + 0.7);
  const m = c * 0.35;
  const headH = Math.max(40, c * 0.5);
  const islandTop = y + headH;
  const seaH = SIZE * c + 2 * m;
  const footH = Math.max(84, c * 1.05);
  const h = headH + seaH + footH;
  const name = snapshot.players[seat]?.name || `Player ${seat + 1}`;
  const g = s("g", { class: ["island", mine && "mine", acting && "acting"], "data-seat": seat });
  const fs = Math.max(18, Math.min(26, c * 0.3));
  g.append(
    s("rect", { x, y, width: w, height: h, rx: 16, fill: "#fff8ec", stroke: acting ? "#ffd34d" : st.color, "stroke-width": acting ? 7 : 4, filter: "url(#jf-shadow)" }),
    s("path", { d: `M${x} ${y + 16} a16 16 0 0 1 16 -16 h${w - 32} a16 16 0 0 1 16 16 v${headH - 16} h${-w} Z`, fill: st.color }),
    s("g", { transform: `translate(${x + 22} ${y + headH / 2})` }, markerGroup(seat, 13)),
    s(
      "text",
      { x: x + 42, y: y + headH / 2 + fs * 0.36, class: "jf-island-name", fill: st.ink, "font-size": fs },
      fitText(mine ? `${name} ${t("(you)")}` : name, w - 42 - 14 - fs * 5, fs),
      s("title", {}, name),
    ),
    s("text", { x: x + w - 14, y: y + headH / 2 + fs * 0.36, "text-anchor": "end", class: "jf-island-name", fill: st.ink, "font-size": fs, text: `${acting ? "▶ " : ""}${t("{n} pts", { n: p.score })}` }),
    s("rect", { x: x + 4, y: islandTop, width: w - 8, height: seaH, fill: "url(#jf-sea)" }),
    s("rect", { x: x + 4, y: islandTop, width: w - 8, height: seaH, fill: "url(#jf-waves)" }),
  );
  const ox = x + (w - SIZE * c) / 2;
  const oy = islandTop + m;
  const cellXY = (cell) => [ox + (cell % SIZE) * c, oy + Math.floor(cell / SIZE) * c];
  // the land: sand all over, grass inland, ponds
  g.append(s("rect", { x: ox - c * 0.06, y: oy - c * 0.06, width: SIZE * c + c * 0.12, height: SIZE * c + c * 0.12, rx: c * 0.45, fill: "url(#jf-sand)", stroke: "#d2a85a", "stroke-width": 3 }));
  g.append(s("rect", { x: ox + c, y: oy + c, width: 3 * c, height: 3 * c, rx: c * 0.3, fill: "url(#jf-grass)" }));
  for (const info of view.island.cells) {
    const [cx, cy] = cellXY(info.cell);
    g.append(s("rect", { x: cx + 2, y: cy + 2, width: c - 4, height: c - 4, rx: c * 0.12, fill: "none", stroke: info.kind === "inland" || info.kind === "pond" ? "#4e8a3a" : "#c9a055", "stroke-opacity": 0.6, "stroke-dasharray": "4 4" }));
    if (info.kind === "pond") g.append(s("ellipse", { cx: cx + c / 2, cy: cy + c / 2, rx: c * 0.42, ry: c * 0.36, fill: "url(#jf-pond)", stroke: "#1f6f9c", "stroke-width": 2 }));
    if (info.kind === "corner" && !p.grid[info.cell]) g.append(palm(cx + c / 2, cy + c / 2, c));
  }
  g.append(coordinates(view, seat, ox, oy, c, m));
  // pieces
  p.grid.forEach((pc, cell) => {
    if (!pc) return;
    const [cx, cy] = cellXY(cell);
    if (pc.type === "venue") {
      if (pc.origin) g.append(ui.board.piece(`ven:${pc.id}`, cx + c, cy + c, art.largeVenue(pc, c)));
      return;
    }
    g.append(ui.board.piece(pieceKey(seat, pc), cx + c / 2, cy + c / 2, art.islandPiece(pc, c)));
  });
  if (view.new_business) g.append(whales(ui, seat, ox, oy, c, m, mine));
  if (view.pending?.arrange && acting) {
    const [ax, ay] = cellXY(view.pending.arrange.cell);
    g.append(s("rect", { x: ax + 3, y: ay + 3, width: c - 6, height: c - 6, rx: c * 0.14, class: "jf-moved" }));
  }
  if (view.pending?.moved && acting) {
    const [mx, my] = cellXY(view.pending.moved.cell);
    g.append(s("rect", { x: mx + 3, y: my + 3, width: c - 6, height: c - 6, rx: c * 0.14, class: "jf-moved" }));
  }
  if (mine && myTurn) g.append(islandTargets(ui, p, cellXY, c));
  footer(ui, g, p, x, islandTop + seaH, w, footH);
  layer.append(g);
  return { h };
}

function pieceKey(seat, pc) {
  if (pc.type === "ship") return `ship:${pc.id}`;
  if (pc.type === "collector") return `col:${seat}:${pc.fruit}`;
  if (pc.type === "boulder") return `boulder:${seat}:${pc.id}`;
  return `tok:${pc.id}`;
}

function palm(cx, cy, c) {
  return s(
    "g",
    { class: "palm", transform: `translate(${cx} ${cy})`, opacity: 0.75 },
    s("path", { d: `M0 ${c * 0.3} q${c * 0.05} ${-c * 0.25} ${-c * 0.02} ${-c * 0.45}`, stroke: "#8a5a2b", "stroke-width": c * 0.05, fill: "none" }),
    [-60, -15, 30, 75, 160].map((a) =>
      s("path", { d: `M0 0 q${c * 0.12} ${-c * 0.08} ${c * 0.24} 0`, stroke: "#3f9b2f", "stroke-width": c * 0.05, fill: "none", transform: `translate(${-c * 0.02} ${-c * 0.15}) rotate(${a})` }),
    ),
  );
}

function footer(ui, g, p, x, y, w, h) {
  const { view } = ui;
  const fruits = view.fruits;
  const step = (w - 20) / fruits.length;
  const r = Math.min(step * 0.16, h * 0.2);
  const fs = Math.max(18, r * 1.3);
  fruits.forEach((f, i) => {
    const fx = x + 10 + i * step + step * 0.3;
    const n = p.reserve[f.name] || 0;
    g.append(
      // none of a fruit: its picture faded, its 0 still readable
      s("g", { class: ["reserve", !n && "none"], "data-fruit": f.name }, s("g", { opacity: n ? 1 : 0.45 }, at(fx, y + h * 0.3, 1, art.fruit(f.name, r))), s("text", { x: fx + r + 5, y: y + h * 0.3 + fs * 0.36, class: "jf-count", "font-size": fs, text: n })),
    );
  });
  // second line: ice cream markers, supplied ships, venue stars, juice
  const line = y + h * 0.74;
  let lx = x + 14;
  const mr = Math.min(11, h * 0.12);
  for (const [kind, n] of Object.entries(p.markers)) {
    if (!n) continue;
    g.append(at(lx + mr, line - 2, 1, art.iceMarker(kind, null, mr)), s("text", { x: lx + mr * 2 + 3, y: line + 6, class: "jf-small jf-tally", text: `×${n}` }));
    lx += mr * 2 + 34;
  }
  const bits = [nt("{n} ship", "{n} ships", p.supplied.length), `★ ${p.stars}`];
  if (view.juice_factory) bits.push(`J${p.juice}`);
  g.append(s("text", { x: x + w - 14, y: line + 6, "text-anchor": "end", class: "jf-small jf-tally", text: bits.join("   ") }));
}

function islandTargets(ui, p, cellXY, c) {
  const { view, legal, picks } = ui;
  const g = s("g", { class: "island-targets" });
  const phase = view.phase;
  const cellTarget = (cell, spec) => {
    const [cx, cy] = cellXY(cell);
    return ui.board.target({ hit: [cx + 2, cy + 2, c - 4, c - 4, c * 0.14], ...spec });
  };
  const cellName = (cell) => view.island.cells[cell].name;
  if (phase === "move") {
    p.grid.forEach((pc, cell) => {
      if (!pc || (pc.type === "venue" && !pc.origin)) return;
      const moves = movesFrom(ui, cell);
      const can = moves.some((mv) => legal.has(mv.code));
      if (pc.type === "venue") return;
      if (can && isMobile(pc)) {
        g.append(
          cellTarget(cell, {
            code: moves[0].code,
            select: cell,
            kind: "pick",
            legal: true,
            selected: picks.selected === cell,
            label: t("Pick up the {piece} on {cell}, then choose where it slides", { piece: pieceLabel(pc, view.island), cell: cellName(cell) }),
            activate: (event) => {
              picks.selected = picks.selected === cell ? null : cell;
              if (event?.type === "keydown") ui.board.redraw(picks.selected === null ? `[data-select="${cell}"]` : ".target.legal[data-kind='move']");
              else ui.board.redraw();
            },
          }),
        );
      } else {
        g.append(cellTarget(cell, { code: moves[0].code, kind: "pick", legal: false, label: pieceLabel(pc, view.island) }));
      }
    });
    if (picks.selected != null) {
      const from = picks.selected;
      const pc = p.grid[from];
      for (const mv of movesFrom(ui, from)) {
        const ok = legal.has(mv.code);
        if (!ok && p.grid[mv.to]) continue; // the occupied cell itself explains nothing new
        g.append(
          cellTarget(mv.to, {
            code: mv.code,
            kind: "move",
            legal: ok,
            extraClass: "dest",
            label: legal.get(mv.code)?.label || t("Slide the {piece} to {cell}", { piece: pieceLabel(pc, view.island), cell: cellName(mv.to) }),
            activate: () => ui.board.send(mv.code),
          }),
        );
      }
    }
  } else if (phase === "action") {
    p.grid.forEach((pc, cell) => {
      if (!pc || pc.type !== "ship") return;
      const code = ui.board.code("supply", { cell });
      g.append(
        cellTarget(cell, {
          code,
          kind: "supply",
          legal: legal.has(code),
          label: legal.get(code)?.label || t("Supply {piece}", { piece: pieceLabel(pc, view.island) }),
          activate: () => ui.board.send(code),
        }),
      );
    });
  } else if (phase === "watch") {
    g.append(...watchTargets(ui, p, cellTarget, cellName));
  } else if (phase === "place") {
    const tok = view.pending.token;
    if (tok && tok.category === "placeholder") {
      for (const block of view.island.blocks) {
        const code = ui.board.code("place_block", { block: block.block });
        const ok = legal.has(code);
        const [cx, cy] = cellXY(block.cells[0]);
        const outline = s("rect", { class: "block-outline", x: cx + 4, y: cy + 4, width: 2 * c - 8, height: 2 * c - 8, rx: c * 0.2 });
        const handle = ok ? s("circle", { class: "block-handle", cx: cx + c, cy: cy + c, r: c * 0.22 }) : null;
        g.append(
          ui.board.target({
              code,
              kind: "place_block",
              legal: ok,
              label: legal.get(code)?.label || t("Place the {token} on {where}", { token: tok.name, where: block.name }),
              hit: { cx: cx + c, cy: cy + c, r: c * 0.3 },
              activate: () => ui.board.send(code),
            },
            outline,
            handle,
          ),
        );
      }
    } else {
      for (let cell = 0; cell < SIZE * SIZE; cell++) {
        const code = ui.board.code("place", { cell });
        const ok = legal.has(code);
        const someToken = t("token");
        if (!ok && !p.grid[cell]) continue;
        g.append(
          cellTarget(cell, {
            code,
            kind: "place",
            legal: ok,
            label: legal.get(code)?.label || t("Place the {token} on {where}", { token: tok?.name || someToken, where: cellName(cell) }),
            activate: () => ui.board.send(code),
          }),
        );
      }
    }
  }
  return g;
}

// ------------------------------------------------------------------------------ Mystic Island modules

/** The module row: Mystic Island (Module 1) and the boulder tray (Module 2); returns its bottom. */
function modulesRow(ui, layer, x, y, w) {
  const { view } = ui;
  if (view.mystic && view.boulders) {
    if (ui.narrow) {
      const y2 = mysticBoard(ui, layer, x, y, w);
      ui.board.part("mystic", t("Mystic Island"), [x, y, w, y2 - y]);
      const y3 = boulderTray(ui, layer, x, y2 + 12, w);
      ui.board.part("boulders", t("Boulder tray"), [x, y2 + 12, w, y3 - y2 - 12]);
      return y3;
    }
    const mw = Math.min(1000, w * 0.64);
    const a = mysticBoard(ui, layer, x, y, mw);
    const b = boulderTray(ui, layer, x + mw + 16, y, w - mw - 16);
    ui.board.part("mystic", t("Mystic Island"), [x, y, mw, a - y]);
    ui.board.part("boulders", t("Boulder tray"), [x + mw + 16, y, w - mw - 16, b - y]);
    return Math.max(a, b);
  }
  if (view.mystic) {
    const a = mysticBoard(ui, layer, x, y, Math.min(w, 1000));
    ui.board.part("mystic", t("Mystic Island"), [x, y, Math.min(w, 1000), a - y]);
    return a;
  }
  const b = boulderTray(ui, layer, x, y, w);
  ui.board.part("boulders", t("Boulder tray"), [x, y, w, b - y]);
  return b;
}

/** Turn a printed cell so that `turns` quarter turns counter-clockwise put the viewer's edge at the bottom. */
function turnCell(row, col, turns) {
  let r = row;
  let c = col;
  for (let k = 0; k < turns; k++) [r, c] = [SIZE - 1 - c, r];
  return [r, c];
}

function mysticBoard(ui, layer, x, y, w) {
  const { view, legal, myTurn, me } = ui;
  const board = view.mystic;
  const n = view.players.length;
  const mySeat = me !== null && me < n ? me : null;
  const turns = mySeat === null ? 0 : EDGE_INDEX[board.edges[mySeat]];
  const legendW = ui.narrow ? 0 : Math.max(300, w * 0.36);
  const c = Math.min(110, (w - legendW - 70) / SIZE);
  const gridW = SIZE * c;
  const headH = 40;
  // the statue legend beside the island (below it on a phone): one entry per tile, its owner's
  // mark in front, wrapped (never cut) to the room there
  const names = ui.snapshot.players;
  const legendX = ui.narrow ? x + 20 : x + 44 + gridW + 46;
  const fs = LEGEND_FS;
  const legend = statueLegend(board, names, x + w - legendX - 12 - LEGEND_INDENT, fs);
  const legendH = legendHeight(legend, fs);
  const h = ui.narrow ? headH + gridW + 86 + legendH : headH + Math.max(gridW + 76, legendH + 36);
  const g = s("g", { class: "mystic-island", "data-side": board.side });
  const islandTitle = board.side === "compass" ? t("Mystic Island (compass side)") : t("Mystic Island");
  g.append(
    s("rect", { x, y, width: w, height: h, rx: 14, fill: "#fff8ec", stroke: "#6b4a2b", "stroke-width": 3, filter: "url(#jf-shadow)" }),
    s("text", { x: x + 16, y: y + 27, class: "jf-title", text: islandTitle }),
    note(x, y, w, islandTitle, mySeat === null ? t("as printed") : t("your edge is at the bottom")),
  );
  const ox = x + 44;
  const oy = y + headH + 30;
  const xy = (cell) => {
    const [r, col] = turnCell(Math.floor(cell / SIZE), cell % SIZE, turns);
    return [ox + col * c, oy + r * c];
  };
  // the island: sea, sand, jungle
  g.append(
    s("rect", { x: ox - 30, y: oy - 30, width: gridW + 60, height: gridW + 60, rx: 18, fill: "url(#jf-sea)" }),
    s("rect", { x: ox - 6, y: oy - 6, width: gridW + 12, height: gridW + 12, rx: c * 0.45, fill: "url(#jf-sand)", stroke: "#d2a85a", "stroke-width": 3 }),
    s("rect", { x: ox + c * 0.5, y: oy + c * 0.5, width: gridW - c, height: gridW - c, rx: c * 0.4, fill: "url(#jf-grass)", opacity: 0.85 }),
  );
  // who sits at which edge (display edges after the turn)
  board.edges.forEach((edge, seat) => {
    const shown = (EDGE_INDEX[edge] - turns + 4) % 4;
    const whole = `${names[seat]?.name || t("Player {n}", { n: seat + 1 })}${seat === mySeat ? ` ${t("(you)")}` : ""}`;
    const label = fitText(whole, gridW - 80, 18, 700); // a long name never runs past its edge
    const mid = [ox + gridW / 2, oy + gridW + 19, ox - 19, oy + gridW / 2, ox + gridW / 2, oy - 19, ox + gridW + 19, oy + gridW / 2];
    const [tx, ty] = [mid[shown * 2], mid[shown * 2 + 1]];
    const rot = shown === 1 ? -90 : shown === 3 ? 90 : 0;
    const tw = Math.min(gridW - 20, Math.max(label.length * 11, textWidth(label, 18, 700)) + 34); // (a CJK character is wider than 11)
    g.append(
      s(
        "g",
        { class: "mystic-edge", "data-seat": seat, transform: `translate(${tx} ${ty})${rot ? ` rotate(${rot})` : ""}` },
        s("rect", { x: -tw / 2, y: -13, width: tw, height: 26, rx: 13, fill: "#fff8ec", stroke: seatStyle(seat).color, "stroke-width": 2.5 }),
        s("g", { transform: `translate(${-tw / 2 + 13} 0)` }, markerGroup(seat, 8)),
        s("text", { x: 10, y: 6, "text-anchor": "middle", "font-size": 18, "font-weight": 700, fill: "#2b1d12", text: label }),
        s("title", {}, whole),
      ),
    );
  });
  for (const info of board.cells) {
    const [cx, cy] = xy(info.cell);
    const cell = s("g", { class: ["mystic-cell", `kind-${info.kind}`], "data-cell": info.cell });
    cell.append(s("rect", { x: cx + 2, y: cy + 2, width: c - 4, height: c - 4, rx: c * 0.12, fill: "none", stroke: "#4e8a3a", "stroke-opacity": 0.55, "stroke-dasharray": "4 4" }));
    if (info.kind === "plateau") cell.append(at(cx + c / 2, cy + c / 2, 1, art.plateau(info.plateau, c)));
    else if (info.kind === "base") {
      cell.append(
        s("circle", { cx: cx + c / 2, cy: cy + c / 2, r: c * 0.32, fill: "#f6ddcc", stroke: "#6b4a2b", "stroke-width": 2 }),
        s("path", { d: `M${cx + c * 0.45} ${cy + c * 0.72} V${cy + c * 0.25} l${c * 0.22} ${c * 0.08} l${-c * 0.22} ${c * 0.08}`, stroke: "#6b4a2b", "stroke-width": 2.5, fill: "#c0392b" }),
      );
    } else if (info.kind === "compass" && board.side === "compass") cell.append(at(cx + c / 2, cy + c / 2, 1, art.compass(c)));
    else if (info.kind === "statue" && !info.statue) cell.append(s("rect", { x: cx + c * 0.14, y: cy + c * 0.14, width: c * 0.72, height: c * 0.72, rx: c * 0.1, fill: "#b8a98a", "fill-opacity": 0.35, stroke: "#5b4a32", "stroke-dasharray": "3 3" }));
    if (info.statue) {
      const tile = board.tiles[info.statue - 1];
      cell.append(ui.board.piece(`statue:${info.statue}`, cx + c / 2, cy + c / 2, art.statueTile(info.statue, c)));
      cell.append(s("title", {}, t("Statue {n}: {rule}", { n: info.statue, rule: tile.text })));
    }
    g.append(cell);
  }
  // the explorer's way to its destination when you may explore instead of collecting (under the
  // pawns: their numbers stay readable)
  const dest = view.pending?.explore;
  const exploring = dest && view.phase === "explore" && mySeat !== null && view.current_player === mySeat;
  const [tx, ty] = exploring ? xy(dest.cell) : [0, 0];
  if (exploring) {
    const [fx, fy] = xy(board.explorers[mySeat].cell);
    g.append(s("path", { class: "jf-explore-path", d: `M${fx + c / 2} ${fy + c / 2} L${tx + c / 2} ${ty + c / 2}`, stroke: "#ffd34d", "stroke-width": 5, "stroke-dasharray": "8 6", fill: "none", "marker-end": "none" }));
  }
  // explorers, side by side when they share a space; on a plateau they stand beside its points
  // (in its corners, the upper ones first when more than two), never over them
  const plateaus = new Set(board.cells.filter((cl) => cl.kind === "plateau").map((cl) => cl.cell));
  const byCell = new Map();
  for (const ex of board.explorers) byCell.set(ex.cell, [...(byCell.get(ex.cell) || []), ex]);
  for (const [cell, group] of byCell) {
    const [cx, cy] = xy(cell);
    const beside = plateaus.has(cell);
    const corners = group.length > 2 ? PLATEAU_SPOTS : PLATEAU_SPOTS.slice(2);
    group.forEach((ex, i) => {
      const pine = ex.seat === "pineapple";
      const color = pine ? "#f4d03f" : seatStyle(ex.seat).color;
      const [dx, dy] = beside ? corners[i] : [(i - (group.length - 1) / 2) * 0.24, 0.62];
      const pawn = art.explorer(color, c * (beside ? PLATEAU_PAWN : 1.15), pine ? "P" : String(ex.seat + 1));
      g.append(ui.board.piece(`explorer:${ex.seat}`, cx + c / 2 + dx * c, cy + c * dy, pawn));
    });
  }
  // its destination, the target on top
  if (exploring && myTurn) {
    const code = ui.board.code("explore");
    g.append(
      ui.board.target({
        code,
        kind: "explore",
        legal: legal.has(code),
        label: legal.get(code)?.label || t("Move your explorer here instead of collecting"),
        hit: [tx + 2, ty + 2, c - 4, c - 4, c * 0.14],
        activate: () => ui.board.send(code),
      }),
    );
  }
  // the statue legend and who collected what
  let ly = ui.narrow ? oy + gridW + 44 : y + headH + 18;
  for (const entry of legend) {
    const item = s("g", { class: ["statue-entry", entry.used && "used"], "data-tile": entry.tile }, s("title", {}, entry.full));
    if (entry.owner !== null) item.append(s("g", { transform: `translate(${legendX + 10} ${ly + fs * 0.62})` }, markerGroup(entry.owner, 9)));
    else if (entry.pineapple) item.append(at(legendX + 10, ly + fs * 0.62, 1, art.pineapple(10)));
    entry.lines.forEach((text, k) => {
      item.append(s("text", { x: legendX + LEGEND_INDENT + (k ? 12 : 0), y: ly + fs, class: ["jf-label", entry.used && "used"], "font-size": fs, text }));
      ly += fs + 4;
    });
    ly += 5;
    g.append(item);
  }
  layer.append(g);
  return y + h;
}


/** Each statue tile's legend entry: its rule wrapped to `room` units at `fs` (later lines indented),
 * who collected it (a seat, Pineapple's box) shown by a mark, and all of it in words in its tooltip. */
function statueLegend(board, names, room, fs) {
  return board.tiles.map((tile) => {
    const found = board.collected.findIndex((list) => list.includes(tile.tile));
    const owner = found >= 0 ? found : null;
    const pineapple = board.pineapple_boxed.includes(tile.tile);
    const fate = owner !== null ? ` — ${names[owner]?.name || t("Player {n}", { n: owner + 1 })}` : pineapple ? ` — ${t("Pineapple boxed it")}` : board.boxed.includes(tile.tile) ? ` — ${t("in the box")}` : "";
    const [first, ...rest] = wrapText(`${tile.tile}. ${tile.text}`, room, fs, 700);
    const lines = [first, ...(rest.length ? wrapText(rest.join(" "), room - 12, fs, 700) : [])];
    return { tile: tile.tile, full: `${tile.tile}. ${tile.text}${fate}`, lines, owner, pineapple, used: !board.cells.some((cl) => cl.statue === tile.tile) };
  });
}

function legendHeight(legend, fs) {
  return legend.reduce((sum, entry) => sum + entry.lines.length * (fs + 4) + 5, 0);
}

/** The boulder tray: one space per dealt boulder, its condition, and the boulders stacked on it. */
function boulderTray(ui, layer, x, y, w) {
  const tray = ui.view.boulders;
  const cols = ui.narrow ? 2 : tray.tray.length > 2 && w > 700 ? 4 : 2;
  const rows = Math.ceil(tray.tray.length / cols);
  const cellW = (w - 24) / cols;
  const cellH = 150;
  const h = 48 + rows * (cellH + 10) + 26;
  const g = s("g", { class: "boulder-tray" });
  g.append(
    s("rect", { x, y, width: w, height: h, rx: 14, fill: "#eef0f1", stroke: "#4d5656", "stroke-width": 3, filter: "url(#jf-shadow)" }),
    s("text", { x: x + 16, y: y + 27, class: "jf-title", text: t("Boulder tray") }),
    note(x, y, w, t("Boulder tray"), t("first of a number +{first}, later +{later}", { first: tray.first_points, later: tray.later_points })),
  );
  tray.tray.forEach((space, i) => {
    const cx = x + 12 + (i % cols) * cellW;
    const cy = y + 42 + Math.floor(i / cols) * (cellH + 10);
    const spot = s("g", { class: "tray-space", "data-boulder": space.id });
    spot.append(
      s("rect", { x: cx + 4, y: cy, width: cellW - 8, height: cellH, rx: 12, fill: "#fdfefe", stroke: "#7f8c8d", "stroke-width": 2 }),
      at(cx + cellW - 30, cy + 26, 1, art.pointsBadge(space.points, 16)),
      s("text", { x: cx + 16, y: cy + 28, class: "jf-tile-name", "font-size": 18, text: t("Boulder {id}", { id: space.id }) }),
    );
    // the condition in the size the class draws it (the CSS's font-size wins over an attribute)
    const lines = wrapText(tray.tiles[i].text, cellW - 34, 18, 700, 3);
    lines.forEach((line, k) => spot.append(s("text", { x: cx + 16, y: cy + 54 + k * 22, class: "jf-small", text: line })));
    // the boulders stacked on it, without their ids (the space says it)
    for (let k = 0; k < space.count; k++) spot.append(at(cx + cellW - 50 - k * 6, cy + cellH - 40 - k * 7, 1, wordless(art.boulder(space.id, 46))));
    if (!space.count) spot.append(s("text", { x: cx + cellW - 52, y: cy + cellH - 30, "text-anchor": "middle", class: "jf-note", text: t("empty") }));
    spot.append(s("title", {}, t("{id}: {rule}; {n} on the tray", { id: space.id, rule: tray.tiles[i].text, n: space.count })));
    g.append(spot);
  });
  layer.append(g);
  return y + h;
}

/** The whales of this island's whale-watching tokens, in the sea by their beach; in the whale
 * phase, the four sea sides are the targets for the new whale. */
function whales(ui, seat, ox, oy, c, m, mine) {
  const { view, legal, myTurn } = ui;
  const g = s("g", { class: "whales" });
  const side = (beach) => {
    const k = BEACH_SIDES[beach];
    const mid = SIZE * c / 2;
    return [
      [ox + mid + c * 0.9, oy - m * 0.35],
      [ox + SIZE * c + m * 0.35, oy + mid + c * 0.9],
      [ox + mid + c * 0.9, oy + SIZE * c + m * 0.35],
      [ox - m * 0.35, oy + mid + c * 0.9],
    ][k];
  };
  for (const whale of view.new_business.whales) {
    if (whale.owner !== seat || !whale.beach) continue;
    const [wx, wy] = side(whale.beach);
    const node = art.whale(art.WHALE_COLORS[whale.token] || "#2f6fb3", Math.max(14, c * 0.27));
    g.append(ui.board.piece(`whale:${whale.token}`, wx, wy, s("g", {}, node, s("title", {}, t("whale of {token} at the {side} beach", { token: whale.token, side: whale.beach })))));
  }
  if (mine && myTurn && view.phase === "whale") {
    for (const beach of Object.keys(BEACH_SIDES)) {
      const code = ui.board.code("whale_beach", { beach });
      const k = BEACH_SIDES[beach];
      const long = k % 2 === 0;
      const hx = k === 1 ? ox + SIZE * c - c * 0.05 : k === 3 ? ox - m - c * 0.2 : ox + c;
      const hy = k === 0 ? oy - m - c * 0.2 : k === 2 ? oy + SIZE * c - c * 0.05 : oy + c;
      g.append(
        ui.board.target({
          code,
          kind: "whale_beach",
          legal: legal.has(code),
          label: legal.get(code)?.label || t("Start the whale at your {side} beach", { side: beach }),
          hit: long ? [hx, hy, 3 * c, m + c * 0.25, 10] : [hx, hy, m + c * 0.25, 3 * c, 10],
          activate: () => ui.board.send(code),
        }),
      );
    }
  }
  return g;
}

/** Whale-watching moves: destinations straight away with one token, pick a token first with two. */
function watchTargets(ui, p, cellTarget, cellName) {
  const { snapshot, picks } = ui;
  const moves = snapshot.legal.filter((a) => a.kind === "watch");
  const tokens = [...new Set(moves.map((a) => a.token))];
  const cellOf = (id) => p.grid.findIndex((pc) => pc && pc.id === id);
  const out = [];
  let chosen = tokens.length === 1 ? tokens[0] : null;
  if (tokens.length > 1) {
    for (const id of tokens) {
      const cell = cellOf(id);
      out.push(
        cellTarget(cell, {
          code: moves.find((a) => a.token === id).code,
          select: cell,
          kind: "pick",
          legal: true,
          selected: picks.selected === cell,
          data: { token: id },
          label: t("Pick up whale watching {id}, then choose where it goes", { id }),
          activate: (event) => {
            picks.selected = picks.selected === cell ? null : cell;
            // by keyboard the focus follows the decision: to the places the token can go, or back to it
            if (event?.type === "keydown") ui.board.redraw(picks.selected === null ? `[data-select="${cell}"]` : ".target.legal[data-kind='watch']");
            else ui.board.redraw();
          },
        }),
      );
      if (picks.selected === cell) chosen = id;
    }
  }
  if (chosen) {
    for (const action of moves.filter((a) => a.token === chosen)) {
      out.push(
        cellTarget(action.cell, {
          code: action.code,
          kind: "watch",
          legal: true,
          extraClass: "dest",
          label: action.label || t("Move whale watching {id} to {cell}", { id: chosen, cell: cellName(action.cell) }),
          activate: () => ui.board.send(action.code),
        }),
      );
    }
  }
  return out;
}

/** A piece of the How to play page ("fruit:lime", "collector:lime", "ship", "token:cart", …) as a
 * small <svg> drawn with the board's art, or null for a kind this board does not draw. Pieces that
 * come in several (ships, advanced collectors, carts, markers) show the first fruits or colour;
 * points, names and ids printed on a piece are left off: the page's text gives them from the data. */
export function pieceArt(kind) {
  const fruits = Object.keys(art.FRUIT_COLORS);
  const [first, second] = fruits;
  const [colour] = Object.keys(art.ICE_COLORS);
  const c = 60; // an island cell, as the board draws its pieces
  const pictures = {
    ...Object.fromEntries(fruits.map((fruit) => [`fruit:${fruit}`, () => [art.fruit(fruit, 14), 18]])),
    ...Object.fromEntries(fruits.map((fruit) => [`collector:${fruit}`, () => [art.collector({ fruit }, c), 26]])),
    ship: () => [art.ship({ demand: { [first]: 1, [second]: 1 }, points: "" }, c), 30],
    "token:advanced-collector": () => [art.advancedCollector({ fruits: [first, second] }, c), 27],
    "token:cart": () => [art.cart(colour, c), 27],
    "token:large-venue": () => [art.largeVenue({ name: "", stars: 0, points: "" }, c / 2), 32], // (it covers 2×2 cells)
    "marker:ice-cream": () => [art.iceMarker(colour, null, 14), 19],
    "marker:milkshake": () => [art.iceMarker("milkshake", null, 14), 20],
    explorer: () => [art.explorer(seatStyle(0).color, 100), 24],
    statue: () => [art.statueTile("", c), 30],
    boulder: () => [art.boulder("", c), 28],
    whale: () => [art.whale(Object.values(art.WHALE_COLORS)[0], 18), 23],
  };
  if (!Object.hasOwn(pictures, kind)) return null;
  const [drawn, extent] = pictures[kind]();
  return pieceSvg(drawn, extent, art.defs());
}

/** The targets a hinted move is made with, in order: a slide is the token picked up, then where it
 * stops; whale watching is its token (when several may go), then its place; other moves are their
 * own target (null: the page's usual). */
export function hintTargets(action) {
  const final = `#board .target.legal[data-code="${action.code}"]`;
  if (action.kind === "move") return [`#board .target[data-select="${action.from}"]`, final];
  if (action.kind === "watch") return [`#board .target[data-select][data-token="${action.token}"]`, final];
  return null;
}
