// @ts-check
// Playing the person's only legal card by itself, after a short pause in which the card shows
// it is about to go (the Hearts settings' "Play my only card": never, on the last trick, or
// whenever one card only is legal). Used by the Hearts page and by a table with people, each
// sending the play its own way.

import { maybe } from "./dom.js";
import { handMode, page } from "./hearts_state.js";
import { announce, nameOf, t } from "./shell.js";

export const AUTO_MS = 900; // the pause before the card goes: long enough to see it lift
let timer = 0;
let armedFor = "";

/** Whether the person's settings would play this position's card by themselves. */
function wanted() {
  const state = page.state;
  if (!state || handMode() !== "play" || state.legal.length !== 1) return false;
  const mode = page.prefs?.autoplay ?? "last";
  return mode === "always" || (mode === "last" && state.hand.length === 1);
}

/**
 * After drawing the hand: mark the only legal card and play it after the pause, unless the
 * position changes first (or a dialog is open: it waits until it is closed).
 * @param {(card: string) => void} play
 */
export function autoPlay(play) {
  if (!wanted()) {
    clearTimeout(timer);
    armedFor = "";
    return;
  }
  const state = /** @type {import("./hearts_state.js").TableState} */ (page.state);
  const card = state.legal[0];
  const key = `${page.game?.id ?? ""}:${page.lastSeq}:${card}`;
  maybe(`#hx-hand [data-card="${card}"]`)?.classList.add("auto");
  if (armedFor === key) return;
  clearTimeout(timer);
  armedFor = key;
  announce(t("hearts.announce.auto", { card: nameOf(card) }));
  const fire = () => {
    if (armedFor !== key) return;
    if (maybe("dialog[open]")) { timer = window.setTimeout(fire, 300); return; }
    if (!wanted() || page.state?.legal[0] !== card) { armedFor = ""; return; }
    play(card);
  };
  timer = window.setTimeout(fire, AUTO_MS);
}
