// Counted nouns, formed one way everywhere: counted(1, "coin") is "1 coin".
// The same rules as src/fruitbowl/engine/wording.py (a test keeps the IRREGULAR tables equal),
// so the browser never says "1 coins" where the terminal says "1 coin". The page's own counted
// words go through i18n.js' nt(); these remain for the nouns the server names (below) and for
// a game's board that is not translated.

import { language, nt, number as written, t } from "./i18n.js";

/** Nouns whose plural is not the singular + "s" (singular -> plural). */
export const IRREGULAR = {
  "grapes": "grapes",
  "mango": "mangoes",
  "person": "people"
};

/** `noun` as it reads after `number`: "coin" for 1, "coins" otherwise (the last word changes). */
export function plural(noun, number = 2) {
  if (number === 1) return noun;
  if (noun in IRREGULAR) return IRREGULAR[noun];
  const cut = noun.lastIndexOf(" ");
  const head = cut < 0 ? "" : noun.slice(0, cut);
  const last = cut < 0 ? noun : noun.slice(cut + 1);
  let word;
  if (last in IRREGULAR) word = IRREGULAR[last];
  else if (/(s|x|z|ch|sh)$/.test(last)) word = last + "es";
  else if (/[^aeiou]y$/.test(last)) word = last.slice(0, -1) + "ies";
  else word = last + "s";
  return head ? `${head} ${word}` : word;
}

/** "1 coin", "2 coins", "0 coins"; `pluralForm` for a noun the rules above get wrong. */
export function counted(number, noun, pluralForm) {
  if (number === 1) return `1 ${noun}`;
  return `${number} ${pluralForm ?? plural(noun, number)}`;
}

/** A noun the server names (a score's unit: "12 – 9 stars") after several numbers: the server
 * sends it in the reader's language, in one form, so English forms its plural here and another
 * language says it as sent. */
export const namedPlural = (noun) => (language() === "en" ? plural(noun) : noun);

/** A count of a noun the server names (what a campaign has left to come), as namedPlural. */
export const namedCount = (n, noun) => (language() === "en" ? counted(n, noun) : `${written(n)} ${noun}`);

/** How far a campaign has come: "2 games played · 13 location cards to come". */
export function campaignProgress(games, left, noun) {
  const played = nt("{n} game", "{n} games", games); // (said apart: Babel finds no call inside another's arguments)
  return t("{games} played · {left} to come", { games: played, left: namedCount(left, noun) });
}
