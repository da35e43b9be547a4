// Small inline icons for HTML (panels, log, buttons). Emoji fonts are not assumed to exist.

const ICONS = {
  coin: '<circle r="9" fill="#f4c542" stroke="#a87b0c" stroke-width="2"/><text y="4" text-anchor="middle" font-size="11" font-weight="700" fill="#7a5500">1</text>',
  drop: '<path d="M0 -10 L8 -2 L0 10 L-8 -2 Z" fill="#bfe6ff" stroke="#4a8fc2" stroke-width="1.6"/><path d="M-8 -2 H8 M0 -10 L-3 -2 L0 10 M0 -10 L3 -2 L0 10" stroke="#4a8fc2" stroke-width="0.8" fill="none"/>',
  card: '<rect x="-7" y="-10" width="14" height="20" rx="2" fill="#c0392b" stroke="#6e1f16" stroke-width="1.4"/><path d="M-3 -4 L3 4 M3 -4 L-3 4" stroke="#f5d78e" stroke-width="1.4"/>',
  star: '<path d="M0 -10 L2.6 -3.4 L9.5 -3.1 L4.2 1.3 L5.9 8.1 L0 4.3 L-5.9 8.1 L-4.2 1.3 L-9.5 -3.1 L-2.6 -3.4 Z" fill="#f5b400" stroke="#9b6a00" stroke-width="1"/>',
  crown: '<path d="M-10 6 L-10 -6 L-5 0 L0 -9 L5 0 L10 -6 L10 6 Z" fill="#f4c542" stroke="#a87b0c" stroke-width="1.5"/><circle cy="-9" r="1.8" fill="#bfe6ff"/>',
  die: '<rect x="-9" y="-9" width="18" height="18" rx="4" fill="#fff" stroke="#555" stroke-width="1.5"/><circle r="2" fill="#333"/><circle cx="-4.5" cy="-4.5" r="2" fill="#333"/><circle cx="4.5" cy="4.5" r="2" fill="#333"/>',
  fruit: '<circle r="8" fill="#f39a1e" stroke="#b4650a" stroke-width="1.5"/><path d="M0 -8 q4 -5 7 -3 q-3 3 -7 3" fill="#3f9b2f"/>',
  turn: '<path d="M-8 -9 L8 0 L-8 9 Z" fill="#2f6f3a"/>',
  cart: '<path d="M-10 -7 h4 l3 11 h11 l3 -8 h-15" fill="none" stroke="#6b4a2b" stroke-width="2"/><circle cx="-1" cy="8" r="2" fill="#6b4a2b"/><circle cx="8" cy="8" r="2" fill="#6b4a2b"/>',
  dot: '<circle r="5" fill="#8a7a66"/>',
  pen: '<path d="M-8 8 L-7 3 L4 -8 L8 -4 L-3 7 Z" fill="#f4c542" stroke="#6b4a2b" stroke-width="1.5"/><path d="M-8 8 L-7 3 L-3 7 Z" fill="#6b4a2b"/>',
  clock: '<circle r="9" fill="none" stroke="currentColor" stroke-width="2.2"/><path d="M0 -5.5 V0 L4 3" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round"/>',
  sugar: '<path d="M0 -10 L9 0 L0 10 L-9 0 Z" fill="#ffd1e6" stroke="#d9659b" stroke-width="1.6"/>',
  eye: '<path d="M-10 0 Q0 -9 10 0 Q0 9 -10 0 Z" fill="#fff" stroke="#5c4a36" stroke-width="1.6"/><circle r="3.6" fill="#5c4a36"/>',
  bell: '<path d="M-7 5 Q-7 -8 0 -8 Q7 -8 7 5 L9 7 H-9 Z" fill="#f4c542" stroke="#8a6410" stroke-width="1.5"/><circle cy="9" r="2" fill="#8a6410"/>',
  "bell-off": '<path d="M-7 5 Q-7 -8 0 -8 Q7 -8 7 5 L9 7 H-9 Z" fill="#ddd3c2" stroke="#7d7263" stroke-width="1.5"/><path d="M-9 -9 L9 9" stroke="#7d7263" stroke-width="2"/>',
};

/** An <svg> element for an icon name, sized in CSS pixels. */
export function icon(name, size = 16, title = null) {
  const span = document.createElement("span");
  span.className = `icon icon-${name}`;
  span.innerHTML =
    `<svg viewBox="-11 -11 22 22" width="${size}" height="${size}" ${title ? "" : 'aria-hidden="true"'}>` +
    `${title ? `<title>${title}</title>` : ""}${ICONS[name] || ICONS.dot}</svg>`;
  return span;
}
