// The table's chat panel: the messages (always as text, never as HTML), a line to write in and
// quick phrases for phone players, and muting another player (remembered per table).

import * as api from "./api.js";
import { mutedAt, saveMuted } from "./storage.js";
import { h } from "./svg.js";
import { markerSvg } from "./players.js";

const QUICK = ["Good game", "Your turn", "One moment"];
const MAX_CHAT = 500;
const KEPT = 200; // messages kept on the page

export class ChatPanel {
  /**
   * @param {HTMLElement} root the panel (a <details>, folded on a phone)
   * @param {object} options {tableId, token: () => the seat token or null, onError(message)}
   */
  constructor(root, { tableId, token, onError }) {
    Object.assign(this, { root, tableId, token, onError });
    this.messages = new Map(); // id → message, in order
    this.players = [];
    this.seat = null;
    this.unread = 0;
    this.muted = new Set(mutedAt(tableId));
    this.list = root.querySelector(".chat-list");
    this.form = root.querySelector("form");
    this.input = root.querySelector("#chat-input");
    this.mutes = root.querySelector(".chat-mutes");
    this.badge = root.querySelector(".chat-unread");
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.send(this.input.value);
    });
    root.querySelector(".chat-quick").replaceChildren(
      ...QUICK.map((text) => h("button", { type: "button", class: "quick", onclick: () => this.send(text) }, text)),
    );
    root.addEventListener("toggle", () => {
      if (root.open) this.markRead();
    });
    root.open = !window.matchMedia("(max-width: 900px)").matches; // folded under the board on a phone
  }

  /** A snapshot: who sits where, whether this page may write, and the latest messages. */
  update(snapshot) {
    this.players = snapshot.players;
    this.seat = snapshot.seat;
    this.form.hidden = snapshot.seat === null || snapshot.seat === undefined;
    this.root.querySelector(".chat-readonly").hidden = !this.form.hidden;
    const fresh = (snapshot.chat || []).filter((message) => !this.messages.has(message.id));
    for (const message of fresh) this.messages.set(message.id, message);
    this.drawMutes();
    if (fresh.length) this.draw(fresh);
  }

  /** A message pushed over the WebSocket. */
  add(message) {
    if (this.messages.has(message.id)) return;
    this.messages.set(message.id, message);
    this.draw([message]);
  }

  async send(raw) {
    const text = raw.trim();
    if (!text) return;
    if ([...text].length > MAX_CHAT) {
      this.onError(`A chat message has at most ${MAX_CHAT} characters.`);
      return;
    }
    const typed = raw === this.input.value;
    if (typed) this.input.value = ""; // cleared at once; given back if the server refuses it
    try {
      this.add(await api.chat(this.tableId, this.token(), text));
    } catch (error) {
      if (typed && !this.input.value) this.input.value = raw;
      this.onError(error.message);
    }
  }

  markRead() {
    this.unread = 0;
    this.badge.textContent = "";
  }

  draw(fresh) {
    const ids = [...this.messages.keys()];
    for (const id of ids.slice(0, Math.max(0, ids.length - KEPT))) this.messages.delete(id);
    const shown = [...this.messages.values()].filter((m) => !this.muted.has(m.seat));
    const hidden = this.messages.size - shown.length;
    const notice = hidden ? [h("li", { class: "chat-hidden" }, `${hidden} from muted players not shown`)] : [];
    this.list.replaceChildren(
      ...shown.map((m) =>
        h(
          "li",
          { class: ["chat-message", m.seat === this.seat && "mine"], "data-seat": m.seat ?? "", title: new Date(m.at).toLocaleString() },
          m.seat !== null && m.seat !== undefined ? markerSvg(m.seat, 14) : null,
          h("strong", { class: "chat-name", title: m.name }, m.name),
          h("span", { class: "chat-text" }, m.text),
        ),
      ),
      ...notice,
    );
    this.list.scrollTop = this.list.scrollHeight;
    const others = fresh.filter((m) => m.seat !== this.seat && !this.muted.has(m.seat)).length;
    if (others && !this.root.open) {
      this.unread += others;
      this.badge.textContent = String(this.unread);
    }
  }

  /** A mute switch for each other player, remembered for this table in this browser. */
  drawMutes() {
    const others = this.players.filter((p) => p.seat !== this.seat && p.controller === "human");
    this.mutes.replaceChildren(
      ...others.map((p) => {
        const muted = this.muted.has(p.seat);
        return h(
          "button",
          {
            type: "button",
            class: ["mute", muted && "on"],
            "aria-pressed": String(muted),
            "data-seat": p.seat,
            title: muted ? `Show ${p.name}'s messages again` : `Hide ${p.name}'s messages`,
            onclick: () => {
              if (muted) this.muted.delete(p.seat);
              else this.muted.add(p.seat);
              saveMuted(this.tableId, [...this.muted]);
              this.drawMutes();
              this.draw([]);
            },
          },
          `${muted ? "Unmute" : "Mute"} `,
          h("span", { class: "mute-name" }, p.name),
        );
      }),
    );
  }
}
