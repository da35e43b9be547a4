// Tutorials: a guided first game against bots on a prepared deal (POST /api/tutorials/{game}).
// In the lobby, the "Learn" entries (one per game and module, with Resume for an unfinished one);
// at a tutorial's table, the coach box (the step, what to do and why, the rule, Leave tutorial)
// and the suggested move marked on the board, as the Hint marks it (`hintTargets`, `.hinted`).

import { languageTag, nt, sentenceGap, t } from "./i18n.js";
import { ruleLink } from "./rules.js";
import { h } from "./svg.js";
import { playerName, saveLastGame, saveSeat, seatFor } from "./storage.js";

const STORE = "fruitbowl.tutorials"; // tutorial id → the table this browser plays it at

function startedTables() {
  try {
    return JSON.parse(localStorage.getItem(STORE)) || {};
  } catch {
    return {};
  }
}

function rememberTable(tutorialId, tableId) {
  try {
    localStorage.setItem(STORE, JSON.stringify({ ...startedTables(), [tutorialId]: tableId }));
  } catch {
    /* private mode: the tutorial is just not offered for resuming */
  }
}

async function request(method, path, body, token) {
  const headers = { Accept: "application/json", "Accept-Language": languageTag() };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["X-Seat-Token"] = token;
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new Error(data?.error || `the server answered ${response.status}`);
  return data;
}

let listing = null;
/** GET /api/tutorials, asked once per page. */
export const tutorials = () =>
  (listing ??= request("GET", "/api/tutorials").then(
    (data) => data.tutorials,
    (error) => {
      listing = null;
      throw error;
    },
  ));

/** Start a tutorial (a new table) and go to it. */
export async function startTutorial(tutorial) {
  const body = { module: tutorial.module };
  const name = playerName();
  if (name) body.name = name;
  const created = await request("POST", `/api/tutorials/${encodeURIComponent(tutorial.game)}`, body);
  saveSeat(created.id, created.seat, created.token);
  rememberTable(tutorial.id, created.id);
  location.href = created.url;
}

/** Where this browser stands in a tutorial: the table it plays it at, unfinished, with its coach; or null. */
async function unfinished(tutorial) {
  const tableId = startedTables()[tutorial.id];
  const seat = tableId && seatFor(tableId);
  if (!seat) return null;
  try {
    const state = await request("GET", `/api/tables/${encodeURIComponent(tableId)}`, undefined, seat.token);
    return state.status === "playing" && state.tutorial ? { tableId, coach: state.tutorial } : null;
  } catch {
    return null; // gone, or its token no longer valid: offered afresh
  }
}

/** The lobby's rows for this browser's unfinished tutorials, among its tables in progress. */
export async function tutorialRows() {
  let all;
  try {
    all = await tutorials();
  } catch {
    return [];
  }
  const going = await Promise.all(all.map(async (tutorial) => [tutorial, await unfinished(tutorial)]));
  return going
    .filter(([, where]) => where)
    .map(([tutorial, where]) =>
      h(
        "li",
        { class: "table-row tutorial-row", "data-table": where.tableId, "data-game": tutorial.game },
        h("div", { class: "table-main" }, h("strong", {}, tutorial.title), h("span", { class: "detail" }, t("Tutorial · step {step} of {of}", where.coach))),
        h("div", { class: "row-actions" }, h("a", { class: "button primary", href: `/t/${where.tableId}` }, t("Resume"))),
      ),
    );
}

/** A "Learn" button for a game's first tutorial (the How to play drawer's), or null. */
export async function learnButton(gameId) {
  let all;
  try {
    all = await tutorials();
  } catch {
    return null;
  }
  const tutorial = all.find((one) => one.game === gameId && one.module === null);
  if (!tutorial) return null;
  return h("button", { type: "button", class: "learn-button primary", onclick: () => startTutorial(tutorial) }, tutorial.title);
}

/** The lobby's "Learn to play" section: each tutorial with its length, and Resume where this browser left one. */
export async function drawLearn(section) {
  let all;
  try {
    all = await tutorials();
  } catch (error) {
    section.hidden = false;
    section.querySelector(".learn-list").replaceChildren(h("li", { class: "empty" }, t("Could not load the tutorials: {reason}", { reason: error.message })));
    return;
  }
  const rows = await Promise.all(
    all.map(async (tutorial) => {
      const going = await unfinished(tutorial);
      const error = h("span", { class: "learn-error", role: "alert" });
      const start = h(
        "button",
        {
          type: "button",
          class: going ? "learn-again" : "primary learn-start",
          "aria-label": going ? t("Start again: {title}", tutorial) : t("Start: {title}", tutorial),
          onclick: async (event) => {
            event.currentTarget.disabled = true;
            try {
              await startTutorial(tutorial);
            } catch (failure) {
              error.textContent = failure.message;
              event.currentTarget.disabled = false;
            }
          },
        },
        going ? t("Start again") : t("Start"),
      );
      const actions = going
        ? [h("a", { class: "button primary learn-resume", href: `/t/${going.tableId}` }, t("Resume: step {step} of {of}", going.coach)), start]
        : [start];
      return h(
        "li",
        { class: "learn-row", "data-tutorial": tutorial.id, "data-game": tutorial.game },
        h("div", { class: "learn-main" }, h("strong", {}, tutorial.title), h("span", { class: "detail" }, `${tutorial.about} ${t("About {minutes} min.", tutorial)}`)),
        h("div", { class: "row-actions" }, ...actions, error),
      );
    }),
  );
  section.querySelector(".learn-list").replaceChildren(...rows);
  section.hidden = rows.length === 0;
}

// ------------------------------------------------------------------ at the table

const coach = { box: null, observer: null, marks: [], revealed: null };

/** The coach's box, made once, above the status line. */
function coachBox() {
  if (coach.box) return coach.box;
  coach.box = h(
    "section",
    { id: "coach", class: "coach", "aria-label": t("Tutorial"), hidden: true },
    h("div", { class: "coach-head" }, h("span", { class: "coach-badge" }, t("Tutorial")), h("span", { class: "coach-step" }), h("span", { class: "coach-progress", role: "presentation" }, h("span", { class: "coach-bar" }))),
    h("p", { class: "coach-text", role: "status", "aria-live": "polite", tabindex: "0" }), // (it scrolls when long)
    h("p", { class: "coach-rule" }), // the lesson's rule, in sight however long the text (not scrolled with it)
    h("div", { class: "coach-actions" }),
  );
  const status = document.getElementById("status");
  status.parentNode.insertBefore(coach.box, status);
  return coach.box;
}

/** Mark the suggested move on the board (every step of a move made in several clicks) and in the
 * status line's buttons; marked again whenever the board is redrawn (a pick on the way to it). */
function markSuggestion() {
  for (const node of coach.marks) {
    node.classList.remove("hinted", "coach-mark");
    delete node.dataset.coachStep;
  }
  coach.marks = [];
  const { snapshot, renderer, actions } = coach;
  const code = snapshot?.tutorial?.suggested;
  if (code === null || code === undefined || !renderer) return;
  const action = actions?.get(code) || { code };
  const steps = [...(renderer.hintTargets?.(action) || [`#board .target.legal[data-code="${code}"]`]), `#actions button[data-code="${code}"]`];
  let latest = -1;
  steps.forEach((selector, step) => {
    for (const node of document.querySelectorAll(selector)) {
      if (!node.matches(".legal, button")) continue;
      node.classList.add("hinted", "coach-mark");
      node.dataset.coachStep = String(step);
      coach.marks.push(node);
      latest = step;
    }
  });
  // The part of the board the next click goes to comes into view, once per click to make.
  const key = `${snapshot.table}:${snapshot.version}:${code}:${latest}`;
  const onBoard = coach.marks.filter((node) => node.dataset.coachStep === String(latest) && node.closest("#board"));
  if (key !== coach.revealed && onBoard.length && coach.reveal) {
    coach.revealed = key;
    coach.reveal(onBoard);
  }
}

/** At the end, the results say what the player learned and offer a real game (again after the
 * results are redrawn, which they are when the rematch's bot levels arrive). */
function sayLearned() {
  const step = coach.snapshot?.tutorial;
  const results = document.getElementById("results");
  if (!step?.done || !results || results.hidden || results.querySelector(".coach-learned")) return;
  const real = h("a", { class: "button primary coach-real", href: "/", onclick: () => saveLastGame(coach.snapshot.game) }, t("Play a real game"));
  results.prepend(h("div", { class: "coach-learned" }, h("p", {}, step.text), real));
}

function watchRedraws() {
  if (coach.observer) return;
  coach.observer = new MutationObserver(() => {
    markSuggestion();
    sayLearned();
  });
  for (const id of ["board", "actions", "results"]) {
    const node = document.getElementById(id);
    if (node) coach.observer.observe(node, { childList: true, subtree: id !== "results" });
  }
}

/** Draw the coach for a snapshot of the player's seat at a tutorial's table (nothing elsewhere);
 * `reveal(nodes)` brings the board's part holding the marked move into view. */
export function drawCoach(snapshot, renderer, actions, reveal = null) {
  const step = snapshot.tutorial;
  if (!step) {
    if (coach.box) coach.box.hidden = true;
    return;
  }
  Object.assign(coach, { snapshot, renderer, actions, reveal });
  const box = coachBox();
  box.hidden = false;
  document.body.dataset.tutorial = step.done ? "done" : "on";
  box.querySelector(".coach-step").textContent = step.done ? nt("Finished: {n} move", "Finished: {n} moves", step.of) : t("Step {step} of {of}", step);
  box.querySelector(".coach-bar").style.width = `${Math.min(100, Math.round((100 * (step.done ? step.of : step.step - 1)) / Math.max(1, step.of)))}%`;
  const text = box.querySelector(".coach-text");
  // At the end the results say what was learned; the plaque says it is over.
  if (step.done) text.replaceChildren(t("You finished the tutorial: the results below say what you learned."));
  else text.replaceChildren(...(step.do ? [h("strong", { class: "coach-do" }, step.do), sentenceGap()] : []), step.why); // what to do first, then why
  const link = step.done ? null : ruleLink(snapshot.game, step.rule);
  box.querySelector(".coach-rule").replaceChildren(...(link ? [link] : []));
  const real = h("a", { class: "button primary coach-real", href: "/", onclick: () => saveLastGame(snapshot.game) }, t("Play a real game"));
  const leave = h("a", { class: "button coach-leave", href: "/", title: t("Back to the lobby: the tutorial waits there for you to resume it") }, t("Leave tutorial"));
  box.querySelector(".coach-actions").replaceChildren(...(step.done ? [real] : [leave]));
  watchRedraws();
  markSuggestion();
  sayLearned();
}
