// The table's WebSocket: snapshots in, actions out, reconnecting with backoff when it drops.
// It connects with ?lang= so the server says the game's sentences in the page's language.

import { language } from "./i18n.js";

const BACKOFF_MS = [250, 500, 1000, 2000, 4000, 8000];
const PING_MS = 20000;

export class TableConnection {
  /**
   * @param {string} tableId
   * @param {() => string|null} tokenFn  the seat token to use on each (re)connect
   * @param {{onSnapshot, onError, onStatus, onFatal}} handlers
   */
  constructor(tableId, tokenFn, handlers) {
    this.tableId = tableId;
    this.tokenFn = tokenFn;
    this.handlers = handlers;
    this.attempt = 0;
    this.socket = null;
    this.closed = false;
    this.pingTimer = null;
    this.pendingSnapshot = null; // the latest snapshot not yet handed to the page
    this.pendingTimer = null;
  }

  open() {
    this.closed = false;
    const token = this.tokenFn();
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    // The seat token travels as a subprotocol (a header), never in the URL that logs record.
    const protocols = token ? ["fruitbowl", `fruitbowl.token.${token}`] : ["fruitbowl"];
    const socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${this.tableId}?lang=${language()}`, protocols);
    this.socket = socket;
    this.handlers.onStatus?.("connecting");
    socket.onopen = () => {
      this.attempt = 0;
      this.handlers.onStatus?.("online");
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.send({ type: "ping" }), PING_MS);
    };
    socket.onmessage = (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message.type === "state") {
        this.snapshotSoon(message);
        return;
      }
      this.flushSnapshot(); // what follows a snapshot is handled after it
      if (message.type === "error") this.handlers.onError(message);
      else if (message.type === "chat") this.handlers.onChat?.(message.message);
    };
    socket.onclose = (event) => {
      clearInterval(this.pingTimer);
      if (this.socket !== socket || this.closed) return;
      // 4403/4404: the server refused this token or table; retrying the same thing cannot help.
      if (event.code === 4403 || event.code === 4404) {
        this.handlers.onFatal?.(event.code);
        return;
      }
      const delay = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)];
      this.attempt += 1;
      this.handlers.onStatus?.("offline", delay);
      setTimeout(() => !this.closed && this.open(), delay);
    };
  }

  /** Reconnect at once (for example with a new token). */
  reopen() {
    const old = this.socket;
    this.socket = null;
    if (old) old.close();
    this.open();
  }

  /**
   * Hand a snapshot to the page in a moment: snapshots that arrive meanwhile replace it. A page
   * that draws slower than the table moves (a slow phone, a busy machine, bots playing fast) would
   * otherwise draw every position it missed, one after the other, and fall further behind; it
   * draws the latest instead (each snapshot is a whole position, and its log the recent entries).
   */
  snapshotSoon(message) {
    this.pendingSnapshot = message;
    this.pendingTimer ??= setTimeout(() => this.flushSnapshot(), 0);
  }

  flushSnapshot() {
    clearTimeout(this.pendingTimer);
    this.pendingTimer = null;
    const message = this.pendingSnapshot;
    this.pendingSnapshot = null;
    if (message) this.handlers.onSnapshot(message);
  }

  close() {
    this.closed = true;
    clearTimeout(this.pendingTimer);
    this.pendingTimer = null;
    this.pendingSnapshot = null;
    clearInterval(this.pingTimer);
    this.socket?.close();
  }

  send(message) {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  action(code, version) {
    return this.send({ type: "action", action: code, version });
  }

  undo() {
    return this.send({ type: "undo" });
  }
}
