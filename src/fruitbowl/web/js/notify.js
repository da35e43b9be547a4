// "Your turn" for a player who looks away: the tab title and an optional short beep.

import { saveSoundOn, soundOn } from "./storage.js";

const BASE_TITLE = "fruitbowl";
let audio = null;

export function setTitle(gameTitle, yourTurn) {
  document.title = yourTurn ? `● Your turn — ${BASE_TITLE}` : `${gameTitle ? `${gameTitle} — ` : ""}${BASE_TITLE}`;
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
    button.textContent = on ? "♪ Sound on" : "♪ Sound off";
    button.setAttribute("aria-pressed", String(on));
  };
  button.addEventListener("click", () => {
    saveSoundOn(!soundOn());
    show();
    if (soundOn()) beep();
  });
  show();
}
