// Fabled Fruit's pictures: fruit icons (each fruit its own shape AND colour), fruit cards and
// fruit-mix cards, card backs, location cards with their price, the thief and the tokens — and for
// the Lime expansion the lime, gambling tokens, the camouflage coat and saved (face-down) fruits.

import { pt } from "../i18n.js";
import { breakable, s } from "../svg.js";

export const FRUITS = {
  pineapple: { color: "#E9A21B", dark: "#8f5a05", light: "#fff1cc", letter: "P" },
  banana: { color: "#F2D230", dark: "#9c7f00", light: "#fffbd9", letter: "B" },
  strawberry: { color: "#D62839", dark: "#861020", light: "#ffe1e4", letter: "S" },
  coconut: { color: "#7A4B2A", dark: "#3a210f", light: "#f1e2d3", letter: "C" },
  grapes: { color: "#7B45B8", dark: "#3b1f63", light: "#eee2fb", letter: "G" },
  lime: { color: "#7CC242", dark: "#2f6b12", light: "#effbe0", letter: "L" },
};
/** The base game's five fruits (the smoothie glass shows these; the lime is an expansion fruit). */
const BASE_FRUITS = ["pineapple", "banana", "strawberry", "coconut", "grapes"];
const OTHER = { color: "#5a8f3c", dark: "#2d4f1a", light: "#e3f3d8", letter: "?" };
export const fruitStyle = (name) => FRUITS[name] || { ...OTHER, letter: (name || "?")[0].toUpperCase() };
const LETTERS = Object.fromEntries(Object.entries(FRUITS).map(([name, f]) => [f.letter, name]));
export const fruitOfLetter = (letter) => LETTERS[letter] || null;

/** A fruit drawn at 0,0 with radius about r: pineapple, banana, strawberry, coconut, grapes. */
export function fruitIcon(name, r = 12) {
  const f = fruitStyle(name);
  const sw = Math.max(1, r / 9);
  switch (name) {
    case "pineapple":
      return s(
        "g",
        { class: "fruit-icon", "data-fruit": name },
        s("path", { d: `M${-r * 0.3} ${-r * 0.45} L${-r * 0.55} ${-r * 1.05} L${-r * 0.1} ${-r * 0.6} L0 ${-r * 1.15} L${r * 0.1} ${-r * 0.6} L${r * 0.55} ${-r * 1.05} L${r * 0.3} ${-r * 0.45} Z`, fill: "#3f9b2f", stroke: "#1f5a17", "stroke-width": sw }),
        s("ellipse", { cx: 0, cy: r * 0.2, rx: r * 0.58, ry: r * 0.78, fill: f.color, stroke: f.dark, "stroke-width": sw }),
        s("path", {
          d: `M${-r * 0.45} ${-r * 0.2} L${r * 0.3} ${r * 0.85} M${r * 0.45} ${-r * 0.2} L${-r * 0.3} ${r * 0.85} M${-r * 0.55} ${r * 0.35} L0 ${-r * 0.5} M${r * 0.55} ${r * 0.35} L0 ${-r * 0.5}`,
          stroke: f.dark,
          "stroke-width": sw * 0.8,
          fill: "none",
          opacity: 0.7,
        }),
      );
    case "banana":
      return s(
        "g",
        { class: "fruit-icon", "data-fruit": name },
        s("path", {
          d: `M${-r * 0.95} ${-r * 0.55} Q${-r * 0.6} ${r * 0.95} ${r * 0.95} ${r * 0.25} Q${r * 0.55} ${r * 0.05} ${r * 0.35} ${r * 0.2} Q${-r * 0.35} ${r * 0.45} ${-r * 0.6} ${-r * 0.7} Z`,
          fill: f.color,
          stroke: f.dark,
          "stroke-width": sw,
          "stroke-linejoin": "round",
        }),
        s("path", { d: `M${-r * 0.95} ${-r * 0.55} L${-r * 0.85} ${-r * 0.9} L${-r * 0.62} ${-r * 0.72}`, fill: "#6b4a12", stroke: "#3f2a06", "stroke-width": sw * 0.6 }),
      );
    case "strawberry":
      return s(
        "g",
        { class: "fruit-icon", "data-fruit": name },
        s("path", { d: `M${-r * 0.85} ${-r * 0.45} Q0 ${-r * 0.8} ${r * 0.85} ${-r * 0.45} Q${r * 0.8} ${r * 0.5} 0 ${r} Q${-r * 0.8} ${r * 0.5} ${-r * 0.85} ${-r * 0.45} Z`, fill: f.color, stroke: f.dark, "stroke-width": sw }),
        s("path", { d: `M${-r * 0.6} ${-r * 0.6} L${-r * 0.2} ${-r * 0.45} L0 ${-r * 0.95} L${r * 0.2} ${-r * 0.45} L${r * 0.6} ${-r * 0.6} L${r * 0.25} ${-r * 0.3} L${-r * 0.25} ${-r * 0.3} Z`, fill: "#3f9b2f", stroke: "#1f5a17", "stroke-width": sw * 0.7 }),
        ...[
          [-0.35, 0],
          [0.35, 0],
          [0, 0.3],
          [-0.2, 0.6],
          [0.2, 0.6],
          [0, -0.15],
        ].map(([x, y]) => s("ellipse", { cx: x * r, cy: y * r, rx: r * 0.06, ry: r * 0.1, fill: "#ffe98a" })),
      );
    case "coconut":
      return s(
        "g",
        { class: "fruit-icon", "data-fruit": name },
        s("circle", { r: r * 0.9, fill: f.color, stroke: f.dark, "stroke-width": sw }),
        s("path", { d: `M${-r * 0.6} ${-r * 0.3} Q${-r * 0.2} ${-r * 0.5} ${r * 0.2} ${-r * 0.75} M${-r * 0.7} ${r * 0.3} Q0 ${r * 0.1} ${r * 0.7} ${-r * 0.35}`, stroke: "#a8784f", "stroke-width": sw, fill: "none" }),
        ...[
          [-0.25, 0.35],
          [0.15, 0.45],
          [-0.05, 0.72],
        ].map(([x, y]) => s("circle", { cx: x * r, cy: y * r, r: r * 0.12, fill: f.dark })),
      );
    case "grapes":
      return s(
        "g",
        { class: "fruit-icon", "data-fruit": name },
        s("path", { d: `M0 ${-r * 0.75} Q${r * 0.2} ${-r * 1.05} ${r * 0.5} ${-r * 1.05}`, stroke: "#3f9b2f", "stroke-width": sw * 1.6, fill: "none" }),
        ...[
          [-0.5, -0.45],
          [0, -0.5],
          [0.5, -0.45],
          [-0.27, 0],
          [0.27, 0],
          [0, 0.45],
          [-0.5, 0.05],
          [0.5, 0.05],
        ].map(([x, y]) => s("circle", { cx: x * r, cy: y * r, r: r * 0.3, fill: f.color, stroke: f.dark, "stroke-width": sw * 0.7 })),
      );
    case "lime":
      return s(
        "g",
        { class: "fruit-icon", "data-fruit": name },
        s("ellipse", { rx: r * 0.95, ry: r * 0.78, fill: f.color, stroke: f.dark, "stroke-width": sw }),
        s("path", { d: `M${-r * 0.95} 0 L${-r * 1.12} ${-r * 0.1} L${-r * 1.05} ${r * 0.12} Z M${r * 0.95} 0 L${r * 1.12} ${r * 0.1} L${r * 1.05} ${-r * 0.12} Z`, fill: f.dark }),
        s("ellipse", { rx: r * 0.55, ry: r * 0.45, fill: "#d8f0b0", stroke: f.dark, "stroke-width": sw * 0.5 }),
        ...[0, 60, 120].map((a) => s("path", { d: `M${-r * 0.55} 0 L${r * 0.55} 0`, stroke: "#7CC242", "stroke-width": sw * 0.6, transform: `rotate(${a}) scale(1 0.82)` })),
        s("circle", { r: r * 0.08, fill: "#fff" }),
      );
    default:
      return s(
        "g",
        { class: "fruit-icon", "data-fruit": name },
        s("circle", { r: r * 0.85, fill: f.color, stroke: f.dark, "stroke-width": sw }),
        s("text", { y: r * 0.35, "text-anchor": "middle", "font-size": r, "font-weight": 800, fill: "#fff", text: f.letter }),
      );
  }
}

/** The "any fruit" slot of a price: a smoothie glass striped in every fruit colour. */
export function smoothieIcon(r = 12) {
  const colors = BASE_FRUITS.map((name) => FRUITS[name].color);
  const stripes = colors.map((c, i) => {
    const y0 = -r * 0.55 + (i * r * 1.45) / colors.length;
    return s("rect", { x: -r, y: y0, width: 2 * r, height: (r * 1.45) / colors.length + 0.5, fill: c });
  });
  const id = `ff-glass-${Math.round(r * 10)}`;
  return s(
    "g",
    { class: "fruit-icon smoothie", "data-fruit": "any" },
    s("clipPath", { id }, s("path", { d: `M${-r * 0.75} ${-r * 0.55} L${r * 0.75} ${-r * 0.55} L${r * 0.5} ${r * 0.95} L${-r * 0.5} ${r * 0.95} Z` })),
    s("g", { "clip-path": `url(#${id})` }, ...stripes),
    s("path", { d: `M${-r * 0.75} ${-r * 0.55} L${r * 0.75} ${-r * 0.55} L${r * 0.5} ${r * 0.95} L${-r * 0.5} ${r * 0.95} Z`, fill: "none", stroke: "#333", "stroke-width": r / 8 }),
    s("path", { d: `M${r * 0.15} ${-r * 0.4} L${r * 0.45} ${-r * 1.1} L${r * 0.8} ${-r * 1.1}`, fill: "none", stroke: "#d33", "stroke-width": r / 6 }),
  );
}

/** A price as a row of icons centred on 0,0: letters are fruits, "*" any fruit. */
export function priceRow(price, r = 10, gap = 3) {
  const n = price.length;
  const step = 2 * r + gap;
  return s(
    "g",
    { class: "price" },
    [...price].map((ch, i) => {
      const x = (i - (n - 1) / 2) * step;
      const name = fruitOfLetter(ch);
      return s(
        "g",
        { transform: `translate(${x} 0)` },
        s("circle", { r: r * 1.02, fill: "#fffdf5", stroke: "#c9b68e", "stroke-width": 1 }),
        ch === "*" ? smoothieIcon(r * 0.85) : fruitIcon(name || ch, r * 0.8),
      );
    }),
  );
}

/** A fruit card face (or a fruit-mix card "a/b"), top-left corner at 0,0. */
export function fruitCard(kind, w, h) {
  const parts = kind.split("/");
  const a = fruitStyle(parts[0]);
  const r = Math.min(w, h) * 0.3;
  const children = [s("rect", { class: "ff-card-face", width: w, height: h, rx: w * 0.1, fill: "#fffdf7", stroke: "#5b4630", "stroke-width": 2 })];
  if (parts.length === 2) {
    const b = fruitStyle(parts[1]);
    children.push(
      s("path", { d: `M${w * 0.07} ${h * 0.05} H${w * 0.93} L${w * 0.07} ${h * 0.95} Z`, fill: a.light }),
      s("path", { d: `M${w * 0.93} ${h * 0.05} V${h * 0.95} H${w * 0.07} Z`, fill: b.light }),
      s("path", { d: `M${w * 0.93} ${h * 0.05} L${w * 0.07} ${h * 0.95}`, stroke: "#b89a6a", "stroke-width": 1.5, "stroke-dasharray": "4 3" }),
      s("g", { transform: `translate(${w * 0.33} ${h * 0.3})` }, fruitIcon(parts[0], r * 0.8)),
      s("g", { transform: `translate(${w * 0.67} ${h * 0.7})` }, fruitIcon(parts[1], r * 0.8)),
      s("rect", { x: w * 0.07, y: h * 0.05, width: w * 0.86, height: h * 0.9, rx: w * 0.07, fill: "none", stroke: "#b89a6a", "stroke-width": 1.5 }),
    );
  } else {
    children.push(
      s("rect", { x: w * 0.07, y: h * 0.05, width: w * 0.86, height: h * 0.9, rx: w * 0.07, fill: a.light, stroke: a.color, "stroke-width": 3 }),
      s("g", { transform: `translate(${w / 2} ${h * 0.47})` }, fruitIcon(parts[0], r * 1.15)),
      s("g", { transform: `translate(${w * 0.2} ${h * 0.15})` }, fruitIcon(parts[0], r * 0.35)),
      s("g", { transform: `translate(${w * 0.8} ${h * 0.85}) rotate(180)` }, fruitIcon(parts[0], r * 0.35)),
    );
  }
  return s("g", { class: "ff-fruit-card", "data-fruit": kind }, ...children);
}

/** The back of a fruit card. */
export function fruitBack(w, h) {
  return s(
    "g",
    { class: "ff-fruit-back" },
    s("rect", { width: w, height: h, rx: w * 0.1, fill: "#c0392b", stroke: "#5a140c", "stroke-width": 2 }),
    s("rect", { x: w * 0.1, y: h * 0.07, width: w * 0.8, height: h * 0.86, rx: w * 0.06, fill: "url(#ff-back)", stroke: "#f5d78e", "stroke-width": 1.5 }),
    s("circle", { cx: w / 2, cy: h / 2, r: Math.min(w, h) * 0.2, fill: "#f5d78e", stroke: "#5a140c", "stroke-width": 1.5 }),
    // the letter only where it can be read (a hand of small backs shows the seal alone)
    Math.min(w, h) >= 58 &&
      s("text", { x: w / 2, y: h / 2 + Math.min(w, h) * 0.09, "text-anchor": "middle", "font-size": Math.min(w, h) * 0.25, "font-weight": 800, fill: "#7a1f12", text: "F" }),
  );
}

/** The game's name on the location cards' back, on two lines: broken at its first space or line
 * break ("Fabled" / "Fruit", "Fabel-" / "saft"). */
const BACK_TITLE = (() => {
  const name = pt("card back", "Fabled Fruit");
  const cut = name.search(/[\s]/);
  return cut < 0 ? [name, ""] : [name.slice(0, cut), name.slice(cut + 1)];
})();

/** The back of a location card (the big stack): leaves, and the game's name on a dark plate
 * unless `titled` is false. */
export function locationBack(w, h, titled = true) {
  return s(
    "g",
    { class: "ff-location-back" },
    s("rect", { width: w, height: h, rx: 10, fill: "#2f6b3a", stroke: "#16331b", "stroke-width": 2 }),
    s("rect", { x: 6, y: 6, width: w - 12, height: h - 12, rx: 7, fill: "url(#ff-leaves)", stroke: "#e8d9a8", "stroke-width": 1.5 }),
    titled && s("rect", { x: 3, y: h / 2 - 22, width: w - 6, height: 46, rx: 6, class: "ff-back-plate" }),
    titled && s("text", { x: w / 2, y: h / 2 - 4, "text-anchor": "middle", class: "ff-back-title", text: BACK_TITLE[0] }),
    titled && s("text", { x: w / 2, y: h / 2 + 18, "text-anchor": "middle", class: "ff-back-title", text: BACK_TITLE[1] }),
  );
}


/**
 * A location card's face without its words (the How to play page's picture): the number badge on
 * the coloured header, lines of action text, and the price of fruits at the bottom.
 */
export function locationFace(w, h, price = "PB*") {
  const headerH = h * 0.24;
  const lines = [0, 1, 2].map((i) =>
    s("rect", { x: w * 0.12, y: headerH + h * 0.1 + i * h * 0.1, width: w * (i === 2 ? 0.5 : 0.76), height: h * 0.045, rx: 1.5, fill: "#b9a47c" }),
  );
  return s(
    "g",
    { class: "ff-location-face" },
    s("rect", { width: w, height: h, rx: w * 0.12, fill: "#fbf3df", stroke: "#5b4630", "stroke-width": 2 }),
    s("path", { d: `M0 ${w * 0.12} Q0 0 ${w * 0.12} 0 H${w * 0.88} Q${w} 0 ${w} ${w * 0.12} V${headerH} H0 Z`, fill: "#3f7d3a" }),
    s("circle", { cx: w * 0.24, cy: headerH / 2, r: headerH * 0.34, fill: "#f5c542", stroke: "#7a5500", "stroke-width": 1.5 }),
    s("rect", { x: w * 0.42, y: headerH * 0.4, width: w * 0.46, height: headerH * 0.2, rx: 1.5, fill: "#fff" }),
    ...lines,
    s("rect", { x: w * 0.08, y: h * 0.72, width: w * 0.84, height: h * 0.2, rx: 4, fill: "#efe2c2", stroke: "#c9b68e", "stroke-width": 1 }),
    s("g", { transform: `translate(${w / 2} ${h * 0.82})` }, priceRow(price, Math.min(h * 0.07, (w * 0.8) / (price.length * 2 + 1)), 1.5)),
  );
}

/** A fabled juice: a bought location card lying face down, with a glass of juice on it. */
export function juiceCard(w, h) {
  const g = (x, y) => `${x * w} ${y * h}`;
  return s(
    "g",
    { class: "ff-juice-art" },
    s("g", { transform: `rotate(-10 ${w / 2} ${h / 2})` }, locationBack(w, h, false)),
    s("path", { d: `M${g(0.22, 0.3)} L${g(0.78, 0.3)} L${g(0.68, 0.92)} L${g(0.32, 0.92)} Z`, fill: "#fff", stroke: "#7a4a12", "stroke-width": 2 }),
    s("path", { d: `M${g(0.25, 0.45)} L${g(0.75, 0.45)} L${g(0.67, 0.9)} L${g(0.33, 0.9)} Z`, fill: "#ffb347" }),
    s("path", { d: `M${g(0.58, 0.42)} L${g(0.7, 0.12)} L${g(0.84, 0.12)}`, fill: "none", stroke: "#d33", "stroke-width": 2.5, "stroke-linecap": "round" }),
    s("circle", { cx: w * 0.3, cy: h * 0.32, r: w * 0.1, fill: FRUITS.lime.color, stroke: FRUITS.lime.dark, "stroke-width": 1.2 }),
  );
}

/** The thief: a dark round figure with a robber's mask. */
export function thiefIcon(r = 16) {
  return s(
    "g",
    { class: "ff-thief" },
    s("circle", { r, fill: "#222", stroke: "#fff", "stroke-width": r / 7 }),
    s("path", { d: `M${-r * 0.8} ${-r * 0.25} Q0 ${-r * 0.55} ${r * 0.8} ${-r * 0.25} L${r * 0.75} ${r * 0.15} Q0 ${-r * 0.1} ${-r * 0.75} ${r * 0.15} Z`, fill: "#eee" }),
    s("circle", { cx: -r * 0.32, cy: -r * 0.12, r: r * 0.12, fill: "#222" }),
    s("circle", { cx: r * 0.32, cy: -r * 0.12, r: r * 0.12, fill: "#222" }),
    s("path", { d: `M${-r * 0.35} ${r * 0.5} Q0 ${r * 0.3} ${r * 0.35} ${r * 0.5}`, stroke: "#eee", "stroke-width": r / 8, fill: "none" }),
  );
}

/** A round fruit token. */
export function fruitToken(name, r = 14) {
  const f = fruitStyle(name);
  return s("g", { class: "ff-token", "data-fruit": name }, s("circle", { r, fill: f.light, stroke: f.color, "stroke-width": r / 4 }), fruitIcon(name, r * 0.7));
}

/** A wild token (any fruit) or a double turn token. */
export function specialToken(kind, r = 14) {
  if (kind === "wild") {
    return s("g", { class: "ff-token wild" }, s("circle", { r, fill: "#fff", stroke: "#333", "stroke-width": r / 6 }), smoothieIcon(r * 0.7));
  }
  return s(
    "g",
    { class: "ff-token double" },
    s("circle", { r, fill: "#1c5d99", stroke: "#0b2f52", "stroke-width": r / 6 }),
    s("text", { y: r * 0.36, "text-anchor": "middle", "font-size": r, "font-weight": 800, fill: "#fff", text: "×2" }),
  );
}

/** A gambling token (#12L): a gold coin with a die face. */
export function gamblingToken(r = 14) {
  const pip = (x, y) => s("circle", { cx: x * r, cy: y * r, r: r * 0.1, fill: "#5a3b00" });
  return s(
    "g",
    { class: "ff-token gambling" },
    s("circle", { r, fill: "#f2c94c", stroke: "#8a6100", "stroke-width": r / 6 }),
    s("rect", { x: -r * 0.52, y: -r * 0.52, width: r * 1.04, height: r * 1.04, rx: r * 0.18, fill: "#fff7dd", stroke: "#8a6100", "stroke-width": r / 12 }),
    pip(-0.26, -0.26),
    pip(0.26, 0.26),
    pip(0, 0),
    pip(0.26, -0.26),
    pip(-0.26, 0.26),
  );
}

/** The camouflage coat (#10L): a leafy hooded cloak. */
export function coatToken(r = 16) {
  return s(
    "g",
    { class: "ff-token coat" },
    s("circle", { r, fill: "#e9f1dc", stroke: "#3d5a1e", "stroke-width": r / 7 }),
    s("path", {
      d: `M0 ${-r * 0.72} Q${r * 0.42} ${-r * 0.7} ${r * 0.4} ${-r * 0.2} L${r * 0.68} ${r * 0.7} L${-r * 0.68} ${r * 0.7} L${-r * 0.4} ${-r * 0.2} Q${-r * 0.42} ${-r * 0.7} 0 ${-r * 0.72} Z`,
      fill: "#5d7f2f",
      stroke: "#2c4011",
      "stroke-width": r / 12,
    }),
    s("ellipse", { cx: 0, cy: -r * 0.28, rx: r * 0.2, ry: r * 0.22, fill: "#22300d" }),
    ...[
      [-0.3, 0.25],
      [0.25, 0.1],
      [0.05, 0.5],
      [-0.45, 0.55],
      [0.45, 0.5],
    ].map(([x, y]) => s("ellipse", { cx: x * r, cy: y * r, rx: r * 0.13, ry: r * 0.07, fill: "#8fb35a", transform: `rotate(35 ${x * r} ${y * r})` })),
  );
}

/** A saved fruit (#6L): a card lying face down under the animal token, with a ×2 seal. */
export function savedCard(w, h, kind = null) {
  const card = kind ? fruitCard(kind, w, h) : fruitBack(w, h);
  return s(
    "g",
    { class: "ff-saved", "data-fruit": kind || "hidden" },
    s("g", { transform: `rotate(-8 ${w / 2} ${h / 2})` }, card),
    s("circle", { cx: w - 2, cy: h - 4, r: Math.min(w, h) * 0.24, fill: "#2f6b12", stroke: "#fff", "stroke-width": 1.5 }),
    s("text", { x: w - 2, y: h - 4 + Math.min(w, h) * 0.09, "text-anchor": "middle", "font-size": Math.min(w, h) * 0.25, "font-weight": 800, fill: "#fff", text: "×2" }),
  );
}

const WIDE = /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]/u;
/** A line's width in Latin characters: a CJK character is about as wide as two. */
const width = (line) => [...line].reduce((sum, char) => sum + (WIDE.test(char) ? 1.8 : 1), 0);

/** Words wrapped to lines of at most `chars` characters (the last line ends in … if cut). */
export function wrap(text, chars, maxLines = 99) {
  const lines = [];
  let line = "";
  for (const { part, space } of breakable(text)) {
    const longer = line ? `${line}${space ? " " : ""}${part}` : part;
    if (line && width(longer) > chars) {
      lines.push(line);
      line = part;
    } else {
      line = longer;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const cut = lines.slice(0, maxLines);
    const last = cut[maxLines - 1];
    cut[maxLines - 1] = WIDE.test(last) ? `${[...last].slice(0, -1).join("")}…` : last.replace(/\s*\S*$/, "") + " …";
    return cut;
  }
  return lines;
}


/** The shared patterns: the felt of the table, card backs. */
export function defs() {
  return s(
    "defs",
    {},
    s(
      "radialGradient",
      { id: "ff-felt", cx: "50%", cy: "40%", r: "75%" },
      s("stop", { offset: "0%", "stop-color": "#2f7d4f" }),
      s("stop", { offset: "100%", "stop-color": "#184a2e" }),
    ),
    s(
      "pattern",
      { id: "ff-back", width: 10, height: 10, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
      s("rect", { width: 10, height: 10, fill: "#a52f22" }),
      s("rect", { width: 4, height: 10, fill: "#c8452f" }),
    ),
    s(
      "pattern",
      { id: "ff-leaves", width: 22, height: 22, patternUnits: "userSpaceOnUse" },
      s("rect", { width: 22, height: 22, fill: "#3c8046" }),
      s("path", { d: "M4 18 Q4 6 16 4 Q16 16 4 18 Z", fill: "#4e9a57" }),
    ),
    s(
      "filter",
      { id: "ff-shadow", x: "-10%", y: "-10%", width: "130%", height: "130%" },
      s("feDropShadow", { dx: 0, dy: 3, stdDeviation: 3, "flood-color": "#000", "flood-opacity": 0.35 }),
    ),
  );
}
