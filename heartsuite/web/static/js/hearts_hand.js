// @ts-check
// The person's own hand and the line above it: the cards as buttons (chosen for the pass,
// playable or not, received, hinted), their layout in one or two rows, arrow-key focus, the
// prompt and pass button, and the shake and message of a refused move.

import { backSvg } from "./cards.js";
import { $, $$, maybe, replayClass } from "./dom.js";
import { faceEl, seatName, sortHand } from "./hearts_cards.js";
import { handMode, page, speed, table } from "./hearts_state.js";
import { announce, labelOf, nameOf, t, toast } from "./shell.js";

/** The least width and height of a card's own strip, where a tap lands on it (WCAG 2.5.5). */
const MIN_STRIP = 44;

/** The hand's cards the arrow keys move between: the playable ones when it is time to play. */
function focusable() {
  const all = $$("#hx-hand .hx-card");
  if (handMode() === "play") return all.filter((el) => el.classList.contains("playable"));
  return all;
}

/**
 * Move the focus along the hand.
 * @param {number} delta
 */
export function moveFocus(delta) {
  const targets = focusable();
  if (!targets.length) return;
  const at = targets.indexOf(/** @type {HTMLElement} */ (document.activeElement));
  const next = targets[(at + delta + targets.length) % targets.length];
  for (const el of $$("#hx-hand .hx-card")) el.tabIndex = -1;
  next.tabIndex = 0;
  next.focus();
}

/** A spectator's bottom seat: its hand face down, as many backs as it holds. */
function renderBacks() {
  const hand = $("#hx-hand");
  hand.classList.remove("my-turn", "waiting"); // a spectator has no turn
  const count = table().hand_sizes[page.me] ?? 0;
  if (hand.childElementCount !== count) {
    hand.innerHTML = "";
    for (let i = 0; i < count; i += 1) {
      const el = document.createElement("div");
      el.className = "hx-card hx-card-back";
      el.innerHTML = backSvg();
      hand.append(el);
    }
  }
  fitHand();
}

export function renderHand() {
  if (page.watching) {
    renderBacks();
    return;
  }
  const state = table();
  const { selected, hinted } = page;
  const hand = $("#hx-hand");
  const cards = sortHand(state.hand);
  const legal = new Set(state.legal);
  const received = new Set(state.tricks.length === 0 ? state.received : []);
  const mode = handMode();
  const focused = /** @type {HTMLElement | null} */ (document.activeElement)?.dataset?.card;
  const hadFocus = hand.contains(document.activeElement);
  hand.innerHTML = "";
  // Whose turn it is shows on the hand itself: raised and lit when it is yours, dimmed otherwise.
  hand.classList.toggle("my-turn", mode === "play" || mode === "pass");
  hand.classList.toggle("waiting", mode === "wait");
  // "Instant" means no motion at all: the hand neither rises nor slides its cards either.
  hand.classList.toggle("instant", speed() === "instant");
  for (const card of cards) {
    const el = faceEl(card, "button");
    el.type = "button";
    el.dataset.card = card;
    el.tabIndex = -1;
    const playable = mode === "pass" || (mode === "play" && legal.has(card));
    el.classList.toggle("playable", mode === "play" && playable);
    el.classList.toggle("dimmed", mode === "play" && !playable);
    el.classList.toggle("selected", selected.has(card));
    el.classList.toggle("received", received.has(card));
    el.classList.toggle("hinted", hinted.includes(card));
    if (mode === "play" && !playable) el.setAttribute("aria-disabled", "true");
    const parts = [labelOf(card)];
    if (received.has(card)) parts.push(t("hearts.card.received"));
    if (selected.has(card)) parts.push(t("hearts.card.selected"));
    if (mode === "play") parts.push(playable ? t("hearts.card.playable") : t("hearts.card.not_playable"));
    el.setAttribute("aria-label", parts.join(", "));
    if (mode === "pass") el.setAttribute("aria-pressed", String(selected.has(card)));
    hand.append(el);
  }
  const targets = focusable();
  const keep = targets.find((el) => el.dataset.card === focused) || targets[0]
    || /** @type {HTMLElement | null} */ (hand.firstElementChild);
  if (keep) keep.tabIndex = 0;
  if (hadFocus && keep) keep.focus({ preventScroll: true });
  fitHand();
}

/**
 * Lay the hand out in as few rows as leave each card a strip of 44 px: one overlapping row when
 * there is room. A narrow screen takes wider cards, its two rows apart; more rows, or two on a
 * short screen (a phone on its side, where 17 cards in a row would leave 36 px each), overlap:
 * each row covers the lower part of the one behind it, which still shows 44 px of every card
 * above a raised card in front of it.
 */
export function fitHand() {
  const hand = $("#hx-hand");
  const cards = $$(".hx-card", hand);
  const width = hand.clientWidth;
  if (!cards.length || !width) return;
  const n = cards.length;
  const narrow = width < 560 && n > 7;
  // On a short screen (a phone on its side) the height limits the cards too, never under 44 px.
  const byHeight = Math.max(44, (window.innerHeight * 0.2) / 1.4);
  const wide = Math.min(100, Math.max(52, width / 8), byHeight);
  let rows = narrow ? 2 : 1;
  /** @param {number} r */
  const shape = (r) => {
    const perRow = Math.ceil(n / r);
    const cw = Math.floor(narrow ? Math.min(64, width / (perRow * 0.78)) : wide);
    const step = perRow > 1 ? Math.min(cw + 4, (width - cw) / (perRow - 1)) : 0;
    return { perRow, cw, step };
  };
  while (shape(rows).perRow > 1 && shape(rows).step < MIN_STRIP && rows < 4) rows += 1;
  const { perRow, cw, step } = shape(rows);
  const ch = Math.round(cw * 1.4);
  const lift = Math.round(ch * 0.16);
  // the strip of a row behind: 44 px, and the height a chosen card in front rises (16 %)
  const apart = narrow && rows === 2;
  const rowStep = apart ? ch + 8 : Math.min(ch + 8, MIN_STRIP + lift + 2);
  hand.style.setProperty("--hcw", `${cw}px`);
  hand.style.height = `${(rows - 1) * rowStep + ch + lift}px`;
  cards.forEach((el, i) => {
    const row = Math.floor(i / perRow);
    const col = i % perRow;
    const inRow = row === rows - 1 ? n - perRow * (rows - 1) : perRow;
    const rowWidth = cw + step * (inRow - 1);
    el.style.left = `${(width - rowWidth) / 2 + col * step}px`;
    el.style.top = `${lift + row * rowStep}px`;
    el.style.zIndex = String(i + 1);
  });
}

/** The line above the hand: what to do now, and the pass button while choosing the pass. */
export function renderPrompt() {
  const state = table();
  const { selected } = page;
  const text = $("#hx-prompt-text");
  const passBtn = /** @type {HTMLButtonElement} */ ($("#hx-pass-btn"));
  const mode = handMode();
  passBtn.hidden = mode !== "pass";
  passBtn.disabled = selected.size !== 3;
  let line = "";
  if (page.watching) {
    line = state.over ? t("hearts.prompt.over") : t("table.prompt.watching");
  } else if (state.over) {
    line = t("hearts.prompt.over");
  } else if (mode === "pass") {
    line = selected.size === 3 ? t("hearts.prompt.pass_ready", { name: seatName(state.passed_to) })
      // "Choose 3 cards", then "Choose 2 more cards" once one is chosen
      : t(`hearts.prompt.${selected.size ? "pass_more" : "pass"}.${state.pass}`,
        { name: seatName(state.passed_to), count: 3 - selected.size });
  } else if (state.phase === "pass") {
    line = t("hearts.prompt.waiting_pass");
  } else if (state.phase === "moon_choice") {
    line = state.moon_options ? t("hearts.prompt.moon_you") : t("hearts.prompt.moon_other");
  } else if (mode === "play") {
    const first = state.tricks.length === 0 && state.trick.cards.length === 0;
    line = first ? t("hearts.prompt.lead_first", { card: nameOf(state.legal[0] || "2C") }) : t("hearts.prompt.your_turn");
  } else if (state.turn !== null && state.turn !== undefined) {
    line = t("hearts.prompt.playing", { name: seatName(state.turn) });
  }
  if (!state.over && state.pass === "none" && state.tricks.length === 0 && state.trick.cards.length === 0
      && state.phase === "play" && state.rules.passing) {
    line = `${t("hearts.prompt.no_pass")} ${line}`;
  }
  text.textContent = line;
}

/**
 * A move the server (or the page) refused: the card, or the hand, shakes; the reason is
 * announced, and shown when the person asked to see move errors.
 * @param {{ card?: string, reason: string }} message
 */
export function refused(message) {
  const el = message.card ? maybe(`#hx-hand [data-card="${message.card}"]`) : $("#hx-hand");
  if (el) replayClass(el, "shake");
  const key = `hearts.reason.${message.reason}`;
  const text = t(key) === key ? t("hearts.reason.other") : t(key);
  if (page.prefs?.move_errors) toast(text, 3000);
  announce(text);
}
