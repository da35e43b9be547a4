// Names: the one rule the server holds every name to (server/live.py check_name), checked here
// first, and the dialog that asks a player for theirs (taking a seat, or renaming at the table).

import { t } from "./i18n.js";
import { h } from "./svg.js";

/** The longest name, in characters once trimmed (a seat's, a campaign's). */
export const MAX_NAME = 40;

/** Whether a character is a control character or a mark that turns the direction of the text after it. */
function forbidden(char) {
  const code = char.codePointAt(0);
  return code < 0x20 || (code >= 0x7f && code <= 0x9f) || (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);
}

/**
 * A name as the server keeps it: trimmed, each run of white space one space, 1 to MAX_NAME
 * characters (counted as the server counts them: code points), no control characters.
 * Returns {name} or {error: the server's sentence}. `what` names the field ("a campaign's name").
 */
export function checkName(raw, what = t("a name")) {
  const name = String(raw ?? "").split(/\s+/u).filter(Boolean).join(" ");
  if (!name) return { error: t("{what} cannot be empty", { what }) };
  const length = [...name].length;
  if (length > MAX_NAME) return { error: t("{what} has at most {max} characters (this one has {length})", { what, max: MAX_NAME, length }) };
  if ([...name].some(forbidden)) return { error: t("{what} cannot hold control characters or text-direction marks", { what }) };
  return { name };
}

const capitalized = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Ask for a name in a modal dialog. `save(name)` is called with a checked name and may throw an
 * Error whose message is shown in the dialog (the name taken, say), which then stays open.
 * Resolves with the saved name, or null when the player cancels (Escape, or the cancel button
 * when `cancel` names one).
 */
export function askName({ title, about, initial = "", confirm = t("Save"), cancel = null, save }) {
  return new Promise((resolve) => {
    const input = h("input", {
      id: "name-input",
      name: "name",
      autocomplete: "nickname",
      value: initial,
      "aria-describedby": "name-error",
    });
    const error = h("p", { id: "name-error", class: "name-error", role: "alert" });
    const count = h("span", { class: "name-count", "aria-hidden": "true" });
    const button = h("button", { type: "submit", class: "primary", id: "name-save" }, confirm);
    const showCount = () => {
      const length = [...input.value.trim()].length;
      count.textContent = `${length}/${MAX_NAME}`;
      count.classList.toggle("over", length > MAX_NAME);
    };
    input.addEventListener("input", () => {
      error.textContent = "";
      showCount();
    });
    showCount();
    const cancelButton = cancel ? h("button", { type: "button", value: "cancel" }, cancel) : null;
    const dialog = h(
      "dialog",
      { class: "name-dialog", "aria-labelledby": "name-title" },
      h(
        "form",
        { method: "dialog" },
        h("h2", { id: "name-title" }, title),
        about ? h("p", {}, about) : null,
        h("label", { for: "name-input" }, `${t("Your name")} `, count),
        input,
        error,
        h(
          "div",
          { class: "dialog-buttons" },
          cancelButton,
          button,
        ),
      ),
    );
    const finish = (name) => {
      dialog.close();
      dialog.remove();
      resolve(name);
    };
    cancelButton?.addEventListener("click", () => finish(null));
    dialog.addEventListener("cancel", (event) => {
      event.preventDefault();
      if (cancel) finish(null);
    });
    dialog.querySelector("form").addEventListener("submit", async (event) => {
      event.preventDefault();
      const checked = checkName(input.value);
      if (checked.error) {
        error.textContent = `${capitalized(checked.error)}.`;
        input.focus();
        return;
      }
      button.disabled = true;
      try {
        await save(checked.name);
        finish(checked.name);
      } catch (failure) {
        error.textContent = `${capitalized(failure.message)}.`;
        input.focus();
      } finally {
        button.disabled = false;
      }
    });
    document.body.append(dialog);
    dialog.showModal();
    input.focus();
    input.select();
  });
}
