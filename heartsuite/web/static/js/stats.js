// @ts-check
// Statistics: figures computed by the server from the stored games.

import { $ } from "./dom.js";
import { api, clock, num, showError, t } from "./shell.js";

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
 * @typedef {{ games: number, wins: number, avg_points: number | null, moons: number }} HeartsFigures
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

async function init() {
  try {
    const data = await api("/api/stats");
    const h2hRoot = $("#stats-h2h");
    // Games played after viewing the deal's solution are counted apart, never as wins.
    /** @type {[string, string][]} */
    const seen = data.h2h.seen ? [["seen", num(data.h2h.seen)]] : [];
    if (data.h2h.all.played || data.h2h.seen) tiles(h2hRoot, [...h2hFigures(data.h2h.all), ...seen]);
    else message(h2hRoot, t("stats.none"));
    dealsTable($("#stats-deals"), data.h2h.deals);
    const h = data.hearts;
    const heartsRoot = $("#stats-hearts");
    if (h.games) {
      tiles(heartsRoot, [["hearts.games", num(h.games)], ["hearts.wins", num(h.wins)],
        ["hearts.avg_points", val(h.avg_points, oneDecimal)], ["hearts.moons", num(h.moons)]]);
    } else {
      message(heartsRoot, t("stats.none"));
    }
    opponentsTables($("#stats-hearts-opponents"), data.hearts_by_opponents);
  } catch (err) {
    showError(err);
  }
}

init();
