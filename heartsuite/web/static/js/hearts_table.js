// @ts-check
// The Hearts table around the hand: the seats (names, scores, card backs, whose turn), the trick
// in the middle, and the two animations of the table — a card played, a trick taken.

import { backSvg } from "./cards.js";
import { $, $$, maybe, wait } from "./dom.js";
import { faceEl, seatName } from "./hearts_cards.js";
import { animMs, isMine, offsetOf, page, players, speed, table } from "./hearts_state.js";
import { announce, nameOf, num, t } from "./shell.js";

/**
 * Where seat s sits on screen: the bottom seat (the person's) first, the others clockwise. The
 * table never mirrors: the left of the bottom seat is the next seat clockwise.
 * @param {number} seat
 */
export function place(seat) {
  const offset = offsetOf(seat);
  if (offset === 0) return "bottom";
  if (players() === 3) return offset === 1 ? "left" : "right";
  return ["bottom", "left", "top", "right"][offset];
}

/** @param {number} seat */
export const seatEl = (seat) => (seat === page.me ? $(".hx-my-plate") : $(`.hx-seat[data-place=${place(seat)}]`));
/** @param {number} seat */
const slotEl = (seat) => $(`.hx-slot[data-slot=${place(seat)}]`);

/**
 * A card on the table, named for who played it.
 * @param {string} card
 * @param {number} seat
 */
function playedEl(card, seat) {
  const el = faceEl(card, "div");
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", t("hearts.played_by", { name: seatName(seat), card: nameOf(card) }));
  return el;
}

export function renderSeats() {
  const state = table();
  const n = players();
  for (const el of $$(".hx-seat")) el.hidden = true;
  for (let seat = 0; seat < n; seat += 1) {
    const el = seatEl(seat);
    el.hidden = false;
    el.dataset.seat = String(seat);
    if (seat !== page.me) {
      const partner = state.rules.partnership && offsetOf(seat) === 2;
      $(".hx-name", el).textContent = partner ? t("hearts.partner", { name: seatName(seat) })
        : seatName(seat);
      el.classList.toggle("partner", partner);
      const count = state.hand_sizes[seat];
      const backs = $(".hx-backs", el);
      if (backs.childElementCount !== count) {
        backs.innerHTML = "";
        for (let i = 0; i < count; i += 1) {
          const b = document.createElement("div");
          b.className = "hx-back";
          b.innerHTML = backSvg();
          backs.append(b);
        }
      }
      el.setAttribute("role", "group");
      el.setAttribute("aria-label", t("hearts.seat.label", {
        name: seatName(seat), score: state.totals[seat], count,
      }));
    }
    $("[data-score]", el).textContent = num(state.totals[seat]);
    $("[data-score]", el).title = t("hearts.total");
    const pts = state.round_points[seat];
    const taken = $("[data-taken]", el);
    // Omnibus: the seat that took J♦ this round says so (its -10 is in the points shown).
    const jack = Boolean(state.rules.omnibus) && (state.taken?.[seat] ?? []).includes("JD");
    // J♦ is a left-to-right island (isolate marks): in Arabic or Urdu it would read "♦J".
    taken.textContent = pts || jack ? `♥ ${num(pts)}${jack ? " \u2066J♦\u2069" : ""}` : "";
    taken.title = pts || jack ? [t("hearts.round_points", { count: pts }), ...(jack ? [t("hearts.sheet.jack")] : [])].join(", ") : "";
    taken.setAttribute("aria-label", taken.title);
    const turn = state.turn === seat || (state.phase === "pass" && state.waiting_to_pass.includes(seat));
    el.classList.toggle("turn", turn);
  }
}

export function renderTrick() {
  for (const slot of $$(".hx-slot")) slot.innerHTML = "";
  const { leader, cards } = table().trick;
  cards.forEach((card, i) => {
    const seat = (leader + i) % players();
    slotEl(seat).append(playedEl(card, seat));
  });
}

/**
 * Fly an element from a screen rectangle to where it stands now (a short FLIP animation).
 * @param {HTMLElement} el
 * @param {DOMRect | undefined} from
 * @param {number} ms
 */
async function flyFrom(el, from, ms) {
  if (!ms || !from) return;
  const to = el.getBoundingClientRect();
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  el.animate([{ transform: `translate(${dx}px, ${dy}px) scale(0.85)` }, { transform: "none" }],
    { duration: ms, easing: "ease-out" });
  await wait(ms);
}

/**
 * A card played: it flies from the hand (or the player's seat) to the trick.
 * @param {{ seat: number, card: string }} event
 */
export async function showPlay(event) {
  const slot = slotEl(event.seat);
  const mine = isMine(event.seat);
  const source = mine ? maybe(`#hx-hand [data-card="${event.card}"]`) : seatEl(event.seat);
  const from = source?.getBoundingClientRect();
  if (mine) source?.remove();
  slot.innerHTML = "";
  const el = playedEl(event.card, event.seat);
  slot.append(el);
  if (!mine) {
    const backs = event.seat === page.me ? maybe("#hx-hand") : maybe(".hx-backs", seatEl(event.seat));
    backs?.lastElementChild?.remove();
  }
  announce(t(mine ? "hearts.announce.play_you" : "hearts.announce.play",
    { name: seatName(event.seat), card: nameOf(event.card) }));
  await flyFrom(el, from, animMs());
}

export const SLOW_LOOK_MS = 2600; // how long a finished trick stays at the slow speed

/**
 * Wait `ms`, or less when the person taps the table or presses a key (the line saying so shows
 * meanwhile).
 * @param {number} ms
 */
function lookAtTrick(ms) {
  const line = $("#hx-skip");
  const table = $("#hx-table");
  line.hidden = false;
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      table.removeEventListener("pointerdown", done);
      document.removeEventListener("keydown", done);
      line.hidden = true;
      resolve(undefined);
    };
    const timer = setTimeout(done, ms);
    table.addEventListener("pointerdown", done);
    document.addEventListener("keydown", done);
  });
}

/**
 * A trick taken: its cards fly to the winner's seat and the middle empties. At the slow speed
 * the finished trick stays a longer while first (a tap or a key goes on at once).
 * @param {{ winner: number, points: number }} event
 */
export async function showTrick(event) {
  const name = seatName(event.winner);
  announce(isMine(event.winner) ? t("hearts.announce.trick_you", { count: event.points })
    : t("hearts.announce.trick", { name, count: event.points }));
  const ms = animMs();
  const target = seatEl(event.winner).getBoundingClientRect();
  const cards = $$(".hx-slot .hx-card");
  if (speed() === "slow" && !page.catchingUp) await lookAtTrick(SLOW_LOOK_MS);
  if (ms) {
    if (speed() !== "slow") await wait(ms * 1.5);
    for (const el of cards) {
      const r = el.getBoundingClientRect();
      const dx = target.left + target.width / 2 - (r.left + r.width / 2);
      const dy = target.top + target.height / 2 - (r.top + r.height / 2);
      el.animate([{ transform: "none", opacity: 1 }, { transform: `translate(${dx}px, ${dy}px) scale(0.4)`, opacity: 0 }],
        { duration: ms, easing: "ease-in", fill: "forwards" });
    }
    await wait(ms);
  }
  for (const slot of $$(".hx-slot")) slot.innerHTML = "";
}
