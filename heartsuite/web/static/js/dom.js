// @ts-check
// Small DOM helpers every page script uses, so each module need not write its own `$` and the
// typed casts the type checker asks for.

/**
 * The first element matching `sel` in `root`; the page's markup guarantees it (a missing one is a
 * bug in the page, reported at once rather than as a later "null" error).
 * @param {string} sel
 * @param {ParentNode} [root]
 * @returns {HTMLElement}
 */
export function $(sel, root = document) {
  const el = root.querySelector(sel);
  if (!el) throw new Error(`no element matches ${sel}`);
  return /** @type {HTMLElement} */ (el);
}

/**
 * The first element matching `sel` in `root`, or null when there is none.
 * @param {string} sel
 * @param {ParentNode} [root]
 * @returns {HTMLElement | null}
 */
export const maybe = (sel, root = document) => root.querySelector(sel);

/**
 * Every element matching `sel` in `root`, as an array.
 * @param {string} sel
 * @param {ParentNode} [root]
 * @returns {HTMLElement[]}
 */
export const $$ = (sel, root = document) => Array.from(root.querySelectorAll(sel));

/**
 * A `<dialog>` of the page.
 * @param {string} sel
 * @returns {HTMLDialogElement}
 */
export const dialogEl = (sel) => /** @type {HTMLDialogElement} */ ($(sel));

/**
 * An input of the page.
 * @param {string} sel
 * @param {ParentNode} [root]
 * @returns {HTMLInputElement}
 */
export const inputEl = (sel, root = document) => /** @type {HTMLInputElement} */ ($(sel, root));

/**
 * The element an event happened on.
 * @param {Event} event
 * @returns {HTMLElement}
 */
export const targetOf = (event) => /** @type {HTMLElement} */ (event.target);

/**
 * Resolves after `ms` milliseconds.
 * @param {number} ms
 * @returns {Promise<void>}
 */
export const wait = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

/**
 * Text made safe to put into markup.
 * @param {unknown} text
 */
export function escapeHtml(text) {
  /** @type {Record<string, string>} */
  const entities = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
  return String(text).replace(/[&<>"]/g, (c) => entities[c]);
}

/**
 * Play a CSS animation class again from its start (e.g. the shake of a refused card).
 * @param {HTMLElement} el
 * @param {string} cls
 */
export function replayClass(el, cls) {
  el.classList.remove(cls);
  void el.offsetWidth;
  el.classList.add(cls);
}

/**
 * Whether a key press is for the page's one-key shortcuts: no modifier, no dialog open, not typed
 * into a form field.
 * @param {KeyboardEvent} event
 */
export function isShortcutKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return false;
  if (document.querySelector("dialog[open]")) return false;
  return !targetOf(event).closest("input, select, textarea");
}
