// Player colours: the Okabe–Ito palette (safe for colour-blind players), each paired with a shape
// and a letter so that no information rests on colour alone.

import { s } from "./svg.js";

// ink: the colour of words and letters on the seat's colour (WCAG AA: 4.5:1 or more); halo: the
// outline of a marker's letter where a board's glow could lighten the colour under it.
export const SEATS = [
  { color: "#0072B2", name: "blue", shape: "circle", letter: "A", ink: "#fff", halo: "#00304d" },
  { color: "#D55E00", name: "vermilion", shape: "triangle", letter: "B", ink: "#1a0f08" },
  { color: "#009E73", name: "green", shape: "square", letter: "C", ink: "#0b1a12" },
  { color: "#CC79A7", name: "purple", shape: "diamond", letter: "D", ink: "#1f0c18" },
  { color: "#56B4E9", name: "sky", shape: "hexagon", letter: "E", ink: "#08202e" },
];

export const seatStyle = (seat) => SEATS[seat % SEATS.length];

function shapePath(shape, r) {
  switch (shape) {
    case "triangle":
      return `M0 ${-r} L${r * 0.95} ${r * 0.75} L${-r * 0.95} ${r * 0.75} Z`;
    case "square":
      return `M${-r * 0.82} ${-r * 0.82} h${r * 1.64} v${r * 1.64} h${-r * 1.64} Z`;
    case "diamond":
      return `M0 ${-r} L${r} 0 L0 ${r} L${-r} 0 Z`;
    case "hexagon": {
      const pts = [...Array(6)].map((_, i) => {
        const a = (Math.PI / 3) * i;
        return `${(Math.cos(a) * r).toFixed(1)} ${(Math.sin(a) * r).toFixed(1)}`;
      });
      return `M${pts.join(" L")} Z`;
    }
    default:
      return `M${-r} 0 a${r} ${r} 0 1 0 ${2 * r} 0 a${r} ${r} 0 1 0 ${-2 * r} 0`;
  }
}

/** SVG markup (a string) for a seat's marker: its shape in its colour with its letter. */
export function markerMarkup(seat, r = 10) {
  const st = seatStyle(seat);
  const dy = st.shape === "triangle" ? r * 0.3 : r * 0.36;
  return (
    `<path d="${shapePath(st.shape, r)}" fill="${st.color}" stroke="#fff" stroke-width="${r / 6}"/>` +
    `<text y="${dy}" text-anchor="middle" font-size="${r}" font-weight="700" fill="${st.ink}" ` +
    (st.halo ? `stroke="${st.halo}" stroke-width="${(r / 5).toFixed(2)}" paint-order="stroke" stroke-linejoin="round" ` : "") +
    `font-family="DejaVu Sans, sans-serif">${st.letter}</text>`
  );
}

/** A seat's marker as an SVG group for a board (attrs: its class, a transform, ...). */
export function markerGroup(seat, r = 10, attrs = {}) {
  const g = s("g", { ...attrs, class: ["seat-mark", attrs.class] });
  g.innerHTML = markerMarkup(seat, r);
  return g;
}

/** A standalone inline <svg> element (for HTML panels) showing the seat marker. */
export function markerSvg(seat, size = 22) {
  const wrap = document.createElement("span");
  wrap.className = "seat-marker";
  wrap.innerHTML =
    `<svg viewBox="-12 -12 24 24" width="${size}" height="${size}" aria-hidden="true">${markerMarkup(seat, 11)}</svg>`;
  return wrap;
}
