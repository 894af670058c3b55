// @ts-check
// The page shell shared by every page: translations, numbers, the language menu, the JSON API,
// dialogs, the toast and the screen-reader announcer.

import { cardIndex, rankNumber } from "./cards.js";
import { $, maybe, targetOf } from "./dom.js";
import { setupLook } from "./look.js";

/** @typedef {string | Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }} Message */
/** @type {{ lang: string, dir: string, strings: Record<string, Message> }} */
const i18n = JSON.parse(document.getElementById("i18n-data")?.textContent ?? "");
export const lang = i18n.lang;
/** What the server put into the page for its script (each page knows its own fields). @type {any} */
export const pageData = JSON.parse(document.getElementById("page-data")?.textContent || "{}");
const plurals = new Intl.PluralRules(lang);
const numbers = new Intl.NumberFormat(lang);
const LANG_COOKIE = "hs_lang";
const LANG_KEY = "heartsuite.lang";
const LANGS = Array.from(document.querySelectorAll("#lang-select option"),
  (o) => /** @type {HTMLOptionElement} */ (o).value);

/**
 * A UI string: placeholders filled, plural objects choose their form from `count`.
 * @param {string} key
 * @param {Record<string, unknown>} [params]
 * @returns {string}
 */
export function t(key, params = {}) {
  let value = i18n.strings[key];
  if (value === undefined) return key;
  if (typeof value === "object") {
    const count = Number(params.count ?? 0);
    value = value[plurals.select(count)] ?? value.other;
  }
  return value.replace(/\{(\w+)\}/g, (whole, name) => {
    if (!(name in params)) return whole;
    const v = params[name];
    return typeof v === "number" ? numbers.format(v) : String(v);
  });
}

/**
 * A UI string whose `{code}` (a deal or game code, or whatever was typed as one) is isolated: a
 * `<bdi dir="ltr">` that keeps its characters in order inside right-to-left text and never
 * breaks at its hyphens (class `code-text`), rather than «!!HH1-N-BOGUS» in Urdu.
 * @param {string} key
 * @param {Record<string, unknown> & { code: string }} params
 * @returns {DocumentFragment}
 */
export function tCode(key, params) {
  const MARK = "\u{E000}"; // a private-use character no catalog contains
  const fragment = document.createDocumentFragment();
  t(key, { ...params, code: MARK }).split(MARK).forEach((text, i) => {
    if (i > 0) {
      const code = document.createElement("bdi");
      code.dir = "ltr";
      code.className = "code-text";
      code.textContent = params.code;
      fragment.append(code);
    }
    fragment.append(text);
  });
  return fragment;
}

/**
 * A number in the page's locale.
 * @param {number} n
 */
export const num = (n) => numbers.format(n);

/**
 * m:ss (or h:mm:ss) with the locale's digits.
 * @param {number} ms
 */
export function clock(ms) {
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (/** @type {number} */ n) => new Intl.NumberFormat(lang, { minimumIntegerDigits: 2 }).format(n);
  return h ? `${num(h)}:${two(m)}:${two(s)}` : `${num(m)}:${two(s)}`;
}

/**
 * The card's accessible name, e.g. "Queen of hearts".
 * @param {string} rank
 * @param {string} [suit]
 */
export function cardName(rank, suit = "H") {
  return t("card.name", { rank: rankName(rank), suit: t(`card.suit.${suit}`) });
}

/**
 * A rank's name, e.g. "Queen" for "Q".
 * @param {string} rank
 */
export const rankName = (rank) => t(`card.rank.${rankNumber(rank)}`);

/**
 * The accessible name of a card written as rank and suit, e.g. "QS".
 * @param {string} card
 */
export const nameOf = (card) => cardName(card[0], card[1]);

/**
 * The accessible name of a card drawn on the page: its visible index, then its name, e.g.
 * "Q♠, Queen of spades" (the name contains the text a person sees on the card).
 * @param {string} rank
 * @param {string} [suit]
 */
export function cardLabel(rank, suit = "H") {
  return t("card.label", { index: cardIndex(rank, suit), name: cardName(rank, suit) });
}

/**
 * `cardLabel` of a card written as rank and suit, e.g. "QS".
 * @param {string} card
 */
export const labelOf = (card) => cardLabel(card[0], card[1]);

export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {{ message?: string, error?: string, [more: string]: unknown } | null} body
   */
  constructor(status, body) {
    super(body?.message || `HTTP ${status}`);
    this.status = status;
    this.error = body?.error || "http_error";
    /** the whole answer: a 409 `stale` carries the game as it is */
    this.body = body;
  }
}

/**
 * Call the JSON API; throws ApiError (status 0 when the server cannot be reached). The answer's
 * shape is the caller's to know.
 * @param {string} path
 * @param {{ method?: string, body?: unknown }} [options]
 * @returns {Promise<any>}
 */
export async function api(path, { method = "GET", body } = {}) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
    });
  } catch {
    throw new ApiError(0, { error: "offline", message: "offline" });
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

let toastTimer = 0;
/**
 * A short message that does not cover the cards (text, or text with an isolated code).
 * @param {string | Node} text
 * @param {number} [ms]
 */
export function toast(text, ms = 2600) {
  const el = $("#toast");
  el.replaceChildren(text);
  el.classList.add("show");
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => el.classList.remove("show"), ms);
}

/**
 * Say something to screen readers.
 * @param {string} text
 */
export function announce(text) {
  const el = $("#announcer");
  el.textContent = "";
  requestAnimationFrame(() => { el.textContent = text; });
}

/**
 * Show an error from the API as a toast in the page's language.
 * @param {unknown} err
 */
export function showError(err) {
  toast(err instanceof ApiError && err.status === 0 ? t("common.offline") : t("common.error"), 4000);
}

/**
 * Open a <dialog>; resolves with the value of the button that closed it.
 * @param {HTMLDialogElement} dialog
 * @returns {Promise<string>}
 */
export function openDialog(dialog) {
  return new Promise((resolve) => {
    const done = () => {
      // A close event still queued from an earlier closing must not end this opening.
      if (dialog.open) return;
      dialog.removeEventListener("close", done);
      resolve(dialog.returnValue);
    };
    dialog.returnValue = "";
    dialog.addEventListener("close", done);
    if (!dialog.open) dialog.showModal();
  });
}

/**
 * Remember a language and reload the page in it.
 * @param {string} code
 */
export function chooseLanguage(code) {
  localStorage.setItem(LANG_KEY, code);
  document.cookie = `${LANG_COOKIE}=${code}; path=/; max-age=${10 * 365 * 86400}; samesite=lax`;
  location.reload();
}

function firstBrowserLanguage() {
  for (const tag of navigator.languages || [navigator.language]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (LANGS.includes(base)) return base;
  }
  return null;
}

function setupLanguage() {
  const select = /** @type {HTMLSelectElement | null} */ (maybe("#lang-select"));
  select?.addEventListener("change", () => chooseLanguage(select.value));
  const hasCookie = document.cookie.split("; ").some((c) => c.startsWith(`${LANG_COOKIE}=`));
  if (hasCookie) return;
  // The cookie may have been cleared: the remembered choice wins, then the browser's.
  const wanted = localStorage.getItem(LANG_KEY) || firstBrowserLanguage();
  if (wanted && wanted !== lang && LANGS.includes(wanted)) chooseLanguage(wanted);
}

setupLanguage();
setupLook();

// The service worker (/sw.js, web/site/pwa.py): the static files from its cache, and the offline
// page when the server cannot be reached. Browsers allow it on https and on localhost only.
if ("serviceWorker" in navigator && window.isSecureContext) {
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {});
}

document.addEventListener("click", (event) => {
  const closer = /** @type {HTMLButtonElement | null} */ (targetOf(event).closest("[data-close]"));
  if (closer) closer.closest("dialog")?.close(closer.value || "cancel");
});
