// @ts-check
// Everything the Hearts page remembers, in one object every module reads and writes, and the
// few facts derived from it (how many play, whose turn the hand is, how fast to animate).

/**
 * The rules of a game, as the server sends them (and as the settings dialog edits them).
 * @typedef {{ variant: string, partnership: boolean, passing: boolean, hearts_must_break: boolean,
 *   [field: string]: unknown }} Rules
 */
/**
 * The person's preferences (GET/PUT /api/hearts/prefs). `autoplay`: when the page plays an only
 * legal card by itself ("off", "last", "always"); `undo`: a card may be taken back.
 * @typedef {{ strength: string, speed: string, move_errors: boolean, rules: Rules,
 *   autoplay: string, undo: boolean }} Prefs
 */
/**
 * The server's picture of the table for the person's seat (seat 0 against the computer).
 * @typedef {{
 *   code: string | null, players: number, rules: Rules,
 *   settings?: { strength: string, speed: string, undo?: boolean },
 *   phase: string, pass: string, passed_to: number, waiting_to_pass: number[],
 *   turn: number | null, hand: string[], legal: string[], received: string[],
 *   hand_sizes: number[], totals: number[], round_points: number[], taken?: string[][],
 *   trick: { leader: number, cards: string[] }, tricks: unknown[],
 *   history: number[][], moons: (number | null)[], jacks?: (number | null)[], hearts_broken: boolean,
 *   moon_options: { old: number[], new: number[] } | null,
 *   over: boolean, winner: number | null,
 *   move?: number, claimable?: boolean, undoable?: boolean, undone?: number,
 * }} TableState
 */
/**
 * A daily game's date, today's date (UTC), whether they are the same, and whether the game counts
 * for the date (on the date, and the first game of it begun on the date).
 * @typedef {{ date: string, today: string, on_day: boolean, counts: boolean }} Daily
 */
/**
 * A game as the server lists it (POST /api/hearts/games, GET /api/hearts/last); `daily` for
 * the daily game of a date.
 * @typedef {{ id: string, code: string | null, status: string, seq: number, state: TableState,
 *   daily?: Daily }} Summary
 */

export const page = {
  /** @type {{ id: string, code: string | null, status: string, daily?: Daily } | null} */
  game: null,
  /** @type {TableState | null} the table as last sent; null until the first one arrives */
  state: null,
  /** @type {Prefs | null} */
  prefs: null,
  /** @type {WebSocket | null} */
  socket: null,
  lastSeq: 0, // the last event seen: a reconnection asks for everything after it
  catchingUp: true, // events replayed after (re)connecting are not animated
  retry: 0, // reconnections tried since the last open
  /** @type {Set<string>} cards chosen for the pass */
  selected: new Set(),
  /** @type {string[]} the cards of the last hint */
  hinted: [],
  /** @type {string | null} the game whose game-over dialog was shown */
  shownOver: null,
  sheetDue: false, // a round was just scored: show the score sheet once the state has it
  askingMoon: false, // the moon choice dialog is waiting for an answer
  /** @type {Promise<void>} the server's messages, handled one after another */
  chain: Promise.resolve(),
  // A table with people (table.js) sets the three below; the single-player page keeps them.
  me: 0, // the seat drawn at the bottom: the person's own, or the one a spectator looks from
  /** @type {(string | null)[] | null} the display names by seat, null against the computer */
  names: null,
  watching: false, // a spectator: no hand, nothing to play
};

/**
 * The table; only called once it has arrived.
 * @returns {TableState}
 */
export function table() {
  if (!page.state) throw new Error("no table yet");
  return page.state;
}

/** Forget the pass being chosen and the hint (a new round, a new game). */
export function clearChoices() {
  page.selected = new Set();
  page.hinted = [];
}

export const players = () => (page.state ? page.state.players : 4);

/**
 * Where a seat sits around the table counted clockwise from the bottom (0 = the bottom seat).
 * @param {number} seat
 */
export const offsetOf = (seat) => (seat - page.me + players()) % players();

/** @param {number | null | undefined} seat whether it is the person's own seat */
export const isMine = (seat) => !page.watching && seat === page.me;

/** What the hand is for now: choosing the pass, playing a card, waiting, or nothing. */
export function handMode() {
  const state = page.state;
  if (!state || state.over || page.watching) return "none";
  if (state.phase === "pass" && state.waiting_to_pass.includes(page.me)) return "pass";
  if (state.phase === "play" && state.turn === page.me) return "play";
  return "wait";
}

/** @type {Record<string, number>} */
const ANIM_MS = { slow: 320, normal: 240, fast: 150, instant: 0 };
const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
/** The speed of play now: the table's, else the person's preference. */
export const speed = () => (page.state?.settings?.speed) || page.prefs?.speed || "normal";
/** How long a card's flight lasts now: none when catching up or when less motion is asked for. */
export const animMs = () => (reducedMotion.matches || page.catchingUp ? 0 : ANIM_MS[speed()] ?? 200);
