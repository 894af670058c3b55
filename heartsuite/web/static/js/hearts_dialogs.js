// @ts-check
// The Hearts page's dialogs that show the game: the score sheet (after a round, or asked for),
// game over, the moon choice and the menu. The settings and code dialogs have modules of their own.

import { $, dialogEl, escapeHtml, targetOf } from "./dom.js";
import { faceEl, seatName } from "./hearts_cards.js";
import { send } from "./hearts_socket.js";
import { isMine, page, players, table } from "./hearts_state.js";
import { icon } from "./icons.js";
import { announce, num, openDialog, t, tCode } from "./shell.js";

/** The seats that won: the winner, and their partner in a partnership game. */
function winnerSeats() {
  const state = table();
  if (state.winner === null || state.winner === undefined) return [];
  return state.rules.partnership ? [state.winner, (state.winner + 2) % 4] : [state.winner];
}

/**
 * Fill a score sheet: one row per round (a moon marked), the totals (the winners starred when
 * `final`), the team totals in a partnership game, and the deal code under it.
 * @param {HTMLElement} sheet
 * @param {boolean} final
 */
function fillSheet(sheet, final) {
  const state = table();
  const n = players();
  const seats = [...Array(n).keys()];
  const head = `<thead><tr><th scope="col">${t("hearts.sheet.round")}</th>${
    seats.map((s) => `<th scope="col">${escapeHtml(seatName(s))}</th>`).join("")}</tr></thead>`;
  const jackTitle = escapeHtml(t("hearts.sheet.jack"));
  const rows = state.history.map((points, r) => {
    const moon = state.moons[r];
    // Omnibus: the seat that took J♦ (its -10 is in the round's points) is marked on the line.
    const jack = state.jacks?.[r];
    const cells = points.map((p, s) => {
      const mark = moon === s ? ` <span class="hx-moon-mark" title="${escapeHtml(t("hearts.sheet.moon"))}">${icon("moon")}</span>`
        + `<span class="visually-hidden">${escapeHtml(t("hearts.sheet.moon"))}</span>` : "";
      const jackMark = jack === s ? ` <span class="hx-jack-mark" title="${jackTitle}" aria-hidden="true" dir="ltr">J♦</span>`
        + `<span class="visually-hidden">${jackTitle}</span>` : "";
      return `<td>${num(p)}${mark}${jackMark}</td>`;
    }).join("");
    return `<tr><th scope="row">${num(r + 1)}</th>${cells}</tr>`;
  }).join("");
  const best = winnerSeats();
  const totals = seats.map((s) => `<td class="${final && best.includes(s) ? "hx-best" : ""}">${num(state.totals[s])}${
    final && best.includes(s) ? ` <span class="hx-star">${icon("star")}</span>` : ""}</td>`).join("");
  const empty = state.history.length ? "" : `<tr><td colspan="${n + 1}">${escapeHtml(t("hearts.sheet.empty"))}</td></tr>`;
  // Partnership: partners sit across (0 & 2, 1 & 3) and their totals are added up.
  const teams = state.rules.partnership
    ? `<tr><th scope="row">${escapeHtml(t("hearts.sheet.team"))}</th>${
      seats.map((s) => `<td>${num(state.totals[s] + state.totals[(s + 2) % 4])}</td>`).join("")}</tr>` : "";
  sheet.innerHTML = `${head}<tbody>${rows}${empty}</tbody><tfoot><tr><th scope="row">${
    escapeHtml(t("hearts.sheet.total"))}</th>${totals}</tr>${teams}</tfoot>`;
  const form = sheet.closest("form");
  const note = form?.querySelector(".hx-jack-line");
  if (note instanceof HTMLElement) {
    note.hidden = !state.rules.omnibus;
    note.textContent = state.rules.omnibus ? t("hearts.sheet.jack_note") : "";
  }
  const code = form?.querySelector(".hx-code-line");
  // A table with people has no game code (its deals come from a secret seed): no line.
  if (code) code.replaceChildren(state.code ? tCode("hearts.sheet.code", { code: state.code }) : "");
}

/** The score sheet so far; resolves when it is closed. */
const RANKS = "23456789TJQKA";

/**
 * The last finished trick of the round: its cards in the order played, by whom, and who took
 * it (the highest card of the suit led). Resolves when closed; a toast when there is none yet.
 * @returns {Promise<boolean>} whether there was one to show
 */
export async function showLastTrick() {
  const tricks = /** @type {{ leader: number, cards: string[] }[]} */ (page.state?.tricks ?? []);
  const last = tricks.at(-1);
  if (!last) return false;
  const n = players();
  const led = last.cards[0][1];
  let best = 0;
  last.cards.forEach((card, i) => {
    if (card[1] === led && RANKS.indexOf(card[0]) > RANKS.indexOf(last.cards[best][0])) best = i;
  });
  const list = $("#hx-last-cards");
  list.replaceChildren(...last.cards.map((card, i) => {
    const item = document.createElement("li");
    const seat = (last.leader + i) % n;
    item.className = i === best ? "won" : "";
    item.dataset.card = card;
    item.append(faceEl(card, "span"));
    const name = document.createElement("span");
    name.className = "hx-last-name";
    name.textContent = seatName(seat);
    item.append(name);
    return item;
  }));
  $("#hx-last-took").textContent = t("hearts.last.took",
    { name: seatName((last.leader + best) % n) });
  await openDialog(dialogEl("#hx-last"));
  return true;
}

export function showSheet() {
  fillSheet($("#hx-sheet-table"), false);
  return openDialog(dialogEl("#hx-sheet"));
}

/** The game over dialog with the final sheet; resolves with the button that closed it. */
export function showOver() {
  const state = table();
  const youWin = winnerSeats().some(isMine);
  const key = state.rules.partnership ? (youWin ? "hearts.over.team_win" : "hearts.over.team_lose")
    : (youWin ? "hearts.over.win" : "hearts.over.lose");
  $("#hx-over-text").textContent = t(key, { name: seatName(state.winner) });
  fillSheet($("#hx-final"), true);
  announce($("#hx-over-text").textContent ?? "");
  return openDialog(dialogEl("#hx-over"));
}

/** Ask the person who shot the moon how to score it, until they answer; send the answer. */
export async function askMoon() {
  if (page.askingMoon) return;
  page.askingMoon = true;
  const opts = table().moon_options;
  const total = Math.max(...(opts?.old ?? []));
  $("#hx-moon-old").textContent = t("hearts.moon_choice.old", { points: total });
  $("#hx-moon-new").textContent = t("hearts.moon_choice.new", { points: total });
  let choice = "";
  while (choice !== "old" && choice !== "new") {
    // Escape closes the dialog without a choice: ask again, the game waits for it.
    choice = await openDialog(dialogEl("#hx-moon"));
  }
  page.askingMoon = false;
  send({ type: "moon", choice, move: page.state?.move });
}

/**
 * The menu; resolves with the action picked in it, or null when it was closed without one.
 * @returns {Promise<string | null>}
 */
export function openMenu() {
  const dialog = dialogEl("#hx-menu");
  return new Promise((resolve) => {
    /** @type {string | null} */
    let picked = null;
    /** @param {Event} e */
    const onClick = (e) => {
      const button = /** @type {HTMLElement | null} */ (targetOf(e).closest("[data-action]"));
      if (!button) return;
      picked = button.dataset.action ?? null;
      dialog.close();
    };
    dialog.addEventListener("click", onClick);
    openDialog(dialog).then(() => {
      dialog.removeEventListener("click", onClick);
      resolve(picked);
    });
  });
}
