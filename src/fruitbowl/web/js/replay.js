// Replay viewer: steps through /replay move by move (◀ ▶ or the arrow keys), as the viewer saw it.
// /replay gives every move (its text when the viewer may know it, and its log); the position after
// a move comes from /replay?at=N when it is shown, and is kept (the neighbours are fetched ahead).
// Between the moves the log shows what was said and done at the table after each move: the
// renames, and the chat to the table's players (the server leaves the chat out for anyone else).

import { t } from "./i18n.js";
import * as api from "./api.js";
import { seatStyle } from "./players.js";
import { h, s } from "./svg.js";

const CHART_W = 600;
const CHART_H = 120;

/** A log entry for something said or done at the table after a move: a chat message reads
 * "Ada: good luck" (a spectator's "Cy (watching): …"), a rename as the table's log said it. */
function noteEntry(move, note) {
  if (note.kind !== "chat") return { move, kind: note.kind, actor: note.seat, text: note.text };
  const who = note.seat === null || note.seat === undefined ? t("{name} (watching)", { name: note.name }) : note.name;
  return { move, kind: "chat", actor: note.seat, text: `${who}: ${note.text}` };
}

export class ReplayViewer {
  /**
   * @param {{tableId, token, bar: HTMLElement, draw: (snapshot, logEntries) => void, onClose: () => void}} options
   */
  constructor(options) {
    Object.assign(this, options);
    this.steps = [];
    this.index = 0;
    this.views = new Map(); // move number -> Promise of the view after it
    this.onKey = (event) => {
      if (event.target.closest?.("input, textarea, select")) return;
      if (event.key === "ArrowLeft") this.go(this.index - 1);
      if (event.key === "ArrowRight") this.go(this.index + 1);
      if (event.key === "Escape") this.close();
    };
  }

  async open() {
    const data = await api.replay(this.tableId, this.token);
    this.data = data;
    this.steps = data.steps;
    this.players = data.players.map((name, seat) => ({ seat, name, controller: "human", claimed: true, online: false }));
    window.addEventListener("keydown", this.onKey);
    this.bar.hidden = false;
    this.review = null;
    await this.go(0);
    api
      .review(this.tableId, this.token)
      .then((review) => {
        this.review = review;
        this.renderBar(this.steps[this.index]);
      })
      .catch(() => {}); // an unfinished game has no review: the replay works without it
  }

  viewAt(index) {
    if (!this.views.has(index)) {
      const view = api.replayView(this.tableId, this.token, index).then((data) => data.view);
      view.catch(() => this.views.delete(index)); // a failed fetch is tried again next time
      this.views.set(index, view);
    }
    return this.views.get(index);
  }

  async go(index) {
    this.index = Math.max(0, Math.min(this.steps.length - 1, index));
    const wanted = this.index;
    const step = this.steps[wanted];
    this.renderBar(step);
    let view;
    try {
      view = await this.viewAt(wanted);
    } catch (error) {
      this.renderBar(step, t("Could not load this position: {error}", { error: error.message }));
      return;
    }
    if (wanted !== this.index || this.bar.hidden) return; // another move was chosen meanwhile
    for (const next of [wanted + 1, wanted - 1]) if (next >= 0 && next < this.steps.length) this.viewAt(next).catch(() => {});
    const snapshot = {
      type: "state",
      table: `replay:${this.tableId}`,
      game: this.data.game,
      status: "replay",
      version: this.index,
      seat: this.data.seat,
      view,
      legal: [],
      players: this.players,
      log: [],
      result: null,
    };
    const entries = [];
    for (const past of this.steps.slice(0, this.index + 1)) {
      for (const text of past.log) entries.push({ move: past.move, kind: "step", text });
      for (const note of past.notes || []) entries.push(noteEntry(past.move, note));
    }
    this.draw(snapshot, entries);
    this.renderBar(step);
  }

  renderBar(step, problem = null) {
    const who = step.actor !== null && step.actor !== undefined ? this.players[step.actor]?.name : null;
    // A move that hides something from this viewer has no text: its log says what may be known.
    const said = step.action ?? (step.log.join(" ") || t("a hidden move"));
    const move = who ? `${who}: ${said}` : said;
    const what = problem ?? (step.move ? t("Move {move} of {moves}: {what}", { move: step.move, moves: this.steps.length - 1, what: move }) : t("Start of the game"));
    this.bar.replaceChildren(
      h("strong", {}, t("Replay")),
      h("button", { id: "replay-first", "aria-label": t("First move"), onclick: () => this.go(0) }, "|◀"),
      h("button", { id: "replay-prev", "aria-label": t("Previous move"), onclick: () => this.go(this.index - 1) }, "◀"),
      h("span", { class: "replay-step", "aria-live": "polite" }, what),
      h("button", { id: "replay-next", "aria-label": t("Next move"), onclick: () => this.go(this.index + 1) }, "▶"),
      h("button", { id: "replay-last", "aria-label": t("Last move"), onclick: () => this.go(this.steps.length - 1) }, "▶|"),
      h("button", { id: "replay-close", onclick: () => this.close() }, t("Close replay")),
      ...(this.review ? [this.chart()] : []), // (replaceChildren would write a null as "null")
    );
  }

  /** Each seat's estimated chance to win after every move; the biggest swings marked; click to jump. */
  chart() {
    const { chances, swings, names } = this.review;
    const last = Math.max(1, chances.length - 1);
    const x = (i) => (i / last) * CHART_W;
    const y = (p) => CHART_H - p * CHART_H;
    const lines = names.map((name, seat) =>
      s("polyline", {
        points: chances.map((point, i) => `${x(i).toFixed(1)},${y(point[seat]).toFixed(1)}`).join(" "),
        fill: "none",
        stroke: seatStyle(seat).color,
        "stroke-width": 2,
        class: "review-line",
      }),
    );
    const marks = swings.map((i) =>
      s("line", { x1: x(i), x2: x(i), y1: 0, y2: CHART_H, stroke: "#8a6d3b", "stroke-dasharray": "3 3" }),
    );
    const cursor = s("line", { x1: x(this.index), x2: x(this.index), y1: 0, y2: CHART_H, stroke: "#222", "stroke-width": 2 });
    const svg = s(
      "svg",
      {
        class: "review-chart",
        viewBox: `-4 -4 ${CHART_W + 8} ${CHART_H + 8}`,
        role: "img",
        "aria-label": t("Each player's estimated chance to win after every move; dashed lines mark the turning points"),
        onclick: (event) => {
          const box = svg.getBoundingClientRect();
          this.go(Math.round(((event.clientX - box.left) / box.width) * last));
        },
      },
      s("rect", { x: 0, y: 0, width: CHART_W, height: CHART_H, fill: "#fffaf0", stroke: "#c9b58f" }),
      s("line", { x1: 0, x2: CHART_W, y1: y(0.5), y2: y(0.5), stroke: "#e5d8bd" }),
      ...marks,
      ...lines,
      cursor,
    );
    const legend = names.map((name, seat) =>
      h("span", { class: "review-key", style: `color: ${seatStyle(seat).color}` }, `■ ${name}`),
    );
    return h("div", { class: "review", id: "review" }, h("div", { class: "review-title" }, t("Chances to win"), ...legend), svg);
  }

  close() {
    window.removeEventListener("keydown", this.onKey);
    this.bar.hidden = true;
    this.onClose();
  }
}
