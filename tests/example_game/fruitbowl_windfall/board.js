// Windfall's board for the browser: the basket as a row of apples; on your turn each apple you
// may take up to is a target (click the third apple to take three). Served by the web table from
// this package (GET /api/games gives its address); it imports the shared client from /static/js/.
// The renderer interface is fruitbowl's docs/web.md: render(board) draws with the board kit.

import { s } from "/static/js/svg.js";
import { counted } from "/static/js/wording.js";

export const STYLESHEET = "./board.css"; // the board's look, served from this package too
export const BUTTON_KINDS = new Set();
export const CATEGORY_LABELS = { apples: "Apples", "bonus card": "Bonus card", windfall: "Windfall" };
export const TIEBREAK_LABELS = { apples: "Apples" };
export const LOG_ICONS = { take: "fruit", windfall: "star", reveal: "card" };

export function render(board) {
  const { svg, view } = board;
  svg.replaceChildren();
  svg.setAttribute("viewBox", "0 0 440 120");
  svg.append(s("text", { x: 10, y: 20, class: "wf-basket", text: `Basket: ${counted(view.basket, "apple")}` }));
  for (let i = 0; i < view.basket; i += 1) {
    const cx = 20 + (i % 20) * 20;
    const cy = 45 + Math.floor(i / 20) * 22;
    const apple = s("circle", { cx, cy, r: 8, fill: "#c0392b" });
    // the i-th apple takes i + 1 apples; board.code finds that action's code in the table's action index
    const code = board.interactive && i < view.most_taken ? board.code("take", { apples: i + 1 }) : null;
    if (code === null || !board.isLegal(code)) {
      svg.append(apple);
      continue;
    }
    const label = board.label(code, `Take ${counted(i + 1, "apple")}`);
    svg.append(board.target({ code, kind: "take", legal: true, label, hit: { cx, cy, r: 10 } }, apple));
  }
}

export function panelStats(view, seat) {
  const p = view.players[seat];
  const stats = [{ key: "apples", icon: "fruit", value: String(p.apples), title: counted(p.apples, "apple") }];
  if (p.card !== undefined) stats.push({ key: "card", icon: "card", value: String(p.card), title: "bonus card" });
  return stats;
}
