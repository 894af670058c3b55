// @ts-check
// The Hearts game's life on the page: drawing the whole table from the state, starting and
// resuming games, and handling the server's messages (events, states, refusals, hints, errors).

import { formatDay } from "./daily.js";
import { $, $$, dialogEl, maybe } from "./dom.js";
import { autoPlay } from "./hearts_auto.js";
import { askMoon, showOver, showSheet } from "./hearts_dialogs.js";
import { showEvent } from "./hearts_events.js";
import { refused, renderHand, renderPrompt } from "./hearts_hand.js";
import { connect, send } from "./hearts_socket.js";
import { clearChoices, handMode, page } from "./hearts_state.js";
import { renderSeats, renderTrick } from "./hearts_table.js";
import { announce, api, ApiError, nameOf, openDialog, showError, t, toast } from "./shell.js";

/** Draw everything from the state; open the moon choice or the game over dialog when due. */
export function render() {
  const { state, game } = page;
  if (!state || !game) return;
  $("#hx-table").setAttribute("aria-busy", "false");
  $("#hx-loading").hidden = true;
  renderDaily();
  renderSeats();
  renderTrick();
  renderHand();
  renderPrompt();
  $("#hx-claim-btn").hidden = !state.claimable || state.over;
  $("#hx-undo-btn").hidden = !state.undoable || state.over;
  autoPlay((card) => send({ type: "play", card, move: page.state?.move }));
  $("#hx-broken").hidden = !state.hearts_broken || !state.rules.hearts_must_break;
  /** @type {HTMLButtonElement} */ ($("[data-action=hint]")).disabled = !["pass", "play"].includes(handMode());
  if (state.phase === "moon_choice" && state.moon_options && !dialogEl("#hx-moon").open) askMoon();
  if (state.over && page.shownOver !== game.id) {
    page.shownOver = game.id;
    const undone = $("#hx-over-undone");
    undone.hidden = !state.undone;
    undone.textContent = state.undone ? t("hearts.over.undone", { count: state.undone }) : "";
    overDaily();
    showOver().then((choice) => { if (choice === "new") newGame(false); });
  }
}

/**
 * The line above the table of a daily game: its date, and whether it is a replay (another day's,
 * or a second game of the date: it cannot win the date).
 */
function renderDaily() {
  const line = $("#hx-daily-line");
  const daily = page.game?.daily;
  line.hidden = !daily;
  if (!daily) return;
  const date = formatDay(daily.date);
  line.textContent = daily.counts ? t("hearts.daily.date", { date })
    : t("hearts.daily.replay", { date });
  line.classList.toggle("replay", !daily.counts);
}

/** The game over dialog's daily line: the streak now, or that a replay does not count. */
async function overDaily() {
  const line = $("#hx-over-daily");
  const daily = page.game?.daily;
  line.hidden = !daily;
  line.textContent = "";
  if (!daily) return;
  if (!daily.counts) {
    line.textContent = t("hearts.daily.over_replay");
    return;
  }
  try {
    const { stats } = await api(`/api/hearts/daily?date=${encodeURIComponent(daily.date)}`);
    line.textContent = t("h2h.daily.streak", { count: stats.streak, best: stats.best_streak });
  } catch {
    line.hidden = true;
  }
}

/**
 * One message from the server.
 * @param {import("./hearts_socket.js").Message} message
 */
async function handle(message) {
  switch (message.type) {
    case "event":
      if (message.seq <= page.lastSeq) return;
      page.lastSeq = message.seq;
      if (!page.catchingUp) await showEvent(message.event);
      else if (message.event.kind === "round") clearChoices();
      if (message.state) {
        page.state = message.state;
        render();
        if (page.sheetDue && !page.state?.over && !maybe("dialog[open]")) {
          // The round's scores, as a sheet the person closes when ready to pass.
          showSheet();
        }
        page.sheetDue = false;
      }
      return;
    case "state":
      // The state's number, even below the page's: after an undo the events are numbered
      // again from the log as it now is.
      page.lastSeq = message.seq;
      page.catchingUp = false;
      page.state = message.state;
      render();
      return;
    case "refused":
      // `stale`: made on a position the game has left (sent twice, or this page was behind):
      // nothing to say, the state that follows redraws the game as it is.
      if (message.reason === "stale") return;
      if (message.action === "claim" || message.action === "undo") toast(t(`hearts.reason.${message.reason}`), 4000);
      else refused({ card: message.card, reason: message.reason });
      return;
    case "undone":
      // A card taken back: the table as it now is, its events numbered from the cut log.
      page.lastSeq = message.seq;
      page.catchingUp = false;
      page.state = message.state;
      render();
      toast(t("hearts.undo.done"), 3000);
      announce(t("hearts.undo.done"));
      return;
    case "hint":
      page.hinted = message.cards;
      if (handMode() === "pass") toast(t("hearts.hint.pass", { cards: message.cards.map(nameOf).join(", ") }));
      else toast(t("hearts.hint.play", { card: nameOf(message.cards[0]) }));
      render();
      return;
    case "closed":
      await resume();
      return;
    case "error":
      if (message.error === "not_found") {
        toast(t("common.not_found"), 4000);
        await newGame(false);
      } else {
        toast(t("common.error"));
      }
      return;
    default:
  }
}

/**
 * Show a game the server sent and connect to it.
 * @param {import("./hearts_state.js").Summary} summary
 */
function load(summary) {
  const fresh = !page.game || page.game.id !== summary.id;
  page.game = { id: summary.id, code: summary.code, status: summary.status,
    daily: summary.daily };
  if (fresh) {
    page.lastSeq = summary.seq; // the state below already includes every event so far
    clearChoices();
    for (const d of /** @type {HTMLDialogElement[]} */ ($$("dialog[open]"))) d.close();
  }
  page.state = summary.state;
  render();
  connect(handle);
}

/** Continue the person's game, or start one. */
export async function resume() {
  try {
    // The game in play, or one just over: reopened, it shows the final table, not a new deal.
    const { game: current } = await api("/api/hearts/last");
    if (current) load(current);
    else await newGame(false);
  } catch (err) {
    showError(err);
  }
}

/**
 * Ask before a game under way (a trick played) is left for another one; resolves to whether to
 * go on. Nothing is sent to the server before the answer.
 */
export async function mayLeave() {
  const { state, game } = page;
  // the server counts a left game as lost once the person has acted (a pass is an action):
  // ask from that moment, not from the first finished trick
  const underWay = state && !state.over && game && game.status === "playing"
    && ((state.move ?? 0) > 0 || state.history.length + state.tricks.length > 0);
  return !underWay || (await openDialog(dialogEl("#hx-confirm"))) === "new";
}

/**
 * Start a new game (`body`: a deal code or rules, or the date of a daily game), first asking
 * whether to leave a game under way when `confirm`. Resolves to whether it started; a bad code
 * or date is thrown to the caller.
 * @param {boolean} [confirm]
 * @param {{ code?: string, rules?: import("./hearts_state.js").Rules, daily?: string }} [body]
 */
export async function newGame(confirm = true, body = {}) {
  if (confirm && !await mayLeave()) return false;
  try {
    const { game: fresh } = await api("/api/hearts/games", { method: "POST", body });
    page.shownOver = null;
    load(fresh);
    announce(t("hearts.announce.new"));
    return true;
  } catch (err) {
    if (err instanceof ApiError && (err.error === "bad_code" || err.error === "bad_date")) throw err;
    showError(err);
    return false;
  }
}

/**
 * The daily game of a date (today's, as the server counts days: in UTC, by default), asking
 * first when a game under way would be left; that date's daily game already in play goes on.
 * Resolves to whether the date's game is the one shown; a bad or later date is thrown.
 * @param {string} [date]
 */
export async function playDaily(date) {
  const day = date ?? (await api("/api/hearts/daily")).date;
  const { game, state } = page;
  if (game && game.daily?.date === day && game.status === "playing" && !state?.over) return true;
  const started = await newGame(true, { daily: day });
  if (started) announce(t("hearts.daily.date", { date: formatDay(day) }));
  return started;
}

/**
 * The page opened on a link to a daily game (`/hearts?daily=DATE`, today's without a date): the
 * person's game under way is shown first, so that leaving it is asked; a bad or later date is
 * said in a toast, and the person's own game goes on.
 * @param {string} date
 */
export async function openDaily(date) {
  try {
    const { game: current } = await api("/api/hearts/last");
    if (current && current.status === "playing") load(current);
    await playDaily(date || undefined);
  } catch (err) {
    if (err instanceof ApiError && err.error === "bad_date") toast(t("hearts.daily.bad_date"), 6000);
    else showError(err);
  }
  if (!page.game) await resume();
}
