// The page shell shared by every page: translations, numbers, the language menu, the JSON API,
// dialogs, the toast and the screen-reader announcer.

const i18n = JSON.parse(document.getElementById("i18n-data").textContent);
export const lang = i18n.lang;
export const pageData = JSON.parse(document.getElementById("page-data")?.textContent || "{}");
const plurals = new Intl.PluralRules(lang);
const numbers = new Intl.NumberFormat(lang);
const LANG_COOKIE = "hs_lang";
const LANG_KEY = "heartsuite.lang";
const LANGS = Array.from(document.querySelectorAll("#lang-select option"), (o) => o.value);

/** A UI string: placeholders filled, plural objects choose their form from `count`. */
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

/** A number in the page's locale. */
export const num = (n) => numbers.format(n);

/** m:ss (or h:mm:ss) with the locale's digits. */
export function clock(ms) {
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n) => new Intl.NumberFormat(lang, { minimumIntegerDigits: 2 }).format(n);
  return h ? `${num(h)}:${two(m)}:${two(s)}` : `${num(m)}:${two(s)}`;
}

/** The card's accessible name, e.g. "Queen of hearts". */
export function cardName(rank, suit = "H") {
  const ranks = { A: 1, J: 11, Q: 12, K: 13, T: 10 };
  const n = ranks[rank] ?? Number(rank);
  return t("card.name", { rank: t(`card.rank.${n}`), suit: t(`card.suit.${suit}`) });
}

export class ApiError extends Error {
  constructor(status, body) {
    super(body?.message || `HTTP ${status}`);
    this.status = status;
    this.error = body?.error || "http_error";
  }
}

/** Call the JSON API; throws ApiError (status 0 when the server cannot be reached). */
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
/** A short message that does not cover the cards. */
export function toast(text, ms = 2600) {
  const el = document.getElementById("toast");
  el.textContent = text;
  el.classList.add("show");
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => el.classList.remove("show"), ms);
}

/** Say something to screen readers. */
export function announce(text) {
  const el = document.getElementById("announcer");
  el.textContent = "";
  requestAnimationFrame(() => { el.textContent = text; });
}

/** Show an error from the API as a toast in the page's language. */
export function showError(err) {
  toast(err instanceof ApiError && err.status === 0 ? t("common.offline") : t("common.error"), 4000);
}

/** Open a <dialog>; resolves with the value of the button that closed it. */
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

/** Remember a language and reload the page in it. */
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
  const select = document.getElementById("lang-select");
  select?.addEventListener("change", () => chooseLanguage(select.value));
  const hasCookie = document.cookie.split("; ").some((c) => c.startsWith(`${LANG_COOKIE}=`));
  if (hasCookie) return;
  // The cookie may have been cleared: the remembered choice wins, then the browser's.
  const wanted = localStorage.getItem(LANG_KEY) || firstBrowserLanguage();
  if (wanted && wanted !== lang && LANGS.includes(wanted)) chooseLanguage(wanted);
}

setupLanguage();

document.addEventListener("click", (event) => {
  const closer = event.target.closest("[data-close]");
  if (closer) closer.closest("dialog")?.close(closer.value || "cancel");
});
