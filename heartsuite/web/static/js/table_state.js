// @ts-check
// What the table page remembers beside the Hearts page's `page` object (hearts_state.js, which
// holds the seat view, the socket and the event numbers): the table itself as the server
// describes it, whose turn it is with the timer's deadline, and the rematch.

import { page } from "./hearts_state.js";
import { t } from "./shell.js";

/**
 * A seat as the server lists it.
 * @typedef {{ seat: number, kind: "open" | "person" | "bot", name: string | null, level: string | null,
 *   present: boolean, standin: boolean, away_until: number | null }} Seat
 */
/**
 * The table (GET /api/tables/{table}, and in every `state` message).
 * @typedef {{ id: string, code: string, status: "waiting" | "playing" | "over" | "closed",
 *   rules: import("./hearts_state.js").Rules, players: number, seats: Seat[], you: number | null,
 *   creator: boolean, timer: number, spectators: boolean, speed: string, standin_level: string,
 *   commitment: string, seq: number, rematch: { accepted: number[], table: string | null } | null,
 *   seed: string | null }} TableView
 */

export const room = {
  /** @type {string} the code (or id) in the address */
  code: decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() ?? ""),
  /** @type {TableView | null} */
  table: null,
  /** @type {{ seats: number[], deadline: number | null } | null} who must act, and until when */
  turn: null,
  /** @type {boolean | null} this person's rematch answer */
  rematchAnswer: null,
  /** @type {string | null} the game whose game-over dialog was shown */
  shownOver: null,
  gone: false, // the table is unknown, or closed to this person: nothing more to do
};

/** The table; only called once it has arrived. */
export function tableView() {
  if (!room.table) throw new Error("no table yet");
  return room.table;
}

/**
 * The name shown for a seat: the person's, a computer's level, or nothing for an open seat.
 * @param {Seat} seat
 */
export function seatLabel(seat) {
  if (seat.kind === "bot") return t("table.bot_name", { level: t(`hearts.strength.${seat.level}`) });
  if (seat.kind === "open") return null;
  return seat.name;
}

/**
 * Take a table from the server: who is at the bottom (your seat, or seat 0 for a spectator) and
 * the names the Hearts modules draw.
 * @param {TableView} table
 */
export function setTable(table) {
  room.table = table;
  page.watching = table.you === null || table.you === undefined;
  page.me = page.watching ? 0 : /** @type {number} */ (table.you);
  page.names = table.seats.map(seatLabel);
}

/**
 * A seat view from the server, completed with what the Hearts page's state also carries.
 * @param {Record<string, any>} view
 * @returns {import("./hearts_state.js").TableState}
 */
export function normalise(view) {
  const table = tableView();
  const totals = view.totals ?? [];
  const over = view.over ?? (table.status === "over" || view.phase === "over");
  let winner = view.winner ?? null;
  if (over && winner === null && totals.length) winner = totals.indexOf(Math.min(...totals));
  return /** @type {import("./hearts_state.js").TableState} */ (/** @type {unknown} */ ({
    hand: [], legal: [], received: [], passed: [], moon_options: null, moons: [], history: [],
    ...view,
    code: view.code ?? null,
    players: view.players ?? table.players,
    rules: view.rules ?? table.rules,
    over,
    winner,
    settings: { strength: table.standin_level, speed: table.speed },
  }));
}
