// One HTML panel per player: marker, name, online dot (a page of that seat is open, on any server),
// who is to act, and the game's counters; under them, how many spectators are watching.

import { h } from "./svg.js";
import { nt, t } from "./i18n.js";
import { icon } from "./icons.js";
import { markerSvg, seatStyle } from "./players.js";

/**
 * @param {HTMLElement} root
 * @param {object} snapshot
 * @param {object} renderer      the game's renderer module (for panelStats)
 * @param {object|null} previous the snapshot before this one (to flash changed counters)
 * @param {object} [options]      {onRename}: when given, the viewer's own panel offers to change their name
 */
export function renderPanels(root, snapshot, renderer, previous, { onRename = null } = {}) {
  const view = snapshot.view;
  const acting = snapshot.status === "playing" ? view.current_player : null;
  const watching = snapshot.watching;
  root.replaceChildren(
    ...snapshot.players.map((player) => {
      const seat = player.seat;
      const stats = renderer.panelStats(view, seat);
      const before = previous && previous.table === snapshot.table ? renderer.panelStats(previous.view, seat) : null;
      const you = seat === snapshot.seat;
      const status = player.controller !== "human" ? t("a bot") : player.online ? t("online") : player.claimed ? t("offline") : t("seat open");
      return h(
        "section",
        {
          class: ["player-panel", you && "you", acting === seat && "acting"],
          style: `--seat-color: ${seatStyle(seat).color}`,
          "aria-label": `${player.name}${you ? ` ${t("(you)")}` : ""}${acting === seat ? t(", to act") : ""}`,
          "data-seat": seat,
        },
        h(
          "header",
          {},
          markerSvg(seat, 24),
          h("span", { class: "player-name", title: player.name }, player.name),
          you ? h("span", { class: "you-tag" }, t("(you)")) : null,
          you && onRename
            ? h("button", { class: "rename", type: "button", title: t("Change your name"), "aria-label": t("Change your name"), onclick: onRename }, "✎")
            : null,
          player.controller !== "human" ? h("span", { class: "bot-tag", title: t("{level} bot", { level: player.controller }) }, t("bot")) : null,
          h("span", { class: ["online-dot", player.online ? "on" : "off"], title: status, role: "img", "aria-label": status }),
        ),
        acting === seat ? h("div", { class: "to-act" }, `▶ ${t("to act")}`) : null,
        h(
          "ul",
          { class: "stats" },
          stats.map((stat) => {
            const old = before?.find((b) => b.key === stat.key);
            const changed = old && String(old.value) !== String(stat.value);
            return h(
              "li",
              { class: ["stat", `stat-${stat.key}`, changed && "changed"], title: stat.title },
              icon(stat.icon, 18),
              h("span", { class: "stat-value" }, String(stat.value)),
              h("span", { class: "sr-only" }, ` ${stat.title}`),
            );
          }),
        ),
      );
    }),
    ...(watching === undefined || watching === null // (a replay's snapshots say nothing of it)
      ? []
      : [h("p", { class: "watching", id: "watching", title: t("Spectators following this table now") }, icon("eye", 16), ` ${nt("{n} watching", "{n} watching", watching)}`)]),
  );
}

/**
 * The board in words, for a screen reader on request: what the table waits for, then each player
 * with their figures (the panels' own, with their titles) — whose turn, scores, holdings.
 */
export function boardSummary(snapshot, renderer, prompt) {
  const view = snapshot.view;
  const acting = snapshot.status === "playing" ? view.current_player : null;
  const lines = [prompt.endsWith(".") ? prompt : `${prompt}.`];
  for (const player of snapshot.players) {
    const stats = renderer.panelStats(view, player.seat).map((stat) => `${stat.title || stat.key} ${stat.value}`);
    const who = player.seat === snapshot.seat ? `${player.name} ${t("(you)")}` : player.name;
    lines.push(`${who}${player.seat === acting ? t(", to act") : ""}: ${stats.join(", ")}.`);
  }
  return lines.join(" ");
}