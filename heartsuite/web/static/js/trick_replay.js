// @ts-check
// The Hearts rules page's example: one round replayed card by card, all hands face up. Seats sit
// as at the game's table (you at the bottom, play going clockwise to the left); it never mirrors.

import { cardSvg } from "./cards.js";
import { $, $$ } from "./dom.js";
import { seatName } from "./hearts_cards.js";
import { nameOf, num, t } from "./shell.js";
import { Stepper } from "./stepper.js";

/**
 * One step of the round (from /api/rules/hearts/example): every hand, the trick, each seat's
 * points and the cards it received in the pass.
 * @typedef {{ kind: string, seat?: number, card: string, count: number, hands: string[][],
 *   trick: { seat: number, card: string }[], points: number[], received: string[][] }} Frame
 */

const AREAS = ["s", "w", "n", "e"];

/**
 * @param {string} card
 * @param {string} [cls]
 */
function cardEl(card, cls = "") {
  const el = document.createElement("div");
  el.className = `tc ${cls}`.trim();
  el.dataset.replayCard = card;
  el.innerHTML = cardSvg(card[0], card[1]);
  el.setAttribute("aria-label", nameOf(card));
  el.setAttribute("role", "img");
  return el;
}

/** @param {Frame} frame */
function caption(frame) {
  const name = frame.seat === undefined ? "" : seatName(frame.seat);
  switch (frame.kind) {
    case "deal": return t("replay.hearts.deal");
    case "pass": return t("replay.hearts.pass");
    case "play": return t(frame.seat === 0 ? "hearts.announce.play_you" : "hearts.announce.play",
      { name, card: nameOf(frame.card) });
    case "take": return t(frame.seat === 0 ? "hearts.announce.trick_you" : "hearts.announce.trick",
      { name, count: frame.count });
    default: return t("replay.hearts.end");
  }
}

export class TrickReplay {
  /**
   * @param {HTMLElement} root
   * @param {Frame[]} frames
   */
  constructor(root, frames) {
    this.frames = frames;
    root.innerHTML = `<div class="tr-table">${AREAS.map((area, seat) => `
      <div class="tr-seat" data-seat="${seat}" data-area="${area}">
        <p class="tr-name"><span></span> <span class="tr-points"></span></p>
        <div class="tr-hand"></div></div>`).join("")}
      <div class="tr-trick">${AREAS.map((area) =>
        `<div class="tr-slot tr-${area}"></div>`).join("")}</div></div>`;
    this.seats = $$(".tr-seat", root);
    this.slots = $$(".tr-slot", root);
    this.stepper = new Stepper(root, frames.length, (index) => this.show(frames[index]));
  }

  /** @param {Frame} frame */
  show(frame) {
    frame.hands.forEach((hand, seat) => {
      const box = this.seats[seat];
      $(".tr-name span", box).textContent = seatName(seat);
      $(".tr-points", box).textContent = `♥ ${num(frame.points[seat])}`;
      const received = new Set(frame.received[seat]);
      $(".tr-hand", box).replaceChildren(
        ...hand.map((card) => cardEl(card, received.has(card) ? "received" : "")));
      box.classList.toggle("active", frame.seat === seat && frame.kind !== "end");
    });
    this.slots.forEach((slot) => slot.replaceChildren());
    for (const { seat, card } of frame.trick) {
      const taken = frame.kind === "take" && frame.seat === seat ? "winner" : "";
      this.slots[seat].append(cardEl(card, taken));
    }
    return caption(frame);
  }

  start() {
    this.stepper.go(0);
  }
}
