// @ts-check
// What a table with people adds to each seat of the Hearts table: the turn timer's countdown,
// a dropped person's grace countdown, the badge of the computer standing in (or playing the seat
// for good), the creator's "Give this seat to a computer" for an absent person, and the bubble
// of a reaction. A ticker keeps the countdowns going.

import { $, maybe } from "./dom.js";
import { seatName } from "./hearts_cards.js";
import { page } from "./hearts_state.js";
import { seatEl } from "./hearts_table.js";
import { announce, t } from "./shell.js";
import { countdown } from "./table_lobby.js";
import { room, tableView } from "./table_state.js";

/**
 * The element of class `cls` inside `parent`, made when missing.
 * @param {HTMLElement} parent
 * @param {string} cls
 * @param {keyof HTMLElementTagNameMap} [tag]
 */
function part(parent, cls, tag = "span") {
  let el = /** @type {HTMLElement | null} */ (parent.querySelector(`:scope > .${cls}`));
  if (!el) {
    el = document.createElement(tag);
    el.className = cls;
    parent.append(el);
  }
  return el;
}

/**
 * The words of a seat's badge now (empty when there is nothing to say).
 * @param {import("./table_state.js").Seat} seat
 */
function badgeText(seat) {
  if (seat.kind === "bot") return t("table.badge.bot");
  if (seat.kind !== "person") return "";
  if (seat.standin) return t("table.badge.standin");
  if (!seat.present && seat.away_until) return t("table.badge.away", { time: countdown(seat.away_until) });
  if (!seat.present) return t("table.badge.offline");
  return "";
}

/** Draw the badges, the timer and the creator's buttons on every seat. */
export function renderSeatExtras() {
  if (!room.table || !page.state) return;
  const table = tableView();
  for (const seat of table.seats) {
    const el = seatEl(seat.seat);
    const plate = el.classList.contains("hx-plate") ? el : $(".hx-plate", el);
    el.classList.toggle("tx-away", seat.kind === "person" && !seat.present && !seat.standin);
    el.classList.toggle("tx-standin", seat.standin || seat.kind === "bot");
    const badge = part(plate, "tx-badge");
    badge.textContent = badgeText(seat);
    const clock = part(plate, "tx-clock");
    const state = page.state;
    const waiting = state.phase === "pass" ? state.waiting_to_pass.includes(seat.seat) : state.turn === seat.seat;
    const timed = room.turn?.deadline && room.turn.seats.includes(seat.seat) && waiting && table.status === "playing";
    clock.textContent = timed ? countdown(/** @type {number} */ (room.turn?.deadline)) : "";
    clock.setAttribute("aria-label", timed ? t("table.timer.left", { time: clock.textContent }) : "");
    if (el !== plate) {
      // While the grace period runs: afterwards a computer plays the seat anyway.
      const canGive = table.creator && table.status === "playing" && seat.kind === "person" && !seat.present
        && !seat.standin && seat.seat !== table.you;
      const give = /** @type {HTMLButtonElement} */ (part(el, "tx-give", "button"));
      give.type = "button";
      give.className = "tx-give btn small";
      give.dataset.give = String(seat.seat);
      give.textContent = t("table.action.give");
      give.hidden = !canGive;
    }
  }
  const watching = maybe("#tx-watching");
  if (watching) watching.hidden = !page.watching;
}

/**
 * A reaction: a bubble by the seat for a few seconds, and a line for screen readers.
 * @param {number} seat
 * @param {string} phrase
 */
export function showReaction(seat, phrase) {
  const el = seatEl(seat);
  const host = el.classList.contains("hx-plate") ? /** @type {HTMLElement} */ (el.parentElement) : el;
  const bubble = part(host, "tx-bubble");
  const face = maybe(`[data-phrase="${phrase}"] .tx-face`);
  bubble.innerHTML = face ? face.innerHTML : "";
  const words = document.createElement("span");
  words.textContent = t(`table.react.${phrase}`);
  bubble.append(words);
  bubble.hidden = false;
  announce(t("table.announce.reaction", { name: seatName(seat), phrase: t(`table.react.${phrase}`) }));
  clearTimeout(Number(bubble.dataset.timer ?? 0));
  bubble.dataset.timer = String(setTimeout(() => { bubble.hidden = true; }, 3500));
}

let ticker = 0;
/** Keep the countdowns moving while some seat has one. */
export function tick() {
  if (ticker) return;
  ticker = window.setInterval(() => {
    const table = room.table;
    const counting = table && (table.seats.some((s) => s.away_until && !s.present && !s.standin) || room.turn?.deadline);
    if (counting) renderSeatExtras();
  }, 500);
}
