// The event log beside the board, newest first, in the server's plain (redacted) sentences.

import { h } from "./svg.js";
import { icon } from "./icons.js";

/** entries: [{move, kind, actor, text}] oldest first; icons: {kind: iconName}. */
export function renderLog(root, entries, icons, lastSeenMove = null) {
  const items = [...entries].reverse().map((entry) =>
    h(
      "li",
      { class: ["log-entry", `log-${entry.kind}`, lastSeenMove !== null && entry.move > lastSeenMove && "new"] },
      icon(icons[entry.kind] || "dot", 14),
      h("span", {}, entry.text),
    ),
  );
  root.replaceChildren(...items);
}
