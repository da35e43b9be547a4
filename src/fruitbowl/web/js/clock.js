// Clocks and stand-ins at the table: each player's clock in their panel (the running one ticks
// down, red under 30 s), the Leave button (a stand-in bot plays for you) and, while a stand-in
// holds your seat, the bar that says so with "Take my seat back".
//
// The server keeps the clocks (state "clock": {kind, remaining_s per seat, running, deadline});
// the page only counts the running one down from the time it was told, by its own monotonic
// clock, so a computer whose clock is wrong still shows the right time left.

import { nt, t } from "./i18n.js";
import { icon } from "./icons.js";
import { botLabel, botLevels, loadedLevels } from "./seats.js";
import { h } from "./svg.js";

/** Under this many seconds a clock is shown red. */
export const LOW_S = 30;

/** Time left in words a glance reads: "4:59", "1:02:03", "23 h 59 min", "2 d 4 h". */
export function formatClock(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  if (s >= 86400) {
    const days = Math.floor(s / 86400);
    return `${days} d ${Math.floor((s % 86400) / 3600)} h`;
  }
  if (s >= 3600 * 10) return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const secs = String(s % 60).padStart(2, "0");
  return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${secs}` : `${minutes}:${secs}`;
}

/** The time control in words: "10 min + 10 s", "1 day per move". */
export function describeClock(clock) {
  const span = (s) =>
    s % 86400 === 0 ? nt("{n} day", "{n} days", s / 86400) : s % 3600 === 0 ? `${s / 3600} h` : s % 60 === 0 ? `${s / 60} min` : `${s} s`;
  if (clock.kind === "turn") return t("{time} per move", { time: span(clock.per_move_s) });
  return clock.increment_s ? t("{time} + {increment} s a move", { time: span(clock.base_s), increment: clock.increment_s }) : span(clock.base_s);
}

const ticking = { elements: [], left: 0, since: 0, timer: null };

// Until the bot levels' labels have loaded ("Strong"), a stand-in is "a stand-in bot"; then the
// latest drawing of each part is drawn again with the label.
const waiting = new Map();
function withLevels(part, redraw) {
  if (loadedLevels()) return loadedLevels();
  if (!waiting.size) {
    botLevels().then(
      () => {
        const redraws = [...waiting.values()];
        waiting.clear();
        for (const again of redraws) again();
      },
      () => waiting.clear(),
    );
  }
  waiting.set(part, redraw);
  return null;
}

function tick() {
  const left = ticking.left - (performance.now() - ticking.since) / 1000;
  for (const element of ticking.elements) {
    if (!element.isConnected) continue;
    element.querySelector(".clock-time").textContent = formatClock(left);
    element.classList.toggle("low", left < LOW_S);
  }
}

/** The running clock again in the status line (``element``), where a phone player looks: "Your
 * time 0:42", "Ada 0:42"; hidden while no clock runs (CSS shows it on narrow screens only). */
function statusClock(element, snapshot) {
  const clock = snapshot.clock;
  const seat = clock?.running;
  if (!element) return null;
  if (seat === null || seat === undefined || snapshot.status !== "playing") {
    element.hidden = true;
    element.replaceChildren();
    return null;
  }
  const left = clock.remaining_s[seat];
  const who = seat === snapshot.seat ? t("Your time") : snapshot.players[seat].name;
  element.hidden = false;
  element.className = ["turn-clock", left < LOW_S && "low"].filter(Boolean).join(" ");
  element.replaceChildren(
    icon("clock", 14),
    h("span", { class: "turn-clock-who" }, who),
    h("span", { class: "clock-time" }, formatClock(left)),
  );
  return element;
}

/** Each player's clock in their panel (``root``: the panels), the running one ticking down, and
 * again in the status line (``status``). */
export function renderClocks(root, snapshot, status = null) {
  ticking.elements = [];
  const clock = snapshot.clock;
  waiting.delete("clocks"); // an earlier drawing waiting for the labels is out of date
  const levels = snapshot.players.some((p) => p.takeover) ? withLevels("clocks", () => renderClocks(root, snapshot)) : null;
  for (const player of snapshot.players) {
    const header = root.querySelector(`.player-panel[data-seat="${player.seat}"] header`);
    if (!header) continue;
    header.querySelector(".stand-in-tag")?.remove();
    if (player.takeover) {
      const who = levels && snapshot.takeover ? t("A {level} bot", { level: botLabel(levels, snapshot.takeover) }) : t("A stand-in bot");
      header.append(h("span", { class: "stand-in-tag", title: t("{who} plays for {name}", { who, name: player.name }) }, t("stand-in")));
    }
    const left = clock?.remaining_s?.[player.seat];
    const panel = header.parentElement;
    panel.querySelector(".clock")?.remove();
    if (left === null || left === undefined) continue;
    const running = clock.running === player.seat && snapshot.status === "playing";
    const element = h(
      "div",
      {
        class: ["clock", running && "running", left < LOW_S && "low"],
        "data-seat": player.seat,
        title: running && clock.deadline ? t("Runs out at {time}", { time: new Date(clock.deadline).toLocaleString() }) : describeClock(clock),
      },
      icon("clock", 14),
      h("span", { class: "clock-time", role: "timer", "aria-label": t("Time left for {name}", { name: player.name }) }, formatClock(left)),
    );
    header.after(element);
    if (running) Object.assign(ticking, { elements: [element], left, since: performance.now() });
  }
  const shown = statusClock(status, snapshot);
  if (shown && ticking.elements.length) ticking.elements.push(shown);
  ticking.timer ??= setInterval(tick, 250);
}

/** A modal question with two buttons; resolves true when the player confirms. */
export function confirmDialog({ title, text, confirm, cancel = t("Cancel") }) {
  return new Promise((resolve) => {
    const yes = h("button", { type: "button", class: "primary", id: "confirm-yes" }, confirm);
    const no = h("button", { type: "button", id: "confirm-no" }, cancel);
    const dialog = h(
      "dialog",
      { class: "name-dialog confirm-dialog", "aria-labelledby": "confirm-title" },
      h("h2", { id: "confirm-title" }, title),
      h("p", {}, text),
      h("div", { class: "dialog-buttons" }, no, yes),
    );
    const finish = (answer) => {
      dialog.close();
      dialog.remove();
      resolve(answer);
    };
    yes.addEventListener("click", () => finish(true));
    no.addEventListener("click", () => finish(false));
    dialog.addEventListener("cancel", (event) => {
      event.preventDefault();
      finish(false);
    });
    document.body.append(dialog);
    dialog.showModal();
    no.focus();
  });
}

/**
 * The seat's tools: the Leave button (``leaveButton``) while you hold your seat in a game in play,
 * and the bar (``bar``) saying a stand-in plays for you, with "Take my seat back".
 * @param {object} handlers {onLeave, onBack}: each returns a promise (the request)
 */
export function renderStandIn(bar, leaveButton, snapshot, { onLeave, onBack }) {
  const seat = snapshot.seat;
  const me = seat === null || seat === undefined ? null : snapshot.players[seat];
  const playing = snapshot.status === "playing";
  leaveButton.hidden = !me || !playing || me.takeover;
  leaveButton.onclick = async () => {
    const levels = await botLevels().catch(() => null);
    const who = levels && snapshot.takeover ? t("a {level} bot", { level: botLabel(levels, snapshot.takeover) }) : t("a stand-in bot");
    const sure = await confirmDialog({
      title: t("Leave the game?"),
      text: t('From now on {who} plays for you. You can come back at any time: make a move, or press "Take my seat back".', { who }),
      confirm: t("Leave"),
      cancel: t("Stay"),
    });
    if (sure) await onLeave();
  };
  waiting.delete("bar");
  if (!me || !me.takeover || !playing) {
    bar.hidden = true;
    bar.replaceChildren();
    return;
  }
  const levels = withLevels("bar", () => renderStandIn(bar, leaveButton, snapshot, { onLeave, onBack }));
  const who = levels && snapshot.takeover ? t("A {level} bot", { level: botLabel(levels, snapshot.takeover) }) : t("A stand-in bot");
  const ranOut = snapshot.clock && snapshot.clock.remaining_s?.[seat] === 0;
  bar.hidden = false;
  bar.replaceChildren(
    h(
      "span",
      {},
      `${ranOut ? t("{who} plays for you (your time ran out). Any move of yours takes your seat back, or:", { who }) : t("{who} plays for you. Any move of yours takes your seat back, or:", { who })} `,
    ),
    h("button", { id: "take-seat-back", class: "primary", onclick: () => onBack() }, t("Take my seat back")),
  );
}
