// @ts-check
// How the pages look (web/look.py): the person's table colour, card back and suit colours, as
// attributes of <html> (data-theme, data-back, data-suits) that css/themes.css draws. The server
// writes them into every page; a copy kept in this browser redraws a page shown again from the
// back-forward cache after the look was changed on another page.

/** @typedef {{ theme: string, back: string, suits: string }} Look */

const KEY = "heartsuite.look";
/** @type {(keyof Look)[]} */
const NAMES = ["theme", "back", "suits"];

/** The look the page is drawn in now. @returns {Look} */
export function currentLook() {
  const root = document.documentElement.dataset;
  return { theme: root.theme ?? "felt", back: root.back ?? "lattice", suits: root.suits ?? "two" };
}

/**
 * Draw the page in a look and remember it in this browser.
 * @param {Look} look
 */
export function applyLook(look) {
  const root = document.documentElement;
  for (const name of NAMES) root.dataset[name] = look[name];
  const bar = document.querySelector('meta[name="theme-color"]');
  const felt = getComputedStyle(root).getPropertyValue("--felt-dark").trim();
  if (bar && felt) bar.setAttribute("content", felt);
  remember(look);
}

/** @param {Look} look */
function remember(look) {
  try {
    localStorage.setItem(KEY, JSON.stringify(look));
  } catch {
    // storage refused (private mode, full): the server's copy still holds
  }
}

/** The copy kept in this browser, if any. @returns {Look | null} */
function remembered() {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) || "null");
    if (saved && NAMES.every((n) => typeof saved[n] === "string")) return saved;
  } catch {
    // unreadable: as if none
  }
  return null;
}

/** Keep the copy in step with the server's, and redraw a page restored from the cache. */
export function setupLook() {
  remember(currentLook());
  window.addEventListener("pageshow", (event) => {
    const saved = remembered();
    if (event.persisted && saved) applyLook(saved);
  });
}
