// @ts-check
// The Hearts rules page's example: one round replayed card by card, all hands face up. Seats sit
// as at the game's table (you at the bottom, play going clockwise to the left); it never mirrors.

import { cardSvg } from "./cards.js";
import { cardName, num, t } from "./shell.js";
import { Stepper } from "./stepper.js";

const AREAS = ["s", "w", "n", "e"];
const seatName = (seat) => (seat === 0 ? t("hearts.you") : t(`hearts.player.${seat}`));

function cardEl(card, cls = "") {
  const el = document.createElement("div");
  el.className = `tc ${cls}`.trim();
  el.dataset.replayCard = card;
  el.innerHTML = cardSvg(card[0] === "T" ? "10" : card[0], card[1]);
  el.setAttribute("aria-label", cardName(card[0], card[1]));
  el.setAttribute("role", "img");
  return el;
}

function caption(frame) {
  const name = frame.seat === undefined ? "" : seatName(frame.seat);
  switch (frame.kind) {
    case "deal": return t("replay.hearts.deal");
    case "pass": return t("replay.hearts.pass");
    case "play": return t("hearts.announce.play", { name, card: cardName(frame.card[0], frame.card[1]) });
    case "take": return t(frame.seat === 0 ? "hearts.announce.trick_you" : "hearts.announce.trick",
      { name, count: frame.count });
    default: return t("replay.hearts.end");
  }
}

export class TrickReplay {
  constructor(root, frames) {
    this.frames = frames;
    root.innerHTML = `<div class="tr-table">${AREAS.map((area, seat) => `
      <div class="tr-seat" data-seat="${seat}" data-area="${area}">
        <p class="tr-name"><span></span> <span class="tr-points"></span></p>
        <div class="tr-hand"></div></div>`).join("")}
      <div class="tr-trick">${AREAS.map((area) =>
        `<div class="tr-slot tr-${area}"></div>`).join("")}</div></div>`;
    this.seats = Array.from(root.querySelectorAll(".tr-seat"));
    this.slots = Array.from(root.querySelectorAll(".tr-slot"));
    this.stepper = new Stepper(root, frames.length, (index) => this.show(frames[index]));
  }

  show(frame) {
    frame.hands.forEach((hand, seat) => {
      const box = this.seats[seat];
      box.querySelector(".tr-name span").textContent = seatName(seat);
      box.querySelector(".tr-points").textContent = `♥ ${num(frame.points[seat])}`;
      const received = new Set(frame.received[seat]);
      box.querySelector(".tr-hand").replaceChildren(
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
