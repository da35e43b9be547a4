// Tang Hu Lu's board renderer: the fruit stall, the supplies and one wooden board per player,
// drawn in SVG, with every legal action clickable where it happens.
//
// The renderer interface every game module follows is described in docs/web.md: render(board)
// draws board.snapshot with the board kit's pieces and targets (board-kit.js); panelStats,
// BUTTON_KINDS, CATEGORY_LABELS, TIEBREAK_LABELS and LOG_ICONS feed the page around the board.

import { at, fitText, pieceSvg, s, squeeze } from "../svg.js";
import { markerGroup, seatStyle } from "../players.js";
import * as art from "./tanghulu-art.js";
import { npt, nt, pt, t } from "../i18n.js";

export const STYLESHEET = "./tanghulu.css"; // this board's look (loaded before it draws)
export const BUTTON_KINDS = new Set(["work", "stop", "pass", "return", "pattern"]);
export const CATEGORY_LABELS = { tiles: t("Fruit stars"), sweets: t("Sweet cards"), king: t("Crystal Sugar King") };
export const TIEBREAK_LABELS = { coins: t("Coins") };

/** The fruits and the die's faces in the page's words (the view names them in English). */
const FRUIT_NAMES = { orange: pt("fruit", "orange"), apple: pt("fruit", "apple"), kiwi: pt("fruit", "kiwi"), strawberry: pt("fruit", "strawberry"), haw: pt("fruit", "haw") };
const DIE_FACES = { sugar: pt("die", "sugar"), coin: pt("die", "coin"), fruit: pt("die", "fruit") };
export const LOG_ICONS = {
  setup: "die",
  refill: "fruit",
  work: "coin",
  stop: "dot",
  pass: "dot",
  complete: "star",
  end_triggered: "crown",
  game_over: "crown",
  roll: "die",
  coins: "coin",
  drops: "drop",
  buy: "cart",
  place: "fruit",
  die_tile: "fruit",
  return: "fruit",
  garnish: "sugar",
  sweets: "card",
  sweet: "card",
  reward: "star",
  round: "turn",
  turn: "turn",
  end: "crown",
  king: "crown",
};

// Every target knows its action's code, legal or not, so that an illegal target can still show the
// engine's reason (asked of the server when shown). Codes come from the table's action space.
const STICKS = 3;
const PATTERNS = ["all-different", "all-same", "two-pairs"];
const buyCode = (ui, space, stick) => ui.board.code("buy", { space, stick });

const SPOT_GAP = 78; // vertical distance between spots on a stick
const TILE_R = 33;
const BOARD_W = 380;
const BOARD_H = 560;

// ------------------------------------------------------------------------------ panels

/** The sole leader in drops, who holds the Crystal Sugar King marker, or null on a tie. */
export function kingSeat(view) {
  const drops = view.players.map((p) => p.drops);
  const best = Math.max(...drops);
  return drops.filter((d) => d === best).length === 1 ? drops.indexOf(best) : null;
}

const sum = (list) => (list || []).reduce((a, b) => a + b, 0);

/** The printed numbers (from the game's data.toml, sent in every view). */
const values = (view) => view.values;

/** What `amount` coins really add for player `p`: the coin track stops at the cap. */
function coinGain(view, p, amount) {
  return Math.max(0, Math.min(amount, values(view).coin_cap - p.coins));
}

/** "Work for 4 coins", or how the cap cuts it: the same promise as the engine's label. */
function workText(view, p) {
  const gain = coinGain(view, p, p.income);
  if (gain === p.income) return nt("Work for {n} coin", "Work for {n} coins", p.income);
  return nt("Work for {n} coin (income {income}, {lost} lost to the {cap}-coin cap)", "Work for {n} coins (income {income}, {lost} lost to the {cap}-coin cap)", gain, {
    income: p.income,
    lost: p.income - gain,
    cap: values(view).coin_cap,
  });
}

export function panelStats(view, seat) {
  const p = view.players[seat];
  const known = Array.isArray(p.sweet_card_stars);
  const sweetStars = known ? sum(p.sweet_card_stars) : 0;
  const hiddenCards = known ? 0 : p.sweet_cards;
  const stats = [
    {
      key: "stars",
      icon: "star",
      value: `${p.tile_stars + sweetStars}${hiddenCards ? "+?" : ""}`,
      title: known
        ? t("{tiles} fruit stars + {sweets} from sweet cards", { tiles: p.tile_stars, sweets: sweetStars })
        : hiddenCards
          ? t("{tiles} fruit stars + hidden sweet cards", { tiles: p.tile_stars })
          : t("{tiles} fruit stars", { tiles: p.tile_stars }),
    },
    {
      key: "coins",
      icon: "coin",
      value: p.coins,
      title: nt("{n} coin of at most {cap}; working pays {pay}", "{n} coins of at most {cap}; working pays {pay}", p.coins, {
        cap: values(view).coin_cap,
        pay: coinGain(view, p, p.income),
      }),
    },
    { key: "drops", icon: "drop", value: p.drops, title: nt("{n} crystal sugar drop", "{n} crystal sugar drops", p.drops) },
    { key: "cards", icon: "card", value: p.sweet_cards, title: nt("{n} sweet card", "{n} sweet cards", p.sweet_cards) },
  ];
  if (kingSeat(view) === seat) {
    stats.push({ key: "king", icon: "crown", value: t("King"), title: t("Crystal Sugar King: the most drops ({stars}★)", { stars: values(view).king_stars }) });
  }
  return stats;
}

// ------------------------------------------------------------------------------ render

/** Draw board.snapshot. board.picks.selected: the store space picked for a buy (then a stick). */
export function render(board) {
  const { svg, snapshot, view, legal, narrow, picks } = board;
  const n = view.players.length;
  const me = board.seat;
  const order = board.seatOrder(); // my board first, then clockwise

  const myTurn = board.interactive && snapshot.legal.length > 0;
  const ui = { board, svg, picks, snapshot, view, legal, myTurn, me };
  if (picks.selected != null && !ownBuys(ui, picks.selected).some((a) => legal.has(a))) picks.selected = null;

  const boardsTop = narrow ? 570 : 420;
  const perRow = narrow ? 2 : n;
  const rows = Math.ceil(n / perRow);
  const width = narrow ? 800 : 1600;
  const height = boardsTop + rows * (BOARD_H + 20);
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.replaceChildren();
  svg.append(art.defs());
  svg.append(s("rect", { class: "table-top", width, height, rx: 18, fill: "url(#thl-felt)" }));
  svg.append(s("rect", { width, height, rx: 18, fill: "url(#thl-grain)" }));

  if (narrow) {
    svg.append(stall(ui, 20, 10), diePanel(ui, 580, 10), bagPanel(ui, 640, 215));
    svg.append(patternsPanel(ui, 10, 410, 120), deckPanel(ui, 410, 405, 120), dropsPanel(ui, 535, 405, 120), kingPanel(ui, 660, 405, 120));
  } else {
    svg.append(diePanel(ui, 40, 20), bagPanel(ui, 320, 40), patternsPanel(ui, 24, 240, 146));
    svg.append(stall(ui, 520, 12));
    svg.append(deckPanel(ui, 1100, 30, 140), dropsPanel(ui, 1250, 30, 140), kingPanel(ui, 1400, 30, 140), roundPlaque(ui, 1140, 250));
  }
  const boardsLeft = narrow ? 10 : (width - (n * BOARD_W + (n - 1) * 20)) / 2;
  const places = order.map((seat, i) => [boardsLeft + (i % perRow) * (BOARD_W + 20), boardsTop + Math.floor(i / perRow) * (BOARD_H + 20)]);
  order.forEach((seat, i) => svg.append(playerBoard(ui, seat, ...places[i])));
  // the parts of the table, shown one by one where the window is too small for the whole
  const seated = me !== null && me < n;
  const right = Math.max(...places.map(([x]) => x)) + BOARD_W;
  const bottom = Math.max(...places.map(([, y]) => y)) + BOARD_H;
  board.part("store", t("Fruit store"), [0, 0, width, boardsTop - 10]);
  if (seated) board.part("sticks", t("Your sticks"), [...places[0], BOARD_W, BOARD_H], { mine: true });
  const others = seated ? places.slice(1) : places;
  if (others.length) {
    const left = Math.min(...others.map(([x]) => x));
    const top = Math.min(...others.map(([, y]) => y));
    board.part("rivals", seated ? t("Rivals") : t("Players"), [left, top, right - left, bottom - top]);
  }
}

// ------------------------------------------------------------------------------ targets

function ownBuys(ui, space) {
  return [...Array(STICKS).keys()].map((stick) => buyCode(ui, space, stick));
}

// ------------------------------------------------------------------------------ the fruit stall

function stall(ui, x, y) {
  const { view } = ui;
  const g = s("g", { class: "stall" });
  // posts and counter
  g.append(
    s("rect", { x: x + 8, y: y + 40, width: 22, height: 345, rx: 4, fill: "url(#thl-dark-wood)" }),
    s("rect", { x: x + 530, y: y + 40, width: 22, height: 345, rx: 4, fill: "url(#thl-dark-wood)" }),
    s("rect", {
      x: x + 20,
      y: y + 80,
      width: 520,
      height: 300,
      rx: 10,
      fill: "url(#thl-wood)",
      stroke: "#6b4a2b",
      "stroke-width": 4,
      filter: "url(#thl-shadow)",
    }),
    s("rect", { x: x + 20, y: y + 80, width: 520, height: 300, rx: 10, fill: "url(#thl-grain)" }),
  );
  // striped awning with a scalloped edge
  const stripes = s("g", {});
  for (let i = 0; i < 14; i++) {
    stripes.append(
      s("rect", { x: x + i * 40, y, width: 40, height: 56, fill: i % 2 ? "#fff4e0" : "#d63b3b" }),
      s("path", {
        d: `M${x + i * 40} ${y + 56} a20 16 0 0 0 40 0 Z`,
        fill: i % 2 ? "#fff4e0" : "#d63b3b",
      }),
    );
  }
  g.append(
    stripes,
    s("rect", { x, y, width: 560, height: 56, fill: "none", stroke: "#8f2323", "stroke-width": 3, rx: 4 }),
    s("text", {
      x: x + 280,
      y: y + 38,
      "text-anchor": "middle",
      class: "sign",
      text: t("Fruit Store"),
    }),
  );
  // the four spaces S1–S4, two rows of two
  view.store.forEach((tileInfo, space) => {
    const cx = x + 105 + (space % 2) * 150;
    const cy = y + 160 + Math.floor(space / 2) * 140;
    g.append(storeSpace(ui, space, tileInfo, cx, cy));
  });
  g.append(till(ui, x + 395, y + 100));
  return g;
}

function storeSpace(ui, space, tileInfo, cx, cy) {
  const { view, legal, myTurn, picks } = ui;
  const name = view.store_spaces[space];
  const crate = s(
    "g",
    {},
    s("rect", {
      x: cx - 62,
      y: cy - 62,
      width: 124,
      height: 124,
      rx: 8,
      fill: "#d8ae73",
      stroke: "#6b4a2b",
      "stroke-width": 3,
    }),
    s("path", {
      d: `M${cx - 62} ${cy - 21} h124 M${cx - 62} ${cy + 21} h124`,
      stroke: "#8a6a3a",
      "stroke-opacity": 0.45,
      "stroke-width": 2,
    }),
    s("text", { x: cx - 54, y: cy - 46, class: "space-label", text: name }),
  );
  if (!tileInfo) {
    return s("g", { class: "store-space empty" }, crate, at(cx, cy + 4, 1.5, art.moneyBag()));
  }
  const picture = ui.board.piece(`tile:${tileInfo.id}`, cx, cy, art.tile(tileInfo, 48));
  const shopping = view.phase === "action" || view.phase === "shop";
  if (!myTurn) return s("g", { class: "store-space" }, crate, picture);
  const buys = ownBuys(ui, space).filter((code) => legal.has(code));
  const fruit = FRUIT_NAMES[tileInfo.fruit] || tileInfo.fruit;
  const node = ui.board.target({
      code: buyCode(ui, space, 0),
      select: shopping ? space : undefined,
      legal: shopping && buys.length > 0,
      selected: picks.selected === space,
      label: nt("Pick the {fruit} ({stars}★) in {space} for {n} coin, then a stick", "Pick the {fruit} ({stars}★) in {space} for {n} coins, then a stick", view.price, {
        fruit,
        stars: tileInfo.stars,
        space: name,
      }),
      hit: [cx - 60, cy - 60, 120, 120, 10],
      activate: () => {
        picks.selected = picks.selected === space ? null : space;
        // a local choice, not a new move; the decision goes on at the sticks (focus follows it)
        ui.board.redraw(picks.selected === null ? `.target[data-select="${space}"]` : ".target.legal[data-stick]");
      },
    },
    crate,
    picture,
  );
  if (shopping && buys.length) enableDrag(ui, node, space, tileInfo);
  return s("g", { class: "store-space" }, node);
}

function till(ui, x, y) {
  const { view } = ui;
  const showing = view.store.reduce((acc, tile, i) => acc + (tile ? 0 : view.money_bags[i]), 0);
  const note = npt("money bag", "{till} + {n} bag", "{till} + {n} bags", showing, { till: values(view).till });
  return s(
    "g",
    { class: "till", role: "img", "aria-label": nt("Price of the next tile: {n} coin", "Price of the next tile: {n} coins", view.price) },
    s("rect", { x, y: y + 40, width: 120, height: 130, rx: 10, fill: "#5b6b7a", stroke: "#2e3842", "stroke-width": 3 }),
    s("rect", { x: x + 14, y, width: 92, height: 56, rx: 6, fill: "#1f2a1f", stroke: "#2e3842", "stroke-width": 3 }),
    s("text", { x: x + 60, y: y + 44, "text-anchor": "middle", class: "till-price", text: view.price }),
    s("text", { x: x + 60, y: y + 78, "text-anchor": "middle", class: "till-label", text: t("PRICE") }),
    s("text", {
      x: x + 60,
      y: y + 100,
      "text-anchor": "middle",
      class: "till-note",
      text: note,
      ...squeeze(note, 108, 19),
    }),
    [0, 1, 2].map((i) =>
      s("rect", { x: x + 18 + i * 30, y: y + 118, width: 24, height: 14, rx: 3, fill: "#d9d4c7", stroke: "#2e3842" }),
    ),
    s("rect", { x: x - 6, y: y + 170, width: 132, height: 16, rx: 4, fill: "#3e4a55" }),
  );
}

function enableDrag(ui, node, space, tileInfo) {
  node.addEventListener("pointerdown", (event) => {
    if (event.button !== 0) return;
    const start = { x: event.clientX, y: event.clientY };
    let moved = false;
    let ghost = null;
    const toSvg = (e) => {
      const p = ui.svg.createSVGPoint();
      p.x = e.clientX;
      p.y = e.clientY;
      return p.matrixTransform(ui.svg.getScreenCTM().inverse());
    };
    const move = (e) => {
      if (!moved && Math.hypot(e.clientX - start.x, e.clientY - start.y) < 8) return;
      moved = true;
      ui.board.holdClicks = true; // the click that ends the drag is not a click on a target
      if (!ghost) {
        ghost = s("g", { class: "drag-ghost", "pointer-events": "none" }, art.tile(tileInfo, 40));
        ui.svg.append(ghost);
        ui.board.picks.selected = space;
      }
      const p = toSvg(e);
      ghost.setAttribute("transform", `translate(${p.x} ${p.y})`);
    };
    const up = (e) => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      ghost?.remove();
      setTimeout(() => (ui.board.holdClicks = false), 0); // after the click that follows the drop
      if (!moved) return;
      const under = document.elementFromPoint(e.clientX, e.clientY)?.closest("[data-stick]");
      if (!under) {
        ui.board.redraw(".target.selected");
        return;
      }
      const code = buyCode(ui, space, Number(under.dataset.stick));
      if (ui.legal.has(code)) ui.board.send(code);
      else ui.board.hint(ui.board.reason(code) || t("not possible now"), under, true);
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
  });
}

// ------------------------------------------------------------------------------ supplies

/**
 * A label of one or more lines (a translation longer than the room the drawing has may break with
 * "\n": "Würfel-\nplättchen"), each line squeezed into `width`; `centred` keeps the lines around `y`.
 */
function label(text, attrs, width, fontSize, weight, centred = false) {
  const lines = text.split("\n");
  const first = centred && lines.length > 1 ? `${-0.52 * (lines.length - 1)}em` : 0;
  const spans = lines.map((line, i) => s("tspan", { x: attrs.x, dy: i ? "1.05em" : first, text: line, ...squeeze(line, width, fontSize, weight) }));
  return s("text", attrs, spans);
}

function panelBox(x, y, w, h, title) {
  return s(
    "g",
    {},
    s("rect", { x, y, width: w, height: h, rx: 14, fill: "#000", "fill-opacity": 0.16 }),
    title && s("text", { x: x + w / 2, y: y + 22, "text-anchor": "middle", class: ["zone-label", w < 140 && "tight"], text: title, ...squeeze(title, w - 8, w < 140 ? 16 : 19, 700) }),
  );
}

function diePanel(ui, x, y) {
  const { view } = ui;
  const g = s("g", { class: "die-panel" }, panelBox(x, y, 210, 180, t("Die")));
  const dieNode = ui.board.piece("die", x + 55, y + 95, art.die(view.die, 72), { sig: `${view.die}:${view.roller}:${view.round}` });
  dieNode.setAttribute("role", "img"); // (a label needs a role: the die is a picture with words)
  dieNode.setAttribute("aria-label", view.die ? t("The die shows {face}", { face: DIE_FACES[view.die] || view.die }) : t("The die has not been rolled"));
  g.append(dieNode);
  g.append(s("circle", { cx: x + 150, cy: y + 95, r: 42, class: "slot" }));
  if (view.die_tile) {
    g.append(ui.board.piece(`tile:${view.die_tile.id}`, x + 150, y + 95, art.tile(view.die_tile, 40)));
  } else {
    g.append(label(t("die tile"), { x: x + 150, y: y + 100, "text-anchor": "middle", class: "slot-label" }, 80, 19, 400, true));
  }
  const who = view.roller !== null && view.roller !== undefined ? view.roller : null;
  if (who !== null) {
    g.append(s("g", { transform: `translate(${x + 20} ${y + 160})` }, markerGroup(who, 9)));
    g.append(s("text", { x: x + 34, y: y + 165, class: "small-label", text: t("rolled"), ...squeeze(t("rolled"), 170, 19) }));
  }
  return g;
}

function bagPanel(ui, x, y) {
  const { view, myTurn, legal } = ui;
  const picture = s(
    "g",
    {},
    at(x + 60, y + 60, 1, art.tileBag()),
    s("text", { x: x + 60, y: y + 72, "text-anchor": "middle", class: "bag-count", text: view.bag.size }),
    label(t("tiles in bag"), { x: x + 60, y: y + 130, "text-anchor": "middle", class: "zone-label" }, 116, 19, 700),
  );
  if (!myTurn) return s("g", { class: "bag" }, picture);
  return ui.board.target({
      code: ui.board.code("return"),
      legal: legal.has(ui.board.code("return")),
      label: legal.get(ui.board.code("return"))?.label || t("Put the die's tile back in the bag"),
      hit: [x + 5, y, 110, 140, 14],
      activate: () => ui.board.send(ui.board.code("return")),
    },
    picture,
  );
}

const PATTERN_ART = {
  "all-different": ["orange", "apple", "kiwi", "strawberry"],
  "all-same": ["kiwi", "kiwi", "kiwi", "kiwi"],
  "two-pairs": ["orange", "orange", "strawberry", "strawberry"],
};
/** The icons and amounts each pattern pays, read from the view's component values. */
function patternReward(view, name) {
  const reward = values(view).rewards[name];
  const out = [];
  if (reward.coins) out.push(["coin", `+${reward.coins}`]);
  if (reward.sweet_cards) out.push(["card", `${reward.sweet_cards}`]);
  if (reward.drops) out.push(["drop", `${reward.drops}`]);
  return out;
}
const PATTERN_TITLE = { "all-different": t("all different"), "all-same": t("all the same"), "two-pairs": t("two pairs") };

function patternsPanel(ui, x, y, w) {
  const { view, myTurn, legal } = ui;
  const g = s("g", { class: "patterns" });
  const choice = view.pattern_choice;
  PATTERNS.forEach((name, i) => {
    const cx = x + i * (w + 8);
    const card = s(
      "g",
      {},
      s("rect", { x: cx, y, width: w, height: 140, rx: 10, fill: "#fff6e8", stroke: "#8a6a3a", "stroke-width": 2.5 }),
      s("text", { x: cx + w / 2, y: y + 22, "text-anchor": "middle", class: "card-title", text: PATTERN_TITLE[name], ...squeeze(PATTERN_TITLE[name], w - 10, 19) }),
      PATTERN_ART[name].map((fruit, k) =>
        at(cx + w / 2 - 38.25 + k * 25.5, y + 48, 0.34, art.tile({ fruit, stars: 0, pink: false }, 34)),
      ),
      s("path", { d: `M${cx + 12} ${y + 75} h${w - 24}`, stroke: "#d8c6a4", "stroke-width": 2 }),
      patternReward(view, name).map(([what, amount], k, all) => {
        const rx = cx + w / 2 + (k - (all.length - 1) / 2) * 50;
        const iconNode =
          what === "coin" ? art.coin(11, "") : what === "drop" ? art.drop(12) : at(-11, -16, 0.55, art.cardBack());
        return s(
          "g",
          {},
          at(rx - 10, y + 104, 1, iconNode),
          s("text", { x: rx + 6, y: y + 111, class: "reward-text", text: amount }),
        );
      }),
    );
    const code = ui.board.code("pattern", { pattern: name });
    if (!myTurn) {
      g.append(card);
      return;
    }
    const isLegal = legal.has(code);
    g.append(
      ui.board.target({
          code,
          legal: isLegal,
          label: legal.get(code)?.label || t("Pattern: {pattern}", { pattern: PATTERN_TITLE[name] }),
          hit: [cx - 4, y - 4, w + 8, 148, 12],
          activate: () => ui.board.send(code),
        },
        card,
      ),
    );
  });
  if (choice) {
    g.append(
      s("text", {
        x: x + (3 * w + 16) / 2,
        y: y + 164,
        "text-anchor": "middle",
        class: "zone-label",
        text: t("pattern for stick {stick}", { stick: choice.stick + 1 }),
      }),
    );
  }
  return g;
}

function deckPanel(ui, x, y, w) {
  const { view } = ui;
  const g = s("g", { class: "deck" }, panelBox(x, y, w, 160, t("Sweet cards")));
  const layers = Math.min(5, view.sweet_deck);
  for (let i = 0; i < layers; i++) g.append(at(x + w / 2 - 24 - i * 2, y + 42 - i * 2, 1, art.cardBack(52, 74)));
  if (!view.sweet_deck) g.append(s("rect", { x: x + w / 2 - 26, y: y + 40, width: 52, height: 74, rx: 5, class: "slot" }));
  g.append(s("text", { x: x + w / 2, y: y + 146, "text-anchor": "middle", class: "count", text: view.sweet_deck }));
  return g;
}

function dropsPanel(ui, x, y, w) {
  const { view } = ui;
  const g = s("g", { class: "drop-stock" }, panelBox(x, y, w, 160, t("Drops")));
  const shown = Math.min(9, view.drop_stock);
  for (let i = 0; i < shown; i++) {
    g.append(at(x + w / 2 - 24 + (i % 3) * 24 + (Math.floor(i / 3) % 2) * 8, y + 54 + Math.floor(i / 3) * 22, 1, art.drop(11)));
  }
  g.append(s("text", { x: x + w / 2, y: y + 146, "text-anchor": "middle", class: "count", text: view.drop_stock }));
  return g;
}

function kingPanel(ui, x, y, w) {
  const { view } = ui;
  const g = s("g", { class: "king-panel" }, panelBox(x, y, w, 160, t("Sugar King")));
  if (kingSeat(view) === null) {
    g.append(ui.board.piece("king", x + w / 2, y + 80, art.crown(1.3)));
    g.append(s("text", { x: x + w / 2, y: y + 146, "text-anchor": "middle", class: "small-label", text: t("tied: nobody"), ...squeeze(t("tied: nobody"), w - 10, 19) }));
  } else {
    g.append(s("text", { x: x + w / 2, y: y + 90, "text-anchor": "middle", class: "small-label", text: t("most drops:"), ...squeeze(t("most drops:"), w - 10, 19) }));
    g.append(s("g", { transform: `translate(${x + w / 2} ${y + 120})` }, markerGroup(kingSeat(view), 14)));
  }
  return g;
}

function roundPlaque(ui, x, y) {
  const { view } = ui;
  const first = ui.snapshot.players[view.first_player]?.name || "";
  return s(
    "g",
    { class: "round-plaque" },
    s("rect", { x, y, width: 400, height: 90, rx: 12, fill: "url(#thl-wood)", stroke: "#6b4a2b", "stroke-width": 3 }),
    s("text", { x: x + 200, y: y + 38, "text-anchor": "middle", class: "plaque-big", text: t("Round {n}", { n: view.round }) }),
    s(
      "text",
      { x: x + 200, y: y + 70, "text-anchor": "middle", class: view.end_triggered ? "plaque-alert" : "plaque-small" },
      view.end_triggered ? t("Final round: a board is full!") : t("{name} starts each round", { name: fitText(first, 190, 19, 400) }),
      s("title", {}, t("{name} starts each round", { name: first })),
    ),
  );
}

// ------------------------------------------------------------------------------ player boards

function playerBoard(ui, seat, x, y) {
  const { view, snapshot, me, myTurn, legal, picks } = ui;
  const p = view.players[seat];
  const st = seatStyle(seat);
  const mine = seat === me;
  const acting = view.current_player === seat && view.phase !== "over";
  const name = snapshot.players[seat]?.name || t("Player {n}", { n: seat + 1 });
  const g = s("g", { class: ["player-board", mine && "mine", acting && "acting"], "data-seat": seat });
  g.append(
    s("rect", {
      x,
      y,
      width: BOARD_W,
      height: BOARD_H,
      rx: 16,
      fill: "url(#thl-wood)",
      stroke: acting ? "#ffe27a" : st.color,
      "stroke-width": acting ? 7 : 5,
      filter: "url(#thl-shadow)",
    }),
    s("rect", { x, y, width: BOARD_W, height: BOARD_H, rx: 16, fill: "url(#thl-grain)" }),
    s("path", { d: `M${x} ${y + 16} a16 16 0 0 1 16 -16 h${BOARD_W - 32} a16 16 0 0 1 16 16 v30 h${-BOARD_W} Z`, fill: st.color }),
    s("g", { transform: `translate(${x + 24} ${y + 24})` }, markerGroup(seat, 14)),
    s("text", { x: x + 46, y: y + 32, class: "board-name", fill: st.ink }, fitText(mine ? `${name} ${t("(you)")}` : name, BOARD_W - 46 - (acting ? 116 : 14), 20), s("title", {}, name)),
  );
  if (acting) g.append(s("text", { x: x + BOARD_W - 14, y: y + 32, "text-anchor": "end", class: "board-turn", fill: st.ink, text: `▶ ${t("to act")}` }));
  if (kingSeat(view) === seat) g.append(ui.board.piece("king", x + BOARD_W - 22, y + 76, art.crown(0.7)));

  // three skewers, filled bottom-up
  const phase = view.phase;
  p.sticks.forEach((stick, j) => {
    const sx = x + 72 + j * 118;
    const bottom = y + 400;
    const stickArt = s(
      "g",
      {},
      s("path", {
        d: `M${sx - 4} ${bottom + 52} V${bottom - 3 * SPOT_GAP - 50} L${sx} ${bottom - 3 * SPOT_GAP - 66} L${sx + 4} ${bottom - 3 * SPOT_GAP - 50} V${bottom + 52} Z`,
        fill: "#e9d3a6",
        stroke: "#8a6a3a",
        "stroke-width": 1.5,
      }),
      s("rect", { x: sx - 7, y: bottom + 40, width: 14, height: 16, rx: 4, fill: "#b08a5a" }),
    );
    const spots = [];
    for (let k = 0; k < view.coin_icons.length; k++) {
      const cy = bottom - k * SPOT_GAP;
      const tileInfo = stick.tiles[k];
      if (tileInfo) {
        spots.push(ui.board.piece(`tile:${tileInfo.id}`, sx, cy, art.tile(tileInfo, TILE_R), { sig: tileInfo.pink ? "pink" : "" }));
      } else {
        spots.push(s("circle", { cx: sx, cy, r: TILE_R - 3, class: "spot" }));
        const icons = view.coin_icons[k];
        if (icons > 0) {
          spots.push(at(sx, cy, 1, art.coin(18)));
          if (icons > 1) spots.push(s("text", { x: sx + 16, y: cy + 26, class: "spot-number", text: `×${icons}` }));
        }
        else spots.push(s("text", { x: sx, y: cy + 6, "text-anchor": "middle", class: "spot-number", text: k + 1 }));
      }
    }
    if (stick.complete) {
      spots.push(
        s("text", {
          x: sx,
          y: bottom - 3 * SPOT_GAP - 44,
          "text-anchor": "middle",
          class: stick.garnished ? "stick-tag garnished" : "stick-tag",
          text: stick.garnished ? t("sugared") : t("done"),
        }),
      );
    }
    const picture = s("g", { class: "stick" }, stickArt, spots);
    if (!(mine && myTurn)) {
      g.append(picture);
      return;
    }
    let code = null;
    let reason = null;
    let verb = "";
    if (phase === "die_tile") [code, verb] = [ui.board.code("place", { stick: j }), t("Put the die tile on stick {stick}", { stick: j + 1 })];
    else if (phase === "garnish") [code, verb] = [ui.board.code("garnish", { stick: j }), t("Garnish stick {stick}", { stick: j + 1 })];
    else if ((phase === "action" || phase === "shop") && picks.selected != null) {
      code = buyCode(ui, picks.selected, j);
      verb = t("Put the bought tile on stick {stick}", { stick: j + 1 });
    } else if (phase === "action" || phase === "shop") reason = t("Pick a tile in the store first, then this stick");
    else reason = t("Choose a pattern on the stall first");
    const isLegal = code !== null && legal.has(code);
    g.append(
      ui.board.target({
          code,
          data: { stick: j },
          legal: isLegal,
          label: (isLegal && legal.get(code).label) || verb || t("Stick {stick}", { stick: j + 1 }),
          reason,
          hit: [sx - 50, bottom - 3 * SPOT_GAP - 76, 100, 3 * SPOT_GAP + 136, 18],
          activate: () => ui.board.send(code),
        },
        picture,
      ),
    );
  });

  // coin track 0 to the cap: clicking it (your board, your turn) means Work
  const trackY = y + 488;
  const track = s("g", { class: "coin-track" });
  const cap = values(view).coin_cap;
  const step = Math.min(36, (BOARD_W - 56) / Math.max(1, cap));
  for (let v = 0; v <= cap; v++) {
    const cx = x + 28 + v * step;
    track.append(
      s("circle", { cx, cy: trackY, r: Math.min(17, step / 2 - 1), class: "track-cell" }),
      s("text", { x: cx, y: trackY + 6.5, "text-anchor": "middle", class: "track-number", text: v }),
    );
  }
  track.append(
    ui.board.piece(`coins:${seat}`, x + 28 + p.coins * step, trackY, s("g", {}, s("circle", { r: 17, class: "track-marker", stroke: st.color }), markerGroup(seat, 9)), { sig: `${p.coins}` }),
  );
  const workLegal = mine && myTurn && legal.has(ui.board.code("work"));
  if (mine && myTurn) {
    g.append(
      ui.board.target({
          code: ui.board.code("work"),
          legal: workLegal,
          label: legal.get(ui.board.code("work"))?.label || workText(view, p),
          hit: [x + 8, trackY - 22, BOARD_W - 16, 44, 22],
          activate: () => ui.board.send(ui.board.code("work")),
        },
        track,
      ),
    );
  } else g.append(track);

  // drops, income and sweet cards along the bottom edge
  const rowY = y + 530;
  const drops = s("g", { class: "board-drops", role: "img", "aria-label": nt("{n} drop", "{n} drops", p.drops) });
  for (let i = 0; i < Math.min(p.drops, 6); i++) drops.append(at(x + 22 + i * 14, rowY, 1, art.drop(10)));
  drops.append(s("text", { x: x + 30 + Math.min(p.drops, 6) * 14, y: rowY + 6, class: "board-count", text: `${p.drops}` }));
  g.append(drops);
  const work = t("work +{pay}", { pay: coinGain(view, p, p.income) });
  g.append(s("text", { x: x + 180, y: rowY + 6, "text-anchor": "middle", class: "board-small", text: work, ...squeeze(work, 84, 19, 700) }));
  const cards = s("g", { class: "board-cards", role: "img", "aria-label": nt("{n} sweet card", "{n} sweet cards", p.sweet_cards) });
  const faces = Array.isArray(p.sweet_card_stars) ? p.sweet_card_stars : null;
  const shown = Math.min(p.sweet_cards, 5);
  for (let i = 0; i < shown; i++) {
    const cx = x + 226 + i * 16;
    const card = faces ? art.cardFace(faces[i], 30, 42) : art.cardBack(30, 42);
    cards.append(at(cx, rowY - 24, 1, card));
  }
  cards.append(s("text", { x: x + 366, y: rowY + 6, "text-anchor": "end", class: "board-count", text: `×${p.sweet_cards}` }));
  g.append(cards);
  return g;
}

/** A piece for the How to play page ("tile:kiwi", "die:sugar", "drop", "marker:king",
 * "card:sweet"), drawn by the board's own art; null for a kind this board does not draw. */
export function pieceArt(kind) {
  const [what, which] = kind.split(":");
  const pictures = {
    tile: () => [art.tile({ fruit: which, stars: 0 }), 36],
    drop: () => [art.drop(14), 18],
    die: () => [art.die(which, 56), 34], // (the fruit face's leaf reaches past the die)
    marker: () => [art.crown(1.3), 32],
    card: () => [at(-20, -29, 1, art.cardFace(2, 40, 58)), 31], // (a card is drawn from its corner)
  };
  const known = {
    tile: Object.keys(art.FRUIT_NAMES),
    drop: [undefined],
    die: ["sugar", "coin", "fruit"],
    marker: ["king"],
    card: ["sweet"],
  };
  if (!Object.hasOwn(known, what) || !known[what].includes(which)) return null; // a kind this board does not draw
  const [drawn, extent] = pictures[what]();
  return pieceSvg(drawn, extent, art.defs());
}

/** The targets a hinted move is made with, in order: a purchase is the store tile, then the
 * stick (two clicks); other moves are their own target (null: the page's usual). */
export function hintTargets(action) {
  if (action.kind !== "buy") return null;
  return [`#board .target[data-select="${action.space}"]`, `#board .target[data-stick="${action.stick}"]`];
}
