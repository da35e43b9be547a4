// Replay viewer: steps through /replay move by move (◀ ▶ or the arrow keys), as the viewer saw it.

import * as api from "./api.js";
import { h } from "./svg.js";

export class ReplayViewer {
  /**
   * @param {{tableId, token, bar: HTMLElement, draw: (snapshot, logEntries) => void, onClose: () => void}} options
   */
  constructor(options) {
    Object.assign(this, options);
    this.steps = [];
    this.index = 0;
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
    this.go(0);
  }

  go(index) {
    this.index = Math.max(0, Math.min(this.steps.length - 1, index));
    const step = this.steps[this.index];
    const snapshot = {
      type: "state",
      table: `replay:${this.tableId}`,
      game: this.data.game,
      status: "replay",
      version: this.index,
      seat: this.data.seat,
      view: step.view,
      legal: [],
      illegal: {},
      players: this.players,
      log: [],
      result: null,
    };
    const entries = [];
    this.steps.slice(0, this.index + 1).forEach((s) => s.log.forEach((text) => entries.push({ move: s.move, kind: "step", text })));
    this.draw(snapshot, entries);
    this.renderBar(step);
  }

  renderBar(step) {
    const who = step.actor !== null && step.actor !== undefined ? this.players[step.actor]?.name : null;
    const what = step.action ? `Move ${step.move} of ${this.steps.length - 1}: ${who ? `${who}: ` : ""}${step.action}` : "Start of the game";
    this.bar.replaceChildren(
      h("strong", {}, "Replay"),
      h("button", { id: "replay-first", "aria-label": "First move", onclick: () => this.go(0) }, "⏮"),
      h("button", { id: "replay-prev", "aria-label": "Previous move", onclick: () => this.go(this.index - 1) }, "◀"),
      h("span", { class: "replay-step", "aria-live": "polite" }, what),
      h("button", { id: "replay-next", "aria-label": "Next move", onclick: () => this.go(this.index + 1) }, "▶"),
      h("button", { id: "replay-last", "aria-label": "Last move", onclick: () => this.go(this.steps.length - 1) }, "⏭"),
      h("button", { id: "replay-close", onclick: () => this.close() }, "Close replay"),
    );
  }

  close() {
    window.removeEventListener("keydown", this.onKey);
    this.bar.hidden = true;
    this.onClose();
  }
}
