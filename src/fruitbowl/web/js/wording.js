// Counted nouns, formed one way everywhere: counted(1, "coin") is "1 coin".
// The same rules as src/fruitbowl/engine/wording.py (a test keeps the IRREGULAR tables equal),
// so the browser never says "1 coins" where the terminal says "1 coin".

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
