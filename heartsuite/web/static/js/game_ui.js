// @ts-check
// What both game pages (Heart to Heart and Hearts) do alike: copy the deal code, ask for a deal
// code in a dialog, and show the first-visit banner until it is dismissed.

import { $, inputEl } from "./dom.js";
import { toast } from "./shell.js";

/**
 * Copy a deal code to the clipboard and say so; where the clipboard is refused, show the code to
 * copy by hand for `manualMs`. The caller gives both messages in the page's language.
 * @param {string} code
 * @param {string | Node} copied
 * @param {string | Node} manual
 * @param {number} manualMs
 */
export async function copyCode(code, copied, manual, manualMs) {
  try {
    await navigator.clipboard.writeText(code);
    toast(copied);
  } catch {
    toast(manual, manualMs);
  }
}

/**
 * The "play a deal by code" dialog: its form's input, error line and "play" button. Pressing
 * play (or Enter in the input) checks the code is not empty, asks `confirm` whether the game in
 * progress may be left (once per opening: a mistyped code does not ask again), then hands the
 * code to `play`, which starts the deal and resolves to null when it did (the dialog closes), to
 * a message to show under the input, or to undefined when it said what went wrong itself (the
 * dialog stays open). When the person keeps their game, the dialog closes and nothing is sent.
 * Other buttons just close it. Returns the function that opens the dialog, emptied.
 * @param {HTMLDialogElement} dialog
 * @param {{ empty: () => string, confirm: () => Promise<boolean>,
 *   play: (code: string) => Promise<string | Node | null | undefined> }} how
 * @returns {() => void}
 */
export function codeDialog(dialog, { empty, confirm, play }) {
  const input = inputEl("input[name=code]", dialog);
  const error = $(".error", dialog);
  const form = /** @type {HTMLFormElement} */ ($("form", dialog));
  let confirmed = false;
  form.addEventListener("submit", async (event) => {
    const button = /** @type {HTMLButtonElement | null} */ (event.submitter);
    if (button?.value !== "play") return;
    event.preventDefault();
    const code = input.value.trim();
    if (!code) {
      error.textContent = empty();
      return;
    }
    if (!confirmed) {
      if (!await confirm()) {
        dialog.close("cancel");
        return;
      }
      confirmed = true;
    }
    const problem = await play(code);
    if (problem === null) {
      dialog.close("play");
    } else if (problem !== undefined) {
      error.replaceChildren(problem);
      input.setAttribute("aria-invalid", "true");
      input.focus();
    }
  });
  return () => {
    confirmed = false;
    error.textContent = "";
    input.value = "";
    input.removeAttribute("aria-invalid");
    dialog.showModal();
    input.focus();
  };
}

/**
 * The first-visit banner `el`: shown until dismissed once (remembered under `key`). Returns the
 * function that dismisses it.
 * @param {HTMLElement} el
 * @param {string} key
 * @returns {() => void}
 */
export function introBanner(el, key) {
  if (!localStorage.getItem(key)) el.hidden = false;
  return () => {
    localStorage.setItem(key, "1");
    el.hidden = true;
  };
}
