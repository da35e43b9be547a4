// Fabled Fruit's board renderer: the display of location stacks with the animals and the thief in
// front of them, the big stack, draw stack, discard pile, market, fruit-mix supply and token pool,
// what the current action reveals, every player's hand (yours face up, the others' as backs with a
// count), their fabled juices and tokens — drawn as a card table in SVG.
//
// The renderer interface of docs/web.md: render(board) with the board kit (board-kit.js),
// panelStats(view, seat), BUTTON_KINDS, CATEGORY_LABELS, TIEBREAK_LABELS, LOG_ICONS.
//
// Where actions happen:
//   move N / thief N            click the location stack
//   act, buy                    the Act / Buy pills on your stack (also status-line buttons)
//   give/discard/put/pay card   click the card kind in your hand
//   pay wild / pay X token      click your wild token / fruit token
//   take card                   click the card in the market, discard pile, revealed row,
//                               fruit-mix supply or the peeked hand
//   player k                    click that player's area (also a status-line button)
//   name fruit                  click the fruit in the "Name a fruit" row
//   skip, reveal, stop, done, keep, redraw, double, wild, extra turn, end turn: status-line buttons
//
// The Lime expansion (view.lime):
//   take lime (#15L)            click the lime pile
//   save / offer card           click the card kind in your hand (#6L, #11L)
//   pay saved card              click your saved fruit (under your animal token)
//   accept k (#11L)             click that player's offer in the offer round; refuse: a button
//   gamble k (#12L)             click your k-th gambling token (also status-line buttons)
//   return N / juice N (#13L)   click your fabled juice / the location stack; decline: a button
//   thief N (twice, #17L)       click the location stacks
//
// Card actions (give/discard/put/take/pay) are found by their text, which names the card kind
// (board.byText: the action index's lookup by text).

import { at, fitText, pieceSvg, s, squeeze, textWidth } from "../svg.js";
import { nt, pt, t } from "../i18n.js";
import { markerGroup, seatStyle } from "../players.js";
import * as art from "./fabledfruit-art.js";

export const STYLESHEET = "./fabledfruit.css"; // this board's look (loaded before it draws)
export const BUTTON_KINDS = new Set([
  "act",
  "buy",
  "skip",
  "reveal",
  "stop",
  "done",
  "keep",
  "redraw",
  "double",
  "wild",
  "extra_turn",
  "end_turn",
  "player",
  "refuse",
  "decline",
  "gamble",
]);
export const CATEGORY_LABELS = { juices: t("Fabled juices") };
export const TIEBREAK_LABELS = { "fruits in hand": t("Fruits in hand") };
export const LOG_ICONS = {
  setup: "die",
  round: "turn",
  turn: "turn",
  draw: "card",
  reshuffle: "die",
  move: "turn",
  thief_pay: "card",
  give: "card",
  unpaid: "dot",
  act: "turn",
  declare_buy: "drop",
  buy: "drop",
  refill: "card",
  stack_gone: "card",
  component: "star",
  market_refill: "fruit",
  end_triggered: "crown",
  game_over: "crown",
  extra_turn: "turn",
  signpost: "star",
  name: "fruit",
  thief: "crown",
  target: "eye",
  discard: "card",
  discarded: "card",
  put: "fruit",
  take: "fruit",
  steal: "card",
  reveal: "card",
  take_revealed: "fruit",
  bust: "die",
  peek: "card",
  look: "card",
  fruit_token: "fruit",
  token: "coin",
  tokens_returned: "coin",
  reveal_hand: "card",
  take_lime: "fruit",
  coat: "star",
  coat_taken: "star",
  save: "card",
  no_save: "card",
  offer_limes: "fruit",
  offer: "card",
  offer_done: "card",
  accept: "fruit",
  refuse: "fruit",
  offer_back: "card",
  lime_pass: "dot",
  gamble: "die",
  gamble_failed: "die",
  return_juice: "drop",
  trade_juice: "drop",
  decline: "dot",
  hand_limit: "card",
};

const CARD_VERBS = ["give", "discard", "put", "pay", "save", "offer"];
const LIME_OFFSET = 59;
/** A location's printed number: 7, or "1L" for the Lime cards (engine ids 60–79). */
const label = (loc) => (loc > LIME_OFFSET ? `${loc - LIME_OFFSET}L` : String(loc));
/** The fruits as the language names them (the view names them in English: they are its codes). */
const FRUIT_NAMES = {
  pineapple: pt("fruit", "pineapple"),
  banana: pt("fruit", "banana"),
  strawberry: pt("fruit", "strawberry"),
  coconut: pt("fruit", "coconut"),
  grapes: pt("fruit", "grapes"),
  lime: pt("fruit", "lime"),
};
/** A fruit card's kind in words: "banana", a fruit-mix card's "pineapple/banana". */
const fruitName = (kind) => String(kind).split("/").map((fruit) => FRUIT_NAMES[fruit] ?? fruit).join("/");
/** What a click on a card of this kind in a row does (the verb of its action text), in words. */
const CARD_LABELS = {
  give: (fruit) => t("Give a {fruit} card", { fruit }),
  discard: (fruit) => t("Discard a {fruit} card", { fruit }),
  put: (fruit) => t("Put a {fruit} card on the market", { fruit }),
  pay: (fruit) => t("Pay with a {fruit} card", { fruit }),
  save: (fruit) => t("Save a {fruit} card", { fruit }),
  offer: (fruit) => t("Offer a {fruit} card", { fruit }),
  take: (fruit) => t("Take a {fruit} card", { fruit }),
};

// ------------------------------------------------------------------------------ panels

const total = (obj) => Object.values(obj || {}).reduce((a, b) => a + b, 0);

export function panelStats(view, seat) {
  const p = view.players[seat];
  const tokens = p.fruit_tokens.length + p.wild + p.double + (p.gambling || 0) + (p.coat ? 1 : 0);
  const tokenWords = [
    p.fruit_tokens.length ? t("fruit tokens: {fruits}", { fruits: p.fruit_tokens.map(fruitName).join(", ") }) : null,
    p.wild ? nt("{n} wild token", "{n} wild tokens", p.wild) : null,
    p.double ? nt("{n} double turn token", "{n} double turn tokens", p.double) : null,
    p.gambling ? nt("{n} gambling token", "{n} gambling tokens", p.gambling) : null,
    p.coat ? t("the camouflage coat") : null,
  ].filter(Boolean);
  const saved = view.lime
    ? [{ key: "saved", icon: "card", value: p.saved_count, title: nt("{n} saved fruit (each pays twice)", "{n} saved fruits (each pays twice)", p.saved_count) }]
    : [];
  return [
    { key: "juices", icon: "drop", value: `${p.juices.length}/${view.target}`, title: nt("{got} of {n} fabled juice", "{got} of {n} fabled juices", view.target, { got: p.juices.length }) },
    { key: "hand", icon: "card", value: p.hand_size, title: nt("{n} fruit card in hand", "{n} fruit cards in hand", p.hand_size) },
    { key: "tokens", icon: "coin", value: tokens, title: tokenWords.length ? tokenWords.join("; ") : t("no tokens") },
    { key: "where", icon: "turn", value: p.position ? `#${label(p.position)}` : "–", title: p.position ? t("animal on #{n}", { n: label(p.position) }) : t("animal off the display") },
    ...saved,
  ];
}

// ------------------------------------------------------------------------------ render

/** Draw board.snapshot (no picks: every click plays an action). */
export function render(board) {
  const { svg, snapshot, view, narrow } = board;
  const me = board.seat;
  const legalByText = new Map(snapshot.legal.map((a) => [a.text, a]));
  const myTurn = board.interactive && snapshot.legal.length > 0;
  const decision = view.decision || { kind: null };
  const ui = { board, svg, snapshot, view, legalByText, myTurn, me, narrow, decision };
  ui.fruits = fruitTypes(view);
  ui.cardVerb = cardVerb(ui);

  const W = narrow ? 600 : 1200;
  ui.W = W;
  const layer = s("g", { class: "ff" });
  const seated = me !== null && me < view.players.length;
  const band = (id, title, from, to, mine = false) => board.part(id, title, [0, from, W, to - from], { mine });
  let y = narrow ? 10 : 14;
  const top = y;
  y = opponents(ui, layer, y);
  band("rivals", seated ? t("Rivals") : t("Players"), top, y);
  const locations = y + 6;
  y = displayArea(ui, layer, y + 12) + 8;
  band("locations", t("Locations"), locations, y);
  const tray = y; // (an offer round, a payment, revealed fruits…: a part of its own, so the locations keep their size)
  y = actionTray(ui, layer, y);
  if (y > tray) band("tray", trayTitle(ui), tray, y);
  const market = y;
  y = supplies(ui, layer, y);
  band("supplies", t("Market & juices"), market, y);
  y += 12;
  if (seated) {
    const hand = y - 6;
    y = myArea(ui, layer, y);
    band("hand", t("Your hand"), hand, y + 6, true);
    y += 12;
  }
  const height = Math.ceil(y);
  svg.setAttribute("viewBox", `0 0 ${W} ${height}`);
  svg.replaceChildren(art.defs(), s("rect", { width: W, height, rx: 18, fill: "url(#ff-felt)" }), layer);
}

/** The fruit types of this game (the view names them wherever fruit appears). */
function fruitTypes(view) {
  const names = new Set(Object.keys(art.FRUITS).filter((name) => view.lime || name !== "lime"));
  const add = (name) => name && !name.includes("/") && names.add(name);
  Object.keys(view.fruit_tokens || {}).forEach(add);
  Object.keys(view.market || {}).forEach(add);
  Object.keys(view.discard || {}).forEach(add);
  view.players.forEach((p) => Object.keys(p.hand || {}).forEach(add));
  return [...names];
}

/** Which verb a click on a card in your hand means now (give, discard, put, pay), or null. */
function cardVerb(ui) {
  for (const text of ui.legalByText.keys()) {
    const verb = text.split(" ")[0];
    if (CARD_VERBS.includes(verb)) return verb;
  }
  const kind = ui.decision.kind;
  if (kind === "thief_pay" || kind === "occupant_pay") return "give";
  if (kind === "save" || kind === "offer") return kind;
  if (CARD_VERBS.includes(kind)) return kind;
  return null;
}

// ------------------------------------------------------------------------------ targets

/**
 * A clickable place for the action with this text (a board-kit target). spec: {text, kind, label,
 * hit: [x, y, w, h, r]}. It is legal on your turn when the action is; an illegal one explains itself
 * with the engine's reason.
 */
function textTarget(ui, spec, ...children) {
  const action = ui.legalByText.get(spec.text);
  const legal = !!action && ui.myTurn;
  const code = action ? action.code : ui.board.byText(spec.text);
  const named = legal ? action.label || spec.label || spec.text : spec.label || spec.text;
  return ui.board.target({ code, kind: spec.kind, label: named, legal, hit: spec.hit, extraClass: spec.extraClass }, ...children);
}

/** A target only if this action can matter now (legal, or the decision is of its sort). */
function maybeTarget(ui, active, spec, ...children) {
  if (!active) return s("g", {}, ...children);
  return textTarget(ui, spec, ...children);
}

// ------------------------------------------------------------------------------ small pieces

/** A box's title, squeezed into the `room` the box has where the language says it longer. */
const boxTitle = (x, y, text, room) => s("text", { x, y, class: "ff-box-title", text, ...squeeze(text, room, 15, 800) });
/** A box's line of text (class ff-box-text), squeezed the same way. */
const boxText = (text, room) => ({ text, ...squeeze(text, room, 15, 700) });

function box(layer, x, y, w, h, title, cls = "") {
  layer.append(s("rect", { x, y, width: w, height: h, rx: 12, class: ["ff-box", cls] }));
  if (title) layer.append(boxTitle(x + 12, y + 22, title, w - 20)); // (append(null) would add the text "null")
}


/** Small fruit cards with counts in a row: [{kind, count}] → a group; each optionally a target. */
function cardRow(ui, cards, x, y, w, h, opts = {}) {
  const g = s("g", {});
  const gap = opts.gap ?? 8;
  cards.forEach(({ kind, count }, i) => {
    const cx = x + i * (w + gap);
    const depth = Math.min(Math.max(count, 1) - 1, 2);
    const parts = [];
    for (let d = depth; d > 0; d--) parts.push(s("g", { transform: `translate(${d * 3} ${-d * 3})` }, art.fruitCard(kind, w, h)));
    parts.push(art.fruitCard(kind, w, h));
    if (count > 1 || opts.alwaysCount) {
      parts.push(
        s("circle", { cx: w - 4, cy: 6, r: 13, class: "ff-count-disc" }),
        s("text", { x: w - 4, y: 11, "text-anchor": "middle", class: "ff-count", text: `${count}` }),
      );
    }
    const verb = opts.verb;
    const text = verb ? `${verb} ${kind}` : null;
    const node = maybeTarget(
      ui,
      !!verb,
      { text, kind: verb, label: verb && (CARD_LABELS[verb]?.(fruitName(kind)) ?? text), hit: [-3, -8, w + 12, h + 11, 9] },
      ...parts,
    );
    g.append(ui.board.piece(`${opts.key || "row"}:${kind}`, cx, y, node, { sig: String(count), moves: false }));
  });
  return g;
}

const kindsOf = (counts) => Object.entries(counts || {}).filter(([, n]) => n > 0).map(([kind, count]) => ({ kind, count }));

// ------------------------------------------------------------------------------ players

function playerName(ui, seat) {
  return ui.snapshot.players[seat]?.name || t("Seat {n}", { n: seat + 1 });
}

/** The other players' areas across the top: hand backs with a count, juices, tokens. */
function opponents(ui, layer, y) {
  const { view, me, W, narrow } = ui;
  const others = [...view.players.keys()].filter((seat) => seat !== me);
  if (me !== null) others.sort((a, b) => ((a - me + view.players.length) % view.players.length) - ((b - me + view.players.length) % view.players.length));
  if (!others.length) return y;
  const per = narrow ? Math.min(2, others.length) : Math.min(others.length, 4);
  const gap = 12;
  const w = (W - 20 - (per - 1) * gap) / per;
  const h = narrow && per === 2 ? 150 : 118;
  others.forEach((seat, i) => {
    const col = i % per;
    const row = Math.floor(i / per);
    playerArea(ui, layer, seat, 10 + col * (w + gap), y + row * (h + gap), w, h);
  });
  const rows = Math.ceil(others.length / per);
  return y + rows * h + (rows - 1) * gap;
}

function playerArea(ui, layer, seat, x, y, w, h) {
  const { view, decision } = ui;
  const p = view.players[seat];
  const st = seatStyle(seat);
  const acting = view.current_player === seat;
  const g = s("g", { class: ["ff-player", acting && "acting"], "data-seat": seat });
  g.append(
    s("rect", { x, y, width: w, height: h, rx: 12, class: "ff-player-box", stroke: st.color }),
    s("g", { transform: `translate(${x + 20} ${y + 20})` }, markerGroup(seat, 12)),
    s(
      "text",
      { x: x + 38, y: y + 26, class: "ff-player-name" },
      fitText(`${playerName(ui, seat)}${acting ? "  ▶" : ""}`, w - 38 - 10, 17),
      s("title", {}, playerName(ui, seat)),
    ),
  );
  const where = p.position ? t("on #{n}", { n: label(p.position) }) : t("off the display");
  g.append(s("text", { x: x + w - 10, y: y + 26, "text-anchor": "end", class: "ff-small", text: where }));
  // the hand: backs with a count (faces only once the game is over)
  const cw = 34;
  const ch = 48;
  const hy = y + 40;
  if (p.hand) {
    const cards = kindsOf(p.hand);
    const room = Math.max(1, Math.floor((w * 0.62 - 10) / (cw + 4)));
    g.append(cardRow(ui, cards.slice(0, room), x + 12, hy + 4, cw, ch, { gap: 4, key: `hand${seat}` }));
  } else {
    const shown = Math.min(p.hand_size, 10);
    const fan = s("g", { role: "img", class: "ff-hidden-hand", "aria-label": nt("{n} card in hand", "{n} cards in hand", p.hand_size) });
    for (let i = 0; i < shown; i++) fan.append(s("g", { transform: `translate(${x + 12 + i * 9} ${hy + 4})` }, art.fruitBack(cw, ch)));
    g.append(ui.board.piece(`backs:${seat}`, 0, 0, fan, { sig: String(p.hand_size), moves: false }));
  }
  g.append(
    s("text", { x: x + 12, y: hy + ch + 24, class: "ff-small", text: nt("{n} card in hand", "{n} cards in hand", p.hand_size) }),
  );
  // juices and tokens on the right
  const rx = x + w * 0.55;
  juiceRow(ui, g, seat, rx, hy, x + w - 10 - rx);
  tokenRow(ui, g, p, rx, hy + 52, false);
  if (view.lime && p.saved_count) savedRow(ui, g, p, x + w * 0.36, hy + 14, false);
  if (decision.kind === "player") {
    const text = `player ${seat + 1}`;
    layer.append(textTarget(ui, { text, kind: "player", label: t("Choose {name}", { name: playerName(ui, seat) }), hit: [x, y, w, h, 12] }, g));
  } else {
    layer.append(g);
  }
}

/** Fabled juices bought: little location cards with their number, and n / target. */
function juiceRow(ui, g, seat, x, y, w) {
  const { view } = ui;
  const p = view.players[seat];
  g.append(
    s("path", { d: `M${x + 2} ${y + 6} h18 l-3 22 h-12 Z`, fill: "#ffb347", stroke: "#7a4a12", "stroke-width": 1.5 }),
    s("text", { x: x + 26, y: y + 23, class: "ff-juice-count", text: `${p.juices.length}/${view.target}` }),
  );
  const jw = 24;
  const room = Math.max(0, Math.floor((w - 74) / (jw + 4)));
  const juices = p.juices.slice(-room);
  const row = s("g", { class: "ff-juices" });
  const wide = juices.some((loc) => loc > LIME_OFFSET);
  const step = wide ? jw + 12 : jw + 4;
  juices.forEach((loc, i) => {
    const jx = x + 72 + i * step;
    const text = `return ${label(loc)}`;
    const card = [
      s("rect", { x: jx, y: y + 2, width: step - 4, height: 32, rx: 4, class: "ff-juice-card" }),
      s("text", { x: jx + (step - 4) / 2, y: y + 23, "text-anchor": "middle", class: "ff-juice-num", text: label(loc) }),
    ];
    const trade = seat === ui.me && ui.decision.kind === "return";
    row.append(
      trade
        ? textTarget(ui, { text, kind: "return", label: t("Trade back #{n}", { n: label(loc) }), hit: [jx - 2, y, step, 36, 5] }, ...card)
        : s("g", {}, ...card),
    );
  });
  g.append(ui.board.piece(`juices:${seat}`, 0, 0, row, { sig: String(p.juices.length), moves: false }));
}

/** Fruit tokens, wild and double turn tokens of a player; mine pay when payable. */
function tokenRow(ui, g, p, x, y, mine) {
  let tx = x + 14;
  const r = mine ? 17 : 13;
  for (const fruit of p.fruit_tokens) {
    const node = maybeTarget(
      ui,
      mine && ui.cardVerb === "pay",
      { text: `pay ${fruit} token`, kind: "pay", label: t("Pay with the {fruit} token", { fruit: fruitName(fruit) }), hit: [-r - 3, -r - 3, 2 * r + 6, 2 * r + 6, r + 3] },
      art.fruitToken(fruit, r),
    );
    g.append(ui.board.piece(`ftok:${fruit}`, tx, y + r, node, { moves: false }));
    tx += 2 * r + 8;
  }
  if (p.wild) {
    const node = maybeTarget(
      ui,
      mine && ui.cardVerb === "pay",
      { text: "pay wild", kind: "pay", label: t("Pay with a wild token"), hit: [-r - 3, -r - 3, 2 * r + 6 + 26, 2 * r + 6, r + 3] },
      art.specialToken("wild", r),
      s("text", { x: r + 4, y: 5, class: "ff-small", text: `×${p.wild}` }),
    );
    g.append(ui.board.piece(`wild:${p.seat}`, tx, y + r, node, { sig: String(p.wild), moves: false }));
    tx += 2 * r + 34;
  }
  if (p.double) {
    g.append(
      ui.board.piece(
        `double:${p.seat}`,
        tx,
        y + r,
        s("g", { role: "img", "aria-label": nt("{n} double turn token", "{n} double turn tokens", p.double) }, art.specialToken("double", r), s("text", { x: r + 4, y: 5, class: "ff-small", text: `×${p.double}` })),
        { sig: String(p.double), moves: false },
      ),
    );
    tx += 2 * r + 34;
  }
  // Lime: the coat and gambling tokens (yours: the k-th token buys by returning k of them)
  if (p.coat) {
    g.append(ui.board.piece("coat", tx, y + r, s("g", { role: "img", "aria-label": t("the camouflage coat: moving costs nothing") }, art.coatToken(r))));
    tx += 2 * r + 8;
  }
  for (let k = 1; k <= (p.gambling || 0); k++) {
    const text = `gamble ${k}`;
    const fruits = nt("{n} fruit", "{n} fruits", ui.view.gambling_reveals * k);
    const node = maybeTarget(
      ui,
      mine && ui.legalByText.has(text),
      { text, kind: "gamble", label: nt("Buy by returning {n} gambling token (reveal {fruits})", "Buy by returning {n} gambling tokens (reveal {fruits})", k, { fruits }), hit: [-r - 3, -r - 3, 2 * r + 6, 2 * r + 6, r + 3] },
      art.gamblingToken(r),
    );
    g.append(ui.board.piece(`gamble:${p.seat}:${k}`, tx, y + r, node, { moves: false }));
    tx += mine ? 2 * r + 6 : r + 4;
  }
}

/** Saved fruits (#6L) under a player's animal token: yours face up (they pay twice), others' backs. */
function savedRow(ui, g, p, x, y, mine) {
  if (!ui.view.lime || !p.saved_count) return;
  const w = mine ? 40 : 24;
  const h = Math.round(w * 1.4);
  const cards = mine ? kindsOf(p.saved) : [{ kind: null, count: p.saved_count }];
  g.append(s("text", { x, y: y - 4, class: "ff-small", text: mine ? t("saved (pays ×2):") : t("saved {n}", { n: p.saved_count }) }));
  cards.forEach(({ kind, count }, i) => {
    const text = kind ? `pay saved ${kind}` : null;
    const parts = [art.savedCard(w, h, kind)];
    if (count > 1) parts.push(s("text", { x: -4, y: h - 2, "text-anchor": "end", class: "ff-small", text: `${count}×` }));
    const node = kind
      ? maybeTarget(ui, mine && ui.cardVerb === "pay", { text, kind: "pay", label: t("Pay with your saved {fruit} (counts twice)", { fruit: fruitName(kind) }), hit: [-4, -4, w + 10, h + 8, 6] }, ...parts)
      : s("g", { role: "img", "aria-label": nt("{n} saved fruit, face down", "{n} saved fruits, face down", p.saved_count) }, ...parts);
    g.append(ui.board.piece(`saved:${p.seat}:${kind || "backs"}`, x + 14 + i * (w + 18), y, node, { sig: String(count), moves: false }));
  });
}

// ------------------------------------------------------------------------------ the display

function displayArea(ui, layer, y) {
  const { view, narrow, W } = ui;
  const stacks = view.display;
  const most = narrow ? 2 : 6;
  const gap = narrow ? 14 : 16;
  const per = Math.ceil(stacks.length / Math.max(1, Math.ceil(stacks.length / most)));
  const rows = Math.max(1, Math.ceil(stacks.length / per));
  // two rows on a wide board (Lime's eight stacks): wider, shorter cards, so that the locations
  // still fit a laptop's frame at the size their words are drawn for
  const twoRowsWide = rows > 1 && !narrow;
  const cw = twoRowsWide ? Math.min(236, (W - 20 - (per - 1) * gap) / per) : (W - 20 - (most - 1) * gap) / most;
  const ch = narrow ? 246 : twoRowsWide ? 244 : 300;
  const standH = 42;
  stacks.forEach((st, i) => {
    const row = Math.floor(i / per);
    const inRow = Math.min(per, stacks.length - row * per);
    const offset = (W - 20 - inRow * cw - (inRow - 1) * gap) / 2;
    const x = 10 + offset + (i % per) * (cw + gap);
    stackCard(ui, layer, st, x, y + 14 + row * (ch + standH + 10), cw, ch);
  });
  return y + 14 + rows * (ch + standH + 10);
}

function stackCard(ui, layer, st, x, y, w, h) {
  const { view, decision, me, narrow } = ui;
  const depth = Math.min(Math.max(st.cards - 1, 0), 3);
  const g = s("g", {});
  for (let d = depth; d > 0; d--) {
    g.append(s("rect", { x: d * 4, y: -d * 4, width: w, height: h, rx: 12, class: "ff-loc-under" }));
  }
  const headerH = narrow ? 54 : 60;
  const header = st.market ? "#144f66" : "#245a21"; // dark enough for white words under a target's glow
  g.append(
    s("rect", { width: w, height: h, rx: 12, class: "ff-loc-face" }),
    s("path", { d: `M0 12 Q0 0 12 0 H${w - 12} Q${w} 0 ${w} 12 V${headerH} H0 Z`, fill: header }),
    s("circle", { cx: 22, cy: 22, r: 16, class: "ff-loc-badge" }),
    s("text", { x: 22, y: 28, "text-anchor": "middle", class: "ff-loc-number", "font-size": st.location > LIME_OFFSET ? 15 : null, text: label(st.location) }),
  );
  const nameFont = narrow ? 16 : 15;
  const nameLines = art.wrap(st.name, Math.floor((w - 46) / (nameFont * 0.62)), 3);
  const nf = nameFont; // (three lines fit the header at the same size)
  const top = headerH / 2 - ((nameLines.length - 1) * (nf + 2)) / 2 + nf * 0.36;
  nameLines.forEach((line, i) =>
    g.append(s("text", { x: 42, y: top + i * (nf + 2), class: "ff-loc-name", "font-size": nf, text: line })),
  );
  const flagWords = [st.signpost ? `⚑ ${t("signpost")}` : null, st.market ? t("market location") : null].filter(Boolean).join(" · ");
  const flagFont = narrow ? 13 : 15;
  // (a signpost that is also a market location: "market" alone, the whole in the tooltip)
  let flags = flagWords;
  if (flags && fitText(flags, w - 18, flagFont, 700) !== flags) flags = flags.replace(t("market location"), t("market"));
  flags = flags && fitText(flags, w - 18, flagFont, 700);
  // the action text
  const actFont = narrow ? 14 : 15;
  const priceH = 36;
  const textTop = headerH + (flags ? 34 : 18);
  if (flags) g.append(s("text", { x: 9, y: headerH + 18, class: "ff-loc-flags", "font-size": flagFont }, flags, s("title", {}, flagWords)));
  const maxLines = Math.floor((h - textTop - priceH - 2) / (actFont + 3));
  const lines = art.wrap(st.action, Math.floor((w - 16) / (actFont * 0.56)), maxLines);
  const body = s("text", { class: "ff-loc-action", "font-size": actFont });
  lines.forEach((line, i) => body.append(s("tspan", { x: 9, y: textTop + i * (actFont + 3), text: line })));
  g.append(body, s("title", { text: t("#{n} {name}: {action} Price: {price}", { n: label(st.location), name: st.name, action: st.action, price: st.price }) }));
  // the price
  const r = Math.min(12, (w - 24) / (st.price.length * 2 + 2));
  g.append(
    s("rect", { x: 6, y: h - priceH - 4, width: w - 12, height: priceH, rx: 8, class: "ff-price-band" }),
    s("g", { transform: `translate(${w / 2} ${h - priceH / 2 - 4})` }, art.priceRow(st.price, r)),
  );
  // cards left: drawn over the stack's glow (a target's outline runs through it), clicks pass to the stack
  const cardsLeft = s(
    "g",
    { class: "ff-cards-left-badge" },
    s("rect", { x: w - 40, y: -12 - depth * 4, width: 40, height: 22, rx: 11, class: "ff-cards-left" }),
    s("text", { x: w - 20, y: 4 - depth * 4, "text-anchor": "middle", class: "ff-cards-left-text", text: `×${st.cards}` }),
  );

  const legalTexts = [...ui.legalByText.keys()];
  const thiefMove = decision.kind === "thief" || legalTexts.some((code) => code.startsWith("thief "));
  const juiceTake = decision.kind === "juice";
  const verb = juiceTake ? "juice" : thiefMove ? "thief" : "move";
  const mine = me !== null && view.players[me]?.position === st.location;
  const text = `${verb} ${label(st.location)}`;
  const canMove = ui.legalByText.has(text) || !(mine && decision.kind === "act_or_buy");
  const where = { n: label(st.location), name: st.name };
  const words = { juice: t("Take as a fabled juice the top card of #{n} {name}", where), thief: t("Thief to #{n} {name}", where), move: t("Move to #{n} {name}", where) }[verb];
  const face = canMove
    ? textTarget(ui, { text, kind: verb, label: words, hit: [-4, -4 - depth * 4, w + 8 + depth * 4, h + 8 + depth * 4, 14] }, g)
    : g;
  layer.append(ui.board.piece(`stack:${st.location}`, x, y, s("g", { class: "ff-stack", "data-location": st.location }, face, cardsLeft), { sig: String(st.cards), moves: false }));

  // act / buy pills on your own stack
  if (mine && (ui.legalByText.has("act") || ui.legalByText.has("buy"))) {
    const pw = (w - 30) / 2;
    const py = y + h - priceH - 44;
    [
      ["act", `▶ ${t("Act")}`],
      ["buy", `★ ${t("Buy")}`],
    ].forEach(([kind, word], i) => {
      const px = x + 10 + i * (pw + 10);
      layer.append(
        textTarget(
          ui,
          { text: kind, kind, label: kind === "act" ? t("Do the action of #{n}", { n: label(st.location) }) : t("Buy #{n} as a fabled juice", { n: label(st.location) }), hit: [px, py, pw, 34, 17] },
          s("rect", { x: px, y: py, width: pw, height: 34, rx: 17, class: ["ff-pill", kind] }),
          // (the word squeezed inside the pill's round ends where the reader's language says it longer: "▶ Ausführen")
          s("text", { x: px + pw / 2, y: py + 23, "text-anchor": "middle", class: "ff-pill-text", text: word, ...squeeze(word, pw - 14, 15, 800) }),
        ),
      );
    });
  }

  // the animals (and the thief) standing in front of the stack
  const standY = y + h + 22;
  st.animals.forEach((seat, i) => {
    const ax = x + 22 + i * 34;
    layer.append(ui.board.piece(`animal:${seat}`, ax, standY, s("g", { role: "img", class: "ff-animal", "aria-label": t("{name}'s animal", { name: playerName(ui, seat) }) }, markerGroup(seat, 15))));
  });
  if (st.thief) {
    const second = (view.thief_stacks || []).indexOf(st.location) === 1;
    layer.append(ui.board.piece(second ? "thief2" : "thief", x + w - 20, standY, s("g", { role: "img", "aria-label": t("the thief") }, art.thiefIcon(16))));
  }
}

// ------------------------------------------------------------------------------ the current action

/** The action tray's tab title: what it holds first (as actionTray orders its boxes). */
function trayTitle(ui) {
  const { view, decision, myTurn } = ui;
  if (view.offer_round) return t("Offers");
  if (view.payment) return t("Payment");
  if (view.revealed.length) return t("Revealed fruits");
  if (view.looking_at.length || view.peek) return t("Looking at");
  if (decision.kind === "name" && myTurn) return t("Name a fruit");
  return t("Tray");
}

function actionTray(ui, layer, y) {
  const { view, decision, W, myTurn } = ui;
  const parts = [];
  if (view.offer_round) parts.push("offers");
  if (view.payment) parts.push("payment");
  if (view.revealed.length) parts.push("revealed");
  if (view.looking_at.length) parts.push("looking");
  if (view.peek) parts.push("peek");
  if (decision.kind === "name" && myTurn) parts.push("name");
  if (!parts.length) return y;
  const cw = ui.narrow ? 52 : 48;
  const chh = Math.round(cw * 1.4);
  const h = 44 + chh + 16;
  let yy = y + 4;
  for (const part of parts) {
    box(layer, 10, yy, W - 20, h, null, "tray");
    const tx = 24;
    const takeFrom = (zone) => (decision.kind === "take" && decision.zone === zone ? "take" : null);
    if (part === "offers") {
      offerRound(ui, layer, tx, yy, W - 20, h, cw, chh);
    } else if (part === "payment") {
      const pay = view.payment;
      const st = view.display.find((d) => d.location === pay.location);
      const gambled = pay.gambling ? ` · ${nt("{n} gambling token: the revealed fruits pay too", "{n} gambling tokens: the revealed fruits pay too", pay.gambling)}` : "";
      const buying = st ? t("Buying #{n} {name}", { n: label(pay.location), name: st.name }) : t("Buying #{n}", { n: label(pay.location) });
      layer.append(s("text", { x: tx, y: yy + 26, class: "ff-box-title", text: `${buying}${gambled}` }));
      const pr = 12;
      const pw = pay.price.length * (2 * pr + 3);
      layer.append(
        s("text", { x: W - 34 - pw, y: yy + 26, "text-anchor": "end", class: "ff-box-text", text: t("price") }),
        s("g", { transform: `translate(${W - 26 - pw / 2} ${yy + 21})` }, art.priceRow(pay.price, pr)),
      );
      layer.append(s("text", { x: tx, y: yy + 54, class: "ff-small", text: pay.chosen.length ? t("paid so far:") : t("click the cards and tokens to pay with") }));
      pay.chosen.forEach((unit, i) => {
        const ux = tx + 110 + i * (cw + 8);
        const node = unit === "wild" ? art.specialToken("wild", cw / 2.4) : unit.endsWith(" token") ? art.fruitToken(unit.replace(" token", ""), cw / 2.4) : null;
        if (node) layer.append(ui.board.piece(`paid:${i}`, ux + cw / 2, yy + 44 + chh / 2, node, { sig: unit, moves: false }));
        else if (unit.startsWith("saved ")) layer.append(ui.board.piece(`paid:${i}`, ux, yy + 44, art.savedCard(cw, chh, unit.slice(6)), { sig: unit, moves: false }));
        else layer.append(ui.board.piece(`paid:${i}`, ux, yy + 44, art.fruitCard(unit, cw, chh), { sig: unit, moves: false }));
      });
    } else if (part === "name") {
      layer.append(s("text", { x: tx, y: yy + 26, class: "ff-box-title", text: t("Name a fruit") }));
      ui.fruits.forEach((fruit, i) => {
        const fx = tx + i * (cw + 14);
        layer.append(
          textTarget(ui, { text: `name ${fruit}`, kind: "name", label: t("Name {fruit}", { fruit: fruitName(fruit) }), hit: [fx - 4, yy + 38, cw + 8, chh + 10, 8] }, s("g", { transform: `translate(${fx} ${yy + 42})` }, art.fruitCard(fruit, cw, chh))),
        );
      });
    } else {
      const title =
        part === "revealed" ? t("Revealed by this action") : part === "looking" ? t("You are looking at") : t("{name}'s hand (you peek)", { name: playerName(ui, view.peek.player) });
      layer.append(s("text", { x: tx, y: yy + 26, class: "ff-box-title", text: title }));
      let cards;
      if (part === "peek") cards = kindsOf(view.peek.hand);
      else {
        const list = part === "revealed" ? view.revealed : view.looking_at;
        const counts = {};
        list.forEach((k) => (counts[k] = (counts[k] || 0) + 1));
        cards = kindsOf(counts);
      }
      const zone = part === "peek" ? "hand" : "buf";
      // a gamble's reveals pay like cards in hand (#12L); otherwise revealed cards may be taken
      const verb = part === "revealed" && view.payment && ui.cardVerb === "pay" ? "pay" : takeFrom(zone);
      layer.append(cardRow(ui, cards, tx, yy + 44, cw, chh, { verb, key: part, gap: 10 }));
    }
    yy += h + 8;
  }
  return yy;
}

/** #11L's offer round: the limes in the centre and every other player's face-up offer. */
function offerRound(ui, layer, x, y, w, h, cw, chh) {
  const { view, decision } = ui;
  const round = view.offer_round;
  const asker = view.active_player;
  // the caption on two lines (who, then what), so that a long name never runs under the first offer
  const offers = nt("offers {n} lime", "offers {n} limes", round.limes);
  const asking = fitText(playerName(ui, asker), 230, 15); // a 40-character name is cut, whole on hover
  layer.append(
    s("text", { x, y: y + 22, class: "ff-box-title" }, asking, s("title", {}, playerName(ui, asker))),
    s("text", { x, y: y + 40, class: "ff-small", text: offers }),
  );
  const limes = s("g", { role: "img", "aria-label": nt("{n} lime in the centre", "{n} limes in the centre", round.limes) });
  for (let i = 0; i < round.limes; i++) limes.append(s("g", { transform: `translate(${i * 16} ${-i * 4})` }, art.fruitCard("lime", cw, chh)));
  layer.append(ui.board.piece("centre-limes", x, y + 52, limes, { sig: String(round.limes), moves: false }));
  const captionW = 9 * Math.max([...asking].length, offers.length) + 16;
  let ox = x + Math.max(cw + 16 * round.limes + 30, captionW, 200);
  const slot = (w - (ox - x) - 20) / Math.max(1, round.offers.length);
  for (const offer of round.offers) {
    const cards = kindsOf(offer.fruits);
    const words = cards.length ? "" : offer.done ? t("no offer") : decision.seat === offer.seat ? t("offering…") : t("waiting");
    const parts = [
      s("rect", { x: ox, y: y + 8, width: slot - 10, height: h - 16, rx: 10, class: "ff-offer-slot", stroke: seatStyle(offer.seat).color }),
      s("g", { transform: `translate(${ox + 16} ${y + 24})` }, markerGroup(offer.seat, 10)),
      s("text", { x: ox + 32, y: y + 29, class: "ff-small", text: playerName(ui, offer.seat) }),
    ];
    if (words) parts.push(s("text", { x: ox + 14, y: y + 44 + chh / 2, class: "ff-small", text: words }));
    const small = Math.min(cw, (slot - 30) / Math.max(1, cards.length) - 6);
    cards.forEach(({ kind, count }, i) => {
      parts.push(s("g", { transform: `translate(${ox + 12 + i * (small + 6)} ${y + 40})` }, art.fruitCard(kind, small, small * 1.4)));
      if (count > 1) parts.push(s("text", { x: ox + 12 + i * (small + 6) + small - 4, y: y + 52, class: "ff-count", text: `${count}` }));
    });
    const text = `accept ${offer.seat + 1}`;
    const node = maybeTarget(
      ui,
      decision.kind === "accept" && cards.length > 0,
      { text, kind: "accept", label: t("Accept {name}'s offer", { name: playerName(ui, offer.seat) }), hit: [ox, y + 8, slot - 10, h - 16, 10] },
      ...parts,
    );
    layer.append(ui.board.piece(`offer:${offer.seat}`, 0, 0, node, { sig: JSON.stringify(offer.fruits), moves: false }));
    ox += slot;
  }
}

// ------------------------------------------------------------------------------ supplies

function supplies(ui, layer, y) {
  const { view, W, narrow, decision } = ui;
  const cw = narrow ? 46 : 42;
  const chh = Math.round(cw * 1.4);
  const h = 44 + chh + 22;
  const takeFrom = (zone) => (decision.kind === "take" && decision.zone === zone ? "take" : null);
  const boxes = [];
  boxes.push({ w: 118, draw: (x, yy) => bigStack(ui, layer, x, yy, h) });
  boxes.push({ w: 100, draw: (x, yy) => drawStack(ui, layer, x, yy, h, cw, chh) });
  const discard = kindsOf(view.discard);
  boxes.push({
    w: Math.max(120, 24 + discard.length * (cw + 8)),
    flex: true,
    draw: (x, yy, w) => {
      box(layer, x, yy, w, h, t("Discard ({n})", { n: total(view.discard) }));
      if (!discard.length) layer.append(s("rect", { x: x + 12, y: yy + 36, width: cw, height: chh, rx: 5, class: "ff-empty-slot" }));
      layer.append(cardRow(ui, discard, x + 12, yy + 38, cw, chh, { verb: takeFrom("discard"), key: "discard" }));
    },
  });
  if (view.market) {
    const market = kindsOf(view.market);
    boxes.push({
      w: Math.max(150, 24 + (market.length + view.market_pending.length) * (cw + 8)),
      flex: true,
      draw: (x, yy, w) => {
        box(layer, x, yy, w, h, t("Market"), "market");
        layer.append(cardRow(ui, market, x + 12, yy + 38, cw, chh, { verb: takeFrom("market"), key: "market" }));
        view.market_pending.forEach((k, i) => {
          layer.append(s("g", { transform: `translate(${x + 12 + (market.length + i) * (cw + 8)} ${yy + 38})`, opacity: 0.55 }, art.fruitCard(k, cw, chh)));
        });
      },
    });
  }
  if (view.fruit_mix_supply) {
    const mixes = view.fruit_mix_supply.map((kind) => ({ kind, count: 1 }));
    const mw = cw * 0.9;
    boxes.push({
      w: Math.max(150, 24 + mixes.length * (mw + 5)),
      draw: (x, yy, w) => {
        box(layer, x, yy, w, h, t("Fruit-mix cards"));
        layer.append(cardRow(ui, mixes, x + 12, yy + 38, mw, chh, { verb: takeFrom("supply"), key: "mix", gap: 5 }));
      },
    });
  }
  if (view.lime) {
    boxes.push({ w: 128, draw: (x, yy) => limePile(ui, layer, x, yy, h, cw, chh) });
  }
  if (view.fruit_tokens || view.wild_pool !== null || view.double_pool !== null || view.thief === 0 || view.gambling_pool != null || view.coat === -1) {
    const pool = Object.entries(view.fruit_tokens || {}).filter(([, holder]) => holder === -1).map(([f]) => f);
    boxes.push({
      w: Math.max(170, 24 + pool.length * 34 + 150 + (view.gambling_pool != null ? 130 : 0) + (view.coat === -1 ? 40 : 0)),
      draw: (x, yy, w) => {
        box(layer, x, yy, w, h, t("Token pool"));
        pool.forEach((f, i) => layer.append(ui.board.piece(`ftok:${f}`, x + 26 + i * 34, yy + 56, art.fruitToken(f, 14), { moves: false })));
        if (view.thief === 0) layer.append(ui.board.piece("thief", x + w - 28, yy + 56, s("g", { role: "img", "aria-label": t("the thief, next to no stack") }, art.thiefIcon(15))));
        let tx = x + 26;
        const ty = yy + 98;
        if (view.wild_pool !== null) {
          layer.append(s("g", { transform: `translate(${tx} ${ty})` }, art.specialToken("wild", 14)));
          layer.append(s("text", { x: tx + 20, y: ty + 5, class: "ff-box-text", text: t("×{n} wild", { n: view.wild_pool }) }));
          tx += 100;
        }
        if (view.double_pool !== null) {
          layer.append(s("g", { transform: `translate(${tx} ${ty})` }, art.specialToken("double", 14)));
          layer.append(s("text", { x: tx + 20, y: ty + 5, class: "ff-box-text", text: t("×{n} double", { n: view.double_pool }) }));
          tx += 110;
        }
        if (view.gambling_pool != null) {
          layer.append(s("g", { role: "img", transform: `translate(${tx} ${ty})`, "aria-label": nt("{n} gambling token in the pool", "{n} gambling tokens in the pool", view.gambling_pool) }, art.gamblingToken(14)));
          layer.append(s("text", { x: tx + 20, y: ty + 5, class: "ff-box-text", text: t("×{n} gambling", { n: view.gambling_pool }) }));
        }
        if (view.coat === -1) {
          layer.append(ui.board.piece("coat", x + w - (view.thief === 0 ? 64 : 28), yy + 56, s("g", { role: "img", "aria-label": t("the camouflage coat, in the pool") }, art.coatToken(15))));
        }
      },
    });
  }
  // flow the boxes in rows, each row stretched to the width
  const gap = 10;
  let yy = y;
  let row = [];
  let used = 0;
  const flush = () => {
    if (!row.length) return;
    const flexible = row.filter((b) => b.flex).length;
    const extra = (W - 20 - used - (row.length - 1) * gap) / (flexible || row.length);
    let x = 10;
    for (const b of row) {
      const w = b.w + (b.flex || !flexible ? Math.max(0, extra) : 0);
      b.draw(x, yy, w);
      x += w + gap;
    }
    yy += h + gap;
    row = [];
    used = 0;
  };
  for (const b of boxes) {
    b.w = Math.min(b.w, W - 20);
    if (row.length && used + b.w + row.length * gap > W - 20) flush();
    row.push(b);
    used += b.w;
  }
  flush();
  return yy - gap;
}

/** The face-up lime pile (#1L and friends take from it); click it to take a lime for #15L. */
function limePile(ui, layer, x, y, h, cw, chh) {
  const { view, decision } = ui;
  box(layer, x, y, 128, h, null, "lime");
  const n = view.lime_pile;
  const g = s("g", { role: "img", "aria-label": nt("lime pile: {n} lime", "lime pile: {n} limes", n) });
  for (let d = Math.min(3, Math.ceil(n / 4)); d > 0; d--) g.append(s("g", { transform: `translate(${d * 3} ${-d * 3})` }, art.fruitCard("lime", cw, chh)));
  if (n) g.append(art.fruitCard("lime", cw, chh));
  else g.append(s("rect", { width: cw, height: chh, rx: 5, class: "ff-empty-slot" }));
  const node = maybeTarget(ui, decision.kind === "limeask", { text: "take lime", kind: "take", label: t("Take a lime from the lime pile"), hit: [-6, -14, cw + 22, chh + 20, 8] }, g);
  layer.append(
    boxTitle(x + 10, y + 20, t("Lime pile"), 128 - 18),
    ui.board.piece("limes", x + 34, y + 38, node, { sig: String(n), moves: false }),
    s("text", { x: x + 64, y: y + h - 6, "text-anchor": "middle", class: "ff-box-text", ...boxText(nt("{n} lime", "{n} limes", n), 128 - 10) }),
  );
}

function bigStack(ui, layer, x, y, h) {
  const { view } = ui;
  box(layer, x, y, 118, h, null);
  const n = view.big_stack.cards;
  const g = s("g", { role: "img", "aria-label": nt("big stack: {n} location card", "big stack: {n} location cards", n) });
  const w = 62;
  const ch = h - 52;
  for (let d = Math.min(3, Math.max(0, Math.ceil(n / 30))); d > 0; d--) {
    g.append(s("g", { transform: `translate(${d * 3} ${-d * 3})` }, art.locationBack(w, ch)));
  }
  if (n) g.append(art.locationBack(w, ch));
  else g.append(s("rect", { width: w, height: ch, rx: 8, class: "ff-empty-slot" }));
  layer.append(
    boxTitle(x + 10, y + 20, t("Big stack"), 118 - 18),
    ui.board.piece("big", x + 14, y + 30, g, { sig: String(n), moves: false }),
    s("text", { x: x + 59, y: y + h - 6, "text-anchor": "middle", class: "ff-box-text", ...boxText(n ? t("{n} · next #{top}", { n, top: label(view.big_stack.top) }) : t("empty"), 118 - 10) }),
  );
}

function drawStack(ui, layer, x, y, h, cw, chh) {
  const { view } = ui;
  box(layer, x, y, 100, h, null);
  const n = view.draw_stack;
  const g = s("g", { role: "img", "aria-label": nt("draw stack: {n} fruit card", "draw stack: {n} fruit cards", n) });
  for (let d = Math.min(3, Math.ceil(n / 15)); d > 0; d--) g.append(s("g", { transform: `translate(${d * 3} ${-d * 3})` }, art.fruitBack(cw, chh)));
  if (n) g.append(art.fruitBack(cw, chh));
  else g.append(s("rect", { width: cw, height: chh, rx: 5, class: "ff-empty-slot" }));
  layer.append(
    boxTitle(x + 10, y + 20, t("Draw"), 100 - 18),
    ui.board.piece("draw", x + 24, y + 38, g, { sig: String(n), moves: false }),
    s("text", { x: x + 50, y: y + h - 6, "text-anchor": "middle", class: "ff-box-text", ...boxText(nt("{n} card", "{n} cards", n), 100 - 10) }),
  );
}

// ------------------------------------------------------------------------------ my hand

function myArea(ui, layer, y) {
  const { view, me, W, narrow } = ui;
  const p = view.players[me];
  const st = seatStyle(me);
  const acting = view.current_player === me;
  const cards = kindsOf(p.hand);
  const cw = narrow ? 74 : 78;
  const chh = Math.round(cw * 1.4);
  const gap = 12;
  const perRow = Math.max(1, Math.floor((W - 40 + gap) / (cw + gap)));
  const rows = Math.max(1, Math.ceil(cards.length / perRow));
  const savedH = view.lime && p.saved_count ? 80 : 0;
  const tokensH = 48 + savedH;
  const h = 50 + rows * (chh + 16) + tokensH;
  layer.append(s("rect", { x: 10, y, width: W - 20, height: h, rx: 14, class: ["ff-player-box", "mine", acting && "acting"], stroke: st.color }));
  // the heading and where your animal stands share its line: each squeezed into its share where long
  const heading = `${nt("Your hand · {n} card", "Your hand · {n} cards", p.hand_size)}${acting ? `  ▶ ${t("your turn")}` : ""}`;
  const where = p.position ? t("your animal is on #{n}", { n: label(p.position) }) : t("your animal is off the display");
  const fitted = (text, room, size, weight) => ({ text, ...squeeze(text, room, size, weight) });
  const whereRoom = Math.min(textWidth(where, 15, 600), (W - 72) * 0.45);
  layer.append(
    s("g", { transform: `translate(30 ${y + 24})` }, markerGroup(me, 13)),
    s("text", { x: 50, y: y + 31, class: "ff-player-name", ...fitted(heading, W - 72 - whereRoom - 16, 17, 800) }),
    s("text", { x: W - 22, y: y + 31, "text-anchor": "end", class: "ff-small", ...fitted(where, whereRoom, 15, 600) }),
  );
  const verb = ui.cardVerb;
  for (let r = 0; r < rows; r++) {
    const rowCards = cards.slice(r * perRow, (r + 1) * perRow);
    const rowW = rowCards.length * (cw + gap) - gap;
    const x0 = (W - rowW) / 2;
    layer.append(cardRow(ui, rowCards, x0, y + 52 + r * (chh + 16), cw, chh, { verb, key: "mine", gap }));
  }
  if (!cards.length) layer.append(s("text", { x: W / 2, y: y + 52 + chh / 2, "text-anchor": "middle", class: "ff-small", text: t("no fruit cards") }));
  const ty = y + 50 + rows * (chh + 16);
  const g = s("g", {});
  juiceRow(ui, g, me, 24, ty + 4, W / 2 - 40);
  tokenRow(ui, g, p, W / 2, ty + 4, true);
  if (savedH) savedRow(ui, g, p, 24, ty + 68, true);
  layer.append(g);
  return y + h;
}

/** A piece of the How to play page ("card:fruit", "token:wild", "piece:thief", …) as a small <svg>
 * drawn with the board's art, or null for a kind this board does not draw. A fruit card or token
 * shows the first fruit, a fruit-mix card the first two; a location card and a fabled juice (a
 * bought location lying face down) show the location cards' back. */
export function pieceArt(kind) {
  const [first, second] = Object.keys(art.FRUITS);
  const card = (w, h, drawn) => at(-w / 2, -h / 2, 1, drawn); // (cards are drawn from their corner)
  const pictures = {
    "card:location": () => [card(60, 84, art.locationFace(60, 84)), 44],
    "card:juice": () => [card(60, 84, art.juiceCard(60, 84)), 48],
    "card:fruit": () => [card(40, 56, art.fruitCard(first, 40, 56)), 30],
    "card:fruit-mix": () => [card(40, 56, art.fruitCard(`${first}/${second}`, 40, 56)), 30],
    "card:lime": () => [card(40, 56, art.fruitCard("lime", 40, 56)), 30],
    "card:saved": () => [card(40, 56, art.savedCard(40, 56)), 35],
    "piece:animal": () => [s("g", { class: "ff-animal" }, markerGroup(0, 15)), 18],
    "piece:thief": () => [art.thiefIcon(16), 18],
    "token:fruit": () => [art.fruitToken(first, 14), 17],
    "token:wild": () => [art.specialToken("wild", 14), 17],
    "token:double": () => [art.specialToken("double", 14), 17],
    "token:gambling": () => [art.gamblingToken(14), 17],
    "token:coat": () => [art.coatToken(16), 19],
  };
  if (!Object.hasOwn(pictures, kind)) return null;
  const [drawn, extent] = pictures[kind]();
  return pieceSvg(drawn, extent, art.defs());
}
