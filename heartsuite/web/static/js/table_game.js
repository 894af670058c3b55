// @ts-check
// A table's life on the page: the socket's messages (the game's events, drawn by the Hearts
// page's modules; the table's own: seats taken, away, back, stand-ins, the timer, reactions,
// rematch votes, the revealed seed), drawing the lobby or the game, and the game-over dialog
// with the seed, the "verify this game" line and the rematch.

import { $, $$, dialogEl, maybe } from "./dom.js";
import { seatName } from "./hearts_cards.js";
import { askMoon, showOver, showSheet } from "./hearts_dialogs.js";
import { showEvent } from "./hearts_events.js";
import { refused, renderHand, renderPrompt } from "./hearts_hand.js";
import { autoPlay } from "./hearts_auto.js";
import { connect, send } from "./hearts_socket.js";
import { clearChoices, handMode, page } from "./hearts_state.js";
import { renderSeats, renderTrick } from "./hearts_table.js";
import { announce, api, nameOf, openDialog, t, toast } from "./shell.js";
import { refusalText, tableUrl } from "./table_common.js";
import { renderLobby } from "./table_lobby.js";
import { renderSeatExtras, showReaction, tick } from "./table_seats.js";
import { normalise, room, setTable, tableView } from "./table_state.js";

const tablePath = () => `/api/tables/${encodeURIComponent(room.code)}`;

/** Draw the page from the table and the seat view: the lobby before the game, then the game. */
export function render() {
  if (!room.table) return;
  const table = tableView();
  if (table.status === "closed") {
    showGone(t("table.closed"));
    return;
  }
  const inGame = table.status !== "waiting" && page.state !== null;
  $("#tx-lobby").hidden = inGame;
  $("#tx-game").hidden = !inGame;
  document.body.classList.toggle("tx-watching", page.watching);
  if (!inGame) {
    renderLobby();
    return;
  }
  const state = /** @type {import("./hearts_state.js").TableState} */ (page.state);
  $("#hx-table").setAttribute("aria-busy", "false");
  $("#hx-loading").hidden = true;
  renderSeats();
  renderTrick();
  renderHand();
  renderPrompt();
  autoPlay((card) => send({ type: "play", card, seq: page.lastSeq }));
  renderSeatExtras();
  $("#hx-broken").hidden = !state.hearts_broken || !state.rules.hearts_must_break;
  /** @type {HTMLButtonElement} */ ($("[data-action=hint]")).disabled = !["pass", "play"].includes(handMode());
  /** @type {HTMLButtonElement} */ ($("#tx-game [data-action=react]")).disabled = page.watching;
  $("#hx-menu [data-action=leave]").hidden = page.watching || table.status !== "playing";
  $("#hx-menu [data-action=invite]").hidden = !table.spectators;
  if (state.phase === "moon_choice" && state.moon_options && !dialogEl("#hx-moon").open) askMoon();
  if (state.over && room.shownOver !== table.id) {
    room.shownOver = table.id;
    gameOver();
  }
}

let refreshing = 0;
/** Ask the server for the table again soon (after an event that changed its seats). */
function refresh() {
  clearTimeout(refreshing);
  refreshing = window.setTimeout(async () => {
    try {
      const { table } = await api(tablePath());
      setTable(table);
      render();
      if (dialogEl("#hx-over").open) fillOverLines();
    } catch {
      // the socket's next state will do
    }
  }, 120);
}

/**
 * One of the table's own events: change what the page knows at once, then ask for the table.
 * @param {{ kind: string, [field: string]: any }} event
 */
function tableEvent(event) {
  const table = tableView();
  const seat = table.seats[event.seat];
  switch (event.kind) {
    case "seated": // the table that follows says who sat down
      if (seat) Object.assign(seat, { kind: event.level ? "bot" : "person", name: event.name ?? null, level: event.level ?? null });
      break;
    case "away":
      if (seat) Object.assign(seat, { present: false, away_until: event.until });
      if (!page.catchingUp && seat) announce(t("table.announce.away", { name: seatName(event.seat) }));
      tick();
      break;
    case "back":
      if (seat) Object.assign(seat, { present: true, standin: false, away_until: null });
      if (!page.catchingUp && seat) announce(t("table.announce.back", { name: seatName(event.seat) }));
      break;
    case "standin":
      if (seat) Object.assign(seat, { standin: true, away_until: null });
      if (!page.catchingUp) toast(t("table.announce.standin", { name: seatName(event.seat) }), 3500);
      break;
    case "timed_out":
      if (!page.catchingUp) {
        const line = event.seat === table.you ? t("table.announce.timed_out_you")
          : t("table.announce.timed_out", { name: seatName(event.seat) });
        toast(line, 3500);
        announce(line);
      }
      break;
    case "turn": // during the pass `seat` is null and `seats` lists who must pass
      room.turn = { seats: event.seats ?? (event.seat === null ? [] : [event.seat]), deadline: event.deadline ?? null };
      if (room.turn.deadline) tick();
      break;
    case "reaction":
      if (!page.catchingUp) showReaction(event.seat, event.phrase);
      return;
    case "rematch_vote":
      table.rematch = table.rematch ?? { accepted: [], table: null };
      if (event.accept && !table.rematch.accepted.includes(event.seat)) table.rematch.accepted.push(event.seat);
      fillOverLines();
      break;
    case "rematch":
      table.rematch = { accepted: table.rematch?.accepted ?? [], table: event.table };
      if (room.rematchAnswer) {
        location.assign(`/t/${encodeURIComponent(event.table)}`);
        return;
      }
      fillOverLines();
      break;
    case "revealed":
      table.seed = event.seed;
      fillOverLines();
      break;
    case "started":
      table.status = "playing";
      break;
    default:
  }
  refresh();
}

const TABLE_KINDS = new Set(["seated", "left", "started", "away", "back", "standin", "timed_out", "turn",
  "reaction", "rematch_vote", "rematch", "revealed"]);

/**
 * One message from the server.
 * @param {import("./hearts_socket.js").Message} message
 */
export async function handle(message) {
  switch (message.type) {
    case "event": {
      if (message.seq <= page.lastSeq) return;
      page.lastSeq = message.seq;
      const { event } = message;
      if (TABLE_KINDS.has(event.kind)) tableEvent(event);
      else if (!page.catchingUp && page.state) await showEvent(event);
      else if (event.kind === "round") clearChoices();
      if (event.kind === "over" || event.kind === "trick") room.turn = null;
      if (message.view && room.table) {
        page.state = normalise(message.view);
        if (page.state.over && room.table.status !== "over") room.table.status = "over";
        render();
        if (page.sheetDue && !page.state.over && !maybe("dialog[open]")) showSheet();
        page.sheetDue = false;
      } else if (TABLE_KINDS.has(event.kind)) {
        render();
      }
      return;
    }
    case "state":
      page.lastSeq = Math.max(page.lastSeq, message.seq);
      page.catchingUp = false;
      setTable(message.table);
      page.state = message.view ? normalise(message.view) : null;
      render();
      return;
    case "refused":
      refused({ card: message.card, reason: message.reason });
      return;
    case "hint":
      page.hinted = message.cards;
      if (handMode() === "pass") toast(t("hearts.hint.pass", { cards: message.cards.map(nameOf).join(", ") }));
      else toast(t("hearts.hint.play", { card: nameOf(message.cards[0]) }));
      render();
      return;
    case "error":
      if (message.error === "rate_limited") toast(t("table.error.rate_limited"));
      else if (message.error === "no_spectators") showGone(t("table.error.no_spectators"));
      else if (message.error === "not_found") showGone(t("table.error.not_found"));
      else toast(refusalText({ error: message.error }));
      return;
    case "closed":
      toast(t("table.closed"), 4000);
      refresh();
      return;
    default:
  }
}

/**
 * Nothing more to show here: say why in the lobby.
 * @param {string} text
 */
export function showGone(text) {
  room.gone = true;
  $("#tx-game").hidden = true;
  $("#tx-lobby").hidden = false;
  $("#tx-status").textContent = text;
}

/** Open the table's socket (a seated person or a spectator). */
export function join() {
  connect(handle, `${tablePath()}/ws`);
}

/** The over dialog's lines about the seed, the check and the rematch, as they stand. */
function fillOverLines() {
  const table = tableView();
  $("#tx-seed").textContent = table.seed ? t("table.over.seed", { seed: table.seed }) : t("table.over.seed_soon");
  $("#tx-verify span").textContent = t("table.over.verify");
  $("#tx-verify-command").textContent = `heartsuite hearts table record ${tableUrl(table.code)} --json > game.json && heartsuite hearts table verify game.json`;
  const seated = table.you !== null;
  $("#tx-record-line").hidden = !seated;
  /** @type {HTMLAnchorElement} */ ($("#tx-record-link")).href = `${tablePath()}/record`;
  for (const el of $$("#tx-rematch-yes, #tx-rematch-no")) el.hidden = !seated || room.rematchAnswer !== null || Boolean(table.rematch?.table);
  const people = table.seats.filter((s) => s.kind === "person" && !s.standin).length;
  const accepted = table.rematch?.accepted.length ?? 0;
  let line = "";
  if (table.rematch?.table) line = t("table.rematch.ready");
  else if (room.rematchAnswer === true) line = t("table.rematch.waiting", { count: accepted, total: people });
  else if (room.rematchAnswer === false) line = t("table.rematch.declined");
  else if (accepted) line = t("table.rematch.offered", { count: accepted });
  const status = $("#tx-rematch-status");
  status.textContent = line;
  if (table.rematch?.table) {
    const go = document.createElement("a");
    go.className = "btn primary";
    go.href = `/t/${encodeURIComponent(table.rematch.table)}`;
    go.textContent = t("table.rematch.go");
    status.append(" ", go);
  }
}

/** The game-over dialog for everyone; a seated person answers the rematch from it. */
async function gameOver() {
  fillOverLines();
  const choice = await showOver();
  if (choice !== "accept" && choice !== "decline") return;
  room.rematchAnswer = choice === "accept";
  try {
    const { table } = await api(`${tablePath()}/rematch`, { method: "POST", body: { accept: room.rematchAnswer } });
    setTable(table);
    if (room.rematchAnswer && table.rematch?.table) {
      location.assign(`/t/${encodeURIComponent(table.rematch.table)}`);
      return;
    }
  } catch (err) {
    toast(refusalText(err), 4000);
    room.rematchAnswer = null;
  }
  reopenOver();
}

/** The game-over dialog again, as it stands (after an answer, or asked for from the toolbar). */
export function reopenOver() {
  fillOverLines();
  if (!dialogEl("#hx-over").open) openDialog(dialogEl("#hx-over"));
}
