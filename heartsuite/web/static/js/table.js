// @ts-check
// The page of a Hearts table with people, /t/{code}: before the game the lobby (who sits where,
// the rules, the open seats to take, the creator's start); then the Hearts table from your own
// seat, drawn by the Hearts page's modules, over the table's socket (resumed with `hello after
// N`, with the Hearts socket's back-off). Spectators see the public table only.
// Modules: table_state (the table as the server describes it), table_lobby, table_seats (the
// badges, timers and reactions on the seats), table_game (messages, drawing, game over, rematch),
// table_common (names, the invite, refusals in words).

import { $, dialogEl, inputEl, isShortcutKey, targetOf } from "./dom.js";
import { fitHand, moveFocus, refused } from "./hearts_hand.js";
import { openMenu, showLastTrick, showSheet } from "./hearts_dialogs.js";
import { seatName } from "./hearts_cards.js";
import { send } from "./hearts_socket.js";
import { handMode, page } from "./hearts_state.js";
import { api, announce, ApiError, openDialog, t, toast } from "./shell.js";
import { refusalText, rememberedName, showInvite, tableUrl } from "./table_common.js";
import { join, render, reopenOver, showGone } from "./table_game.js";
import { startTable, takeSeat } from "./table_lobby.js";
import { room, setTable, tableView } from "./table_state.js";

const tablePath = () => `/api/tables/${encodeURIComponent(room.code)}`;
const REACT_PAUSE_MS = 3000; // the server allows about one reaction per 3 s per seat

/**
 * A card of the hand tapped: chosen for the pass (three at most), played, or refused.
 * @param {string} card
 */
function tapCard(card) {
  const mode = handMode();
  const { selected } = page;
  page.hinted = [];
  if (mode === "pass") {
    if (selected.has(card)) selected.delete(card);
    else if (selected.size < 3) selected.add(card);
    else {
      refused({ card, reason: "pass_three_cards" });
      return;
    }
    announce(t("hearts.announce.selected", { count: selected.size }));
    render();
  } else if (mode === "play") {
    send({ type: "play", card, seq: page.lastSeq });
  } else if (!page.watching) {
    refused({ card, reason: page.state?.phase === "pass" ? "already_passed" : "not_your_turn" });
  }
}

function passCards() {
  if (handMode() !== "pass" || page.selected.size !== 3) return;
  send({ type: "pass", cards: [...page.selected], seq: page.lastSeq });
  page.selected = new Set();
}

/** Leave the table, once the person has confirmed. */
async function leave() {
  const table = tableView();
  $("#tx-leave-body").textContent = table.status === "waiting"
    ? (table.creator ? t("table.leave.body_creator") : t("table.leave.body_waiting"))
    : t("table.leave.body_playing");
  if ((await openDialog(dialogEl("#tx-leave"))) !== "leave") return;
  try {
    await api(`${tablePath()}/leave`, { method: "POST", body: {} });
    location.assign("/");
  } catch (err) {
    toast(refusalText(err), 4000);
  }
}

/**
 * The creator gives an absent person's seat to a computer for good, once confirmed.
 * @param {number} seat
 */
async function giveSeat(seat) {
  $("#tx-give-body").textContent = t("table.give.body", { name: seatName(seat) });
  if ((await openDialog(dialogEl("#tx-give"))) !== "bot") return;
  try {
    const { table } = await api(`${tablePath()}/seats/${seat}/bot`, { method: "POST", body: {} });
    setTable(table);
    render();
  } catch (err) {
    toast(refusalText(err), 4000);
  }
}

let reactedAt = 0;
/** Pick a reaction and send it (a pause between two, as the server asks). */
async function react() {
  if (page.watching) return;
  const dialog = dialogEl("#tx-react");
  const wait = REACT_PAUSE_MS - (Date.now() - reactedAt);
  for (const b of dialog.querySelectorAll("[data-phrase]")) /** @type {HTMLButtonElement} */ (b).disabled = wait > 0;
  if (wait > 0) setTimeout(() => { for (const b of dialog.querySelectorAll("[data-phrase]")) /** @type {HTMLButtonElement} */ (b).disabled = false; }, wait);
  await openDialog(dialog);
}

/**
 * Do what a button or a key asks.
 * @param {string | undefined} action
 */
async function act(action) {
  switch (action) {
    case "pass": passCards(); break;
    case "sheet":
      if (page.state?.over) reopenOver();
      else if (page.state) await showSheet();
      break;
    case "hint": if (["pass", "play"].includes(handMode())) send({ type: "hint" }); break;
    // The last finished trick of the round, from the view (every seat saw it played).
    case "last": if (page.state && !await showLastTrick()) toast(t("hearts.last.none"), 4000); break;
    case "react": await react(); break;
    case "menu": {
      const choice = await openMenu();
      if (choice) await act(choice);
      break;
    }
    case "invite": {
      const table = tableView();
      await showInvite({ invite: tableUrl(table.code), code: table.code });
      break;
    }
    case "leave": await leave(); break;
    case "start":
    case "fill": {
      const problem = await startTable(action === "fill");
      if (problem) toast(problem, 4000);
      render();
      break;
    }
    default:
  }
}

function wire() {
  const hand = $("#hx-hand");
  hand.addEventListener("click", (e) => {
    const el = /** @type {HTMLElement | null} */ (targetOf(e).closest("[data-card]"));
    if (el?.dataset.card) tapCard(el.dataset.card);
  });
  hand.addEventListener("keydown", (e) => {
    if (e.key === "ArrowRight" || e.key === "ArrowDown") { moveFocus(1); e.preventDefault(); }
    if (e.key === "ArrowLeft" || e.key === "ArrowUp") { moveFocus(-1); e.preventDefault(); }
  });
  document.addEventListener("click", async (e) => {
    const target = targetOf(e);
    const actionEl = /** @type {HTMLElement | null} */ (target.closest("[data-action]"));
    if (actionEl && !actionEl.closest("dialog")) { act(actionEl.dataset.action); return; }
    const take = /** @type {HTMLElement | null} */ (target.closest("[data-take]"));
    if (take) {
      if (await takeSeat(Number(take.dataset.take))) { render(); join(); }
      else render();
      return;
    }
    const give = /** @type {HTMLElement | null} */ (target.closest("[data-give]"));
    if (give) { giveSeat(Number(give.dataset.give)); return; }
    const phrase = /** @type {HTMLElement | null} */ (target.closest("[data-phrase]"));
    if (phrase) {
      send({ type: "react", phrase: phrase.dataset.phrase });
      reactedAt = Date.now();
      dialogEl("#tx-react").close();
    }
  });
  $("#tx-join").addEventListener("submit", async (e) => {
    e.preventDefault();
    const open = tableView().seats.find((s) => s.kind === "open");
    if (open && await takeSeat(open.seat)) join();
    render();
  });
  /** @type {Record<string, string>} */
  const keys = { s: "sheet", h: "hint", p: "pass", r: "react", l: "last" };
  document.addEventListener("keydown", (e) => {
    if (!isShortcutKey(e) || $("#tx-game").hidden) return;
    const key = e.key.toLowerCase();
    if (keys[key]) { act(keys[key]); e.preventDefault(); }
    if (key === "escape" && page.selected.size) { page.selected = new Set(); render(); }
  });
  new ResizeObserver(() => fitHand()).observe(hand);
}

let polling = 0;
/** A visitor of a table closed to spectators sees the lobby only: look again now and then. */
function poll() {
  clearTimeout(polling);
  polling = window.setTimeout(async () => {
    try {
      const { table } = await api(tablePath());
      setTable(table);
      render();
      if (table.you === null && !table.spectators) poll();
    } catch {
      poll();
    }
  }, 3000);
}

async function start() {
  wire();
  try {
    const { table } = await api(tablePath());
    setTable(table);
  } catch (err) {
    showGone(err instanceof ApiError && err.status === 404 ? t("table.error.not_found") : refusalText(err));
    return;
  }
  inputEl("#tx-name").value = await rememberedName();
  // The person's own Hearts settings (playing an only legal card by itself) apply here too.
  try {
    page.prefs = await api("/api/hearts/prefs");
  } catch {
    page.prefs = null; // the default, on the last trick only
  }
  render();
  const table = tableView();
  if (table.you !== null || table.spectators) join();
  else poll();
}

start();
