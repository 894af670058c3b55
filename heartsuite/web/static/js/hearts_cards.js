// @ts-check
// Hearts' cards and seats as the game page and the rules page's replay both show them: a hand
// sorted by suit then rank, a seat's name, a face-up card element.

import { cardSvg } from "./cards.js";
import { isMine, page } from "./hearts_state.js";
import { t } from "./shell.js";

const SUIT_ORDER = "CDSH"; // clubs, diamonds, spades, hearts: the colours alternate in the hand
const RANKS = "23456789TJQKA";

/** @param {string} card e.g. "QS" */
const sortKey = (card) => SUIT_ORDER.indexOf(card[1]) * 13 + RANKS.indexOf(card[0]);

/**
 * The cards in the order a hand shows them.
 * @param {Iterable<string>} cards
 */
export const sortHand = (cards) => [...cards].sort((a, b) => sortKey(a) - sortKey(b));

/**
 * "You" for the person's own seat; else the display name at a table with people (an open seat
 * is "Open seat"), else the computer player's name.
 * @param {number | null} seat
 */
export function seatName(seat) {
  if (isMine(seat)) return t("hearts.you");
  if (page.names && seat !== null) return page.names[seat] ?? t("table.seat.open");
  return t(`hearts.player.${seat}`);
}

/**
 * A face-up card of the game's table as an element (`tag` "button" in the hand).
 * @template {keyof HTMLElementTagNameMap} K
 * @param {string} card
 * @param {K} tag
 * @returns {HTMLElementTagNameMap[K]}
 */
export function faceEl(card, tag) {
  const el = document.createElement(tag);
  el.className = "hx-card";
  el.innerHTML = cardSvg(card[0], card[1]);
  return el;
}
