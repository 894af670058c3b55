// @ts-check
// Statistics: figures computed by the server from the stored games.

import { formatDay } from "./daily.js";
import { $ } from "./dom.js";
import { api, clock, num, openDialog, showError, t, toast } from "./shell.js";

/**
 * Heart to Heart figures, for all games or for one deal (then with its code).
 * @typedef {{ played: number, won: number, win_rate: number | null, streak: number,
 *   best_streak: number, best_time_ms: number | null, fewest_moves: number | null,
 *   best_score: number | null, hints: number, code?: string }} Figures
 */

const dash = () => t("stats.dash");
/** @param {number | null} x */
const pct = (x) => (x === null ? dash()
  : new Intl.NumberFormat(document.documentElement.lang, { style: "percent" }).format(x));
/**
 * @param {number | null | undefined} x
 * @param {(x: number) => string} [f]
 */
const val = (x, f = num) => (x === null || x === undefined ? dash() : f(x));

/**
 * @param {HTMLElement} root
 * @param {[string, string][]} items
 */
function tiles(root, items) {
  root.replaceChildren(...items.map(([key, value]) => {
    const tile = document.createElement("div");
    tile.className = "stat";
    tile.dataset.stat = key;
    const v = document.createElement("span");
    v.className = "stat-value";
    v.textContent = value;
    const label = document.createElement("span");
    label.className = "stat-label";
    label.textContent = t(`stats.${key}`);
    tile.append(v, label);
    return tile;
  }));
}

/**
 * @param {Figures} s
 * @returns {[string, string][]}
 */
function h2hFigures(s) {
  return [
    ["played", num(s.played)], ["won", num(s.won)], ["win_rate", pct(s.win_rate)],
    ["streak", num(s.streak)], ["best_streak", num(s.best_streak)],
    ["best_time", val(s.best_time_ms, clock)], ["fewest_moves", val(s.fewest_moves)],
    ["best_score", val(s.best_score)], ["hints", num(s.hints)],
  ];
}

/**
 * @param {HTMLElement} root
 * @param {string} text
 */
function message(root, text) {
  const p = document.createElement("p");
  p.className = "stat-none";
  p.textContent = text;
  root.replaceChildren(p);
}

/** The per-deal figures, in the table's columns and the cards' lines. */
const DEAL_COLS = ["played", "won", "win_rate", "best_streak", "best_time", "fewest_moves",
  "best_score"];

/**
 * The deals twice, one shown at a time by the width of #stats-deals (app.css, a container
 * query): a table where its columns all fit, else a card per deal (a definition list and the
 * "Play this deal again" link across the card). Only the shown one is in the accessibility tree.
 * @param {HTMLElement} root
 * @param {(Figures & { code: string })[]} deals
 */
function dealsTable(root, deals) {
  // No per-deal table (nor its heading) until a game is finished.
  root.hidden = !deals.length;
  /** @type {HTMLElement} */ (root.previousElementSibling).hidden = !deals.length;
  if (!deals.length) return;
  const cols = DEAL_COLS;
  const head = `<tr><th scope="col">${t("stats.deal")}</th>${cols.map((c) =>
    `<th scope="col">${t(`stats.${c}`)}</th>`).join("")}`
    // the links' column: named for screen readers' table navigation, no visible heading
    + `<th scope="col"><span class="visually-hidden">${t("stats.play_again")}</span></th></tr>`;
  const figures = deals.map((d) => /** @type {Record<string, string>} */ (
    Object.fromEntries(h2hFigures(d))));
  /**
   * The link, described by the deal's code (the same words in every row otherwise).
   * @param {string} code
   * @param {string} cls
   * @param {string} codeId
   */
  const again = (code, cls, codeId) => `<a class="btn ${cls}" aria-describedby="${codeId}" `
    + `href="/h2h?code=${encodeURIComponent(code)}">${t("stats.play_again")}</a>`;
  const rows = deals.map((d, i) =>
    `<tr><th scope="row" dir="ltr" class="code" id="deal-row-${i}">${d.code}</th>${cols.map((c) =>
      `<td>${figures[i][c]}</td>`).join("")}<td class="again">`
      + `${again(d.code, "small", `deal-row-${i}`)}</td></tr>`)
    .join("");
  const cards = deals.map((d, i) =>
    `<li class="deal-card"><h4 class="deal-card-code"><span class="code" dir="ltr" `
    + `id="deal-card-${i}">${d.code}</span></h4><dl>${cols.map((c) =>
      `<div data-stat="${c}"><dt>${t(`stats.${c}`)}</dt><dd>${figures[i][c]}</dd></div>`)
      .join("")}</dl>${again(d.code, "primary", `deal-card-${i}`)}</li>`)
    .join("");
  root.innerHTML = `<table class="deals"><thead>${head}</thead><tbody>${rows}</tbody></table>`
    + `<ul class="deal-cards">${cards}</ul>`;
}

/**
 * Hearts figures of a group of games (all of them, or one variant's).
 * @typedef {{ games: number, wins: number, avg_points: number | null, moons: number,
 *   moons_suffered: number, queens: number, undone?: number }} HeartsFigures
 * @typedef {{ all: HeartsFigures, variants: Record<string, HeartsFigures> }} HeartsGroup
 */

/** @param {number} x */
const oneDecimal = (x) => new Intl.NumberFormat(document.documentElement.lang,
  { maximumFractionDigits: 1 }).format(x);

/**
 * Games at tables with other people apart from games against the computer, per variant: one
 * table per group with games, shown once a game with people is finished (before that the tiles
 * above say everything).
 * @param {HTMLElement} root
 * @param {{ people: HeartsGroup, computer: HeartsGroup }} groups
 */
function opponentsTables(root, groups) {
  root.hidden = !groups.people.all.games;
  if (root.hidden) return;
  const cols = ["games", "wins", "avg_points", "moons"];
  /** @param {HeartsFigures} f */
  const cells = (f) => [num(f.games), num(f.wins), val(f.avg_points, oneDecimal), num(f.moons)]
    .map((v) => `<td>${v}</td>`).join("");
  root.innerHTML = /** @type {const} */ (["people", "computer"])
    .filter((group) => groups[group].all.games)
    .map((group) => {
      const g = groups[group];
      const head = `<tr><th scope="col">${t("stats.hearts.variant")}</th>${cols.map((c) =>
        `<th scope="col">${t(`stats.hearts.${c}`)}</th>`).join("")}</tr>`;
      const rows = Object.entries(g.variants).map(([name, f]) =>
        `<tr><th scope="row">${t(`hearts.variant.${name}`)}</th>${cells(f)}</tr>`).join("");
      return `<h3>${t(`stats.hearts.${group}`)}</h3><table class="deals" data-group="${group}">`
        + `<thead>${head}</thead><tbody>${rows}</tbody></table>`;
    }).join("");
}

/**
 * The daily deal: streaks and days as tiles, then the latest dates, each with its result, the
 * fewest moves against the best possible and a link to play that date's deal again.
 * @param {import("./h2h.js").DailyStats} daily
 */
function dailySection(daily) {
  const root = $("#stats-daily");
  if (!daily.days.length && !daily.played) {
    message(root, t("stats.daily.none"));
  } else {
    tiles(root, [["daily.streak", num(daily.streak)], ["daily.best_streak", num(daily.best_streak)],
      ["daily.played", num(daily.played)], ["daily.won", num(daily.won)]]);
  }
  $("#stats-daily-days").replaceChildren(...daily.days.map((day) => dayRow(day.date,
    t(day.won ? "stats.daily.won_day"
      : day.fewest !== null ? "stats.daily.won_replay" : "stats.daily.not_won"),
    ["daily-day-moves", day.fewest !== null && day.shortest !== null
      ? t("h2h.daily.moves", { count: day.fewest, best: day.shortest })
      : day.shortest !== null ? t("stats.daily.best_possible", { best: day.shortest }) : ""],
    `/h2h?daily=${encodeURIComponent(day.date)}`)));
}

/**
 * One date of a daily list: the date in the reader's words, how the person did, one figure (its
 * class and text), and a link to play that date again, named with the date.
 * @param {string} day
 * @param {string} result
 * @param {[string, string]} figure
 * @param {string} href
 */
function dayRow(day, result, [figureClass, figure], href) {
  const li = document.createElement("li");
  li.className = "daily-day";
  li.dataset.date = day;
  const date = document.createElement("span");
  date.className = "daily-day-date";
  date.textContent = formatDay(day);
  const status = document.createElement("span");
  status.className = "daily-day-status";
  status.textContent = result;
  const detail = document.createElement("span");
  detail.className = figureClass;
  detail.textContent = figure;
  const again = document.createElement("a");
  again.className = "btn small";
  again.href = href;
  again.textContent = t("stats.daily.replay");
  again.setAttribute("aria-label", `${t("stats.daily.replay")}: ${date.textContent}`);
  li.append(date, status, detail, again);
  return li;
}

/**
 * A date of the Hearts daily game (heartsuite/web/hearts/daily.py `daily_stats`): played and won
 * on the date itself, won at all (replays included), the lowest final score.
 * @typedef {{ date: string, played: boolean, won: boolean, won_any: boolean,
 *   best: number | null }} HeartsDailyDay
 * @typedef {{ today: string, streak: number, best_streak: number, played: number, won: number,
 *   days: HeartsDailyDay[] }} HeartsDailyStats
 */

/**
 * The Hearts daily game: streaks and days as tiles, then the latest dates, each with its result,
 * its lowest final score and a link to play that date's game again.
 * @param {HeartsDailyStats} daily
 */
function heartsDailySection(daily) {
  const root = $("#stats-hearts-daily");
  if (!daily.days.length && !daily.played) {
    message(root, t("stats.hearts_daily.none"));
  } else {
    tiles(root, [["hearts_daily.streak", num(daily.streak)],
      ["hearts_daily.best_streak", num(daily.best_streak)],
      ["hearts_daily.played", num(daily.played)], ["hearts_daily.won", num(daily.won)]]);
  }
  $("#stats-hearts-daily-days").replaceChildren(...daily.days.map((day) => dayRow(day.date,
    t(day.won ? "stats.hearts_daily.won_day"
      : day.won_any ? "stats.hearts_daily.won_replay" : "stats.hearts_daily.not_won"),
    ["daily-day-best", day.best === null ? "" : t("stats.hearts_daily.best", { score: day.best })],
    `/hearts?daily=${encodeURIComponent(day.date)}`)));
}

/**
 * A level's name: a computer strength, "mixed" (computers of several strengths), or none known.
 * @param {string | null} level
 */
const levelName = (level) => (level === null ? t("stats.hearts.level_none")
  : level === "mixed" ? t("stats.hearts.level_mixed") : t(`hearts.strength.${level}`));

/**
 * Against the computer, one row per variant and level (the server's order).
 * @param {HTMLElement} root
 * @param {(HeartsFigures & { variant: string, level: string | null })[]} rows
 */
function levelsTable(root, rows) {
  root.hidden = !rows.length;
  /** @type {HTMLElement} */ (root.previousElementSibling).hidden = !rows.length;
  if (!rows.length) return;
  const cols = ["games", "wins", "avg_points", "moons", "moons_suffered", "queens"];
  const head = `<tr><th scope="col">${t("stats.hearts.variant")}</th>`
    + `<th scope="col">${t("stats.hearts.level")}</th>`
    + cols.map((c) => `<th scope="col">${t(`stats.hearts.${c}`)}</th>`).join("") + "</tr>";
  // each cell names its column too: on a narrow screen the rows stand as cards (themes.css)
  const cell = (/** @type {string} */ key, /** @type {string} */ v) =>
    `<td data-label="${t(key)}">${v}</td>`;
  const body = rows.map((r) => `<tr data-variant="${r.variant}" data-level="${r.level ?? ""}">`
    + `<th scope="row">${t(`hearts.variant.${r.variant}`)}</th>`
    + cell("stats.hearts.level", levelName(r.level))
    + [num(r.games), num(r.wins), val(r.avg_points, oneDecimal), num(r.moons),
      num(r.moons_suffered), num(r.queens)].map((v, i) => cell(`stats.hearts.${cols[i]}`, v))
      .join("") + "</tr>")
    .join("");
  root.innerHTML = `<table class="deals levels"><thead>${head}</thead><tbody>${body}</tbody></table>`;
}

/**
 * One of the last games, for the chart.
 * @typedef {{ finished: number, variant: string, level: string | null, people: boolean,
 *   won: boolean, rounds: number, points: number, avg_points: number }} Recent
 */

/** @param {number} seconds */
const dateOf = (seconds) => new Intl.DateTimeFormat(document.documentElement.lang,
  { dateStyle: "medium", timeStyle: "short" }).format(new Date(seconds * 1000));

/**
 * A step for the value axis: 1, 2 or 5 times a power of ten, about four steps over `span`.
 * @param {number} span
 */
function niceStep(span) {
  const raw = Math.max(span, 1) / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * power).find((step) => step >= raw) ?? raw;
}

/**
 * The chart of points per round in the last games (an inline SVG, oldest at the start of the
 * reading direction; a filled dot is a win, a ring a loss), its title and description for
 * assistive technology, and the same games as a table.
 * @param {HTMLElement} root
 * @param {Recent[]} games
 */
function recentChart(root, games) {
  root.hidden = games.length === 0;
  if (!games.length) return;
  // drawn at the size it is shown (its texts stay readable on a phone), redrawn when that changes
  const shownWidth = /** @type {HTMLElement} */ ($(".stats-chart-svg", root)).clientWidth;
  const W = Math.round(Math.min(900, Math.max(280, shownWidth || 640)));
  const H = W < 480 ? 200 : 240, left = 44, right = 16, top = 14, bottom = 30;
  const values = games.map((g) => g.avg_points);
  const step = niceStep(Math.max(...values, 0) - Math.min(...values, 0));
  const low = Math.min(0, Math.floor(Math.min(...values) / step) * step);
  const high = Math.max(step, Math.ceil(Math.max(...values) / step) * step);
  const rtl = document.documentElement.dir === "rtl";
  const across = (/** @type {number} */ i) => {
    const x = games.length === 1 ? (left + W - right) / 2
      : left + (i * (W - left - right)) / (games.length - 1);
    return rtl ? W - x : x;
  };
  const down = (/** @type {number} */ v) => top + ((high - v) * (H - top - bottom)) / (high - low);
  const grid = [];
  for (let v = low; v <= high + 1e-9; v += step) {
    const y = down(v).toFixed(1);
    const labelX = rtl ? W - left + 6 : left - 6;
    grid.push(`<line x1="${rtl ? right : left}" x2="${rtl ? W - left : W - right}" y1="${y}" y2="${y}" class="grid${v === 0 ? " zero" : ""}"/>`
      + `<text x="${labelX}" y="${y}" text-anchor="${rtl ? "start" : "end"}" dominant-baseline="central">${oneDecimal(v)}</text>`);
  }
  const points = games.map((g, i) => `${across(i).toFixed(1)},${down(g.avg_points).toFixed(1)}`);
  const dots = games.map((g, i) => `<circle cx="${across(i).toFixed(1)}" cy="${down(g.avg_points).toFixed(1)}" r="5" class="${g.won ? "won" : "lost"}"/>`);
  const ticks = games.map((_, i) => `<text x="${across(i).toFixed(1)}" y="${H - 10}" text-anchor="middle">${num(i + 1)}</text>`)
    .filter((_, i) => games.length <= W / 40 || i % 2 === (games.length - 1) % 2);
  /** @type {HTMLElement} */ ($(".stats-chart-svg", root)).innerHTML = `<svg viewBox="0 0 ${W} ${H}" role="img" `
    + `aria-labelledby="chart-title chart-desc" class="chart"><title id="chart-title">${t("stats.hearts.chart")}</title>`
    + `<desc id="chart-desc">${t("stats.hearts.chart_desc")}</desc>${grid.join("")}`
    + `<polyline points="${points.join(" ")}" class="line"/>${dots.join("")}${ticks.join("")}</svg>`;
  const cols = ["game_no", "finished", "variant", "level", "result", "rounds", "points", "avg_points"];
  const head = `<tr>${cols.map((c) => `<th scope="col">${t(`stats.hearts.${c}`)}</th>`).join("")}</tr>`;
  const rows = games.map((g, i) => `<tr><th scope="row">${num(i + 1)}</th><td>${dateOf(g.finished)}</td>`
    + `<td>${t(`hearts.variant.${g.variant}`)}</td>`
    + `<td>${g.people ? t("stats.hearts.people") : levelName(g.level)}</td>`
    + `<td>${t(g.won ? "stats.hearts.won" : "stats.hearts.lost")}</td>`
    + `<td>${num(g.rounds)}</td><td>${num(g.points)}</td><td>${oneDecimal(g.avg_points)}</td></tr>`).join("");
  /** @type {HTMLElement} */ ($(".stats-chart-table .table-wrap", root)).innerHTML =
    `<table class="deals recent"><thead>${head}</thead><tbody>${rows}</tbody></table>`;
}

/**
 * Since when each game's figures count (after a reset), and the reset buttons of the games
 * with something to reset.
 * @param {Record<string, number | null>} resets
 * @param {Record<string, number>} counted the games counted now, per game
 */
function sinceLines(resets, counted) {
  for (const [game, at] of Object.entries(resets)) {
    const el = /** @type {HTMLElement} */ ($(`[data-since="${game}"]`));
    el.hidden = at === null;
    el.textContent = at === null ? "" : t("stats.reset.since", { date: dateOf(at) });
    // nothing to reset: no button
    /** @type {HTMLElement} */ (el.parentElement).hidden = !counted[game] && at === null;
  }
}

/** @param {any} data the answer of GET /api/stats */
function render(data) {
  const h2hRoot = $("#stats-h2h");
  // Games played after viewing the deal's solution are counted apart, never as wins.
  /** @type {[string, string][]} */
  const seen = data.h2h.seen ? [["seen", num(data.h2h.seen)]] : [];
  if (data.h2h.all.played || data.h2h.seen) tiles(h2hRoot, [...h2hFigures(data.h2h.all), ...seen]);
  else message(h2hRoot, t("stats.none"));
  dealsTable($("#stats-deals"), data.h2h.deals);
  dailySection(data.daily);
  const h = data.hearts;
  const heartsRoot = $("#stats-hearts");
  // Games in which a card was taken back are counted apart, never in the figures.
  /** @type {[string, string][]} */
  const undone = h.undone ? [["hearts.undone", num(h.undone)]] : [];
  if (h.games || h.undone) {
    tiles(heartsRoot, [["hearts.games", num(h.games)], ["hearts.wins", num(h.wins)],
      ["hearts.avg_points", val(h.avg_points, oneDecimal)], ["hearts.moons", num(h.moons)],
      ["hearts.moons_suffered", num(h.moons_suffered)], ["hearts.queens", num(h.queens)],
      ...undone]);
  } else {
    message(heartsRoot, t("stats.none"));
  }
  levelsTable($("#stats-hearts-levels"), data.hearts_levels);
  recentChart($("#stats-hearts-chart"), data.hearts_recent);
  opponentsTables($("#stats-hearts-opponents"), data.hearts_by_opponents);
  heartsDailySection(data.hearts_daily);
  sinceLines(data.reset, { h2h: data.h2h.all.played + data.h2h.seen, hearts: h.games
    + data.hearts_by_opponents.people.all.games + data.hearts_by_opponents.computer.all.games });
  lastData = data;
}

/** @type {any} the figures shown, to redraw the chart when its width changes */
let lastData = null;
let drawnWidth = 0;
new ResizeObserver(() => {
  const width = /** @type {HTMLElement} */ ($("#stats-hearts-chart .stats-chart-svg")).clientWidth;
  if (lastData && width && Math.abs(width - drawnWidth) > 24) {
    drawnWidth = width;
    recentChart($("#stats-hearts-chart"), lastData.hearts_recent);
  }
}).observe($("#stats-hearts-chart"));

/**
 * Reset one game's statistics once the person confirms it in the dialog.
 * @param {string} game "h2h" or "hearts"
 */
async function confirmReset(game) {
  const dialog = /** @type {HTMLDialogElement} */ ($("#dlg-reset"));
  const name = t(`stats.${game}`);
  $("#dlg-reset-title").textContent = t("stats.reset.title", { game: name });
  if (await openDialog(dialog) !== "reset") return;
  try {
    render(await api("/api/stats/reset", { method: "POST", body: { game } }));
    toast(t("stats.reset.done", { game: name }));
  } catch (err) {
    showError(err);
  }
}

for (const button of document.querySelectorAll("[data-reset]")) {
  button.addEventListener("click", () => confirmReset(/** @type {HTMLElement} */ (button).dataset.reset ?? ""));
}

async function init() {
  try {
    render(await api("/api/stats"));
  } catch (err) {
    showError(err);
  }
}

init();
