// @ts-check
// The Heart to Heart page: sends taps to the server and draws the game it gets back.

import { Board, moveFocus } from "./board.js";
import { celebrate, formatDay } from "./daily.js";
import { $, $$, dialogEl, isShortcutKey, replayClass, targetOf } from "./dom.js";
import { codeDialog, copyCode, introBanner } from "./game_ui.js";
import {
  announce, api, ApiError, cardName, clock, num, openDialog, pageData, showError, t, tCode, toast,
} from "./shell.js";
import { Replay } from "./replay.js";

/** @typedef {import("./board.js").View} View */
/** @typedef {number | "stock" | "waste"} Target */
/**
 * The server's view of a game (heartsuite/web/h2h_sessions.py `view`).
 * @typedef {View & {
 *   id: string, code: string, status: string, score: number, moves: number, elapsed_ms: number,
 *   won: boolean, blocked: boolean, can_undo: boolean, winnable?: boolean | null,
 *   deal_winnable?: boolean,
 *   hints_used: number, selected: Target | null,
 *   settings: { placement_help: boolean, [name: string]: boolean },
 *   hints: { playable: Target[], partners: Target[], dimmed: Target[] },
 *   daily?: Daily,
 * }} Game
 */
/**
 * A daily deal's figures (heartsuite/web/h2h/daily.py `daily_stats`).
 * @typedef {{ date: string, played: boolean, won: boolean, fewest: number | null,
 *   shortest: number | null }} DailyDay
 * @typedef {{ today: string, streak: number, best_streak: number, played: number, won: number,
 *   days: DailyDay[], result?: DailyDay | null }} DailyStats
 * What a daily game carries: its date, whether it is played on that date (UTC), the moves of
 * the deal's shortest solution, and once won the person's daily figures.
 * @typedef {{ date: string, today: string, on_day: boolean, shortest: number | null,
 *   stats?: DailyStats }} Daily
 */

const INTRO_KEY = "heartsuite.h2h.intro-seen";

const board = new Board($("#table"), pageData.geometry);
/** @type {Game | null} the server's view */
let game = null;
/** @type {Target[]} */
let hinted = [];
/** @type {Promise<void>} */
let queue = Promise.resolve();

// The clock: the server stores it; the page runs it while the game is on and the page visible.
/** @type {{ base: number, since: number | null }} */
const timer = { base: 0, since: null };
const elapsed = () => timer.base + (timer.since === null ? 0 : performance.now() - timer.since);
function timerShouldRun() {
  return game !== null && game.status === "playing" && !game.won && game.moves > 0
    && document.visibilityState === "visible";
}
function syncTimer() {
  const run = timerShouldRun();
  if (run && timer.since === null) timer.since = performance.now();
  if (!run && timer.since !== null) {
    timer.base = elapsed();
    timer.since = null;
  }
  $("[data-info=time]").textContent = clock(elapsed());
}
setInterval(() => { if (timer.since !== null) syncTimer(); }, 250);

/** @returns {import("./board.js").Marks} */
function marks() {
  /** @type {import("./board.js").Marks} */
  const m = { hinted };
  if (!game) return m;
  m.selected = game.selected;
  if (game.settings.placement_help) {
    m.playable = game.hints.playable;
    m.partners = game.hints.partners;
    m.dimmed = game.hints.dimmed;
  }
  return m;
}

function render() {
  if (!game) return;
  board.render(game, marks());
  $("#table").setAttribute("aria-busy", "false");
  $("#loading").hidden = true;
  $("[data-info=score]").textContent = num(game.score);
  $("[data-info=moves]").textContent = num(game.moves);
  $("[data-info=code]").textContent = game.code;
  /** @type {HTMLButtonElement} */ ($("[data-action=undo]")).disabled = !game.can_undo;
  const daily = $("#daily-line");
  daily.hidden = !game.daily;
  if (game.daily) {
    const date = formatDay(game.daily.date);
    daily.textContent = game.daily.on_day ? t("h2h.daily.date", { date })
      : t("h2h.daily.replay", { date });
    daily.classList.toggle("replay", !game.daily.on_day);
  }
  const line = $("#winnable-line");
  line.hidden = game.winnable === null || game.winnable === undefined;
  if (!line.hidden) {
    line.textContent = game.winnable ? t("h2h.status.winnable")
      : game.deal_winnable === false ? t("h2h.status.never") : t("h2h.status.lost");
    line.classList.toggle("bad", !game.winnable);
  }
  syncTimer();
}

/** @param {Game} view */
function load(view) {
  const fresh = !game || game.id !== view.id;
  game = view;
  if (fresh) {
    timer.base = view.elapsed_ms;
    timer.since = null;
    hinted = [];
  }
  render();
}

// The server down: a lasting banner with a retry (and a retry every few seconds by itself), and
// every tap refused visibly (the card shakes, the banner flashes) rather than dropped in silence.
let offline = false;
let retryTimer = 0;
const RETRY_MS = 4000;

/** @param {boolean} down */
function setOffline(down) {
  const was = offline;
  offline = down;
  $("#conn").hidden = !down;
  clearTimeout(retryTimer);
  if (down) retryTimer = window.setTimeout(reconnect, RETRY_MS);
  if (down && !was) announce(t("h2h.offline.banner"));
}

/**
 * A tap (or any action) while the server is down: not sent, and seen not to be.
 * @param {Target} [target]
 */
function refuseOffline(target) {
  if (target !== undefined) board.shake(target);
  replayClass($("#conn"), "flash");
}

/** Ask the server again (the banner's button, and by itself): back, the game is redrawn. */
async function reconnect() {
  clearTimeout(retryTimer);
  try {
    const answer = await api(game ? `/api/h2h/games/${game.id}` : "/api/h2h/current");
    setOffline(false);
    announce(t("h2h.offline.back"));
    if (answer.game) load(answer.game);
  } catch (err) {
    // Any answer at all means the server is back; what it said is for the next call to handle.
    setOffline(err instanceof ApiError && err.status === 0);
  }
}

/**
 * Run server calls one after another, so fast taps keep their order. While the server is down
 * nothing is sent: the job is refused visibly (`target` shakes).
 * @param {() => Promise<void>} job
 * @param {Target} [target]
 */
function enqueue(job, target) {
  if (offline) {
    refuseOffline(target);
    return queue;
  }
  queue = queue.then(job).catch(async (err) => {
    if (err instanceof ApiError && err.status === 0) {
      setOffline(true);
      refuseOffline(target);
      return;
    }
    if (err instanceof ApiError && err.error === "stale" && err.body?.game) {
      // Made on a position the game has left (a retried request, another window): redraw.
      load(/** @type {Game} */ (err.body.game));
    } else if (err instanceof ApiError && err.status === 404) {
      toast(t("common.not_found"), 4000);
      const { game: current } = await api("/api/h2h/current");
      load(current ?? await createGame({}, null));
    } else if (err instanceof ApiError && err.error === "finished") {
      // Another window started a new game: continue with the person's current one.
      toast(t("h2h.game_ended"), 4000);
      const { game: current } = await api("/api/h2h/current");
      load(current ?? await createGame({}, null));
    } else {
      showError(err);
    }
  }).catch(showError);
  return queue;
}

/** @param {Record<string, unknown>} [extra] */
const body = (extra = {}) => ({ elapsed_ms: Math.round(elapsed()), ...extra });

/**
 * Start a game (by code, or a fresh deal) in place of `replaces`, by default the game shown: the
 * server refuses with `stale` when the person's game in play is another one, so a request sent
 * twice starts one game.
 * @param {{ code?: string, daily?: string }} request
 * @param {string | null} [replaces]
 * @returns {Promise<Game>}
 */
async function createGame(request, replaces = game?.id ?? null) {
  const answer = await api("/api/h2h/games", { method: "POST", body: { replaces, ...request } });
  return answer.game;
}

/**
 * Say what a move did.
 * @param {{ kind: string, cards: Target[] }} event
 * @param {Game} view
 */
function narrate(event, view) {
  const card = (/** @type {Target} */ c) => (c === "waste" ? cardName(view.waste_top ?? "A") : cardName(
    view.layout[Number(c) - 1] ?? "A"));
  switch (event.kind) {
    case "pair_removed": announce(t("h2h.announce.pair", { score: view.score })); break;
    case "drew": announce(t("h2h.announce.drew", { card: cardName(view.waste_top ?? "") })); break;
    case "redealt": announce(t("h2h.announce.redealt")); break;
    case "selected": announce(t("h2h.announce.selected", { card: card(event.cards[0]) })); break;
    case "deselected": announce(t("h2h.announce.deselected")); break;
    case "undone": announce(t("h2h.announce.undone", { score: view.score })); break;
    default: break;
  }
}

/** @param {Game} before */
async function afterMove(before) {
  if (!game) return;
  if (game.won && !before.won) {
    celebrate();
    await showWon();
  } else if (game.blocked && !before.blocked) {
    await showBlocked();
  }
}

/** @param {Target} target */
function tap(target) {
  return enqueue(async () => {
    if (!game || game.status !== "playing") return;
    const before = game;
    // The position it was made on: a retried tap is refused (`stale`), never played twice.
    const { game: view, event } = await api(`/api/h2h/games/${game.id}/tap`,
      { method: "POST", body: body({ target, move: game.moves, selected: game.selected }) });
    if (event.move) hinted = [];
    load(view);
    if (event.reason) {
      board.shake(event.cards[event.cards.length - 1] ?? target);
      if (event.error) toast(t(`h2h.reason.${event.reason}`));
    }
    narrate(event, view);
    // Not awaited: the dialog's buttons queue calls of their own behind this one.
    afterMove(before);
  }, target);
}

function undo() {
  return enqueue(async () => {
    if (!game || game.status !== "playing") return;
    const { game: view, event } = await api(`/api/h2h/games/${game.id}/undo`,
      { method: "POST", body: body({ move: game.moves }) });
    hinted = [];
    load(view);
    if (event.kind === "refused") toast(t(`h2h.reason.${event.reason}`));
    else narrate(event, view);
  });
}

function hint() {
  return enqueue(async () => {
    if (!game || game.status !== "playing" || !pageData.solver) return;
    /** @type {{ game: Game, hint: { cards: Target[], move: string } | null, never?: boolean }} */
    const { game: view, hint: found, never } = await api(`/api/h2h/games/${game.id}/hint`,
      { method: "POST", body: body() });
    hinted = found ? found.cards : [];
    load(view);
    if (!found) toast(never ? t("h2h.hint.never") : t("h2h.hint.none"), 4000);
    else if (found.move === "D") toast(t("h2h.hint.draw"));
    else if (found.move === "R") toast(t("h2h.hint.redeal"));
    else toast(t("h2h.hint.pair"));
  });
}

/** @param {{ code?: string, daily?: string }} [request] */
function startGame(request = {}) {
  return enqueue(async () => {
    load(await createGame(request));
    announce(t("h2h.title"));
  });
}

/**
 * Whether leaving `view` for another deal costs something: a game with moves, neither won nor
 * stuck, counts as lost when it is replaced (a game left before its first move is not counted).
 * @param {Game | null | undefined} view
 */
const inProgress = (view) => Boolean(view && view.status === "playing" && view.moves > 0
  && !view.blocked && !view.won);

/**
 * Ask before a game in progress is left for another deal (New game, a deal by code, a link to
 * a deal); resolves to whether to go on. Nothing is sent to the server before the answer.
 * @param {Game | null | undefined} view
 */
async function mayLeave(view) {
  return !inProgress(view) || await openDialog(dialogEl("#dlg-confirm")) === "new";
}

async function newGame() {
  await queue;
  if (!await mayLeave(game)) return;
  await startGame();
}

/** The same deal from its first move (asked first when moves were made: it counts as lost). */
async function restartDeal() {
  await queue;
  if (!game || game.moves === 0) return;
  if (inProgress(game) && await openDialog(dialogEl("#dlg-restart")) !== "restart") return;
  // The daily deal starts again as the daily deal (its date's figures still count it).
  await startGame(game.daily ? { daily: game.daily.date } : { code: game.code });
  announce(t("h2h.restarted"));
}

/**
 * The daily deal of a date (today's, as the server counts days: in UTC, by default) in place of
 * `current` (the game shown, or the person's game in play when the page opens on a link). Asked
 * first when a game in progress would be left; that date's daily deal already in play goes on.
 * @param {string} [date]
 * @param {Game | null} [current]
 */
async function playDaily(date, current = game) {
  await queue;
  const day = date ?? (await api("/api/h2h/daily")).date;
  if (current && current.daily?.date === day && current.status === "playing") {
    load(current);
    return;
  }
  if (!await mayLeave(current)) return;
  await enqueue(async () => {
    load(await createGame({ daily: day }, current?.id ?? null));
    announce(t("h2h.daily.date", { date: formatDay(day) }));
  });
}

/** The daily lines of the win dialog: moves against the best possible, the streak, a replay. */
function wonDaily() {
  const block = $("#won-daily-block");
  const daily = game?.daily;
  block.hidden = !daily;
  if (!game || !daily) return;
  $("#won-daily").textContent = daily.shortest === null ? ""
    : t("h2h.daily.moves", { count: game.moves, best: daily.shortest });
  const stats = daily.stats;
  $("#won-daily-streak").textContent = stats
    ? t("h2h.daily.streak", { count: stats.streak, best: stats.best_streak }) : "";
  $("#won-daily-note").textContent = daily.on_day ? "" : t("h2h.daily.won_replay");
}

async function showWon() {
  if (!game) return;
  syncTimer();
  $("#won-summary").textContent = t("h2h.won.body",
    { score: game.score, time: clock(game.elapsed_ms), count: game.moves });
  $("#won-hints").textContent = game.hints_used ? t("h2h.won.hints", { count: game.hints_used })
    : "";
  wonDaily();
  const choice = await openDialog(dialogEl("#dlg-won"));
  if (choice === "new") await startGame();
  if (choice === "solution") await showSolution();
}

async function showBlocked() {
  if (!game) return;
  // A game already given up (its solution was shown) cannot be undone any more.
  $("#dlg-blocked [value=undo]").hidden = game.status !== "playing";
  const choice = await openDialog(dialogEl("#dlg-blocked"));
  if (choice === "undo") await undo();
  if (choice === "new") await startGame();
  if (choice === "solution") await showSolution();
}

async function showSolution() {
  if (!game) return;
  const id = game.id;
  const dialog = dialogEl("#dlg-solution");
  const root = $("#solution-replay");
  root.textContent = t("common.loading");
  const opened = openDialog(dialog);
  try {
    const data = await api(`/api/h2h/games/${id}/solution`, { method: "POST", body: {} });
    if (!data.frames) {
      root.textContent = t("h2h.solution.none");
    } else {
      const replay = new Replay(root, pageData.geometry, data.frames);
      replay.start();
      opened.then(() => replay.stop());
    }
    load((await api(`/api/h2h/games/${id}`)).game);
  } catch (err) {
    root.textContent = err instanceof ApiError && err.error === "no_solver"
      ? t("h2h.solution.unavailable") : t("common.error");
  }
  await opened;
  // After a win the solution is a look back: closing it returns to the win dialog (its New
  // game is one tap away); a game given up for its solution is over, so a new one is dealt.
  if (game?.won) await showWon();
  else if (game?.status !== "playing") await startGame();
}

const playCode = codeDialog(dialogEl("#dlg-code"), {
  empty: () => t("h2h.code.empty"),
  // The game a code replaces is the one in play, which may be another window's.
  confirm: async () => mayLeave((await api("/api/h2h/current")).game),
  play: async (code) => {
    try {
      load(await createGame({ code }, await shownOrCurrent()));
      return null;
    } catch (err) {
      if (err instanceof ApiError && (err.error === "bad_code" || err.status === 422)) {
        return tCode("h2h.code.bad", { code });
      }
      showError(err);
      return undefined;
    }
  },
});

/**
 * The game a deliberate "play this code" replaces: the one in play (which may be another
 * window's), else the one shown.
 * @returns {Promise<string | null>}
 */
async function shownOrCurrent() {
  const { game: current } = await api("/api/h2h/current");
  return current?.id ?? game?.id ?? null;
}

async function copyGameCode() {
  if (!game) return;
  const { code } = game;
  await copyCode(code, tCode("h2h.copied", { code }), tCode("h2h.copy_manual", { code }), 6000);
}

async function openSettings() {
  const dialog = dialogEl("#dlg-settings");
  /** @type {Record<string, boolean>} */
  const prefs = await api("/api/h2h/prefs");
  for (const input of /** @type {HTMLInputElement[]} */ ($$("input[type=checkbox]", dialog))) {
    input.checked = Boolean(prefs[input.name]);
    const needs = input.name === "winnable_only" ? !pageData.winnable
      : input.name === "show_winnable" ? !pageData.solver : false;
    input.disabled = needs;
    $("[data-needs-solver]", /** @type {HTMLElement} */ (input.closest("label"))).hidden = !needs;
  }
  await openDialog(dialog);
}

/** @param {HTMLInputElement} input */
async function changeSetting(input) {
  await api("/api/h2h/prefs", { method: "PUT", body: { [input.name]: input.checked } });
  if (game) load((await api(`/api/h2h/games/${game.id}`)).game);
}

const dismissIntro = introBanner($("#first-visit"), INTRO_KEY);

/** @type {Record<string, () => unknown>} */
const actions = {
  undo, hint, new: newGame, restart: restartDeal, daily: () => playDaily(), code: playCode,
  copy: copyGameCode,
  settings: openSettings,
  help: () => openDialog(dialogEl("#dlg-help")),
  menu: () => openDialog(dialogEl("#dlg-menu")),
  "dismiss-intro": dismissIntro,
  retry: reconnect,
};

document.addEventListener("click", (event) => {
  const el = /** @type {HTMLElement | null} */ (
    targetOf(event).closest("[data-pos], [data-pile], [data-action]"));
  if (!el) return;
  if (el.dataset.pos) tap(Number(el.dataset.pos));
  else if (el.dataset.pile) tap(/** @type {"stock" | "waste"} */ (el.dataset.pile));
  else {
    const menu = dialogEl("#dlg-menu");
    if (menu.open && menu.contains(el)) menu.close();
    actions[el.dataset.action ?? ""]?.();
  }
});

$("#dlg-settings").addEventListener("change", (event) => {
  const input = /** @type {HTMLInputElement} */ (targetOf(event));
  if (input.matches("input[type=checkbox]")) changeSetting(input).catch(showError);
});

document.addEventListener("keydown", (event) => {
  if (!isShortcutKey(event)) return;
  const key = event.key.toLowerCase();
  const target = targetOf(event);
  if (event.key.startsWith("Arrow") && target.closest?.("#table")) {
    if (moveFocus($("#table"), target, event.key)) event.preventDefault();
    return;
  }
  /** @type {Record<string, () => unknown>} */
  const shortcuts = { d: () => tap("stock"), w: () => tap("waste"), u: undo, n: newGame, h: hint,
    "?": () => openDialog(dialogEl("#dlg-help")) };
  if (key === "escape" && game?.selected != null) {
    tap(game.selected);
  } else if (shortcuts[key]) {
    event.preventDefault();
    shortcuts[key]();
  }
});

document.addEventListener("visibilitychange", () => {
  syncTimer();
  if (document.visibilityState === "hidden" && game?.status === "playing" && game.moves > 0) {
    const data = JSON.stringify(body());
    navigator.sendBeacon?.(`/api/h2h/games/${game.id}/clock`,
      new Blob([data], { type: "application/json" }));
  }
});

async function init() {
  for (const el of $$("[data-needs-solver], .needs-solver")) {
    if (el.matches("button, .tool")) el.hidden = !pageData.solver;
  }
  $(".toolbar [data-action=hint]").hidden = !pageData.solver;
  $("#daily-menu-date").textContent = formatDay(pageData.daily_today);
  const params = new URLSearchParams(location.search);
  const daily = params.get("daily");
  if (daily !== null) {
    // A link to the daily deal (the home page's, the statistics' days): today's when no date.
    history.replaceState(null, "", location.pathname);
    try {
      const { game: current } = await api("/api/h2h/current");
      if (inProgress(current)) load(current);
      await playDaily(daily || undefined, current);
      if (game) return;
    } catch (err) {
      if (err instanceof ApiError && err.status < 500) toast(t("common.error"), 6000);
      else showError(err);
    }
  }
  const code = params.get("code");
  if (code) {
    history.replaceState(null, "", location.pathname);
    try {
      // A link to a deal (the statistics' "Play this deal again") while a game is in progress:
      // show that game and ask first; keeping it plays on with it.
      const { game: current } = await api("/api/h2h/current");
      if (inProgress(current)) load(current);
      if (await mayLeave(current)) {
        load(await createGame({ code }, current?.id ?? null));
        return;
      }
    } catch (err) {
      // A link with a bad code: say so, then go on with the person's own game.
      if (err instanceof ApiError && err.status < 500) toast(tCode("h2h.code.bad", { code }), 6000);
      else showError(err);
    }
  }
  await enqueue(async () => {
    // The game in play, or one just finished: reopened, it shows its end, not a new deal.
    const { game: current } = await api("/api/h2h/last");
    if (current) {
      load(current);
      if (current.won) showWon();
      else if (current.blocked || current.status !== "playing") showBlocked();
    } else {
      load(await createGame({}, null));
    }
  });
}

init();
