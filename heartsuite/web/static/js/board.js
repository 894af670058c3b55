// @ts-check
// The Heart to Heart table: 25 layout cards placed by SPEC §1.2's geometry (sent by the server),
// the stock and the waste. Used by the game page and by the replay widget.

import { backSvg, cardSvg } from "./cards.js";
import { $, $$, maybe, replayClass } from "./dom.js";
import { icon } from "./icons.js";
import { cardLabel, num, t } from "./shell.js";

/**
 * A position: the layout's ranks by position (null where a card is gone), which are free, the
 * stock's and the waste's sizes and the waste's top card.
 * @typedef {{ layout: (string | null)[], free?: number[], stock: number, waste: number,
 *   waste_top: string | null }} View
 */
/** A layout position (1 to 25) or a pile. @typedef {number | "stock" | "waste"} Target */
/**
 * What to mark on the cards.
 * @typedef {{ selected?: Target | null, playable?: Target[], partners?: Target[],
 *   dimmed?: Target[], hinted?: Target[], next?: Target[] }} Marks
 */
/** Where a layout card sits: its position, row and half-width column. @typedef {{ pos: number, row: number, x: number }} Spot */

const RATIO = 1.4; // card height / width (5:7)
const STEP = 0.55; // vertical step between rows, in card heights: the strip left visible
const GAP = 0.3; // between the heart and the piles, in card widths
const MAX_CARD = 116; // px

export class Board {
  /**
   * `table` holds `.heart` and `.piles`; `interactive` makes cards focusable buttons.
   * @param {HTMLElement} table
   * @param {Spot[]} geometry
   * @param {{ interactive?: boolean }} [options]
   */
  constructor(table, geometry, { interactive = true } = {}) {
    this.table = table;
    this.heart = $(".heart", table);
    this.piles = $(".piles", table);
    this.stock = $(".stock", this.piles);
    this.waste = $(".waste", this.piles);
    this.geometry = geometry;
    this.interactive = interactive;
    // A replay's cards and piles are pictures with a name (a name needs a role on a div).
    if (!interactive) for (const pile of [this.stock, this.waste]) pile.setAttribute("role", "img");
    /** @type {Map<number, HTMLButtonElement | HTMLDivElement>} */
    this.cards = new Map();
    for (const { pos, row } of geometry) {
      const el = interactive ? document.createElement("button") : document.createElement("div");
      if (el instanceof HTMLButtonElement) el.type = "button";
      else el.setAttribute("role", "img");
      el.className = "card";
      // Only the game's own cards carry the data-pos hooks; a replay's cards carry data-replay-pos.
      el.dataset[interactive ? "pos" : "replayPos"] = String(pos);
      el.style.zIndex = String(row);
      this.heart.append(el);
      this.cards.set(pos, el);
    }
    this.observer = new ResizeObserver(() => this.fit());
    this.observer.observe(table);
    this.fit();
  }

  /** Size the cards to the space: piles below the heart, or beside it when that is larger. */
  fit() {
    const width = this.table.clientWidth;
    const height = this.table.clientHeight;
    if (!width || !height) return;
    const heartH = 6 * STEP * RATIO + RATIO; // in card widths
    const below = Math.min(width / 6.25, height / (heartH + GAP + RATIO));
    const beside = Math.min(width / (6 + GAP + 1), height / Math.max(heartH, 2 * RATIO + GAP));
    const side = beside > below * 1.04;
    const cw = Math.max(24, Math.floor(Math.min(MAX_CARD, side ? beside : below)));
    const ch = Math.round(cw * RATIO);
    const step = Math.round(ch * STEP);
    this.table.classList.toggle("side", side);
    this.table.style.setProperty("--cw", `${cw}px`);
    this.table.style.setProperty("--ch", `${ch}px`);
    this.heart.style.width = `${6 * cw}px`;
    this.heart.style.height = `${6 * step + ch}px`;
    for (const { pos, row, x } of this.geometry) {
      const el = this.card(pos);
      el.style.left = `${((x + 5) * cw) / 2}px`;
      el.style.top = `${(row - 1) * step}px`;
    }
  }

  /** Draw a position: `view` as the server sends it (layout ranks or null, free, stock, waste,
   * waste_top) plus optional marks {selected, playable, partners, dimmed, hinted, next}
   * (`next`: the cards of the move a replay plays next).
   * @param {View} view
   * @param {Marks} [marks]
   */
  render(view, marks = {}) {
    const free = new Set(view.free ?? []);
    /**
     * @param {Target[] | undefined} list
     * @param {Target} card
     */
    const has = (list, card) => (list ?? []).includes(card);
    for (const [pos, el] of this.cards) {
      const rank = view.layout[pos - 1];
      const gone = rank === null;
      if (el.dataset.rank !== (rank ?? "")) {
        el.dataset.rank = rank ?? "";
        if (!gone) el.innerHTML = cardSvg(rank, "H");
      }
      const isFree = !gone && (view.free ? free.has(pos) : true);
      el.classList.toggle("gone", gone);
      el.classList.toggle("covered", !gone && !isFree);
      el.classList.toggle("selected", marks.selected === pos);
      el.classList.toggle("playable", !gone && has(marks.playable, pos));
      el.classList.toggle("partner", !gone && has(marks.partners, pos));
      el.classList.toggle("dimmed", !gone && has(marks.dimmed, pos));
      el.classList.toggle("hinted", !gone && has(marks.hinted, pos));
      el.classList.toggle("next-move", !gone && has(marks.next, pos));
      const name = gone ? "" : cardLabel(rank);
      let label = t("h2h.card.gone", { pos });
      if (!gone) {
        label = !isFree ? t("h2h.card.covered", { card: name })
          : has(marks.playable, pos) ? t("h2h.card.pairable", { card: name })
            : t("h2h.card.free", { card: name });
      }
      el.setAttribute("aria-label", label);
      if (el instanceof HTMLButtonElement) {
        el.tabIndex = isFree ? 0 : -1;
        el.setAttribute("aria-pressed", String(marks.selected === pos));
        el.disabled = gone;
      }
    }
    this.renderPiles(view, marks);
  }

  /**
   * @param {View} view
   * @param {Marks} marks
   */
  renderPiles(view, marks) {
    // A pile's count badge is drawn by CSS from its data-n (`.pile .count::before`), not as text
    // of the button: the pile's name already says it ("…, 12 cards"), and the button's own visible
    // text stays the top card's index, which its name starts with (label in name).
    const { stock, waste } = this;
    const top = view.waste_top;
    stock.classList.toggle("empty", view.stock === 0);
    stock.classList.toggle("redeal", view.stock === 0 && view.waste > 0);
    stock.classList.toggle("hinted", (marks.hinted ?? []).includes("stock"));
    stock.classList.toggle("next-move", (marks.next ?? []).includes("stock"));
    stock.innerHTML = (view.stock ? backSvg() : `<span class="slot">${icon("redeal")}</span>`)
      + (view.stock ? `<span class="count" aria-hidden="true" data-n="${num(view.stock)}"></span>` : "");
    stock.setAttribute("aria-label", view.stock ? t("h2h.stock.label", { count: view.stock })
      : view.waste ? t("h2h.stock.redeal") : t("h2h.stock.none"));
    if (waste.dataset.top !== (top ?? "") || waste.dataset.count !== String(view.waste)) {
      const drawn = view.waste > Number(waste.dataset.count ?? view.waste);
      waste.dataset.top = top ?? "";
      waste.dataset.count = String(view.waste);
      waste.querySelector("svg.face")?.remove();
      if (top) waste.insertAdjacentHTML("afterbegin", cardSvg(top, "H"));
      // A drawn card slides over from the stock (no motion when reduced motion is asked for).
      waste.classList.remove("arrive");
      if (drawn && this.interactive) {
        void waste.offsetWidth;
        waste.classList.add("arrive");
      }
    }
    let count = maybe(".count", waste);
    if (!count) {
      count = document.createElement("span");
      count.className = "count";
      count.setAttribute("aria-hidden", "true");
      waste.append(count);
    }
    count.dataset.n = view.waste > 1 ? num(view.waste) : "";
    count.hidden = view.waste <= 1;
    waste.classList.toggle("empty", !top);
    waste.classList.toggle("selected", marks.selected === "waste");
    waste.classList.toggle("playable", Boolean(top) && (marks.playable ?? []).includes("waste"));
    waste.classList.toggle("partner", Boolean(top) && (marks.partners ?? []).includes("waste"));
    waste.classList.toggle("dimmed", Boolean(top) && (marks.dimmed ?? []).includes("waste"));
    waste.classList.toggle("hinted", (marks.hinted ?? []).includes("waste"));
    waste.classList.toggle("next-move", Boolean(top) && (marks.next ?? []).includes("waste"));
    waste.setAttribute("aria-label", top
      ? t("h2h.waste.label", { card: cardLabel(top), count: view.waste }) : t("h2h.waste.empty"));
    if (this.interactive) waste.setAttribute("aria-pressed", String(marks.selected === "waste"));
  }

  /**
   * The layout card at `pos`.
   * @param {number} pos
   */
  card(pos) {
    const el = this.cards.get(pos);
    if (!el) throw new Error(`no card at ${pos}`);
    return el;
  }

  /**
   * A gentle shake for a refused tap.
   * @param {Target} target
   */
  shake(target) {
    const el = this.element(target);
    if (!el) return;
    replayClass(el, "shake");
  }

  /**
   * The element for a tap target.
   * @param {Target} target
   */
  element(target) {
    return target === "stock" ? this.stock : target === "waste" ? this.waste
      : this.cards.get(target);
  }
}

/**
 * Move the focus to the nearest focusable card in an arrow key's direction.
 * @param {HTMLElement} container
 * @param {HTMLElement} from
 * @param {string} key
 */
export function moveFocus(container, from, key) {
  const candidates = $$("button.card:not(.gone), .pile", container)
    .filter((el) => el.tabIndex >= 0 && el !== from);
  const a = from.getBoundingClientRect();
  const ax = a.left + a.width / 2;
  const ay = a.top + a.height / 2;
  /** @type {Record<string, number[]>} */
  const dirs = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  const dir = dirs[key];
  if (!dir) return false; // the table never mirrors, in any language
  /** @type {HTMLElement | null} */
  let best = null;
  let bestScore = Infinity;
  for (const el of candidates) {
    const b = el.getBoundingClientRect();
    const dx = b.left + b.width / 2 - ax;
    const dy = b.top + b.height / 2 - ay;
    const along = dx * dir[0] + dy * dir[1];
    if (along <= 4) continue;
    const across = Math.abs(dx * dir[1]) + Math.abs(dy * dir[0]);
    const score = along + 2 * across;
    if (score < bestScore) {
      bestScore = score;
      best = el;
    }
  }
  best?.focus();
  return best !== null;
}
