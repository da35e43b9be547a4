// The table page: joins a seat if the URL says so, follows the table over its WebSocket and keeps
// the status line, board, panels, log and results in step with every snapshot.

import * as api from "./api.js";
import { createBoard, indexActions } from "./board-kit.js";
import { ChatPanel, renderChatSetting } from "./chat.js";
import { renderClocks, renderStandIn } from "./clock.js";
import { TableConnection } from "./connection.js";
import { rendererFor } from "./games/index.js";
import { TableLayout } from "./layout.js";
import { renderLog } from "./log.js";
import { askName } from "./names.js";
import { beep, bindNotifyToggle, bindSoundToggle, notifyTurn, setTitle } from "./notify.js";
import { boardSummary, renderPanels } from "./panels.js";
import { ReplayViewer } from "./replay.js";
import { renderResults } from "./results.js";
import { openRules, ruleLink } from "./rules.js";
import { botLevels, levelSelect, loadedLevels, registeredBotOf, registeredBots, seatRegistered } from "./seats.js";
import { forgetSeat, hostFor, playerName, savePlayerName, saveSeat, seatFor } from "./storage.js";
import { h } from "./svg.js";
import { languageSwitch, t } from "./i18n.js";
import { drawCoach } from "./tutorial.js";

const NARROW_PX = 720;
const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const params = new URLSearchParams(location.search);

const page = {
  snapshot: null,
  previous: null,
  renderer: null,
  connection: null,
  replay: null,
  narrow: false,
  wasMyTurn: false,
  turnLooked: null, // the table and version whose turn drawAll last looked at (a redraw looks again)
  messageTimer: null,
  actions: null, // the table's whole action space, indexed (board-kit.js indexActions)
  board: null, // the board drawn in #board (board-kit.js createBoard), once the action space is here
  fixedView: null, // the parts of every view that never change, which snapshots leave out
  spaceLoading: null, // the request for the action space while it is under way
  reasons: new Map(), // "version:code" → the promised sentence saying why that action is not possible
  reasonRules: new Map(), // "version:code" → that refusal's rule ({title, url}) in the game's How to play
  hintSerial: 0, // counts hints shown, so that a late answer does not replace a newer hint
  log: [], // the log entries seen at this seat (a snapshot carries only the latest), oldest first
  logStart: 0, // the place of log[0] in the table's whole log
  logSeat: undefined, // the seat (or spectator) whose sentences log holds
};

const PAGE_LOG = 80; // log entries kept on the page

/** Keep a snapshot's latest log entries after the earlier ones this page was sent (an undo's
 * removed entries are replaced, as the snapshot's entries go to the end of the table's log). */
function mergeLog(snapshot) {
  const start = snapshot.log_start ?? 0;
  const seat = `${snapshot.table}:${snapshot.seat}`;
  const kept = start - page.logStart;
  if (page.logSeat !== seat || kept < 0 || kept > page.log.length) {
    page.log = snapshot.log;
    page.logStart = start;
  } else {
    page.log = page.log.slice(0, kept).concat(snapshot.log);
  }
  page.logSeat = seat;
  const extra = page.log.length - PAGE_LOG;
  if (extra > 0) {
    page.log = page.log.slice(extra);
    page.logStart += extra;
  }
}

/** The table's action space and the views' fixed parts, loaded once (again after a failure). */
function loadActionSpace() {
  page.spaceLoading ??= api.actions(tableId).then(
    (space) => {
      page.actions = indexActions(space.actions);
      page.fixedView = space.fixed_view;
      page.board = createBoard($("board"), {
        actions: page.actions,
        hint,
        onAction: sendAction,
        reasonFor,
        drawn: (fresh) => page.layout.drawn(page.board, fresh), // the layout shows the parts in reach
      });
    },
    (error) => {
      page.spaceLoading = null;
      throw error;
    },
  );
  return page.spaceLoading;
}

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

/** A snapshot's view with the fixed parts it leaves out put back: an object takes the fixed
 * object's keys it does not have, each of its own completed the same way; a list as long as the
 * fixed list completes each object item from the fixed item at its place (the server's
 * ``without_fixed`` the other way round). */
function withFixed(value, fixed) {
  if (isObject(value) && isObject(fixed)) {
    const out = { ...fixed };
    for (const [key, item] of Object.entries(value)) out[key] = key in fixed ? withFixed(item, fixed[key]) : item;
    return out;
  }
  if (Array.isArray(value) && Array.isArray(fixed) && value.length === fixed.length) {
    return value.map((item, i) => (isObject(item) ? withFixed(item, fixed[i]) : item));
  }
  return value;
}

// ------------------------------------------------------------------ messages and hints

function showMessage(text, kind = "error", rule = null) {
  const box = $("message");
  box.textContent = text;
  const link = kind === "error" ? ruleLink(page.snapshot?.game, rule) : null;
  if (link) box.append(" ", link);
  box.className = `message ${kind}`;
  box.hidden = !text;
  clearTimeout(page.messageTimer);
  if (text) page.messageTimer = setTimeout(() => (box.hidden = true), 7000);
}

/**
 * Why a target is not possible, asked of the server when the player points at it or clicks it
 * (snapshots carry no explanations: Citrus alone has thousands of actions). A renderer passes it to
 * ctx.hint like a sentence; the hint says so while the answer is on its way.
 */
class Reason {
  constructor(code) {
    this.code = code;
  }
}

const ASKING = t("Not possible now — asking the server why…");
const HOVER_DWELL_MS = 150; // a pointer passing over a target does not ask; one resting on it does

const reasonKey = (code) => `${page.snapshot?.version}:${code}`;

/** The sentence explaining an action in the current position: one request per action and move. */
function reasonText(code) {
  const version = page.snapshot?.version;
  const key = reasonKey(code);
  if (!page.reasons.has(key)) {
    const asked = api.explain(tableId, seatFor(tableId)?.token, code).then(
      (answer) => {
        const reason = answer.version === version && answer.reason ? answer.reason : t("not possible now");
        if (answer.rule) page.reasonRules.set(key, answer.rule);
        return reason.charAt(0).toUpperCase() + reason.slice(1);
      },
      (error) => {
        page.reasons.delete(key); // asked again next time
        return t("Not possible now (the server could not say why: {error})", { error: error.message });
      },
    );
    page.reasons.set(key, asked);
  }
  return page.reasons.get(key);
}

/** The floating explanation next to a board target (its action, or why it is illegal). */
function hint(text, element, emphatic = false) {
  const box = $("hint");
  const serial = ++page.hintSerial;
  if (!text || !element) {
    box.hidden = true;
    return;
  }
  if (!(text instanceof Reason)) {
    showHint(text, element, emphatic);
    return;
  }
  showHint(ASKING, element, emphatic);
  const ask = () =>
    reasonText(text.code).then((sentence) => {
      const rule = page.reasonRules.get(reasonKey(text.code));
      // (a snapshot may have redrawn the board meanwhile: the same target, drawn anew)
      const shown = document.contains(element) ? element : document.querySelector(`#board .target[data-code="${text.code}"]`);
      if (serial === page.hintSerial && shown) showHint(sentence, shown, emphatic, rule);
      else if (emphatic && $("message").textContent === ASKING) showMessage(sentence, "error", rule);
    });
  if (emphatic || page.reasons.has(reasonKey(text.code))) ask();
  else setTimeout(() => serial === page.hintSerial && ask(), HOVER_DWELL_MS);
}

function showHint(text, element, emphatic, rule = null) {
  const box = $("hint");
  const wrap = $("board-wrap").getBoundingClientRect();
  const rect = element.getBoundingClientRect();
  box.textContent = text;
  box.className = emphatic ? "hint refused" : "hint";
  box.hidden = false;
  const left = Math.min(Math.max(4, rect.left - wrap.left + rect.width / 2 - box.offsetWidth / 2), wrap.width - box.offsetWidth - 4);
  const above = rect.top - wrap.top - box.offsetHeight - 8;
  box.style.left = `${Math.max(4, left)}px`;
  box.style.top = `${above > 0 ? above : rect.bottom - wrap.top + 8}px`;
  if (emphatic) showMessage(text, text === ASKING ? "info" : "error", rule);
}

// ------------------------------------------------------------------ joining

/**
 * A seat token in the link (`#token=…`, or an old link's `?token=…`) moves into storage and out of
 * the address bar at once, so it reaches no server log, history entry or referrer; the seat's
 * number is filled in from the first snapshot.
 */
function takeTokenFromUrl() {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const token = fragment.get("token") || params.get("token");
  if (!token) return;
  if (seatFor(tableId)?.token !== token) saveSeat(tableId, null, token);
  params.delete("token");
  const rest = params.toString();
  history.replaceState(null, "", `${location.pathname}${rest ? `?${rest}` : ""}`);
}

/**
 * An invitation (or the open join link) asks the player's name first (the one this browser
 * remembers, ready to confirm), then takes the seat under it. A refusal (the name taken at this
 * table, the seat taken meanwhile) is said in the dialog, which stays open; "Just watch" closes it.
 */
async function claimSeatFromUrl() {
  const invite = params.get("invite");
  const wantsJoin = params.get("join");
  if (!invite && !wantsJoin) return;
  if (seatFor(tableId) && !invite) return; // already seated here: the join link just opens the table
  let taken = null;
  await askName({
    title: t("Take your seat"),
    about: t("The others at the table will see this name. You can change it during the game."),
    initial: playerName(),
    confirm: t("Take my seat"),
    cancel: t("Just watch"),
    save: async (name) => {
      taken = await api.join(tableId, name, invite);
      saveSeat(tableId, taken.seat, taken.token);
      savePlayerName(name);
    },
  });
  if (taken) showMessage(t("You took seat {seat}.", { seat: taken.seat + 1 }), "info");
}

/** The player changes their name: everyone sees it, the log says it, this browser remembers it. */
async function rename() {
  const me = page.snapshot?.players[page.snapshot.seat];
  if (!me) return;
  await askName({
    title: t("Change your name"),
    initial: me.name,
    confirm: t("Save"),
    cancel: t("Cancel"),
    save: async (name) => {
      await api.rename(tableId, seatFor(tableId)?.token, name);
      savePlayerName(name);
    },
  });
}

/** Leave the game, or take the seat back from the stand-in: the snapshot that follows shows it. */
async function seatRequest(call) {
  try {
    await call(tableId, seatFor(tableId)?.token);
  } catch (error) {
    showMessage(error.message);
  }
}

/** Whether players may still change their names (not once the game is over). */
const renamable = (snapshot) => snapshot.seat !== null && ["open", "playing"].includes(snapshot.status);

// ------------------------------------------------------------------ drawing

/** The log's entries about the table, not the game (a rename, a clock run out, a seat left or back). */
const TABLE_NOTES = new Set(["rename", "timeout", "leave", "back"]);

function isMyTurn(snapshot) {
  return snapshot.status === "playing" && snapshot.legal.length > 0;
}

/** Play an action clicked on the board. */
function sendAction(code) {
  hint(null);
  if (!page.connection.action(code, page.snapshot.version)) showMessage(t("Not connected: reconnecting…"));
  document.body.dataset.pending = "1";
}

/** Why a board target is not possible: the prompt while it is not your turn, else the server's reason. */
function reasonFor(code) {
  return isMyTurn(page.snapshot) ? new Reason(code) : page.snapshot.prompt;
}

function drawBoard(snapshot, interactive) {
  page.board.render(page.renderer, snapshot, { interactive, narrow: page.narrow });
}

function drawStatus(snapshot) {
  $("prompt").textContent = snapshot.prompt;
  const buttons = snapshot.legal
    .filter((action) => page.renderer.BUTTON_KINDS.has(action.kind))
    .map((action) =>
      h(
        "button",
        {
          class: "action",
          "data-code": action.code,
          "data-kind": action.kind,
          onclick: () => {
            page.connection.action(action.code, snapshot.version);
            document.body.dataset.pending = "1";
          },
        },
        action.label || action.text,
      ),
    );
  if (snapshot.can_undo) {
    buttons.push(h("button", { id: "undo", class: "undo", onclick: () => page.connection.undo() }, `↶ ${t("Undo")}`));
  }
  if (isMyTurn(snapshot) && snapshot.legal.length > 1) {
    buttons.push(h("button", { id: "hint-button", class: "undo", onclick: () => askHint(snapshot) }, t("Hint")));
  }
  $("actions").replaceChildren(...buttons);
  $("status").classList.toggle("your-turn", isMyTurn(snapshot));
}

const hostLevels = {}; // the bot level the host chose per open seat (kept while the box is redrawn)

function drawHostBox(snapshot) {
  const host = hostFor(tableId);
  const box = $("host-box");
  const open = snapshot.players.filter((p) => !p.claimed);
  if (!host || snapshot.status !== "open" || open.length === 0) {
    box.hidden = true;
    return;
  }
  const levels = loadedLevels();
  if (!levels) {
    botLevels().then(() => page.snapshot && drawHostBox(page.snapshot), (error) => showMessage(t("Could not load the bot levels: {error}", { error: error.message })));
    return;
  }
  if (page.registered === undefined) {
    page.registered = []; // the registered bots this host may seat (asked once)
    registeredBots(snapshot.game).then((names) => {
      page.registered = names;
      if (names.length && page.snapshot) drawHostBox(page.snapshot);
    });
  }
  box.hidden = false;
  if (!page.invitesShown && page.layout.compact) page.layout.showPane("host-box"); // on a phone the invitations come first
  page.invitesShown = true;
  box.replaceChildren(
    h("h2", {}, t("Invite your friends")),
    h("p", {}, t("Send each friend their seat's link, or give the seat to a bot.")),
    h(
      "ul",
      {},
      open.map((p) => {
        const link = host.invites?.[String(p.seat)];
        const url = link ? new URL(link, location.origin).href : null;
        const level = levelSelect(
          levels,
          hostLevels[p.seat],
          { class: "bot-level", "aria-label": t("Bot for seat {seat}", { seat: p.seat + 1 }), onchange: (e) => (hostLevels[p.seat] = e.target.value) },
          link ? page.registered : [], // (a registered bot takes the seat by its invitation)
        );
        return h(
          "li",
          {},
          h("strong", {}, t("Seat {n}", { n: p.seat + 1 })),
          url ? h("input", { class: "invite-link", readonly: true, value: url, "aria-label": t("Invitation link for seat {seat}", { seat: p.seat + 1 }) }) : null,
          url
            ? h("button", { onclick: () => navigator.clipboard?.writeText(url).then(() => showMessage(t("Link copied."), "info")) }, t("Copy"))
            : null,
          level,
          h(
            "button",
            {
              onclick: async () => {
                try {
                  if (!registeredBotOf(level.value)) await api.seatBot(tableId, p.seat, level.value, host.hostToken);
                  else {
                    const refused = await seatRegistered({ id: tableId, invites: host.invites }, { [p.seat]: level.value });
                    if (refused.length) showMessage(t("Could not seat the bot: {reason}", { reason: refused[0] }));
                  }
                } catch (error) {
                  showMessage(error.message);
                }
              },
            },
            t("Give to a bot"),
          ),
        );
      }),
    ),
  );
}

function drawAll() {
  const snapshot = page.snapshot;
  if (!snapshot || !page.renderer || page.replay) return;
  const mine = isMyTurn(snapshot);
  document.body.dataset.version = snapshot.version;
  document.body.dataset.status = snapshot.status;
  document.body.dataset.turn = mine ? "mine" : "other";
  document.body.dataset.seat = snapshot.seat ?? "spectator";
  delete document.body.dataset.pending;
  $("table-title").textContent = t("{title} · table {table}", { title: snapshot.title, table: snapshot.table });
  $("table-title").title = $("table-title").textContent; // whole where a phone's bar cuts it
  const me = snapshot.seat === null || snapshot.seat === undefined ? null : snapshot.players[snapshot.seat];
  $("seat-info").textContent = me ? t("You are {name} (seat {seat})", { name: me.name, seat: snapshot.seat + 1 }) : t("You are watching");
  $("seat-info").title = $("seat-info").textContent; // the whole name where the bar cuts it
  drawStatus(snapshot);
  drawBoard(snapshot, true);
  renderPanels($("panels"), snapshot, page.renderer, page.previous, { onRename: renamable(snapshot) ? rename : null });
  renderClocks($("panels"), snapshot, $("turn-clock"));
  renderStandIn($("stand-in"), $("leave"), snapshot, { onLeave: () => seatRequest(api.leave), onBack: () => seatRequest(api.back) });
  const lastSeen = page.previous && page.previous.table === snapshot.table ? page.previous.version : null;
  renderLog($("log"), page.log, page.renderer.LOG_ICONS || {}, lastSeen);
  if (lastSeen !== null && lastSeen !== snapshot.version) page.layout.paneNews("log-box");
  renderResults($("results"), snapshot, page.renderer, { onRematch: rematch });
  drawCoach(snapshot, page.renderer, page.actions, (nodes) => page.layout.reveal(nodes)); // a tutorial's coach
  drawHostBox(snapshot);
  renderChatSetting($("host-settings"), snapshot, { host: hostFor(tableId), onError: showMessage });
  page.chat.update(snapshot);
  $("open-replay-top").hidden = snapshot.status !== "finished";
  // The results take the board's place once the game ends (a tab brings the board back).
  const firstLook = page.previous?.table !== snapshot.table;
  if (snapshot.status === "finished" && (firstLook || page.previous.status !== "finished")) page.layout.showPane("results");
  else page.layout.update();
  setTitle(snapshot.title, mine);
  // the turn comes back: it was not mine when last looked at, or another seat acted since (two
  // snapshots pushed together reach a page as the later one alone: mine, then mine again); a
  // redraw of the same snapshot (a closed replay) looks from its own version: nothing new
  const since = page.turnLooked?.table === snapshot.table ? page.turnLooked.version : snapshot.version;
  const othersActed = snapshot.log.some(
    (entry) =>
      entry.move > since && entry.actor !== null && entry.actor !== undefined && entry.actor !== snapshot.seat && !TABLE_NOTES.has(entry.kind),
  );
  const cameBack = mine && (!page.wasMyTurn || othersActed);
  if (cameBack) beep();
  if (cameBack) notifyTurn(snapshot.title, snapshot.prompt); // only while the tab is hidden
  page.wasMyTurn = mine;
  page.turnLooked = { table: snapshot.table, version: snapshot.version };
}

// ------------------------------------------------------------------ hints

/** Ask the server what a search from this seat's own view recommends, and say it. */
async function askHint(snapshot) {
  const button = $("hint-button");
  if (button) button.disabled = true;
  showMessage(t("Thinking…"), "info");
  try {
    const advice = await api.hint(tableId, seatFor(tableId)?.token);
    if (advice.version !== page.snapshot?.version) return;
    const label = snapshot.legal.find((a) => a.code === advice.action.code)?.label || advice.action.text;
    const chance = Math.round(advice.win_chance * 100);
    showMessage(t("Hint: {label} — about {chance}% to win from here (estimated from your view only).", { label, chance }), "info");
    // Every step of the move is marked: a renderer names them for a move made in several clicks
    // (a tile, then a stick); else the one target of its code.
    const action = page.actions?.get(advice.action.code) || advice.action;
    const steps = page.renderer.hintTargets?.(action) || [`#board .target.legal[data-code="${action.code}"]`];
    const marked = steps.flatMap((selector) => [...document.querySelectorAll(selector)]);
    for (const node of marked) node.classList.add("hinted");
    page.layout.reveal(marked); // the parts of the board the move is made on come into view
  } catch (error) {
    showMessage(error.message);
  } finally {
    if (button) button.disabled = false;
  }
}

// ------------------------------------------------------------------ rematch and replay

async function rematch(bots) {
  const snapshot = page.snapshot;
  if (snapshot.rematch) {
    // The rematch keeps every player's seat and seat token.
    const mine = seatFor(tableId);
    if (mine) saveSeat(snapshot.rematch, mine.seat, mine.token);
    location.href = `/t/${snapshot.rematch}`;
    return;
  }
  try {
    const created = await api.rematch(tableId, seatFor(tableId)?.token, bots);
    saveSeat(created.id, created.seat, created.token);
    location.href = created.url;
  } catch (error) {
    showMessage(error.message);
  }
}

async function openReplay() {
  if (!page.renderer) {
    // The game's board comes with the table's first snapshot; until then there is nothing to replay on.
    showMessage(t("The table is still loading: open the replay again in a moment."));
    return;
  }
  try {
    await loadActionSpace();
  } catch (error) {
    showMessage(t("No replay: {error}", { error: error.message }));
    return;
  }
  page.replay = new ReplayViewer({
    tableId,
    token: seatFor(tableId)?.token,
    bar: $("replay-bar"),
    draw: (snapshot, entries) => {
      drawBoard(snapshot, false); // not played: its targets send nothing and give no reasons
      $("prompt").textContent = t("Replay: step through the game with ◀ ▶");
      $("actions").replaceChildren();
      renderPanels($("panels"), snapshot, page.renderer, null);
      renderLog($("log"), entries, {}, null);
      $("results").hidden = true;
      page.layout.update();
      document.body.dataset.replayStep = snapshot.version;
    },
    onClose: () => {
      page.replay = null;
      delete document.body.dataset.replayStep;
      drawAll();
    },
  });
  try {
    await page.replay.open();
  } catch (error) {
    page.replay = null;
    showMessage(t("No replay: {error}", { error: error.message }));
  }
}

// ------------------------------------------------------------------ start

async function onSnapshot(snapshot) {
  const saved = seatFor(tableId);
  if (saved && saved.seat === null && snapshot.seat !== null) saveSeat(tableId, snapshot.seat, saved.token);
  if (!page.renderer || page.rendererGame !== snapshot.game) {
    try {
      page.renderer = await rendererFor(snapshot.game);
      page.rendererGame = snapshot.game;
    } catch (error) {
      showMessage(error.message);
      return;
    }
  }
  try {
    await loadActionSpace();
  } catch (error) {
    showMessage(t("Could not load the table: {error}", { error: error.message }));
    return;
  }
  // A snapshot names each legal action by code (and label, where it is not the usual one); its
  // text, kind, fields and usual label come from the table's action space, and its view leaves
  // out the parts that never change, which the action space carries too.
  snapshot.legal = snapshot.legal.map((action) => ({ ...page.actions.get(action.code), ...action }));
  snapshot.view = withFixed(snapshot.view, page.fixedView);
  if (snapshot.version !== page.snapshot?.version) {
    page.reasons.clear();
    page.reasonRules.clear();
  }
  mergeLog(snapshot);
  page.previous = page.snapshot;
  page.snapshot = snapshot;
  drawAll();
  if (params.has("replay") && snapshot.status === "finished" && !page.replayOpened) {
    page.replayOpened = true;
    openReplay();
  }
}

function setConnectionStatus(status, delay) {
  const badge = $("conn");
  badge.className = `conn ${status}`;
  badge.textContent =
    status === "online" ? t("connected") : status === "connecting" ? t("connecting…") : t("offline, retrying in {seconds} s", { seconds: Math.round(delay / 100) / 10 });
}

async function main() {
  $("language-switch").replaceWith(languageSwitch());
  page.layout = new TableLayout({ tabs: $("part-tabs"), wrap: $("board-wrap"), svg: $("board"), side: document.querySelector(".side") });
  bindSoundToggle($("sound"));
  bindNotifyToggle($("notify-turn"), (text) => showMessage(text));
  $("open-rules").addEventListener("click", () => page.snapshot && openRules(page.snapshot.game));
  $("read-board").addEventListener("click", () => {
    if (page.snapshot && page.renderer) $("board-summary").textContent = boardSummary(page.snapshot, page.renderer, $("prompt").textContent);
  });
  takeTokenFromUrl();
  await claimSeatFromUrl();
  const held = seatFor(tableId);
  if (held?.token) api.claimForAccount(tableId, held.token); // a signed-in player's seat is their account's
  try {
    await loadActionSpace();
  } catch (error) {
    showMessage(t("Could not load the table: {error}", { error: error.message }));
  }
  history.replaceState(null, "", `/t/${encodeURIComponent(tableId)}${params.has("replay") ? "?replay=1" : ""}`);
  page.chat = new ChatPanel($("chat"), { tableId, token: () => seatFor(tableId)?.token || null, onError: showMessage });
  page.connection = new TableConnection(tableId, () => seatFor(tableId)?.token || null, {
    onSnapshot,
    onChat: (message) => {
      page.chat.add(message);
      page.layout.paneNews("chat");
    },
    onStatus: setConnectionStatus,
    onError: (message) => {
      showMessage(message.message);
      delete document.body.dataset.pending;
    },
    onFatal: (code) => {
      if (code === 4403 && seatFor(tableId)) {
        forgetSeat(tableId); // a stale token: watch instead, the player can join again
        showMessage(t("Your saved seat is no longer valid here; you are watching."));
        page.connection.reopen();
      } else {
        showMessage(code === 4404 ? t("There is no such table.") : t("You may not watch this table."));
        setConnectionStatus("closed", 0);
        $("conn").textContent = t("closed");
      }
    },
  });
  page.connection.open();

  const wrap = $("board-wrap");
  new ResizeObserver(() => {
    if (!wrap.clientWidth) return;
    const narrow = wrap.clientWidth < NARROW_PX;
    if (narrow !== page.narrow) {
      page.narrow = narrow;
      if (page.replay) page.replay.go(page.replay.index);
      else if (page.snapshot && page.renderer) drawBoard(page.snapshot, true);
    } else page.layout.update(); // the same board, fitted to its frame's new size
  }).observe(wrap);
  page.narrow = wrap.clientWidth < NARROW_PX;
  $("results").addEventListener("replay", openReplay);
  $("open-replay-top").addEventListener("click", openReplay);
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") hint(null);
  });
}

main();
