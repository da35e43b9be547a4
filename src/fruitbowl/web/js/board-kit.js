// The board kit: what every game's board renderer shares, written once. The page indexes the
// table's action space once (indexActions) and makes one board per <svg> (createBoard); a game's
// renderer draws a position onto the board with the board's pieces and targets. docs/web.md
// describes the renderer interface.
//
//   board.render(renderer, snapshot, {interactive, narrow})   the page: draw a position
//   renderer.render(board)                                   the game: draw board.snapshot
//   board.piece(key, x, y, node, {sig, moves, look, from})   a piece that animates when it changes
//   board.target(spec, ...children)                          a clickable, focusable place
//   board.send(code), board.redraw(focus), board.code(kind, fields), board.byText(text), ...

import { t } from "./i18n.js";
import { s } from "./svg.js";

const GLIDE_MS = 250; // a moved piece glides from its old place; a new or changed one pops in (CSS)
const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

// ------------------------------------------------------------------------------ the action index

/**
 * The table's action space ([{code, text, kind, label, ...fields}], by code) indexed once, so that a
 * renderer finds an action's code by kind and fields, or by text, without scanning the space (Citrus
 * has 6,340 actions). A lookup by a kind and a set of field names builds its map on first use: one
 * level of Map per field, keyed by the field's value (compared as ===, like a search would).
 */
export function indexActions(actions) {
  const byKind = new Map(); // kind → its actions, in code order
  const byText = new Map(); // text → the first action with it
  for (const action of actions) {
    if (!byKind.has(action.kind)) byKind.set(action.kind, []);
    byKind.get(action.kind).push(action);
    if (!byText.has(action.text)) byText.set(action.text, action);
  }
  const lookups = new Map(); // kind → field names joined → nested Maps of field values → code

  function lookup(kind, names) {
    let perKind = lookups.get(kind);
    if (!perKind) lookups.set(kind, (perKind = new Map()));
    const key = names.join(",");
    let root = perKind.get(key);
    if (root) return root;
    root = new Map();
    for (const action of byKind.get(kind) || []) {
      if (!names.every((name) => name in action)) continue;
      let map = root;
      for (let i = 0; i < names.length - 1; i++) {
        const value = action[names[i]];
        if (!map.has(value)) map.set(value, new Map());
        map = map.get(value);
      }
      const value = action[names[names.length - 1]];
      if (!map.has(value)) map.set(value, action.code); // the first in code order, like a search
    }
    perKind.set(key, root);
    return root;
  }

  return {
    /** Every action, by code. */
    all: actions,
    /** The action with this code, or undefined. */
    get: (code) => actions[code],
    /** The actions of a kind, in code order. */
    ofKind: (kind) => byKind.get(kind) || [],
    /** The code of the first action with this text, or null. */
    byText: (text) => byText.get(text)?.code ?? null,
    /** The code of the first action of this kind whose fields hold these values (e.g. "buy",
     * {space: 0, stick: 2}), or null. */
    code(kind, fields = {}) {
      const names = Object.keys(fields);
      if (!names.length) return byKind.get(kind)?.[0]?.code ?? null;
      if (names.length > 1) names.sort();
      let found = lookup(kind, names);
      for (const name of names) {
        found = found.get(fields[name]);
        if (found === undefined) return null;
      }
      return found;
    },
  };
}

// ------------------------------------------------------------------------------ the board

/**
 * One board drawn in an <svg>, kept for the page's life. ctx: {actions (indexActions), hint(text |
 * reason | null, element, emphatic), onAction(code), reasonFor(code), drawn(fresh) (optional: called
 * after each draw, the page's layout reads board.parts)}; what changes between draws (the snapshot,
 * interactive, narrow) comes with each board.render.
 */
export function createBoard(svg, ctx) {
  // what the last new position drew, to animate the next one against
  let last = { positions: new Map(), version: null, table: null, narrow: null, renderer: null };
  let positions = new Map(); // key → {x, y, sig, moves, look, from} of the draw under way
  let changed = new Set(); // keys of the pieces the last new position changed
  let glides = new Map(); // key → the place it glides from

  const board = {
    svg,
    actions: ctx.actions,
    renderer: null,
    snapshot: null,
    view: null,
    /** The legal actions of the position by code (completed from the action space). */
    legal: new Map(),
    /** The viewer's seat, or null for a spectator. */
    seat: null,
    interactive: false,
    narrow: false,
    /** True while a new position (another move or table) is drawn, false for a redraw. */
    fresh: false,
    /** The player's choices on the board on the way to an action (a picked tile, a mode): cleared by
     * every new position and by send. */
    picks: {},
    /** What the renderer keeps between positions of one table (cleared for another table or game). */
    memory: {},
    /** While true, targets ignore clicks (e.g. the click that ends a drag). */
    holdClicks: false,
    /** The parts of the board the renderer declared in its last draw (see part). */
    parts: [],

    /** Draw a snapshot with a game's renderer: the page calls this for every snapshot and resize. */
    render(renderer, snapshot, { interactive = false, narrow = false } = {}) {
      const sameTable = renderer === board.renderer && snapshot.table === last.table;
      const fresh = !sameTable || snapshot.version !== last.version;
      if (!sameTable) board.memory = {};
      if (fresh) board.picks = {};
      board.renderer = renderer;
      board.snapshot = snapshot;
      board.view = snapshot.view;
      board.legal = new Map(snapshot.legal.map((action) => [action.code, action]));
      board.seat = snapshot.seat ?? null;
      board.interactive = !!interactive;
      board.narrow = !!narrow;
      draw(fresh);
    },

    /** Draw the same position again after a local choice (nothing animates), then focus the first
     * element matching focus, if given. */
    redraw(focus = null) {
      draw(false);
      if (focus) svg.querySelector(focus)?.focus({ preventScroll: true });
    },

    /** The code of the action of this kind with these fields, or null (see indexActions). */
    code: (kind, fields) => board.actions.code(kind, fields),
    /** The code of the action with this text, or null. */
    byText: (text) => board.actions.byText(text),
    /** Whether the action with this code is legal now. */
    isLegal: (code) => code !== null && code !== undefined && board.legal.has(code),
    /** What a legal action is called here (its label, else its text), else the fallback. */
    label: (code, fallback) => board.legal.get(code)?.label || board.legal.get(code)?.text || fallback,
    /** Why an action is not possible now (the page asks the server), or null on a board not played. */
    reason: (code) => (board.interactive && code !== null && code !== undefined ? ctx.reasonFor(code) : null),
    /** Show a sentence next to an element (emphatic: also in the message line); null hides it. */
    hint: (text, element, emphatic = false) => ctx.hint(text, element, emphatic),

    /** Every seat in turn order, the viewer's first (a spectator's: seat 1 first). */
    seatOrder() {
      const order = [...Array(board.view.players.length).keys()];
      const me = board.seat;
      if (me !== null && me < order.length) order.push(...order.splice(0, me));
      return order;
    },

    /**
     * Declare a part of the drawing (your island, the market, the rivals): its id, its title in
     * words, its box [x, y, w, h] in the board's coordinates, and whether it is the viewer's own.
     * The page shows a board too tall for the window part by part, with a tab for each.
     */
    part(id, title, box, { mine = false } = {}) {
      board.parts.push({ id, title, box, mine });
    },

    /** Play an action: the player's picks are done with. Nothing happens on a board not played. */
    send(code) {
      board.picks = {};
      if (board.interactive) ctx.onAction(code);
    },

    /**
     * A piece drawn centred at (x, y), remembered under key so that its next change shows: a piece
     * that is new or shows something else (sig) pops in; one whose place changed glides there
     * (unless moves is false: pieces laid out in rows do not glide when the row shifts). A piece
     * with from = a key prefix that is new here glides from where a piece under that prefix with
     * the same look (default: its sig) has just left (Citrus: a market tile to its space).
     */
    piece(key, x, y, node, { sig = "", moves = true, look = sig, from = null } = {}) {
      positions.set(key, { x, y, sig, moves, look, from });
      // The inner group carries the pop-in animation, so it never fights the art's own transform.
      return s("g", { "data-key": key, transform: `translate(${x} ${y})` }, s("g", {}, node));
    },

    /**
     * A clickable place on the board. spec: {code, select, kind, label, legal, selected, reason,
     * hit: [x, y, w, h, r] or {cx, cy, r}, activate(event), focusable, extraClass, data, onHover(on)}.
     * A legal target glows, takes the focus (unless focusable is false) and on click, Enter or Space
     * runs activate (default: send its code); an illegal one explains itself on hover, focus and
     * click with spec.reason or the engine's reason for its code. select names a target that picks
     * something on the board instead of playing an action (it then carries data-select, not
     * data-code); data adds data-* attributes.
     */
    target(spec, ...children) {
      const legal = !!spec.legal;
      const reason = legal ? null : spec.reason || board.reason(spec.code);
      const attrs = {
        class: ["target", legal ? "legal" : "illegal", spec.selected && "selected", spec.extraClass],
        role: "button",
        tabindex: legal && spec.focusable !== false ? 0 : -1,
        "aria-label": spec.label,
        "aria-disabled": legal ? null : "true",
        "data-code": spec.select === undefined ? spec.code : null,
        "data-select": spec.select,
        "data-kind": spec.kind,
      };
      for (const [name, value] of Object.entries(spec.data || {})) attrs[`data-${name}`] = value;
      const hit = Array.isArray(spec.hit)
        ? s("rect", { class: "hit", x: spec.hit[0], y: spec.hit[1], width: spec.hit[2], height: spec.hit[3], rx: spec.hit[4] ?? 10 })
        : s("circle", { class: "hit", cx: spec.hit.cx, cy: spec.hit.cy, r: spec.hit.r });
      // the hit area on top, so that it glows over opaque art
      const node = s("g", attrs, ...children, hit);
      const activate = (event) => {
        if (board.holdClicks) return;
        event?.preventDefault();
        if (!legal) {
          board.hint(reason || t("not possible now"), node, true);
          return;
        }
        board.hint(null);
        if (spec.activate) spec.activate(event);
        else board.send(spec.code);
      };
      node.addEventListener("click", activate);
      node.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") activate(event);
      });
      const show = () => {
        board.hint(legal ? spec.label : reason, node, false);
        spec.onHover?.(true);
      };
      const hide = () => {
        board.hint(null);
        spec.onHover?.(false);
      };
      node.addEventListener("mouseenter", show);
      node.addEventListener("focus", show);
      node.addEventListener("mouseleave", hide);
      node.addEventListener("blur", hide);
      return node;
    },
  };

  /** Let the renderer draw the position, then show what changed since the last new position. */
  function draw(fresh) {
    board.fresh = fresh;
    positions = new Map();
    board.parts = [];
    board.renderer.render(board);
    animate(fresh);
    ctx.drawn?.(fresh);
  }

  /** Pieces that changed keep a "last move" glow; on a new position they glide or pop in. */
  function animate(fresh) {
    if (fresh) {
      changed = new Set();
      glides = new Map();
      const comparable =
        last.version !== null &&
        last.renderer === board.renderer &&
        last.table === board.snapshot.table &&
        last.narrow === board.narrow;
      if (comparable) {
        const left = []; // pieces that disappeared or changed: where they were
        for (const [key, old] of last.positions) {
          const now = positions.get(key);
          if (!now || now.sig !== old.sig) left.push({ key, ...old });
        }
        for (const [key, pos] of positions) {
          const old = last.positions.get(key);
          const moved = !!old && pos.moves && (old.x !== pos.x || old.y !== pos.y);
          if (old && !moved && old.sig === pos.sig) continue;
          changed.add(key);
          if (moved) glides.set(key, old);
          else if (pos.from !== null) {
            const from = left.findIndex((o) => o.key.startsWith(pos.from) && o.look === pos.look);
            if (from >= 0) glides.set(key, left.splice(from, 1)[0]);
          }
        }
      }
    }
    const still = typeof matchMedia === "function" && matchMedia(REDUCED_MOTION).matches;
    for (const node of svg.querySelectorAll("[data-key]")) {
      const key = node.dataset.key;
      if (!changed.has(key)) continue;
      node.classList.add("last-move");
      if (!fresh || still) continue;
      const from = glides.get(key);
      const pos = positions.get(key);
      if (from) {
        node.animate(
          [{ transform: `translate(${from.x}px, ${from.y}px)` }, { transform: `translate(${pos.x}px, ${pos.y}px)` }],
          { duration: GLIDE_MS, easing: "ease-out" },
        );
      } else {
        node.classList.add("fresh");
      }
    }
    if (fresh) {
      last = {
        positions,
        version: board.snapshot.version,
        table: board.snapshot.table,
        narrow: board.narrow,
        renderer: board.renderer,
      };
    }
  }

  return board;
}
