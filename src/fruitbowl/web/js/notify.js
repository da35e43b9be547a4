// "Your turn" for a player who looks away: the tab title, an optional short beep, and an optional
// browser notification while the tab is hidden (asked for by a click on the bell, never before).

import { t } from "./i18n.js";
import { icon } from "./icons.js";
import { notifyOn, saveNotifyOn, saveSoundOn, soundOn } from "./storage.js";

const BASE_TITLE = "fruitbowl";
let audio = null;

export function setTitle(gameTitle, yourTurn) {
  document.title = yourTurn ? `● ${t("Your turn")} — ${BASE_TITLE}` : `${gameTitle ? `${gameTitle} — ` : ""}${BASE_TITLE}`;
}

export function beep() {
  if (!soundOn()) return;
  try {
    audio = audio || new AudioContext();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = 880;
    gain.gain.setValueAtTime(0.12, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.25);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.25);
  } catch {
    /* no audio device: the title still changes */
  }
}

/** Wire a toggle button that shows and flips the stored sound setting. */
export function bindSoundToggle(button) {
  const show = () => {
    const on = soundOn();
    button.textContent = `♪ ${on ? t("Sound on") : t("Sound off")}`;
    button.setAttribute("aria-pressed", String(on));
  };
  button.addEventListener("click", () => {
    saveSoundOn(!soundOn());
    show();
    if (soundOn()) beep();
  });
  show();
}

const canNotify = () => typeof window.Notification === "function";

/**
 * A browser notification that it is your turn, when this tab is hidden and the player turned
 * notifications on (and the browser still allows them). Clicking it brings the tab back.
 */
export function notifyTurn(gameTitle, prompt) {
  if (!document.hidden || !notifyOn() || !canNotify() || Notification.permission !== "granted") return;
  try {
    const note = new Notification(`${t("Your turn")}${gameTitle ? ` — ${gameTitle}` : ""}`, { body: prompt || "", tag: "fruitbowl-turn" });
    note.onclick = () => {
      window.focus();
      note.close();
    };
  } catch {
    /* a browser that offers notifications only from a service worker: the title and sound remain */
  }
}

/**
 * Wire the bell: it shows whether turn notifications are on; turning them on asks the browser's
 * permission (the first time: only ever after this click), and says so when the browser blocks them.
 * @param {HTMLButtonElement} button
 * @param {(message: string) => void} onMessage says why notifications cannot be turned on
 */
export function bindNotifyToggle(button, onMessage) {
  if (!canNotify()) {
    button.hidden = true; // this browser has no notifications
    return;
  }
  const show = () => {
    const on = notifyOn() && Notification.permission === "granted";
    button.replaceChildren(icon(on ? "bell" : "bell-off", 14), ` ${on ? t("Notify on") : t("Notify off")}`);
    button.setAttribute("aria-pressed", String(on));
  };
  button.addEventListener("click", async () => {
    if (notifyOn() && Notification.permission === "granted") {
      saveNotifyOn(false);
    } else {
      const permission = Notification.permission === "default" ? await Notification.requestPermission() : Notification.permission;
      if (permission === "granted") saveNotifyOn(true);
      else onMessage(t("Your browser blocks notifications from this site: allow them in its site settings, then click the bell again."));
    }
    show();
  });
  show();
}
