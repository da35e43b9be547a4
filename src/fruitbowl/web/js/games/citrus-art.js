// Citrus art: plantation tiles (five citrus types, each with its own colour, fruit shape and
// letter), wells, landscape tiles, Fincas, rocks and the bull, drawn in SVG around (0, 0).

import { pt, t } from "../i18n.js";
import { s, squeeze } from "../svg.js";

/** Per type (the view's order: lemon, orange, blood, lime, grapefruit): colour, letter, name. */
export const TYPES = {
  lemon: { fill: "#f4d63a", dark: "#a88a05", halo: "#6b5700", fruit: "#fff27a", letter: "Y", name: "lemon" },
  orange: { fill: "#f39325", dark: "#a4560a", halo: "#7a3d05", fruit: "#ffb347", letter: "O", name: "orange" },
  blood: { fill: "#b52230", dark: "#650f17", fruit: "#e2434f", letter: "R", name: "blood orange" },
  lime: { fill: "#63a630", dark: "#2f5e12", fruit: "#a7dc5c", letter: "G", name: "lime" },
  grapefruit: { fill: "#f08aa4", dark: "#9c3552", fruit: "#ffc1cf", letter: "P", name: "grapefruit" },
};

const txt = (x, y, size, fill, value, extra = {}) =>
  s("text", { x, y, "font-size": size, "font-weight": 800, fill, "text-anchor": "middle", ...extra }, String(value));

export function defs() {
  return s(
    "defs",
    {},
    s(
      "pattern",
      { id: "ct-soil", width: 24, height: 24, patternUnits: "userSpaceOnUse" },
      s("rect", { width: 24, height: 24, fill: "#e8d3a2" }),
      s("circle", { cx: 5, cy: 7, r: 1.3, fill: "#c9ae74" }),
      s("circle", { cx: 17, cy: 16, r: 1.1, fill: "#c9ae74" }),
      s("circle", { cx: 12, cy: 3, r: 0.8, fill: "#d9bf86" }),
    ),
    s(
      "linearGradient",
      { id: "ct-wood", x1: 0, y1: 0, x2: 0, y2: 1 },
      s("stop", { offset: "0", "stop-color": "#8a5a2e" }),
      s("stop", { offset: "1", "stop-color": "#5e3a1b" }),
    ),
    s(
      "linearGradient",
      { id: "ct-table", x1: 0, y1: 0, x2: 1, y2: 1 },
      s("stop", { offset: "0", "stop-color": "#3f6b2f" }),
      s("stop", { offset: "1", "stop-color": "#2c4f22" }),
    ),
  );
}

/** The fruit drawn on a tile of this type, radius r: a shape per type so colour is never alone. */
function fruit(type, r) {
  const look = TYPES[type];
  switch (type) {
    case "lemon": // pointed oval
      return s("path", {
        d: `M${-r * 1.05} 0 Q${-r * 0.6} ${-r * 0.8} 0 ${-r * 0.78} Q${r * 0.6} ${-r * 0.8} ${r * 1.05} 0 Q${r * 0.6} ${r * 0.8} 0 ${r * 0.78} Q${-r * 0.6} ${r * 0.8} ${-r * 1.05} 0 Z`,
        fill: look.fruit,
        stroke: look.dark,
        "stroke-width": 2,
      });
    case "orange": // round with a leaf on top
      return s(
        "g",
        {},
        s("circle", { r: r * 0.85, fill: look.fruit, stroke: look.dark, "stroke-width": 2 }),
        s("path", { d: `M0 ${-r * 0.85} q${r * 0.5} ${-r * 0.5} ${r * 0.8} ${-r * 0.2} q${-r * 0.4} ${r * 0.35} ${-r * 0.8} ${r * 0.2}`, fill: "#3f8a2a" }),
      );
    case "blood": // a cut half showing segments
      return s(
        "g",
        {},
        s("circle", { r: r * 0.85, fill: "#ffd1b0", stroke: look.dark, "stroke-width": 2 }),
        s("circle", { r: r * 0.68, fill: look.fruit }),
        ...[0, 1, 2, 3, 4, 5].map((i) => {
          const a = (Math.PI / 3) * i;
          return s("line", { x1: 0, y1: 0, x2: Math.cos(a) * r * 0.68, y2: Math.sin(a) * r * 0.68, stroke: "#ffd1b0", "stroke-width": 1.6 });
        }),
      );
    case "lime": // small round with two leaves
      return s(
        "g",
        {},
        s("path", { d: `M0 ${-r * 0.2} q${-r * 0.9} ${-r * 0.9} ${-r * 0.95} ${-r * 0.05} q${r * 0.5} ${r * 0.3} ${r * 0.95} ${r * 0.05}`, fill: "#2f6e1a" }),
        s("path", { d: `M0 ${-r * 0.2} q${r * 0.9} ${-r * 0.9} ${r * 0.95} ${-r * 0.05} q${-r * 0.5} ${r * 0.3} ${-r * 0.95} ${r * 0.05}`, fill: "#2f6e1a" }),
        s("circle", { cy: r * 0.15, r: r * 0.6, fill: look.fruit, stroke: look.dark, "stroke-width": 2 }),
      );
    default: // grapefruit: big round with a blush ring
      return s(
        "g",
        {},
        s("circle", { r: r * 0.95, fill: "#ffe28a", stroke: look.dark, "stroke-width": 2 }),
        s("circle", { r: r * 0.62, fill: look.fruit }),
        s("circle", { r: r * 0.14, fill: "#fff" }),
      );
  }
}

/** A well: a blue water hole ringed with stones. */
export function well(r) {
  return s(
    "g",
    { class: "ct-well" },
    s("circle", { r, fill: "#d9d2c3", stroke: "#6f6658", "stroke-width": 1.5 }),
    s("circle", { r: r * 0.62, fill: "#2f8fd6" }),
    s("path", { d: `M${-r * 0.35} ${-r * 0.1} q${r * 0.35} ${-r * 0.3} ${r * 0.7} 0`, stroke: "#bfe6ff", "stroke-width": 1.4, fill: "none" }),
  );
}

/** A plantation tile of side size, centred on 0,0. */
export function plantation(type, hasWell, size) {
  const look = TYPES[type] || TYPES.orange;
  const h = size / 2;
  return s(
    "g",
    { class: "ct-tile" },
    s("rect", { class: "ct-face", x: -h, y: -h, width: size, height: size, rx: size * 0.12, fill: look.fill, stroke: look.dark, "stroke-width": 2 }),
    s("rect", { x: -h + 4, y: -h + 4, width: size - 8, height: size - 8, rx: size * 0.1, fill: "none", stroke: "rgba(255,255,255,0.35)", "stroke-width": 1.5 }),
    s("g", { transform: `translate(${-size * 0.04} ${size * 0.02})` }, fruit(type, size * 0.3)),
    // the letter's halo dark enough for white on the lightest tiles (WCAG AA)
    txt(h - size * 0.17, h - size * 0.08, size * 0.34, "#fff", look.letter, { stroke: look.halo || look.dark, "stroke-width": 3, "paint-order": "stroke" }),
    hasWell ? s("g", { transform: `translate(${-h + size * 0.2} ${-h + size * 0.2})` }, well(size * 0.15)) : null,
  );
}

const LANDSCAPE_NAMES = { horses: t("Horses"), money: t("Money"), cart: t("Cart"), bull: t("Bull"), bridge: t("Bridge"), milestone: t("Milestone") };
export const landscapeName = (kind) => LANDSCAPE_NAMES[kind] || kind;
export const LANDSCAPE_KINDS = Object.keys(LANDSCAPE_NAMES);

/** The picture of a landscape kind at radius r. */
export function landscapeIcon(kind, value, r) {
  switch (kind) {
    case "horses":
      return s(
        "g",
        {},
        s("path", {
          // a horse head in profile
          d: `M${-r * 0.5} ${r * 0.8} L${-r * 0.35} ${-r * 0.1} Q${-r * 0.3} ${-r * 0.75} ${r * 0.15} ${-r * 0.85} L${r * 0.25} ${-r * 1.05} L${r * 0.35} ${-r * 0.75} Q${r * 0.8} ${-r * 0.45} ${r * 0.85} ${-r * 0.05} L${r * 0.65} ${r * 0.1} L${r * 0.2} ${-r * 0.15} L${r * 0.35} ${r * 0.8} Z`,
          fill: "#7a4a24",
          stroke: "#3b2414",
          "stroke-width": 1.5,
        }),
        s("circle", { cx: r * 0.2, cy: -r * 0.5, r: r * 0.07, fill: "#fff" }),
        txt(r * 0.78, r * 0.95, r * 0.8, "#fff", value, { stroke: "#3b2414", "stroke-width": 3, "paint-order": "stroke" }),
      );
    case "money":
      return s(
        "g",
        {},
        s("circle", { r: r * 0.8, fill: "#f4c542", stroke: "#a87b0c", "stroke-width": 2.5 }),
        s("circle", { r: r * 0.6, fill: "none", stroke: "#c99a1e", "stroke-width": 1.2 }),
        txt(0, r * 0.32, r * 0.9, "#4f3700", value),
      );
    case "cart":
      return s(
        "g",
        { fill: "none", stroke: "#5e3a1b", "stroke-width": 2.5 },
        s("path", { d: `M${-r * 0.85} ${-r * 0.35} h${r * 1.5} l${-r * 0.15} ${r * 0.6} h${-r * 1.2} Z`, fill: "#c98e4f" }),
        s("path", { d: `M${r * 0.65} ${-r * 0.3} l${r * 0.35} ${-r * 0.35}` }),
        s("circle", { cx: -r * 0.45, cy: r * 0.5, r: r * 0.3, fill: "#f1e3c4" }),
        s("circle", { cx: r * 0.35, cy: r * 0.5, r: r * 0.3, fill: "#f1e3c4" }),
      );
    case "bull":
      return bull(r);
    case "bridge":
      return s(
        "g",
        {},
        s("path", {
          d: `M${-r} ${r * 0.5} L${-r} ${-r * 0.1} Q0 ${-r * 0.8} ${r} ${-r * 0.1} L${r} ${r * 0.5} L${r * 0.55} ${r * 0.5} Q0 ${-r * 0.15} ${-r * 0.55} ${r * 0.5} Z`,
          fill: "#a9a39a",
          stroke: "#5d574f",
          "stroke-width": 2,
        }),
        s("path", { d: `M${-r} ${r * 0.75} q${r * 0.5} ${-r * 0.2} ${r} 0 q${r * 0.5} ${r * 0.2} ${r} 0`, stroke: "#2f8fd6", "stroke-width": 2.5, fill: "none" }),
      );
    case "milestone":
      return s(
        "g",
        {},
        s("path", { d: `M${-r * 0.45} ${r * 0.85} V${-r * 0.35} Q0 ${-r * 1.05} ${r * 0.45} ${-r * 0.35} V${r * 0.85} Z`, fill: "#eee8dc", stroke: "#6f6658", "stroke-width": 2 }),
        s("rect", { x: -r * 0.45, y: -r * 0.2, width: r * 0.9, height: r * 0.3, fill: "#c0392b" }),
        txt(0, r * 0.62, r * 0.65, "#4a2d14", "M"),
      );
    default:
      return s("circle", { r: r * 0.5, fill: "#888" });
  }
}

/** A landscape tile (square, green meadow) of side size. */
export function landscapeTile(kind, value, size, faded = false) {
  const h = size / 2;
  return s(
    "g",
    { class: "ct-landscape", opacity: faded ? 0.45 : null },
    s("rect", { class: "ct-face", x: -h, y: -h, width: size, height: size, rx: size * 0.12, fill: "#f5ecd2", stroke: "#6f8f3c", "stroke-width": 2.5 }),
    // its name in its tooltip: the picture says it, large enough to read on the map (issue 23)
    s("title", {}, landscapeName(kind) + (value && kind !== "money" ? ` ${value}` : "")),
    landscapeIcon(kind, value, size * 0.4),
  );
}

/** A bull's head (a Bull tile put down on an ordinary space). */
export function bull(r) {
  return s(
    "g",
    { class: "ct-bull" },
    s("path", { d: `M${-r * 0.45} ${-r * 0.35} Q${-r * 1.1} ${-r * 0.4} ${-r * 0.95} ${-r * 1.0} Q${-r * 0.7} ${-r * 0.55} ${-r * 0.3} ${-r * 0.6} Z`, fill: "#f1e3c4", stroke: "#3b2414", "stroke-width": 1.5 }),
    s("path", { d: `M${r * 0.45} ${-r * 0.35} Q${r * 1.1} ${-r * 0.4} ${r * 0.95} ${-r * 1.0} Q${r * 0.7} ${-r * 0.55} ${r * 0.3} ${-r * 0.6} Z`, fill: "#f1e3c4", stroke: "#3b2414", "stroke-width": 1.5 }),
    s("path", { d: `M${-r * 0.55} ${-r * 0.5} Q0 ${-r * 0.85} ${r * 0.55} ${-r * 0.5} L${r * 0.38} ${r * 0.55} Q0 ${r * 0.9} ${-r * 0.38} ${r * 0.55} Z`, fill: "#2b1d12", stroke: "#000", "stroke-width": 1 }),
    s("ellipse", { cy: r * 0.5, rx: r * 0.32, ry: r * 0.2, fill: "#8a5a4a" }),
    s("circle", { cx: -r * 0.22, cy: -r * 0.1, r: r * 0.08, fill: "#fff" }),
    s("circle", { cx: r * 0.22, cy: -r * 0.1, r: r * 0.08, fill: "#fff" }),
  );
}

/** A Finca: a white farmhouse with a red-tile roof and its two values (none when high is null), or
 * face down once scored. */
export function finca(high, low, size, scored) {
  const h = size / 2;
  if (scored) {
    return s(
      "g",
      { class: "ct-finca scored" },
      s("rect", { class: "ct-face", x: -h + 2, y: -h + 2, width: size - 4, height: size - 4, rx: 6, fill: "#6b4a2b", stroke: "#3b2414", "stroke-width": 2 }),
      s("path", { d: `M${-h * 0.6} ${h * 0.1} L0 ${-h * 0.55} L${h * 0.6} ${h * 0.1} Z`, fill: "#8a6a4a" }),
      txt(0, h * 0.62, size * 0.23, "#e8d3a2", "scored", { "font-weight": 700 }),
    );
  }
  return s(
    "g",
    { class: "ct-finca" },
    s("rect", { class: "ct-face", x: -h + 2, y: -h + 2, width: size - 4, height: size - 4, rx: 6, fill: "#f7f1e3", stroke: "#8a6a3a", "stroke-width": 2 }),
    s("rect", { x: -h * 0.62, y: -h * 0.15, width: h * 1.24, height: h * 0.55, fill: "#fffaf0", stroke: "#8a6a3a", "stroke-width": 1.5 }),
    s("path", { d: `M${-h * 0.8} ${-h * 0.12} L0 ${-h * 0.78} L${h * 0.8} ${-h * 0.12} Z`, fill: "#c2482b", stroke: "#7d1f16", "stroke-width": 1.5 }),
    s("rect", { x: -h * 0.12, y: h * 0.08, width: h * 0.24, height: h * 0.32, fill: "#7a4a24" }),
    high === null ? null : txt(0, h * 0.8, size * 0.26, "#7d1f16", `${high}/${low}`),
  );
}

/** The word under a site a Finca may be built on now. */
const OPEN = pt("building site", "open");

/** A building site without its Finca on a space of side cell: its letter in a dashed frame of side
 * size, or framed in red with "open" beneath while a Finca may be built there. */
export function site(letter, open, size, cell) {
  const h = size / 2;
  return s(
    "g",
    { class: "ct-site" },
    s("rect", { x: -h, y: -h, width: size, height: size, rx: 8, fill: open ? "#f3e2b8" : "none", stroke: open ? "#7d1f16" : "#7a5530", "stroke-width": open ? 3 : 2, "stroke-dasharray": open ? null : "5 4" }),
    s("text", { y: cell * 0.14, "font-size": cell * 0.42, "font-weight": 800, fill: open ? "#7d1f16" : "#5a3e22", "text-anchor": "middle" }, letter),
    open ? s("text", { y: Math.min(cell * 0.4, h - 4), "font-size": 11, "font-weight": 700, fill: "#7d1f16", "text-anchor": "middle", ...squeeze(OPEN, cell - 6, 11, 700) }, OPEN) : null,
  );
}

/** A rock: a grey boulder. */
export function rock(size) {
  const r = size * 0.36;
  return s(
    "g",
    { class: "ct-rock" },
    s("path", {
      d: `M${-r} ${r * 0.6} L${-r * 0.8} ${-r * 0.3} L${-r * 0.2} ${-r * 0.85} L${r * 0.55} ${-r * 0.6} L${r} ${r * 0.1} L${r * 0.7} ${r * 0.7} Z`,
      fill: "#8d877c",
      stroke: "#4e4a43",
      "stroke-width": 2,
    }),
    s("path", { d: `M${-r * 0.2} ${-r * 0.85} L${-r * 0.05} ${r * 0.1} L${r} ${r * 0.1}`, fill: "none", stroke: "#6b665d", "stroke-width": 1.5 }),
    s("path", { d: `M${-r * 0.8} ${-r * 0.3} L${-r * 0.05} ${r * 0.1}`, fill: "none", stroke: "#b2ac9f", "stroke-width": 1.5 }),
  );
}
