// @ts-check
// Home: offer to resume an unfinished game, show each game's daily card, and list the person's
// tables with people (playing, waiting for players, finished recently) to go back to.

import { cardSvg } from "./cards.js";
import { formatDay } from "./daily.js";
import { $, $$ } from "./dom.js";
import { api, pageData, t } from "./shell.js";

/** @type {Record<string, string[][]>} */
const ART = { h2h: [["K", "H"], ["A", "H"], ["K", "H"]], hearts: [["2", "C"], ["Q", "S"], ["A", "H"]] };
for (const el of $$("[data-art]")) {
  el.innerHTML = ART[el.dataset.art ?? ""].map(([rank, suit]) => cardSvg(rank, suit)).join("");
}

/**
 * A table of the person's as the server lists it (GET /api/tables).
 * @typedef {{ id: string, code: string, status: string, you: number | null,
 *   names: (string | null)[], updated: number }} TableSummary
 */

/**
 * Words for screen readers only (nothing when there are none).
 * @param {string} text
 */
function hidden(text) {
  const span = document.createElement("span");
  span.className = "visually-hidden";
  span.textContent = text;
  return text.trim() ? span : "";
}

/**
 * One line of the list: the table's code and state, who sits at it, a link to it.
 * @param {TableSummary} table
 */
function tableItem(table) {
  const li = document.createElement("li");
  const link = document.createElement("a");
  link.className = "home-table";
  link.href = `/t/${encodeURIComponent(table.code)}`;
  // The link is named by its own text: "Open table" around the code for screen readers only,
  // then the code, state and seats as shown (its name is its visible text, in order).
  const [before, after = ""] = t("home.tables.open", { code: "\u0000" }).split("\u0000");
  const code = document.createElement("span");
  code.className = "home-table-code";
  code.dir = "ltr";
  code.textContent = table.code;
  const status = document.createElement("span");
  status.className = `home-table-status status-${table.status}`;
  status.textContent = t(`home.tables.${table.status}`);
  const names = document.createElement("span");
  names.className = "home-table-names";
  names.dir = "auto";
  names.textContent = table.names.map((n) => n ?? t("home.tables.seat_open")).join(" · ");
  // (the spaces keep the words apart in the name; the flex row lays its items out without them)
  link.append(hidden(before), code, hidden(after), " ", status, " ", names);
  li.append(link);
  return li;
}

async function listTables() {
  try {
    const { tables } = await api("/api/tables");
    if (!tables?.length) return;
    const list = $("#home-table-list");
    list.replaceChildren(...tables.map(tableItem));
    $("#home-tables").hidden = false;
  } catch {
    // no tables to show: the games above are all there is
  }
}

/** Today's daily deal: its date in the reader's words, and how the person stands with it. */
async function showDaily() {
  $("#home-daily-blurb").textContent = t("home.daily.blurb",
    { date: formatDay(pageData.daily_today) });
  try {
    const info = await api("/api/h2h/daily");
    /** @type {HTMLAnchorElement} */ ($("#home-daily-play")).href = `/h2h?daily=${info.date}`;
    $("#home-daily-blurb").textContent = t("home.daily.blurb", { date: formatDay(info.date) });
    const { result, streak } = info.stats;
    const lines = [];
    if (result?.won && result.fewest !== null) {
      lines.push(t("home.daily.solved", { count: result.fewest }));
    }
    if (streak) lines.push(t("home.daily.streak", { count: streak }));
    $("#home-daily-status").textContent = lines.join(" · ");
  } catch {
    // the link plays today's deal all the same
  }
}

/**
 * Today's Hearts daily game: its date in the reader's words, and how the person stands with it
 * (won today and with how many points, or played today; the streak).
 */
async function showHeartsDaily() {
  const blurb = $("#home-hearts-daily-blurb");
  blurb.textContent = t("home.hearts_daily.blurb", { date: formatDay(pageData.hearts_daily_today) });
  try {
    const info = await api("/api/hearts/daily");
    /** @type {HTMLAnchorElement} */ ($("#home-hearts-daily-play")).href = `/hearts?daily=${info.date}`;
    blurb.textContent = t("home.hearts_daily.blurb", { date: formatDay(info.date) });
    const { result, streak } = info.stats;
    const lines = [];
    if (result?.won && result.best !== null) lines.push(t("home.hearts_daily.won", { count: result.best }));
    else if (result?.played) lines.push(t("home.hearts_daily.played"));
    if (streak) lines.push(t("home.daily.streak", { count: streak }));
    $("#home-hearts-daily-status").textContent = lines.join(" · ");
  } catch {
    // the link plays today's game all the same
  }
}

async function init() {
  listTables();
  showDaily();
  showHeartsDaily();
  try {
    const data = await api("/api/home");
    if (data.h2h && data.h2h.moves > 0) {
      const link = $("[data-resume=h2h] .btn.primary");
      link.textContent = t("home.resume", { count: data.h2h.moves });
    }
    if (data.hearts) {
      $("[data-resume=hearts] .btn.primary").textContent =
        t("home.resume_hearts");
    }
  } catch {
    // The page works without: the play buttons resume anyway.
  }
}

init();
