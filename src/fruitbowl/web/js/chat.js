// The table's chat panel: the messages (always as text, never as HTML), a line to write in and
// quick phrases for phone players, and muting another player or the spectators (remembered per
// table). Spectators read it; they write (under a name they give) only where the host allows it,
// which the host sets in the host's settings (renderChatSetting).

import { nt, t } from "./i18n.js";
import * as api from "./api.js";
import { icon } from "./icons.js";
import { checkName } from "./names.js";
import { mutedAt, playerName, saveMuted, savePlayerName } from "./storage.js";
import { h } from "./svg.js";
import { markerSvg } from "./players.js";

/** The key spectators' messages are muted under (players' are muted by seat number). */
const SPECTATORS = "spectators";
const seated = (seat) => seat !== null && seat !== undefined;
const muteKey = (message) => (seated(message.seat) ? message.seat : SPECTATORS);

const QUICK = [t("Good game"), t("Your turn"), t("One moment")];
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
    this.nameInput = root.querySelector("#chat-name");
    this.nameInput.value = playerName() || "";
    this.spectatorChat = false;
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
    this.spectatorChat = !!snapshot.spectator_chat;
    // A player always writes; a spectator where the host allows it, under a name of their own.
    this.form.hidden = !seated(snapshot.seat) && !this.spectatorChat;
    this.nameInput.hidden = seated(snapshot.seat);
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
      this.onError(t("A chat message has at most {n} characters.", { n: MAX_CHAT }));
      return;
    }
    let name = null;
    if (!seated(this.seat)) {
      const checked = checkName(this.nameInput.value, t("your name"));
      if (checked.error) {
        this.onError(`${checked.error.charAt(0).toUpperCase()}${checked.error.slice(1)}.`);
        this.nameInput.focus();
        return;
      }
      name = checked.name;
    }
    const typed = raw === this.input.value;
    if (typed) this.input.value = ""; // cleared at once; given back if the server refuses it
    try {
      this.add(await api.chat(this.tableId, this.token(), text, name));
      if (name) savePlayerName(name);
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
    const shown = [...this.messages.values()].filter((m) => !this.muted.has(muteKey(m)));
    const hidden = this.messages.size - shown.length;
    const notice = hidden ? [h("li", { class: "chat-hidden" }, nt("{n} from muted people not shown", "{n} from muted people not shown", hidden))] : [];
    this.list.replaceChildren(
      ...shown.map((m) =>
        h(
          "li",
          {
            class: ["chat-message", seated(m.seat) ? m.seat === this.seat && "mine" : "spectator"],
            "data-seat": m.seat ?? "",
            title: new Date(m.at).toLocaleString(),
          },
          seated(m.seat) ? markerSvg(m.seat, 14) : icon("eye", 14, t("a spectator")),
          h("strong", { class: "chat-name", title: seated(m.seat) ? m.name : t("{name} (watching)", { name: m.name }) }, m.name),
          h("span", { class: "chat-text" }, m.text),
        ),
      ),
      ...notice,
    );
    this.list.scrollTop = this.list.scrollHeight;
    const mine = (m) => seated(this.seat) && m.seat === this.seat;
    const others = fresh.filter((m) => !mine(m) && !this.muted.has(muteKey(m))).length;
    if (others && !this.root.open) {
      this.unread += others;
      this.badge.textContent = String(this.unread);
    }
  }

  /** A mute switch for each other player (and for the spectators, once they may write or have
   * written), remembered for this table in this browser. */
  drawMutes() {
    const others = this.players
      .filter((p) => p.seat !== this.seat && p.controller === "human")
      .map((p) => ({ key: p.seat, name: p.name, show: t("Show {name}'s messages again", { name: p.name }), hide: t("Hide {name}'s messages", { name: p.name }) }));
    const spectatorsSpoke = [...this.messages.values()].some((m) => !seated(m.seat));
    if (seated(this.seat) && (this.spectatorChat || spectatorsSpoke)) {
      others.push({ key: SPECTATORS, name: t("spectators"), show: t("Show the spectators' messages again"), hide: t("Hide the spectators' messages") });
    }
    this.mutes.replaceChildren(
      ...others.map(({ key, name, show, hide }) => {
        const muted = this.muted.has(key);
        return h(
          "button",
          {
            type: "button",
            class: ["mute", muted && "on"],
            "aria-pressed": String(muted),
            "data-seat": key,
            title: muted ? show : hide,
            onclick: () => {
              if (muted) this.muted.delete(key);
              else this.muted.add(key);
              saveMuted(this.tableId, [...this.muted]);
              this.drawMutes();
              this.draw([]);
            },
          },
          `${muted ? t("Unmute") : t("Mute")} `,
          h("span", { class: "mute-name" }, name),
        );
      }),
    );
  }
}

/**
 * The host's settings box: whether spectators may write in the chat (players always may). Shown
 * to the browser that created the table (its host token) while the table lets anyone watch.
 * @param {HTMLElement} root the box
 * @param {object} snapshot the table state
 * @param {object} options {host: {hostToken} or null, onError(message)}
 */
export function renderChatSetting(root, snapshot, { host, onError }) {
  if (!host || !snapshot.allow_spectators || snapshot.spectator_chat === undefined || snapshot.status === "cancelled") {
    root.hidden = true;
    return;
  }
  root.hidden = false;
  const box = h("input", {
    type: "checkbox",
    id: "spectator-chat",
    checked: snapshot.spectator_chat,
    onchange: async () => {
      box.disabled = true;
      try {
        await api.settings(snapshot.table, host.hostToken, { spectator_chat: box.checked });
      } catch (error) {
        box.checked = !box.checked;
        onError(error.message);
      } finally {
        box.disabled = false;
      }
    },
  });
  root.replaceChildren(
    h("h2", {}, t("Host settings")),
    h("label", { class: "check" }, box, ` ${t("Spectators may write in the chat")}`),
    h("p", { class: "setting-note" }, t("Players can always write; spectators read the chat either way.")),
  );
}
