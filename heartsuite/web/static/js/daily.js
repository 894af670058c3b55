// @ts-check
// The daily deal on the pages: its date in the reader's language (the day is a UTC date), and the
// win celebration of Heart to Heart.

import { cardSvg } from "./cards.js";

const lang = document.documentElement.lang || "en";

/**
 * A UTC date (YYYY-MM-DD) written out in the page's language, e.g. "4 December 2026".
 * @param {string} iso
 */
export function formatDay(iso) {
  const date = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(lang, { dateStyle: "long", timeZone: "UTC" }).format(date);
}

export const CELEBRATION_MS = 1500;
const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

/** Whether the reader asked for less motion (then there is no celebration at all). */
export const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/**
 * Cards cascading down the screen and a gold glow, about 1.5 s, above everything (the win
 * dialog included: a popover in the top layer) and never in the way: it takes no taps, is
 * hidden from assistive technology and removes itself. Skipped under prefers-reduced-motion.
 * @returns {HTMLElement | null} the layer (null when skipped)
 */
export function celebrate() {
  if (reducedMotion()) return null;
  document.querySelector(".celebration")?.remove();
  const layer = document.createElement("div");
  layer.className = "celebration";
  layer.setAttribute("aria-hidden", "true");
  layer.popover = "manual";
  const glow = document.createElement("div");
  glow.className = "celebration-glow";
  layer.append(glow);
  const count = 14;
  for (let i = 0; i < count; i += 1) {
    const card = document.createElement("div");
    card.className = "celebration-card";
    // Spread across the width, staggered, each turning its own way: the same every time.
    card.style.setProperty("--x", `${((i * 37) % 100) / 100}`);
    card.style.setProperty("--delay", `${(i % 7) * 45}ms`);
    card.style.setProperty("--turn", `${(i % 2 ? 1 : -1) * (90 + (i * 29) % 180)}deg`);
    card.innerHTML = cardSvg(RANKS[i % RANKS.length], "H");
    layer.append(card);
  }
  document.body.append(layer);
  try {
    layer.showPopover();
  } catch {
    // no popover support: the layer stays in the page, under an open dialog's backdrop
  }
  window.setTimeout(() => layer.remove(), CELEBRATION_MS);
  return layer;
}
