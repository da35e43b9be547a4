// Tang Hu Lu's pictures: fruit tiles, money bags, coins, crystal drops, sweet cards, the die.
// Everything is drawn centred on 0,0 so the board module only has to place it.

import { s, starPath } from "../svg.js";

/** Gradients and patterns shared by the whole board; added once per <svg>. */
export function defs() {
  return s(
    "defs",
    {},
    s(
      "radialGradient",
      { id: "thl-felt", cx: "50%", cy: "40%", r: "75%" },
      s("stop", { offset: "0%", "stop-color": "#b7793f" }),
      s("stop", { offset: "100%", "stop-color": "#6e4220" }),
    ),
    s(
      "pattern",
      { id: "thl-grain", width: 240, height: 26, patternUnits: "userSpaceOnUse" },
      s("path", {
        d: "M0 8 q60 -6 120 0 t120 0 M0 20 q80 5 160 -1 t80 1",
        stroke: "#000",
        "stroke-opacity": 0.07,
        fill: "none",
        "stroke-width": 2,
      }),
    ),
    s(
      "linearGradient",
      { id: "thl-wood", x1: 0, y1: 0, x2: 0, y2: 1 },
      s("stop", { offset: "0%", "stop-color": "#e7c28c" }),
      s("stop", { offset: "100%", "stop-color": "#c99a5b" }),
    ),
    s(
      "linearGradient",
      { id: "thl-dark-wood", x1: 0, y1: 0, x2: 0, y2: 1 },
      s("stop", { offset: "0%", "stop-color": "#a86f3a" }),
      s("stop", { offset: "100%", "stop-color": "#7d4e25" }),
    ),
    s(
      "radialGradient",
      { id: "thl-glaze", cx: "35%", cy: "30%", r: "70%" },
      s("stop", { offset: "0%", "stop-color": "#fff", "stop-opacity": 0.85 }),
      s("stop", { offset: "45%", "stop-color": "#fff", "stop-opacity": 0.15 }),
      s("stop", { offset: "100%", "stop-color": "#fff", "stop-opacity": 0 }),
    ),
    s(
      "filter",
      { id: "thl-shadow", x: "-30%", y: "-30%", width: "160%", height: "160%" },
      s("feDropShadow", { dx: 0, dy: 3, stdDeviation: 3, "flood-color": "#2b1605", "flood-opacity": 0.45 }),
    ),
  );
}

// ---------------------------------------------------------------- fruit (radius about 20)

function orange() {
  const dimples = [
    [-7, -4],
    [5, -8],
    [8, 4],
    [-3, 7],
    [-10, 5],
    [2, 0],
  ].map(([x, y]) => s("circle", { cx: x, cy: y, r: 1.1, fill: "#c96f0a", opacity: 0.55 }));
  return s(
    "g",
    { class: "fruit fruit-orange" },
    s("circle", { r: 19, fill: "#f39a1e", stroke: "#b4650a", "stroke-width": 2 }),
    dimples,
    s("ellipse", { cx: -7, cy: -8, rx: 5, ry: 3, fill: "#fff", opacity: 0.35, transform: "rotate(-30 -7 -8)" }),
    s("path", { d: "M0 -18 q9 -9 15 -5 q-6 6 -15 5 Z", fill: "#3f9b2f", stroke: "#24661a", "stroke-width": 1 }),
    s("circle", { cy: -18, r: 2, fill: "#6b4a2b" }),
  );
}

function apple() {
  return s(
    "g",
    { class: "fruit fruit-apple" },
    s("path", {
      d: "M0 -11 C7 -19 21 -15 20 1 C19 14 9 21 0 17 C-9 21 -19 14 -20 1 C-21 -15 -7 -19 0 -11 Z",
      fill: "#8cc63f",
      stroke: "#4f7d17",
      "stroke-width": 2,
    }),
    s("path", { d: "M-12 -6 q-3 6 -1 12", stroke: "#fff", "stroke-opacity": 0.5, "stroke-width": 3, fill: "none" }),
    s("path", { d: "M0 -11 q1 -8 4 -12", stroke: "#6b4a2b", "stroke-width": 3, fill: "none", "stroke-linecap": "round" }),
    s("path", { d: "M3 -19 q8 -6 13 -2 q-6 5 -13 2 Z", fill: "#3f9b2f", stroke: "#24661a", "stroke-width": 1 }),
  );
}

function kiwi() {
  const seeds = [...Array(12)].map((_, i) => {
    const a = (i / 12) * Math.PI * 2;
    const x = Math.cos(a) * 9.5;
    const y = Math.sin(a) * 9.5;
    return s("ellipse", {
      cx: x.toFixed(1),
      cy: y.toFixed(1),
      rx: 1.1,
      ry: 2.4,
      fill: "#1d1d12",
      transform: `rotate(${((a * 180) / Math.PI + 90).toFixed(0)} ${x.toFixed(1)} ${y.toFixed(1)})`,
    });
  });
  return s(
    "g",
    { class: "fruit fruit-kiwi" },
    s("circle", { r: 19, fill: "#8a6a3a", stroke: "#5a4220", "stroke-width": 2 }),
    s("circle", { r: 15.5, fill: "#93c83e" }),
    s("circle", { r: 12.5, fill: "#b5dc5a" }),
    seeds,
    s("ellipse", { rx: 5, ry: 4, fill: "#f4f1c8" }),
  );
}

function strawberry() {
  const seeds = [
    [-8, -3],
    [0, -4],
    [8, -3],
    [-4, 4],
    [4, 4],
    [0, 11],
    [-10, -9],
    [10, -9],
  ].map(([x, y]) => s("ellipse", { cx: x, cy: y, rx: 1.1, ry: 1.8, fill: "#ffe27a" }));
  return s(
    "g",
    { class: "fruit fruit-strawberry" },
    s("path", {
      d: "M-19 -10 C-19 -18 19 -18 19 -10 C19 2 7 15 0 21 C-7 15 -19 2 -19 -10 Z",
      fill: "#e2303f",
      stroke: "#8f1421",
      "stroke-width": 2,
    }),
    seeds,
    s("path", {
      d: "M0 -13 L-11 -17 L-4 -19 L-7 -24 L0 -20 L7 -24 L4 -19 L11 -17 Z",
      fill: "#3f9b2f",
      stroke: "#24661a",
      "stroke-width": 1,
    }),
  );
}

function haw() {
  // Hawthorn berries: a little cluster of small dark-red fruit, each with its dark tip.
  const berries = [
    [-8, 5],
    [8, 5],
    [0, -7],
    [0, 13],
  ].map(([x, y]) =>
    s(
      "g",
      { transform: `translate(${x} ${y})` },
      s("circle", { r: 8, fill: "#b3122e", stroke: "#5e0515", "stroke-width": 1.6 }),
      s("circle", { cx: -2.6, cy: -2.6, r: 2.2, fill: "#fff", opacity: 0.55 }),
      s("circle", { cx: 2.5, cy: 2.5, r: 1.1, fill: "#3b0a0a" }),
    ),
  );
  return s(
    "g",
    { class: "fruit fruit-haw" },
    s("path", { d: "M0 -14 q2 -6 6 -8", stroke: "#6b4a2b", "stroke-width": 2, fill: "none" }),
    berries,
  );
}

const FRUIT = { orange, apple, kiwi, strawberry, haw };

export const FRUIT_NAMES = {
  orange: "orange",
  apple: "apple",
  kiwi: "kiwi",
  strawberry: "strawberry",
  haw: "haw (wild)",
};

/** A row of star pips centred on 0,0. */
export function stars(count, r = 6, gap = 13) {
  const g = s("g", { class: "stars" });
  for (let i = 0; i < count; i++) {
    g.append(
      s("path", {
        d: starPath(r),
        transform: `translate(${(i - (count - 1) / 2) * gap} 0)`,
        fill: "#f5b400",
        stroke: "#8a5a00",
        "stroke-width": 1,
      }),
    );
  }
  return g;
}

/** A round fruit tile (radius R): cream front or pink sugared back with a glaze, fruit and star pips. */
export function tile(t, R = 34) {
  const k = R / 34;
  const pink = !!t.pink;
  return s(
    "g",
    { class: ["tile", pink && "pink", `tile-${t.fruit}`], filter: "url(#thl-shadow)" },
    s("circle", {
      class: "tile-disc",
      r: R,
      fill: pink ? "#f7b3cf" : "#fffaf0",
      stroke: pink ? "#d9659b" : "#cdb894",
      "stroke-width": 2.5 * k,
    }),
    s("circle", { r: R - 4 * k, fill: "none", stroke: pink ? "#fbd6e6" : "#efe3cb", "stroke-width": 1.5 * k }),
    s("g", { transform: `translate(0 ${-5 * k}) scale(${0.92 * k})` }, (FRUIT[t.fruit] || orange)()),
    t.stars > 0 && s("g", { transform: `translate(0 ${22 * k}) scale(${k})` }, stars(t.stars, 5.2, 11)),
    pink &&
      s(
        "g",
        { class: "glaze" },
        s("circle", { r: R - 2 * k, fill: "url(#thl-glaze)" }),
        s("path", {
          d: `M${-R * 0.62} ${-R * 0.25} A${R * 0.7} ${R * 0.7} 0 0 1 ${-R * 0.15} ${-R * 0.66}`,
          stroke: "#fff",
          "stroke-width": 3 * k,
          "stroke-linecap": "round",
          fill: "none",
          opacity: 0.9,
        }),
        s("path", { d: starPath(4 * k), transform: `translate(${R * 0.55} ${-R * 0.55})`, fill: "#fff" }),
      ),
  );
}

/** The cloth money bag printed on an empty store space. */
export function moneyBag(scale = 1) {
  return s(
    "g",
    { class: "money-bag", transform: `scale(${scale})` },
    s("path", {
      d: "M-8 -22 L8 -22 L4 -14 C20 -8 24 10 18 18 C12 25 -12 25 -18 18 C-24 10 -20 -8 -4 -14 Z",
      fill: "#c9a26a",
      stroke: "#6b4a2b",
      "stroke-width": 2.5,
    }),
    s("path", { d: "M-7 -14 Q0 -10 7 -14", stroke: "#6b4a2b", "stroke-width": 3, fill: "none" }),
    s("circle", { cy: 5, r: 9, fill: "#f4c542", stroke: "#a87b0c", "stroke-width": 2 }),
    s("text", { y: 9.5, "text-anchor": "middle", "font-size": 12, "font-weight": 700, fill: "#4f3700", text: "1" }),
  );
}

/** A gold coin (the icons printed on spots 3 and 4, the coin-track marker's neighbours). */
export function coin(r = 10, label = "1") {
  return s(
    "g",
    { class: "coin" },
    s("circle", { r, fill: "#f4c542", stroke: "#a87b0c", "stroke-width": r / 5 }),
    s("circle", { r: r * 0.7, fill: "none", stroke: "#d9a520", "stroke-width": r / 10 }),
    label &&
      s("text", {
        y: r * 0.38,
        "text-anchor": "middle",
        "font-size": r * 1.05,
        "font-weight": 700,
        fill: "#4f3700",
        text: label,
      }),
  );
}

/** A crystal sugar drop: a faceted pale-blue gem. */
export function drop(r = 10) {
  return s(
    "g",
    { class: "drop" },
    s("path", {
      d: `M0 ${-r} L${r * 0.85} ${-r * 0.2} L0 ${r} L${-r * 0.85} ${-r * 0.2} Z`,
      fill: "#cdeeff",
      stroke: "#3f86bd",
      "stroke-width": r / 6,
      "stroke-linejoin": "round",
    }),
    s("path", {
      d: `M${-r * 0.85} ${-r * 0.2} H${r * 0.85} M0 ${-r} L${-r * 0.3} ${-r * 0.2} L0 ${r} L${r * 0.3} ${-r * 0.2} Z`,
      stroke: "#3f86bd",
      "stroke-width": r / 14,
      fill: "none",
    }),
    s("path", { d: `M${-r * 0.35} ${-r * 0.55} l${r * 0.2} ${-r * 0.2}`, stroke: "#fff", "stroke-width": r / 6 }),
  );
}

/** A face-down sweet card (w × h, top-left at 0,0). */
export function cardBack(w = 40, h = 58) {
  return s(
    "g",
    { class: "sweet-back" },
    s("rect", { width: w, height: h, rx: 5, fill: "#c0392b", stroke: "#6e1f16", "stroke-width": 2 }),
    s("rect", { x: 4, y: 4, width: w - 8, height: h - 8, rx: 3, fill: "none", stroke: "#f5d78e", "stroke-width": 1.5 }),
    s("path", {
      d: `M${w / 2} ${h / 2 - 10} L${w / 2 + 8} ${h / 2} L${w / 2} ${h / 2 + 10} L${w / 2 - 8} ${h / 2} Z`,
      fill: "#f5d78e",
    }),
  );
}

/** A face-up sweet card showing its stars. */
export function cardFace(starCount, w = 40, h = 58) {
  return s(
    "g",
    { class: "sweet-face", "data-sweet-face": starCount },
    s("rect", { width: w, height: h, rx: 5, fill: "#fff6e8", stroke: "#c0392b", "stroke-width": 2 }),
    // a lollipop as the sweet's picture
    s("line", { x1: w / 2, y1: h * 0.42, x2: w / 2, y2: h * 0.62, stroke: "#b08a5a", "stroke-width": 2 }),
    s("circle", { cx: w / 2, cy: h * 0.3, r: w * 0.2, fill: "#ff8fb8", stroke: "#c0392b", "stroke-width": 1.5 }),
    s("path", {
      d: `M${w / 2 - w * 0.12} ${h * 0.3} a${w * 0.12} ${w * 0.12} 0 1 1 ${w * 0.12} ${w * 0.1}`,
      stroke: "#fff",
      "stroke-width": 1.5,
      fill: "none",
    }),
    s("g", { transform: `translate(${w / 2} ${h * 0.8})` }, stars(starCount, 4.5, 9.5)),
  );
}

/** The die (size × size, centred) showing a face: sugar, coin or fruit; null = not rolled yet. */
export function die(face, size = 70) {
  const half = size / 2;
  let symbol;
  if (face === "sugar") symbol = s("g", { transform: `scale(${size / 32})` }, drop(11));
  else if (face === "coin") symbol = s("g", { transform: `scale(${size / 32})` }, coin(11, "1"));
  else if (face === "fruit") symbol = s("g", { transform: `scale(${size / 40})` }, orange());
  else symbol = s("text", { y: 8, "text-anchor": "middle", "font-size": 24, fill: "#6b6b6b", text: "?" });
  return s(
    "g",
    { class: ["die", face && `die-${face}`] },
    s("rect", {
      x: -half,
      y: -half,
      width: size,
      height: size,
      rx: size * 0.18,
      fill: "#fdfbf6",
      stroke: "#4a3b2a",
      "stroke-width": 3,
      filter: "url(#thl-shadow)",
    }),
    s("path", {
      d: `M${-half + 6} ${-half + 10} q0 -4 4 -4 h${size - 20}`,
      stroke: "#fff",
      "stroke-width": 3,
      fill: "none",
    }),
    symbol,
  );
}

/** The Crystal Sugar King marker: a crown on a crystal. */
export function crown(scale = 1) {
  return s(
    "g",
    { class: "king", transform: `scale(${scale})` },
    s("path", {
      d: "M-20 12 L-22 -10 L-10 0 L0 -18 L10 0 L22 -10 L20 12 Z",
      fill: "#f4c542",
      stroke: "#8a5a00",
      "stroke-width": 2.5,
      "stroke-linejoin": "round",
    }),
    s("rect", { x: -20, y: 10, width: 40, height: 7, rx: 2, fill: "#e0a82a", stroke: "#8a5a00", "stroke-width": 2 }),
    s("g", { transform: "translate(0 -1) scale(0.6)" }, drop(10)),
    s("circle", { cx: -22, cy: -11, r: 2.5, fill: "#bfe6ff" }),
    s("circle", { cx: 22, cy: -11, r: 2.5, fill: "#bfe6ff" }),
  );
}

/** The cloth bag the tiles are drawn from. */
export function tileBag(scale = 1) {
  return s(
    "g",
    { class: "tile-bag", transform: `scale(${scale})` },
    s("path", {
      d: "M-26 -30 C-16 -22 16 -22 26 -30 L20 -18 C44 -4 46 30 30 40 C14 48 -14 48 -30 40 C-46 30 -44 -4 -20 -18 Z",
      fill: "#7b5fa3",
      stroke: "#3f2a5e",
      "stroke-width": 3,
      filter: "url(#thl-shadow)",
    }),
    s("path", { d: "M-20 -18 Q0 -10 20 -18", stroke: "#f5d78e", "stroke-width": 4, fill: "none" }),
    s("path", { d: "M-28 10 q6 14 20 20", stroke: "#fff", "stroke-opacity": 0.25, "stroke-width": 5, fill: "none" }),
  );
}
