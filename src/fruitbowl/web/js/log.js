// The event log beside the board, newest first, in the server's plain (redacted) sentences.

import { h } from "./svg.js";
import { icon } from "./icons.js";

/** Icons of the entries the table adds to the game's: a player took a new name. */
const TABLE_ICONS = { rename: "pen" };

/** entries: [{move, kind, actor, text}] oldest first; icons: {kind: iconName} (the game's). */
export function renderLog(root, entries, icons, lastSeenMove = null) {
  const items = [...entries].reverse().map((entry) =>
    h(
      "li",
      { class: ["log-entry", `log-${entry.kind}`, lastSeenMove !== null && entry.move > lastSeenMove && "new"] },
      icon(icons[entry.kind] || TABLE_ICONS[entry.kind] || "dot", 14),
      h("span", {}, entry.text),
    ),
  );
  root.replaceChildren(...items);
}
