// The "How to play" drawer: a game's players' page (served by /api/games/{id}/rules) beside the
// table or the lobby, opened from its button or from a refusal's "the rule" link at the paragraph
// that states it. The same page stands alone at /games/{id}/rules.

import { rendererFor } from "./games/index.js";
import { languageTag, t } from "./i18n.js";
import { h } from "./svg.js";
import { learnButton } from "./tutorial.js";

const pages = new Map(); // game id -> the page's JSON, asked once

async function load(gameId) {
  if (!pages.has(gameId)) {
    const asked = fetch(`/api/games/${encodeURIComponent(gameId)}/rules`, { headers: { Accept: "application/json", "Accept-Language": languageTag() } }).then(
      async (response) => {
        const data = await response.json().catch(() => null);
        if (!response.ok) throw new Error((data && data.error) || t("the server answered {status}", { status: response.status }));
        return data;
      },
    );
    asked.catch(() => pages.delete(gameId)); // asked again next time
    pages.set(gameId, asked);
  }
  return pages.get(gameId);
}

function drawer() {
  let box = document.getElementById("rules-drawer");
  if (box) return box;
  box = h(
    "dialog",
    { id: "rules-drawer", class: "rules-drawer", "aria-labelledby": "rules-drawer-title" },
    h(
      "header",
      { class: "rules-drawer-head" },
      h("h2", { id: "rules-drawer-title" }, t("How to play")),
      h("select", { id: "rules-drawer-toc", "aria-label": t("Go to a section") }),
      h("a", { id: "rules-drawer-page", href: "#", target: "_blank", rel: "noopener" }, t("Open as a page")),
      h("span", { id: "rules-drawer-learn" }), // the game's tutorial, where it has one
      h("button", { class: "rules-drawer-close", "aria-label": t("Close How to play"), onclick: () => box.close() }, "✕"),
    ),
    h("div", { id: "rules-drawer-body", class: "rules rules-drawer-body", tabindex: "-1" }),
  );
  box.addEventListener("click", (event) => {
    if (event.target === box) box.close(); // a click on the backdrop
  });
  document.body.append(box);
  box.querySelector("#rules-drawer-toc").addEventListener("change", (event) => show(event.target.value));
  return box;
}

function show(anchor) {
  const body = document.getElementById("rules-drawer-body");
  const target = anchor ? body.querySelector(`[id="${CSS.escape(anchor)}"]`) : null;
  body.querySelectorAll(".rules-target").forEach((node) => node.classList.remove("rules-target"));
  if (target) {
    target.classList.add("rules-target");
    target.scrollIntoView({ block: "start" });
  } else {
    body.scrollTop = 0;
  }
  body.focus({ preventScroll: true });
}

/** Draw the page's pieces (<span class="piece" data-piece="tile:kiwi">) with the game's board
 * art, where its renderer draws that kind (pieceArt); the others keep their words. */
export async function drawPieces(gameId, root) {
  let renderer;
  try {
    renderer = await rendererFor(gameId);
  } catch {
    return; // no board for this game in this client: the pieces stay words
  }
  if (!renderer.pieceArt) return;
  for (const span of root.querySelectorAll(".piece[data-piece]")) {
    try {
      const picture = renderer.pieceArt(span.dataset.piece);
      if (picture) span.replaceChildren(picture);
    } catch {
      // a piece the board fails to draw keeps its words; the others are still drawn
    }
  }
}

/** Open the drawer on a game's page, at the heading with this anchor if given. */
export async function openRules(gameId, anchor = null) {
  const box = drawer();
  const body = box.querySelector("#rules-drawer-body");
  if (!box.open) box.showModal();
  if (box.dataset.game !== gameId) {
    body.replaceChildren(h("p", {}, t("Loading the rules…")));
    try {
      const page = await load(gameId);
      box.dataset.game = gameId;
      box.querySelector("#rules-drawer-title").textContent = t("How to play {game}", { game: page.title });
      box.querySelector("#rules-drawer-page").href = `/games/${encodeURIComponent(gameId)}/rules`;
      body.innerHTML = page.html; // the game's own page, rendered by the server from its package
      drawPieces(gameId, body);
      const learn = box.querySelector("#rules-drawer-learn");
      learn.replaceChildren();
      learnButton(gameId).then((button) => button && box.dataset.game === gameId && learn.replaceChildren(button));
      box.querySelector("#rules-drawer-toc").replaceChildren(
        h("option", { value: "" }, t("Contents…")),
        ...page.sections.filter((s) => s.level === 2).map((s) => h("option", { value: s.anchor }, s.title)),
      );
    } catch (error) {
      body.replaceChildren(h("p", {}, t("Could not load the rules: {error}", { error: error.message })));
      return;
    }
  }
  show(anchor);
}

/** A link to a refused action's rule ({title, url} from the server), opening the drawer there. */
export function ruleLink(gameId, rule) {
  if (!rule || !rule.url) return null;
  const anchor = rule.url.split("#")[1] || null;
  return h(
    "a",
    {
      class: "rule-link",
      href: rule.url,
      onclick: (event) => {
        event.preventDefault();
        openRules(gameId, anchor);
      },
    },
    t("The rule: {title}", { title: rule.title }),
  );
}
