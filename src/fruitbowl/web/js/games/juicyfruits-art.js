// Juicy Fruits' pictures: the five fruits (each its own shape and colour), ships, collectors,
// ice cream carts, venues, stalls, ice cream markers, bags and Pineapple.
// Everything is drawn centred on 0,0 at a size given by the caller, so the board only places it.

import { s, starPath } from "../svg.js";

export const FRUIT_COLORS = {
  banana: "#f7d23e",
  lime: "#7cc242",
  pomegranate: "#d7263d",
  orange: "#f48a1c",
  mangosteen: "#6b2d6e",
};
export const ICE_COLORS = {
  yellow: "#f5d547",
  green: "#74c365",
  red: "#e2463f",
  orange: "#f59a30",
  purple: "#9a68cf",
  milkshake: "#f6c5da",
};

/** Gradients and patterns shared by the whole board; added once per <svg>. */
export function defs() {
  return s(
    "defs",
    {},
    s(
      "radialGradient",
      { id: "jf-sea", cx: "50%", cy: "45%", r: "70%" },
      s("stop", { offset: "0%", "stop-color": "#49b6d6" }),
      s("stop", { offset: "100%", "stop-color": "#1f6f9c" }),
    ),
    s(
      "linearGradient",
      { id: "jf-sand", x1: 0, y1: 0, x2: 1, y2: 1 },
      s("stop", { offset: "0%", "stop-color": "#f8e3a8" }),
      s("stop", { offset: "100%", "stop-color": "#e9c97c" }),
    ),
    s(
      "linearGradient",
      { id: "jf-grass", x1: 0, y1: 0, x2: 0, y2: 1 },
      s("stop", { offset: "0%", "stop-color": "#8fcf6a" }),
      s("stop", { offset: "100%", "stop-color": "#63a94b" }),
    ),
    s(
      "radialGradient",
      { id: "jf-pond", cx: "40%", cy: "35%", r: "70%" },
      s("stop", { offset: "0%", "stop-color": "#9be2f2" }),
      s("stop", { offset: "100%", "stop-color": "#2d8fb8" }),
    ),
    s(
      "linearGradient",
      { id: "jf-wood", x1: 0, y1: 0, x2: 0, y2: 1 },
      s("stop", { offset: "0%", "stop-color": "#e7c28c" }),
      s("stop", { offset: "100%", "stop-color": "#c99a5b" }),
    ),
    s(
      "linearGradient",
      { id: "jf-table", x1: 0, y1: 0, x2: 1, y2: 1 },
      s("stop", { offset: "0%", "stop-color": "#1d6f8f" }),
      s("stop", { offset: "100%", "stop-color": "#0f4a66" }),
    ),
    s(
      "pattern",
      { id: "jf-waves", width: 60, height: 24, patternUnits: "userSpaceOnUse" },
      s("path", { d: "M0 12 q15 -8 30 0 t30 0", stroke: "#fff", "stroke-opacity": 0.14, fill: "none", "stroke-width": 2 }),
    ),
    s(
      "pattern",
      { id: "jf-hatch", width: 12, height: 12, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
      s("rect", { width: 12, height: 12, fill: "#000", "fill-opacity": 0.25 }),
      s("path", { d: "M0 0 V12", stroke: "#fff", "stroke-opacity": 0.12, "stroke-width": 4 }),
    ),
    s(
      "filter",
      { id: "jf-shadow", x: "-20%", y: "-20%", width: "140%", height: "140%" },
      s("feDropShadow", { dx: 0, dy: 2, stdDeviation: 2, "flood-opacity": 0.35 }),
    ),
  );
}

/** A fruit of radius r: banana crescent, lime lemon-oval, pomegranate crowned, orange with leaf, mangosteen with calyx. */
export function fruit(name, r = 10) {
  const c = FRUIT_COLORS[name] || "#999";
  const line = { stroke: "#3b2414", "stroke-width": Math.max(1, r * 0.12), "stroke-linejoin": "round" };
  const g = s("g", { class: `fruit fruit-${name}` });
  if (name === "banana") {
    g.append(
      s("path", {
        d: `M${-r * 0.95} ${-r * 0.55} Q${-r * 0.7} ${r * 1.05} ${r * 0.95} ${r * 0.35} Q${-r * 0.2} ${r * 0.35} ${-r * 0.55} ${-r * 0.8} Z`,
        fill: c,
        ...line,
      }),
      s("path", { d: `M${-r * 0.95} ${-r * 0.55} l${-r * 0.1} ${-r * 0.35}`, ...line, "stroke-width": r * 0.22, "stroke-linecap": "round" }),
    );
  } else if (name === "lime") {
    g.append(
      s("path", { d: `M${-r} 0 Q0 ${-r * 1.25} ${r} 0 Q0 ${r * 1.25} ${-r} 0 Z`, fill: c, ...line, transform: "rotate(-30)" }),
      s("path", { d: `M${-r * 0.45} 0 h${r * 0.9}`, stroke: "#d9f2b6", "stroke-width": r * 0.14, transform: "rotate(-30)" }),
    );
  } else if (name === "pomegranate") {
    g.append(
      s("circle", { cy: r * 0.12, r: r * 0.82, fill: c, ...line }),
      s("path", {
        d: `M${-r * 0.35} ${-r * 0.6} l${-r * 0.05} ${-r * 0.45} l${r * 0.2} ${r * 0.2} l${r * 0.2} ${-r * 0.3} l${r * 0.2} ${r * 0.3} l${r * 0.2} ${-r * 0.2} l${-r * 0.05} ${r * 0.45} Z`,
        fill: "#a51b2b",
        ...line,
      }),
      s("circle", { cx: -r * 0.3, cy: r * 0.1, r: r * 0.16, fill: "#fff", "fill-opacity": 0.45 }),
    );
  } else if (name === "orange") {
    g.append(
      s("circle", { r: r * 0.86, fill: c, ...line }),
      s("path", { d: `M0 ${-r * 0.8} q${r * 0.45} ${-r * 0.55} ${r * 0.9} ${-r * 0.2} q${-r * 0.45} ${r * 0.4} ${-r * 0.9} ${r * 0.2} Z`, fill: "#3f9b2f", ...line, "stroke-width": r * 0.08 }),
      s("circle", { cx: r * 0.25, cy: r * 0.2, r: r * 0.1, fill: "#b85d06" }),
      s("circle", { cx: -r * 0.3, cy: -r * 0.25, r: r * 0.18, fill: "#fff", "fill-opacity": 0.4 }),
    );
  } else if (name === "mangosteen") {
    const petals = [0, 72, 144, 216, 288].map((a) =>
      s("ellipse", { cx: 0, cy: -r * 0.32, rx: r * 0.2, ry: r * 0.34, fill: "#4f8a2a", transform: `translate(0 ${-r * 0.55}) rotate(${a})` }),
    );
    g.append(s("rect", { x: -r * 0.85, y: -r * 0.7, width: r * 1.7, height: r * 1.6, rx: r * 0.7, fill: c, ...line }), ...petals);
  } else {
    g.append(s("circle", { r, fill: c, ...line }));
  }
  return g;
}

/** "n×fruit" laid out left to right: [[fruit, n], …] as a group centred on 0,0. */
export function fruitCounts(pairs, r, fontSize, color = "#2b1d12") {
  const step = r * 2.2 + fontSize * 0.7;
  const width = pairs.length * step - r * 0.4;
  const g = s("g", {});
  pairs.forEach(([name, n], i) => {
    const x = -width / 2 + i * step;
    g.append(
      s("text", { x, y: fontSize * 0.36, "font-size": fontSize, "font-weight": 800, fill: color, text: n }),
      s("g", { transform: `translate(${x + fontSize * 0.62 + r} 0)` }, fruit(name, r)),
    );
  });
  return g;
}

/** A row of single fruits (a cost), centred, as little icons side by side. */
export function fruitRow(cost, r) {
  const list = [];
  for (const [name, n] of Object.entries(cost)) for (let i = 0; i < n; i++) list.push(name);
  const step = r * 2.05;
  const g = s("g", {});
  list.forEach((name, i) => g.append(s("g", { transform: `translate(${(i - (list.length - 1) / 2) * step} 0)` }, fruit(name, r))));
  return g;
}

export function pointsBadge(points, r, fill = "#ffd34d") {
  return s(
    "g",
    { class: "points-badge" },
    s("circle", { r, fill, stroke: "#7a5500", "stroke-width": r * 0.14 }),
    s("text", { y: r * 0.42, "text-anchor": "middle", "font-size": r * 1.25, "font-weight": 800, fill: "#3b2414", text: points }),
  );
}

export function stars(n, r) {
  const g = s("g", {});
  for (let i = 0; i < n; i++) {
    g.append(s("path", { d: starPath(r), transform: `translate(${(i - (n - 1) / 2) * r * 2.1} 0)`, fill: "#ffc81e", stroke: "#8a5a00", "stroke-width": r * 0.15 }));
  }
  return g;
}

/** A ship for a cell of size c: hull, sail, its demand and its points. */
export function ship(piece, c) {
  const pairs = Object.entries(piece.demand);
  return s(
    "g",
    { class: "ship" },
    s("rect", { class: "glow", x: -c * 0.46, y: -c * 0.46, width: c * 0.92, height: c * 0.92, rx: c * 0.12, fill: "none" }),
    s("path", { d: `M${-c * 0.04} ${-c * 0.42} V${c * 0.08} H${-c * 0.36} Z`, fill: "#fffdf6", stroke: "#6b4a2b", "stroke-width": c * 0.02 }),
    s("path", { d: `M${c * 0.02} ${-c * 0.34} V${c * 0.06} H${c * 0.26} Z`, fill: "#f3e7cf", stroke: "#6b4a2b", "stroke-width": c * 0.02 }),
    s("path", {
      d: `M${-c * 0.42} ${c * 0.1} H${c * 0.42} L${c * 0.3} ${c * 0.42} H${-c * 0.3} Z`,
      fill: "#9a5b2e",
      stroke: "#4a2d14",
      "stroke-width": c * 0.025,
    }),
    s("rect", { x: -c * 0.38, y: c * 0.13, width: c * 0.76, height: c * 0.26, rx: c * 0.05, fill: "#fff8ec", "fill-opacity": 0.92 }),
    s("g", { transform: `translate(0 ${c * 0.26})` }, fruitCounts(pairs, c * 0.075, c * 0.2)),
    s("g", { transform: `translate(${c * 0.3} ${-c * 0.28})` }, pointsBadge(piece.points, c * 0.16)),
  );
}

/** A fruit collector: a wooden disc with its fruit. */
export function collector(piece, c) {
  return s(
    "g",
    { class: "collector" },
    s("circle", { class: "glow", r: c * 0.4, fill: "none" }),
    s("circle", { r: c * 0.34, fill: "url(#jf-wood)", stroke: "#6b4a2b", "stroke-width": c * 0.04, filter: "url(#jf-shadow)" }),
    fruit(piece.fruit, c * 0.2),
  );
}

/** An advanced collector: a gold-rimmed disc with its two fruits. */
export function advancedCollector(piece, c) {
  const [a, b] = piece.fruits || [];
  return s(
    "g",
    { class: "advanced-collector" },
    s("circle", { class: "glow", r: c * 0.42, fill: "none" }),
    s("circle", { r: c * 0.38, fill: "url(#jf-wood)", stroke: "#d4a017", "stroke-width": c * 0.07, filter: "url(#jf-shadow)" }),
    s("path", { d: `M0 ${-c * 0.3} V${c * 0.3}`, stroke: "#6b4a2b", "stroke-width": c * 0.02 }),
    s("g", { transform: `translate(${-c * 0.15} 0)` }, fruit(a, c * 0.13)),
    s("g", { transform: `translate(${c * 0.15} 0)` }, fruit(b, c * 0.13)),
  );
}

/** An ice cream cart in its colour. */
export function cart(kind, c) {
  const col = ICE_COLORS[kind] || "#ccc";
  return s(
    "g",
    { class: "cart" },
    s("circle", { class: "glow", r: c * 0.42, fill: "none" }),
    s("path", { d: `M${-c * 0.34} ${-c * 0.1} Q0 ${-c * 0.42} ${c * 0.34} ${-c * 0.1} Z`, fill: col, stroke: "#3b2414", "stroke-width": c * 0.025 }),
    s("path", { d: `M${-c * 0.2} ${-c * 0.1} v${c * 0.1} M${c * 0.2} ${-c * 0.1} v${c * 0.1}`, stroke: "#3b2414", "stroke-width": c * 0.03 }),
    s("rect", { x: -c * 0.32, y: 0, width: c * 0.64, height: c * 0.24, rx: c * 0.04, fill: "#fffaf0", stroke: "#3b2414", "stroke-width": c * 0.025 }),
    s("circle", { cx: 0, cy: c * 0.12, r: c * 0.07, fill: col, stroke: "#3b2414", "stroke-width": c * 0.015 }),
    s("circle", { cx: -c * 0.2, cy: c * 0.28, r: c * 0.07, fill: "#3b2414" }),
    s("circle", { cx: c * 0.2, cy: c * 0.28, r: c * 0.07, fill: "#3b2414" }),
  );
}

/** A small venue (1×1): a hut with stars and points. */
export function smallVenue(piece, c) {
  return s(
    "g",
    { class: "small-venue" },
    s("rect", { class: "glow", x: -c * 0.44, y: -c * 0.44, width: c * 0.88, height: c * 0.88, rx: c * 0.1, fill: "none" }),
    s("path", { d: `M${-c * 0.38} ${-c * 0.05} L0 ${-c * 0.4} L${c * 0.38} ${-c * 0.05} Z`, fill: "#c0392b", stroke: "#6e1f16", "stroke-width": c * 0.025 }),
    s("rect", { x: -c * 0.3, y: -c * 0.05, width: c * 0.6, height: c * 0.36, fill: "#fff2d6", stroke: "#6b4a2b", "stroke-width": c * 0.025 }),
    s("g", { transform: `translate(0 ${c * 0.08})` }, stars(piece.stars || 0, c * 0.07)),
    s("g", { transform: `translate(${c * 0.3} ${c * 0.3})` }, pointsBadge(piece.points ?? 0, c * 0.16)),
  );
}

/** What a stall's points count, in short ("5/3 ships" on its island piece's tooltip, "5 per 3 ships"
 * on its business tile). */
/** A stall: a striped awning over a counter with its end-of-game points in big figures; what they
 * count in its tooltip, as the server says it in the reader's language ("5 per beach with all 3
 * ships"). */
export function stall(piece, c) {
  const stripes = [];
  for (let i = 0; i < 4; i++) {
    stripes.push(s("rect", { x: -c * 0.36 + i * c * 0.18, y: -c * 0.36, width: c * 0.18, height: c * 0.18, fill: i % 2 ? "#fff" : "#2a9d8f" }));
  }
  return s(
    "g",
    { class: "stall" },
    s("rect", { class: "glow", x: -c * 0.44, y: -c * 0.44, width: c * 0.88, height: c * 0.88, rx: c * 0.1, fill: "none" }),
    s("rect", { x: -c * 0.36, y: -c * 0.2, width: c * 0.72, height: c * 0.5, fill: "#fff8ec", stroke: "#6b4a2b", "stroke-width": c * 0.025 }),
    ...stripes,
    s(
      "text",
      { y: c * 0.2, "text-anchor": "middle", "font-size": c * 0.32, "font-weight": 800, fill: "#1f5f57" },
      `${piece.points ?? ""}`,
    ),
    s("title", {}, piece.text || `${piece.points ?? ""}`),
  );
}

/** A large venue covering a 2×2 block (drawn centred on the block). */
export function largeVenue(piece, c) {
  const w = c * 1.84;
  return s(
    "g",
    { class: "large-venue" },
    s("rect", { class: "glow", x: -w / 2 - 3, y: -w / 2 - 3, width: w + 6, height: w + 6, rx: c * 0.16, fill: "none" }),
    s("rect", { x: -w / 2, y: -w / 2, width: w, height: w, rx: c * 0.14, fill: "#fff2d6", stroke: "#7d1f16", "stroke-width": c * 0.04, filter: "url(#jf-shadow)" }),
    s("path", { d: `M${-w * 0.38} ${-w * 0.05} L0 ${-w * 0.36} L${w * 0.38} ${-w * 0.05} Z`, fill: "#c0392b", stroke: "#6e1f16", "stroke-width": c * 0.03 }),
    s("rect", { x: -w * 0.3, y: -w * 0.05, width: w * 0.6, height: w * 0.26, fill: "#f6d9a8", stroke: "#6b4a2b", "stroke-width": c * 0.02 }),
    s("text", { y: w * 0.33, "text-anchor": "middle", "font-size": c * 0.21, "font-weight": 800, fill: "#4a2d14", text: piece.name }),
    s("g", { transform: `translate(0 ${w * 0.09})` }, stars(piece.stars || 0, c * 0.09)),
    s("g", { transform: `translate(${w * 0.38} ${-w * 0.38})` }, pointsBadge(piece.points ?? 0, c * 0.2)),
  );
}

/** Any island piece. */
export function islandPiece(piece, c) {
  if (piece.type === "ship") return ship(piece, c);
  if (piece.type === "collector") return collector(piece, c);
  if (piece.type === "venue") return largeVenue(piece, c);
  if (piece.type === "boulder") return boulder(piece.id, c);
  return token(piece, c);
}

/** A business token as it stands on the island. */
export function token(piece, c) {
  if (piece.category === "advanced_collector") return advancedCollector(piece, c);
  if (piece.category === "ice_cream_cart") return cart(piece.kind, c);
  if (piece.category === "stall") return stall(piece, c);
  if (piece.category === "admin") return office(piece, c);
  if (piece.category === "whale_watching") return whaleWatch(piece, c);
  if (piece.pond_only) return guesthouse(piece, c);
  if (piece.category === "placeholder") return smallVenue({ ...piece, stars: piece.stars }, c);
  return smallVenue(piece, c);
}

/** A value written on a coloured scoop: dark, with a light halo (it stands out on red as on yellow). */
const VALUE_INK = { fill: "#2b1a0b", stroke: "#fff8ec", "stroke-width": 3, "paint-order": "stroke", "stroke-linejoin": "round" };

/** An ice cream marker (a scoop) or milkshake (a cup) with its value. */
export function iceMarker(kind, value, r) {
  const col = ICE_COLORS[kind] || "#ccc";
  if (kind === "milkshake") {
    return s(
      "g",
      { class: "ice-marker milkshake" },
      s("path", { d: `M${-r * 0.8} ${-r * 0.7} H${r * 0.8} L${r * 0.55} ${r} H${-r * 0.55} Z`, fill: col, stroke: "#8a3b5c", "stroke-width": r * 0.12 }),
      s("path", { d: `M${r * 0.2} ${-r * 0.7} l${r * 0.3} ${-r * 0.6}`, stroke: "#c0392b", "stroke-width": r * 0.18 }),
      value !== null && value !== undefined ? s("text", { y: r * 0.45, "text-anchor": "middle", "font-size": r * 0.95, "font-weight": 800, ...VALUE_INK, text: value }) : null,
    );
  }
  return s(
    "g",
    { class: "ice-marker" },
    s("path", { d: `M${-r * 0.7} 0 L0 ${r * 1.2} L${r * 0.7} 0 Z`, fill: "#d9a25f", stroke: "#7a4a1d", "stroke-width": r * 0.1 }),
    s("circle", { cy: -r * 0.25, r: r * 0.78, fill: col, stroke: "#3b2414", "stroke-width": r * 0.1 }),
    value !== null && value !== undefined ? s("text", { y: r * 0.08, "text-anchor": "middle", "font-size": r * 0.95, "font-weight": 800, ...VALUE_INK, text: value }) : null,
  );
}

/** A cloth bag in a colour. */
export function bag(color, r) {
  return s(
    "g",
    { class: "bag" },
    s("path", {
      d: `M${-r * 0.5} ${-r * 0.7} Q${-r * 1.1} ${r * 0.9} 0 ${r} Q${r * 1.1} ${r * 0.9} ${r * 0.5} ${-r * 0.7} Z`,
      fill: color,
      stroke: "#3b2414",
      "stroke-width": r * 0.06,
    }),
    s("path", { d: `M${-r * 0.55} ${-r * 0.7} Q0 ${-r * 0.95} ${r * 0.55} ${-r * 0.7}`, stroke: "#3b2414", "stroke-width": r * 0.1, fill: "none" }),
  );
}

/** Pineapple, the solo opponent. */
export function pineapple(r) {
  const leaves = [-40, -18, 0, 18, 40].map((a) =>
    s("path", { d: `M0 ${-r * 0.6} q${-r * 0.12} ${-r * 0.5} 0 ${-r * 0.95} q${r * 0.12} ${r * 0.45} 0 ${r * 0.95}`, fill: "#3f9b2f", stroke: "#245c1b", "stroke-width": r * 0.04, transform: `rotate(${a} 0 ${-r * 0.6})` }),
  );
  const diamonds = [];
  for (let i = -2; i <= 2; i++) {
    diamonds.push(s("path", { d: `M${i * r * 0.25 - r * 0.6} ${-r * 0.6} l${r * 1.2} ${r * 1.5}`, stroke: "#a8650a", "stroke-width": r * 0.05, fill: "none" }));
    diamonds.push(s("path", { d: `M${i * r * 0.25 + r * 0.6} ${-r * 0.6} l${-r * 1.2} ${r * 1.5}`, stroke: "#a8650a", "stroke-width": r * 0.05, fill: "none" }));
  }
  return s(
    "g",
    { class: "pineapple" },
    ...leaves,
    s("clipPath", { id: "jf-pine-clip" }, s("ellipse", { cy: r * 0.15, rx: r * 0.6, ry: r * 0.8 })),
    s("ellipse", { cy: r * 0.15, rx: r * 0.6, ry: r * 0.8, fill: "#f2b632", stroke: "#8a5a00", "stroke-width": r * 0.06 }),
    s("g", { "clip-path": "url(#jf-pine-clip)" }, ...diamonds),
  );
}

/** A small boat tile for Pineapple's drawn boats: value V and wait W. */
export function boat(value, wait, w) {
  return s(
    "g",
    { class: "boat" },
    s("rect", { x: -w / 2, y: -w * 0.6, width: w, height: w * 1.2, rx: w * 0.12, fill: value === 3 ? "#ffe7a3" : "#eaf4f8", stroke: "#1f6f9c", "stroke-width": w * 0.05 }),
    s("path", { d: `M${-w * 0.32} ${w * 0.05} H${w * 0.32} L${w * 0.2} ${w * 0.25} H${-w * 0.2} Z`, fill: "#9a5b2e" }),
    s("path", { d: `M0 ${-w * 0.28} V${w * 0.05} H${-w * 0.22} Z`, fill: "#fff", stroke: "#6b4a2b", "stroke-width": w * 0.03 }),
    s("text", { y: -w * 0.33, "text-anchor": "middle", "font-size": w * 0.3, "font-weight": 800, fill: "#1f4d6b", text: `V${value}` }),
    s("text", { y: w * 0.52, "text-anchor": "middle", "font-size": w * 0.26, "font-weight": 700, fill: "#1f4d6b", text: `W${wait}` }),
  );
}

// ------------------------------------------------------------------ Mystic Island modules

/** Whale colours, one per whale-watching token (the rulebook does not name them). */
export const WHALE_COLORS = { X09: "#2f6fb3", X10: "#56636f" }; // (white words on them: AA)

/** A guesthouse at the pond: a little blue-roofed house with a pond at its feet. */
export function guesthouse(piece, c) {
  return s(
    "g",
    { class: "guesthouse" },
    s("rect", { class: "glow", x: -c * 0.44, y: -c * 0.44, width: c * 0.88, height: c * 0.88, rx: c * 0.1, fill: "none" }),
    s("ellipse", { cx: 0, cy: c * 0.3, rx: c * 0.38, ry: c * 0.1, fill: "#5dade2", stroke: "#1f6f9c", "stroke-width": c * 0.02 }),
    s("path", { d: `M${-c * 0.34} ${-c * 0.06} L0 ${-c * 0.38} L${c * 0.34} ${-c * 0.06} Z`, fill: "#2e86c1", stroke: "#1b4f72", "stroke-width": c * 0.025 }),
    s("rect", { x: -c * 0.26, y: -c * 0.06, width: c * 0.52, height: c * 0.32, fill: "#fff2d6", stroke: "#6b4a2b", "stroke-width": c * 0.025 }),
    s("rect", { x: -c * 0.05, y: c * 0.08, width: c * 0.1, height: c * 0.18, fill: "#8a5a2b" }),
    s("g", { transform: `translate(${-c * 0.28} ${-c * 0.3})` }, stars(piece.stars || 0, c * 0.06)),
    s("g", { transform: `translate(${c * 0.3} ${-c * 0.3})` }, pointsBadge(piece.points ?? 0, c * 0.16)),
  );
}

/** An administration building: a grey office with its point's badge and its effect's emblem on
 * its front: an anchor for the Harbor Office, a hammer for the Construction Office. */
export function office(piece, c) {
  const harbor = piece.effect === "harbor_office";
  const ink = { stroke: "#1b2631", "stroke-width": c * 0.035, fill: "none", "stroke-linecap": "round" };
  const emblem = harbor
    ? [
        s("circle", { cy: c * 0.07, r: c * 0.03, ...ink }),
        s("path", { d: `M0 ${c * 0.1} V${c * 0.28} M${-c * 0.06} ${c * 0.14} H${c * 0.06}`, ...ink }),
        s("path", { d: `M${-c * 0.11} ${c * 0.19} Q${-c * 0.09} ${c * 0.29} 0 ${c * 0.28} Q${c * 0.09} ${c * 0.29} ${c * 0.11} ${c * 0.19}`, ...ink }),
      ]
    : [
        s("path", { d: `M${-c * 0.09} ${c * 0.28} L${c * 0.05} ${c * 0.1}`, ...ink, stroke: "#8a5a2b", "stroke-width": c * 0.04 }),
        s("path", { d: `M${-c * 0.02} ${c * 0.06} L${c * 0.09} ${c * 0.02} L${c * 0.14} ${c * 0.15} L${c * 0.03} ${c * 0.19} Z`, fill: "#1b2631" }),
      ];
  return s(
    "g",
    { class: "office" },
    s("rect", { class: "glow", x: -c * 0.44, y: -c * 0.44, width: c * 0.88, height: c * 0.88, rx: c * 0.1, fill: "none" }),
    s("rect", { x: -c * 0.32, y: -c * 0.34, width: c * 0.64, height: c * 0.66, rx: c * 0.04, fill: "#d5d8dc", stroke: "#34495e", "stroke-width": c * 0.03 }),
    s("path", { d: `M${-c * 0.36} ${-c * 0.34} H${c * 0.36}`, stroke: "#34495e", "stroke-width": c * 0.06 }),
    ...[-0.2, -0.05].flatMap((yy) =>
      [-0.18, 0, 0.18].map((xx) => s("rect", { x: c * (xx - 0.05), y: c * (yy - 0.05), width: c * 0.1, height: c * 0.09, fill: "#85c1e9" })),
    ),
    ...emblem,
    s("g", { transform: `translate(${c * 0.3} ${-c * 0.32})` }, pointsBadge("+1", c * 0.17, "#aed6f1")),
  );
}

/** A whale-watching token: a lookout tower with binoculars in its whale's colour. */
export function whaleWatch(piece, c) {
  const col = WHALE_COLORS[piece.id] || "#2f6fb3";
  return s(
    "g",
    { class: "whale-watch" },
    s("circle", { class: "glow", r: c * 0.42, fill: "none" }),
    s("circle", { r: c * 0.36, fill: "#eaf2f8", stroke: col, "stroke-width": c * 0.06, filter: "url(#jf-shadow)" }),
    s("circle", { cx: -c * 0.11, cy: 0, r: c * 0.1, fill: "#1b2631" }),
    s("circle", { cx: c * 0.11, cy: 0, r: c * 0.1, fill: "#1b2631" }),
    s("rect", { x: -c * 0.05, y: -c * 0.04, width: c * 0.1, height: c * 0.08, fill: "#1b2631" }),
    s("text", { y: c * 0.31, "text-anchor": "middle", "font-size": c * 0.2, "font-weight": 800, fill: col, text: piece.id }),
  );
}

/** A whale spouting water. */
export function whale(color, r) {
  return s(
    "g",
    { class: "whale" },
    s("path", { d: `M${-r} 0 Q${-r * 0.2} ${-r * 0.9} ${r * 0.7} ${-r * 0.1} L${r * 1.1} ${-r * 0.45} L${r} ${r * 0.1} L${r * 1.15} ${r * 0.5} L${r * 0.6} ${r * 0.25} Q0 ${r * 0.7} ${-r} 0 Z`, fill: color, stroke: "#1b2631", "stroke-width": r * 0.08 }),
    s("circle", { cx: -r * 0.55, cy: -r * 0.1, r: r * 0.08, fill: "#fff" }),
    s("path", { d: `M${-r * 0.2} ${-r * 0.55} q${-r * 0.1} ${-r * 0.4} ${-r * 0.35} ${-r * 0.45} M${-r * 0.2} ${-r * 0.55} q${r * 0.1} ${-r * 0.4} ${r * 0.35} ${-r * 0.45}`, stroke: "#85c1e9", "stroke-width": r * 0.1, fill: "none", "stroke-linecap": "round" }),
  );
}

/** A boulder: a grey rock with its tile id. */
export function boulder(id, c) {
  return s(
    "g",
    { class: "boulder" },
    s("rect", { class: "glow", x: -c * 0.44, y: -c * 0.44, width: c * 0.88, height: c * 0.88, rx: c * 0.2, fill: "none" }),
    s("path", {
      d: `M${-c * 0.4} ${c * 0.3} L${-c * 0.34} ${-c * 0.1} L${-c * 0.12} ${-c * 0.34} L${c * 0.16} ${-c * 0.3} L${c * 0.38} ${-c * 0.06} L${c * 0.42} ${c * 0.3} Z`,
      fill: "#9ea3a8",
      stroke: "#4d5656",
      "stroke-width": c * 0.035,
      filter: "url(#jf-shadow)",
    }),
    s("path", { d: `M${-c * 0.12} ${-c * 0.34} L${-c * 0.02} ${c * 0.02} L${c * 0.38} ${-c * 0.06}`, stroke: "#6e7579", "stroke-width": c * 0.025, fill: "none" }),
    s("rect", { x: -c * 0.22, y: c * 0.04, width: c * 0.44, height: c * 0.25, rx: c * 0.05, fill: "#fdfefe", stroke: "#4d5656", "stroke-width": c * 0.02 }),
    s("text", { y: c * 0.235, "text-anchor": "middle", "font-size": c * 0.2, "font-weight": 800, fill: "#000", text: id }),
  );
}

/** A statue tile: a stone square with a monkey statue and the reference number. */
export function statueTile(tile, c) {
  return s(
    "g",
    { class: "statue-tile" },
    s("rect", { class: "glow", x: -c * 0.46, y: -c * 0.46, width: c * 0.92, height: c * 0.92, rx: c * 0.12, fill: "none" }),
    s("rect", { x: -c * 0.4, y: -c * 0.4, width: c * 0.8, height: c * 0.8, rx: c * 0.1, fill: "#c9b99a", stroke: "#5b4a32", "stroke-width": c * 0.035, filter: "url(#jf-shadow)" }),
    s("circle", { cx: -c * 0.15, cy: -c * 0.16, r: c * 0.08, fill: "#8d7b5f" }),
    s("circle", { cx: c * 0.15, cy: -c * 0.16, r: c * 0.08, fill: "#8d7b5f" }),
    s("circle", { cx: 0, cy: -c * 0.06, r: c * 0.16, fill: "#a8957a", stroke: "#5b4a32", "stroke-width": c * 0.02 }),
    s("ellipse", { cx: 0, cy: c * 0.0, rx: c * 0.09, ry: c * 0.06, fill: "#d8cbb3" }),
    s("circle", { cx: -c * 0.05, cy: -c * 0.1, r: c * 0.02, fill: "#2b1d12" }),
    s("circle", { cx: c * 0.05, cy: -c * 0.1, r: c * 0.02, fill: "#2b1d12" }),
    s("rect", { x: -c * 0.14, y: c * 0.1, width: c * 0.28, height: c * 0.18, rx: c * 0.04, fill: "#a8957a", stroke: "#5b4a32", "stroke-width": c * 0.02 }),
    s("rect", { x: c * 0.06, y: c * 0.12, width: c * 0.33, height: c * 0.25, rx: c * 0.05, fill: "#fffdf6", stroke: "#5b4a32", "stroke-width": c * 0.02 }),
    s("text", { x: c * 0.225, y: c * 0.315, "text-anchor": "middle", "font-size": c * 0.2, "font-weight": 800, fill: "#2b1d12", text: tile }),
  );
}

/** A plateau: a flat-topped mesa with its points. */
export function plateau(points, c) {
  return s(
    "g",
    { class: "plateau" },
    s("path", { d: `M${-c * 0.42} ${c * 0.32} L${-c * 0.24} ${-c * 0.18} H${c * 0.24} L${c * 0.42} ${c * 0.32} Z`, fill: "#b9770e", stroke: "#6e2c00", "stroke-width": c * 0.03 }),
    s("path", { d: `M${-c * 0.24} ${-c * 0.18} H${c * 0.24} L${c * 0.2} ${-c * 0.08} H${-c * 0.2} Z`, fill: "#58a83a" }),
    s("g", { transform: `translate(0 ${c * 0.12})` }, pointsBadge(points, c * 0.16)),
  );
}

/** An explorer pawn in a seat's colour (Pineapple's is yellow with a crown of leaves). */
export function explorer(color, c, label = "") {
  return s(
    "g",
    { class: "explorer" },
    s("circle", { class: "glow", r: c * 0.22, fill: "none" }),
    s("path", { d: `M${-c * 0.13} ${c * 0.16} Q0 ${-c * 0.1} ${c * 0.13} ${c * 0.16} Z`, fill: color, stroke: "#1b2631", "stroke-width": c * 0.025 }),
    s("circle", { cy: -c * 0.06, r: c * 0.08, fill: color, stroke: "#1b2631", "stroke-width": c * 0.025 }),
    // its number on a light tag of its own (it stays readable over the sea at the island's edge)
    label ? s("rect", { x: -c * 0.09, y: c * 0.17, width: c * 0.18, height: c * 0.19, rx: c * 0.035, fill: "#fff8ec", stroke: "#1b2631", "stroke-width": c * 0.012 }) : null,
    label ? s("text", { y: c * 0.32, "text-anchor": "middle", "font-size": c * 0.17, "font-weight": 800, fill: "#1b2631", text: label }) : null,
  );
}

/** The solo side's compass rose. */
export function compass(c) {
  const arms = [0, 90, 180, 270].map((a, i) =>
    s(
      "g",
      { transform: `rotate(${a})` },
      s("path", { d: `M0 ${-c * 0.34} L${c * 0.07} 0 L${-c * 0.07} 0 Z`, fill: i === 0 ? "#c0392b" : "#2b1d12" }),
      s("text", { y: -c * 0.36, "text-anchor": "middle", "font-size": c * 0.17, "font-weight": 800, fill: "#2b1d12", transform: `rotate(${-a} 0 ${-c * 0.42})`, text: i + 1 }),
    ),
  );
  return s("g", { class: "compass", opacity: 0.85 }, s("circle", { r: c * 0.3, fill: "#fdf2e9", stroke: "#5b4a32", "stroke-width": c * 0.02 }), ...arms);
}
