// Tiny helpers for building SVG and HTML without a framework.

export const SVG_NS = "http://www.w3.org/2000/svg";

function fill(node, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") node.textContent = value;
    else if (key === "class") node.setAttribute("class", Array.isArray(value) ? value.filter(Boolean).join(" ") : value);
    else if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** An SVG element: s("circle", {r: 4}, ...children). */
export function s(tag, attrs = {}, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** An HTML element: h("button", {class: "x", onclick: f}, "Label"). */
export function h(tag, attrs = {}, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

let measurer = null; // a canvas context that measures text (no drawing)

/** The width of a text in CSS pixels at a font size and weight, in the page's font. */
export function textWidth(text, fontSize, weight) {
  measurer ??= document.createElement("canvas").getContext("2d");
  if (!measurer) return [...text].length * fontSize * 0.66;
  measurer.font = `${weight} ${fontSize}px ${getComputedStyle(document.documentElement).fontFamily || "sans-serif"}`;
  return measurer.measureText(text).width;
}

/**
 * The attributes that squeeze a one-line label into `width` board units at `fontSize` (and
 * `weight`) where the reader's language says it longer than the drawing has room for (SVG text
 * does not wrap); none where it fits.
 */
export function squeeze(text, width, fontSize, weight = 400) {
  return textWidth(String(text), fontSize, weight) <= width ? {} : { textLength: width, lengthAdjust: "spacingAndGlyphs" };
}

/**
 * A text (a player's name, up to 40 characters) cut to fit `width` board units at `fontSize`
 * (and `weight`), ending in "…" when cut: SVG text has no text-overflow. A renderer puts the
 * whole text in the element's <title>, shown on hover.
 */
export function fitText(text, width, fontSize, weight = 800) {
  const whole = String(text);
  if (textWidth(whole, fontSize, weight) <= width) return whole;
  const chars = [...whole];
  let low = 0;
  let high = chars.length; // the longest start that fits with its ellipsis, by halving
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (textWidth(`${chars.slice(0, mid).join("").trimEnd()}…`, fontSize, weight) <= width) low = mid;
    else high = mid - 1;
  }
  return `${chars.slice(0, low).join("").trimEnd()}…`;
}

/** A Chinese or Japanese character (with the punctuation that may not start a line after it):
 * such text has no spaces, and a line may break after any character. */
const CJK_UNIT = /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef][，。、：；！？）」』”]*/gu;

/** The pieces a line may break between: words, and each CJK character of a word, each saying
 * whether a space comes before it. */
export function breakable(text) {
  const units = [];
  for (const word of String(text || "").split(/\s+/).filter(Boolean)) {
    let from = 0;
    for (const match of word.matchAll(CJK_UNIT)) {
      if (match.index > from) units.push({ part: word.slice(from, match.index), space: from === 0 });
      units.push({ part: match[0], space: match.index === 0 });
      from = match.index + match[0].length;
    }
    if (from < word.length) units.push({ part: word.slice(from), space: from === 0 });
  }
  return units;
}

/**
 * Words wrapped to lines of at most `width` board units at `fontSize` (and `weight`), measured in
 * the page's font; at most `maxLines`, the last one ending in "…" when words are left over (the
 * renderer puts the whole text in a <title>).
 */
export function wrapText(text, width, fontSize, weight = 700, maxLines = 99) {
  const lines = [];
  let line = "";
  for (const { part, space } of breakable(text)) {
    const longer = line ? `${line}${space ? " " : ""}${part}` : part;
    if (line && textWidth(longer, fontSize, weight) > width) {
      lines.push(line);
      line = part;
    } else line = longer;
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines.map((l) => fitText(l, width, fontSize, weight));
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = fitText(`${kept[maxLines - 1]} ${lines[maxLines]}…`, width, fontSize, weight);
  if (!kept[maxLines - 1].endsWith("…")) kept[maxLines - 1] += "…";
  return kept;
}

/**
 * A piece of a board's art, drawn centred on 0,0 within `extent` units of it, as a small <svg> of
 * `size` pixels (the How to play page's pictures), with the board's `defs` (gradients it uses).
 */
export function pieceSvg(art, extent, defs = null, size = 36) {
  const box = `${-extent} ${-extent} ${2 * extent} ${2 * extent}`;
  return s("svg", { viewBox: box, width: size, height: size, "aria-hidden": "true", class: "piece-art" }, defs, art);
}

/** A group translated to (x, y), optionally scaled. */
export function at(x, y, scale, ...children) {
  const transform = `translate(${x} ${y})` + (scale && scale !== 1 ? ` scale(${scale})` : "");
  return s("g", { transform }, ...children);
}

/** A five-pointed star path centred on 0,0 with outer radius r. */
export function starPath(r) {
  const points = [];
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 ? r * 0.45 : r;
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    points.push(`${(Math.cos(angle) * radius).toFixed(2)},${(Math.sin(angle) * radius).toFixed(2)}`);
  }
  return `M${points.join("L")}Z`;
}
