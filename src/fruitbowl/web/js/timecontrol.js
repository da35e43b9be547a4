// A new table's time control and stand-in, chosen the same way in the lobby and for a campaign's
// next game: the Time select (no clock, real time, or a time per move) and the stand-in's level.

import { nt, t } from "./i18n.js";
import { levelSelect } from "./seats.js";
import { h } from "./svg.js";

/** The time controls offered: value "realtime:BASE:INCREMENT" or "turn:PER_MOVE" (seconds). */
export const TIME_CONTROLS = [
  ["", t("No clock")],
  ["realtime:300:3", "5 min + 3 s"],
  ["realtime:600:10", "10 min + 10 s"],
  ["realtime:1800:20", "30 min + 20 s"],
  ["turn:86400", nt("{n} day per move", "{n} days per move", 1)],
  ["turn:259200", nt("{n} day per move", "{n} days per move", 3)],
];

/** The Time and Stand-in fields (ids "time-control" and "stand-in-level"), the stand-in at the
 * suggested level. */
export function timeControlField(levels, suggested) {
  return h(
    "div",
    { class: "field time-field" },
    h(
      "label",
      { title: t("Real time: each player's time for the game, plus seconds back after each turn; or a time for each move") },
      t("Time"),
      h("select", { id: "time-control", name: "clock" }, TIME_CONTROLS.map(([value, label]) => h("option", { value }, label))),
    ),
    h(
      "label",
      { title: t("Plays for a player who leaves the game or runs out of time, until they come back") },
      t("Stand-in"),
      levelSelect(levels, suggested, { id: "stand-in-level", name: "takeover" }),
    ),
  );
}

/** What the fields chose, as the API takes it: {clock, takeover}. */
export function readTimeControl(root = document) {
  const [kind, first, second] = root.querySelector("#time-control").value.split(":");
  let clock = null;
  if (kind === "realtime") clock = { kind, base_s: Number(first), increment_s: Number(second) };
  if (kind === "turn") clock = { kind, per_move_s: Number(first) };
  return { clock, takeover: root.querySelector("#stand-in-level").value || null };
}
