// The page's words in the reader's language: the `web` gettext domain's catalog (GET /api/i18n),
// loaded once before any module that imports this one runs, so the page draws in one language.
// t("Seat {n}", {n}) says a message, nt(singular, plural, n, params) a counted one (the form
// chosen by Intl.PluralRules and the catalog's CLDR category -> form table), pt(context, message)
// and npt(context, singular, plural, n, params) ones said in a context; numbers are written by Intl.NumberFormat. See docs/i18n.md.

import { chosenLanguage, saveLanguage } from "./storage.js";

/** The languages the page offers, each named in itself. */
export const LANGUAGES = [
  { code: "en", name: "English" },
  { code: "de", name: "Deutsch" },
  { code: "zh_Hans", name: "中文" },
];

let catalog = { lang: "en", plural: { one: 0, other: 1 }, messages: {} };

async function load() {
  const chosen = chosenLanguage();
  const known = LANGUAGES.some((l) => l.code === chosen);
  try {
    const response = await fetch(known ? `/api/i18n/${chosen}` : "/api/i18n", { headers: { Accept: "application/json" } });
    if (response.ok) catalog = await response.json();
  } catch {
    /* no catalog: the page reads in English */
  }
}

await load();

/** The BCP 47 tag of the page's language ("zh-Hans"), for <html lang>, Accept-Language and Intl. */
export const languageTag = (code = catalog.lang) => code.replace("_", "-");
/** The page's language, as the server names it ("en", "de", "zh_Hans"). */
export const language = () => catalog.lang;

const pluralRules = new Intl.PluralRules(languageTag());
const numbers = new Intl.NumberFormat(languageTag());

/** Names joined the language's way: "Ada and Bo", "Ada、Bo和Cy". */
/** The space between two sentences: none in Chinese, whose sentences end with a full-width mark. */
export const sentenceGap = () => (catalog.lang.startsWith("zh") ? "" : " ");

export const list = (items) => new Intl.ListFormat(languageTag(), { type: "conjunction" }).format(items);

/** `value` written the language's way (1,234 / 1.234). */
export const number = (value) => numbers.format(value);

function fill(text, params) {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/** `message` in the page's language, its {placeholders} filled from `params`. */
export function t(message, params) {
  const said = catalog.messages[message];
  return fill(typeof said === "string" ? said : message, params);
}

/** `message` said in `context` (a word that reads differently in two places). */
export function pt(context, message, params) {
  const said = catalog.messages[`${context}\u0004${message}`];
  return fill(typeof said === "string" ? said : message, params);
}

function counted(key, singular, plural, n, params) {
  const forms = catalog.messages[key];
  let text;
  if (Array.isArray(forms)) text = forms[catalog.plural[pluralRules.select(n)] ?? forms.length - 1];
  else text = n === 1 ? singular : plural;
  return fill(text, { n: number(n), ...params });
}

/** The form for `n` of a counted message: {n} is `n` as the language writes numbers. */
export const nt = (singular, plural, n, params) => counted(singular, singular, plural, n, params);

/** A counted message said in `context` ("money bag": which bag a "bag" is). */
export const npt = (context, singular, plural, n, params) => counted(`${context}\u0004${singular}`, singular, plural, n, params);

/** The page's fixed words (static HTML): an element marked `data-i18n` has its text said in the
 * language; `data-i18n-attrs="title placeholder aria-label"` names attributes to say too. */
export function translatePage(root = document) {
  for (const node of root.querySelectorAll("[data-i18n]")) {
    node.dataset.i18n ||= node.textContent.trim();
    node.textContent = t(node.dataset.i18n);
  }
  for (const node of root.querySelectorAll("[data-i18n-attrs]")) {
    for (const name of node.dataset.i18nAttrs.split(" ")) {
      const key = `i18n${name.replace(/(^|-)(\w)/g, (_, _dash, c) => c.toUpperCase())}`;
      node.dataset[key] ||= node.getAttribute(name) || "";
      if (node.dataset[key]) node.setAttribute(name, t(node.dataset[key]));
    }
  }
}

/** The language switch: a select of the languages; choosing one remembers it and reloads. */
export function languageSwitch() {
  const select = document.createElement("select");
  select.className = "language-switch";
  select.setAttribute("aria-label", t("Language"));
  for (const { code, name } of LANGUAGES) {
    const option = new Option(name, code, false, code === catalog.lang);
    option.lang = languageTag(code);
    select.append(option);
  }
  select.addEventListener("change", () => {
    saveLanguage(select.value);
    location.reload();
  });
  return select;
}

// A page whose own words are translated says it is in the language (data-translated on
// <html>); one still English (the account page) stays lang="en" though its API answers follow.
if (document.documentElement.hasAttribute("data-translated")) document.documentElement.lang = languageTag();
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", () => translatePage());
else translatePage();
