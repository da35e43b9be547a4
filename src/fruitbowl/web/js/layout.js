// The table's layout: the page never scrolls. A board too tall for its frame is shown part by part
// (the parts its renderer declares with board.part: your island, the business board, the rivals…),
// with a tab for each; the parts that fit together are shown side by side. The part a decision
// needs comes to the front by itself, a tab whose part changed out of sight shows a dot, and the
// focus brings its part into view. On a narrow screen the side column's panels (players, chat, log,
// the host's invitations) are tabs too, and a finished game's results are a tab everywhere.

import { t } from "./i18n.js";
import { h } from "./svg.js";

const COMPACT = "(max-width: 900px)"; // the side column folds into tabs (as the CSS's own breakpoint)
const ZOOM_MAX = 1.35; // a part alone is enlarged at most this much beyond the whole board's width fit
const SHRINK_MAX = 0.95; // a whole board this much too tall is shrunk to fit rather than cut in parts
const MARGIN = 8; // board units kept around a part shown

const union = (boxes) => {
  const x = Math.min(...boxes.map((box) => box[0]));
  const y = Math.min(...boxes.map((box) => box[1]));
  const right = Math.max(...boxes.map((box) => box[0] + box[2]));
  const bottom = Math.max(...boxes.map((box) => box[1] + box[3]));
  return [x, y, right - x, bottom - y];
};

const inside = (box, win) =>
  box[0] >= win[0] - 1 && box[1] >= win[1] - 1 && box[0] + box[2] <= win[0] + win[2] + 1 && box[1] + box[3] <= win[1] + win[3] + 1;

const clamp = (value, low, high) => Math.max(low, Math.min(value, high));

/**
 * The panes shown in the board's place, in order: the element's id → its tab's title. The results
 * (once the game ends) everywhere; the side column's (#host-box: the host's invitations, while seats
 * are open) on a narrow screen only.
 */
const PANES = [
  ["results", t("Results")],
  ["host-box", t("Invite")],
  ["panels", t("Players")],
  ["chat", t("Chat")],
  ["log-box", t("Log")],
];

export class TableLayout {
  /**
   * @param {object} els {tabs, wrap, svg, side}: the tab bar, the board's frame, the board and the
   *   side column
   */
  constructor(els) {
    this.els = els;
    this.full = null; // the whole board's [x, y, w, h] as the renderer drew it
    this.parts = [];
    this.window = null; // the part of the board shown, [x, y, w, h]
    this.windowText = null; // the viewBox this layout last set
    this.chosen = null; // the part ids the player (or a decision) asked for, or null: the default view
    this.pane = "board"; // "board" or the id of a pane shown instead of the board
    this.news = new Set(); // tabs with news (a part changed out of sight, a pane with something new)
    this.decision = ""; // the parts of the current decision's legal targets, to bring them once
    this.needed = []; // the parts holding the current decision's legal targets (none: not your turn)
    this.compactQuery = matchMedia(COMPACT);
    this.compact = this.compactQuery.matches;
    this.compactQuery.addEventListener("change", () => {
      this.compact = this.compactQuery.matches;
      if (!this.compact && this.pane !== "board" && this.pane !== "results") this.pane = "board";
      this.update();
    });
    // Tab onto a place out of sight brings its part into view. A click's or a tap's focus never
    // moves the board (only keyboard focus is :focus-visible): the board must not move between
    // the press and the release, or a tap on a place half in sight would be lost.
    els.svg.addEventListener("focusin", (event) => {
      const target = event.target;
      if (target.matches?.(":focus-visible") && !this.inFrame(target)) this.reveal([target]);
    });
    els.tabs.addEventListener("keydown", (event) => this.arrowKeys(event));
  }

  /** After every draw of the board: read its parts, bring the decision's, mark news, fit the view. */
  drawn(board, fresh) {
    const svg = this.els.svg;
    const drawnBox = svg.getAttribute("viewBox") || "0 0 1600 1000";
    // (a renderer that keeps the viewBox it set before leaves the window this layout set)
    if (drawnBox !== this.windowText || !this.full) this.full = drawnBox.split(/[\s,]+/).map(Number);
    this.parts = board.parts.filter((part) => part.box[2] > 0 && part.box[3] > 0);
    this.window = null;
    if (!this.parts.some((part) => this.chosen?.includes(part.id))) this.chosen = null;
    this.fit(); // the default or chosen view, to measure what is in sight
    const mine = board.interactive && board.snapshot.legal.length > 0;
    const needed = mine ? this.partsOf(svg.querySelectorAll(".target.legal")) : [];
    this.needed = needed; // (the default view, also when the frame changes size: a coach's plaque appears)
    const key = `${board.snapshot.table}:${board.snapshot.version}:${needed.join(",")}`;
    const busy = this.pane !== "board" && document.activeElement?.closest(".side"); // (typing in the chat)
    // A new decision (a new move, or the next step of a move made in several clicks: its targets
    // changed) brings its parts into view; a redraw of the same one only when none is in sight.
    const changed = key !== this.decision;
    if (needed.length && !busy && (changed || !needed.some((id) => this.visible(id)))) {
      if (!needed.every((id) => this.visible(id)) || this.pane !== "board") this.show(needed, false);
    }
    this.decision = key;
    if (fresh && board.snapshot.version !== undefined) {
      for (const id of this.partsOf(svg.querySelectorAll(".last-move"))) if (!this.visible(id)) this.news.add(id);
    }
    this.update();
  }

  /** The parts holding these elements (by the centre of each), in the renderer's order. */
  partsOf(elements) {
    if (!this.parts.length) return [];
    const svgMatrix = this.els.svg.getScreenCTM();
    if (!svgMatrix) return [];
    const toBoard = svgMatrix.inverse();
    const found = new Set();
    for (const element of elements) {
      const matrix = element.getScreenCTM?.();
      if (!matrix) continue;
      let bbox;
      try {
        bbox = element.getBBox();
      } catch {
        continue;
      }
      const point = new DOMPoint(bbox.x + bbox.width / 2, bbox.y + bbox.height / 2).matrixTransform(toBoard.multiply(matrix));
      const part = this.parts.find((p) => point.x >= p.box[0] && point.x <= p.box[0] + p.box[2] && point.y >= p.box[1] && point.y <= p.box[1] + p.box[3]);
      if (part) found.add(part.id);
    }
    return this.parts.filter((p) => found.has(p.id)).map((p) => p.id);
  }

  /** Bring into view the parts of these board elements (the focus moved there, a hint marks them). */
  reveal(elements) {
    const ids = this.partsOf(elements);
    if (ids.length && (this.pane !== "board" || !ids.every((id) => this.visible(id)))) this.show(ids);
  }

  /** Whether an element of the board is wholly inside the board's frame as shown. */
  inFrame(element) {
    if (this.pane !== "board") return false;
    const frame = this.els.svg.getBoundingClientRect();
    const box = element.getBoundingClientRect();
    return box.left >= frame.left - 1 && box.top >= frame.top - 1 && box.right <= frame.right + 1 && box.bottom <= frame.bottom + 1;
  }

  /** Whether a part is wholly in sight. */
  visible(id) {
    const part = this.parts.find((p) => p.id === id);
    return this.pane === "board" && !!part && !!this.window && inside(part.box, this.window);
  }

  /** Show these parts (and the neighbours that fit beside them), or a pane by its id. */
  show(ids, focusTab = false) {
    this.pane = "board";
    this.chosen = ids.length ? ids : null; // none: the board as a whole (or its default view)
    this.fit();
    for (const id of ids) this.news.delete(id);
    this.update(focusTab ? ids[0] : null);
  }

  showPane(id, focusTab = false) {
    this.pane = id;
    this.news.delete(id);
    if (id === "chat") this.els.side.querySelector("#chat")?.setAttribute("open", "");
    this.update(focusTab ? id : null);
  }

  /** Something new in a pane out of sight (a chat message, a log line): its tab gets a dot. */
  paneNews(id) {
    if (this.compact && this.pane !== id) {
      this.news.add(id);
      this.update();
    }
  }

  /** The frame's room in pixels. */
  room() {
    const wrap = this.els.wrap;
    return [Math.max(1, wrap.clientWidth), Math.max(1, wrap.clientHeight)];
  }

  /** The scale at which the whole board fills the frame's width: parts are shown at least this big. */
  baseScale() {
    const [fw] = this.room();
    return fw / this.full[2];
  }

  /** Whether the whole board fits its frame at its width fit (or a little smaller: SHRINK_MAX). */
  fitsWhole() {
    const [, fh] = this.room();
    return !this.parts.length || this.full[3] * this.baseScale() * SHRINK_MAX <= fh + 1;
  }

  /** The region to show for these parts: the first, the rest of them while they fit beside it at
   * the base scale, then the other parts (nearest first) while everything still fits. A decision
   * spread over parts that do not fit together is thus shown part by part, never shrunk below the
   * size its text is drawn for; the tabs of its parts out of sight are marked (see tabs()). */
  grow(ids) {
    const [fw, fh] = this.room();
    const base = this.baseScale();
    const fits = (box) => box[2] * base <= fw + 1 && (box[3] + 2 * MARGIN) * base <= fh + 1;
    const asked = this.parts.filter((p) => ids.includes(p.id));
    let region = asked[0].box;
    for (const part of asked.slice(1)) {
      const bigger = union([region, part.box]);
      if (fits(bigger)) region = bigger;
    }
    const centre = region[1] + region[3] / 2;
    const others = this.parts
      .filter((p) => !ids.includes(p.id))
      .sort((a, b) => Math.abs(a.box[1] + a.box[3] / 2 - centre) - Math.abs(b.box[1] + b.box[3] / 2 - centre));
    for (const part of others) {
      const bigger = union([region, part.box]);
      if (fits(bigger)) region = bigger;
    }
    return region;
  }

  /** Set the board's window (its viewBox) and size for what is chosen, within the frame. */
  fit() {
    const svg = this.els.svg;
    if (!this.full) return;
    const [fx, fy, bw, bh] = this.full;
    const [fw, fh] = this.room();
    let region;
    if (this.fitsWhole()) region = this.full;
    else if (this.chosen) region = this.grow(this.chosen);
    else {
      // the current decision's parts, else your own part (else the first)
      const ids = this.needed.filter((id) => this.parts.some((p) => p.id === id));
      region = this.grow(ids.length ? ids : [(this.parts.find((p) => p.mine) || this.parts[0]).id]);
    }
    const padded = region === this.full ? region : [region[0] - MARGIN, region[1] - MARGIN, region[2] + 2 * MARGIN, region[3] + 2 * MARGIN];
    const base = fw / bw;
    const scale = Math.min(fw / padded[2], fh / padded[3], this.parts.length ? base * ZOOM_MAX : base);
    const vw = Math.min(fw / scale, bw);
    const vh = Math.min(fh / scale, bh);
    const vx = clamp(padded[0] + padded[2] / 2 - vw / 2, fx, fx + bw - vw);
    const vy = clamp(padded[1], fy, fy + bh - vh);
    this.window = [vx, vy, vw, vh];
    this.windowText = this.window.map((v) => Math.round(v * 100) / 100).join(" ");
    svg.setAttribute("viewBox", this.windowText);
    svg.style.width = `${Math.floor(vw * scale)}px`;
    svg.style.height = `${Math.floor(vh * scale)}px`;
  }

  /** The tabs: the board's parts (or the board as one) and, where they are tabs, the panes. */
  tabs() {
    const tabs = [];
    if (this.fitsWhole()) tabs.push({ id: "board", title: t("Board"), part: true });
    else
      for (const part of this.parts) {
        const wanted = this.needed.includes(part.id) && !this.visible(part.id); // the decision has moves there too
        tabs.push({ id: part.id, title: part.title, part: true, mine: part.mine, wanted });
      }
    for (const [id, title] of PANES) {
      const el = document.getElementById(id);
      if (!el || el.hidden) continue;
      if (id === "results" || this.compact) tabs.push({ id, title, part: false }); // the side's panes are tabs on a narrow screen
    }
    return tabs;
  }

  /** Redraw the tab bar and show the pane chosen. */
  update(focus = null) {
    const { tabs: bar, wrap, side } = this.els;
    if (this.pane !== "board" && !document.getElementById(this.pane)?.matches(":not([hidden])")) this.pane = "board";
    if (this.pane === "board") this.fit();
    const tabs = this.tabs();
    focus ??= document.activeElement?.closest?.(".part-tab")?.dataset.part ?? null; // kept through the redraw
    const selected = (tab) =>
      tab.part ? this.pane === "board" && (tab.id === "board" || this.visible(tab.id)) : this.pane === tab.id;
    bar.replaceChildren(
      ...tabs.map((tab) =>
        h(
          "button",
          {
            type: "button",
            role: "tab",
            class: ["part-tab", tab.mine && "mine", this.news.has(tab.id) && "news", tab.wanted && "wanted"],
            "data-part": tab.id,
            "aria-selected": String(selected(tab)),
            tabindex: selected(tab) ? "0" : "-1",
            title: tab.wanted ? t("{part} (you can play here too)", { part: tab.title }) : this.news.has(tab.id) ? t("{part} (something changed)", { part: tab.title }) : tab.title,
            onclick: () => (tab.part ? (tab.id === "board" ? this.show([]) : this.show([tab.id], true)) : this.showPane(tab.id, true)),
          },
          h("span", { class: "part-tab-title" }, tab.title),
          tab.wanted ? h("span", { class: "sr-only" }, " (you can play here too)") : null,
        ),
      ),
    );
    if (!bar.querySelector('[aria-selected="true"]')) bar.querySelector(".part-tab")?.setAttribute("tabindex", "0");
    bar.hidden = tabs.length < 2;
    document.body.dataset.pane = this.pane;
    wrap.classList.toggle("pane-hidden", this.pane !== "board");
    for (const el of document.querySelectorAll("#results, .side > [data-pane]")) {
      el.classList.toggle("pane-active", (el.dataset.pane || el.id) === this.pane);
    }
    side.classList.toggle("pane-shown", this.compact && this.pane !== "board" && this.pane !== "results");
    if (focus) bar.querySelector(`[data-part="${focus}"]`)?.focus();
    const first = bar.querySelector('[aria-selected="true"]');
    if (first && !focus) {
      // the tab shown stays in sight in a bar that scrolls sideways (the page itself does not scroll)
      const left = first.offsetLeft - bar.offsetLeft;
      if (left < bar.scrollLeft || left + first.offsetWidth > bar.scrollLeft + bar.clientWidth) bar.scrollLeft = left - 8;
    }
  }

  /** Left and right arrows move between the tabs (as a tab list does). */
  arrowKeys(event) {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    const buttons = [...this.els.tabs.querySelectorAll(".part-tab")];
    const at = buttons.indexOf(document.activeElement);
    if (at < 0) return;
    const next = buttons[(at + (event.key === "ArrowRight" ? 1 : buttons.length - 1)) % buttons.length];
    event.preventDefault();
    next.click();
    this.els.tabs.querySelector(`[data-part="${next.dataset.part}"]`)?.focus();
  }
}
