// @ts-check
// The table before its game: the seats in clockwise order from yours, each open one with its
// "Take this seat" button under the name field, the creator's Start and "Fill with computer
// players and start", Leave, the invite, the rules, and the commitment to the secret deals.

import { $, inputEl } from "./dom.js";
import { api, num, t } from "./shell.js";
import { checkName, refusalText, saveName } from "./table_common.js";
import { room, seatLabel, setTable, tableView } from "./table_state.js";

/**
 * Where a seat sits from the person's (or, for a spectator, from seat 0), in words.
 * @param {number} seat
 */
export function placeName(seat) {
  const table = tableView();
  const n = table.players;
  if (table.you === null) return t("table.place.seat", { seat: seat + 1 });
  const offset = (seat - table.you + n) % n;
  if (offset === 0) return t("table.place.you");
  if (n === 3) return t(offset === 1 ? "table.place.left" : "table.place.right");
  return t(["", "table.place.left", "table.place.across", "table.place.right"][offset]);
}

/** The rules and options of the table, one line each. */
function rulesLines() {
  const table = tableView();
  const rules = table.rules;
  const lines = [t(`hearts.variant.${rules.variant}`)];
  const rounds = Number(rules.rounds ?? 0);
  lines.push(rounds ? t("table.rules.rounds", { count: rounds }) : t("table.rules.target", { count: Number(rules.target ?? 100) }));
  lines.push(rules.passing ? t("table.rules.passing") : t("table.rules.no_passing"));
  if (typeof rules.moon === "string") lines.push(t(`hearts.moon.${rules.moon}`));
  if (rules.qs_lead_anytime) lines.push(t("hearts.opt.qs_lead_anytime"));
  if (rules.qs_breaks_hearts) lines.push(t("hearts.opt.qs_breaks_hearts"));
  if (rules.omnibus) lines.push(t("hearts.opt.omnibus"));
  lines.push(t(`table.timer.${table.timer}`));
  lines.push(t("table.rules.speed", { speed: t(`hearts.speed.${table.speed}`) }));
  lines.push(table.spectators ? t("table.rules.spectators") : t("table.rules.no_spectators"));
  return lines;
}

/**
 * One seat of the list: where it is, who sits there, and its button when it is open.
 * @param {import("./table_state.js").Seat} seat
 * @param {boolean} canTake
 */
function seatRow(seat, canTake) {
  const li = document.createElement("li");
  li.className = `tx-seat-row tx-${seat.kind}`;
  li.dataset.seat = String(seat.seat);
  const where = document.createElement("span");
  where.className = "tx-seat-place";
  where.textContent = placeName(seat.seat);
  const who = document.createElement("span");
  who.className = "tx-seat-who";
  who.dir = "auto";
  who.textContent = seatLabel(seat) ?? t("table.seat.open");
  li.append(where, who);
  if (seat.kind === "person" && seat.seat === tableView().you) li.classList.add("mine");
  if (seat.kind === "open" && canTake) {
    const take = document.createElement("button");
    take.type = "button";
    take.className = "btn primary small";
    take.dataset.take = String(seat.seat);
    take.textContent = t("table.action.take");
    li.append(take);
  }
  return li;
}

export function renderLobby() {
  const table = tableView();
  const seated = table.you !== null;
  const open = table.seats.filter((s) => s.kind === "open").length;
  $("#tx-lobby-title").textContent = t("table.lobby.title", { code: table.code });
  let status = "";
  if (table.status === "waiting") status = open ? t("table.lobby.waiting", { count: open }) : t("table.lobby.starting");
  else if (table.status === "playing") status = seated ? t("table.lobby.playing") : t("table.lobby.watch");
  else status = t("table.lobby.over");
  if (!seated && table.status === "waiting" && !open) status = t("table.error.table_full");
  $("#tx-status").textContent = status;
  $("#tx-invite-row").hidden = table.status !== "waiting";
  $("#tx-lobby-code").textContent = table.code;
  const list = $("#tx-seats");
  list.innerHTML = "";
  const start = seated ? /** @type {number} */ (table.you) : 0;
  const canTake = !seated && table.status === "waiting";
  for (let i = 0; i < table.players; i += 1) list.append(seatRow(table.seats[(start + i) % table.players], canTake));
  $("#tx-join").hidden = !canTake || !open;
  const waitingCreator = table.creator && table.status === "waiting";
  $("[data-action=start]", $("#tx-actions")).hidden = !waitingCreator;
  /** @type {HTMLButtonElement} */ ($("[data-action=start]", $("#tx-actions"))).disabled = open > 0;
  $("[data-action=fill]", $("#tx-actions")).hidden = !waitingCreator || open === 0;
  $("#tx-start-help").hidden = !waitingCreator || open === 0;
  $("[data-action=leave]", $("#tx-actions")).hidden = !seated || table.status !== "waiting";
  const rules = $("#tx-rules");
  rules.innerHTML = "";
  for (const line of rulesLines()) {
    const li = document.createElement("li");
    li.textContent = line;
    rules.append(li);
  }
  $("#tx-commitment").textContent = t("table.commitment", { commitment: table.commitment });
}

/**
 * Take an open seat under the name typed; resolves to whether the seat is now the person's.
 * @param {number} seat
 */
export async function takeSeat(seat) {
  const input = inputEl("#tx-name");
  const error = $("#tx-join-error");
  const { name, error: bad } = checkName(input.value);
  if (bad) {
    error.textContent = bad;
    input.setAttribute("aria-invalid", "true");
    input.focus();
    return false;
  }
  input.removeAttribute("aria-invalid");
  error.textContent = "";
  try {
    const joined = await api(`/api/tables/${encodeURIComponent(room.code)}/join`, { method: "POST", body: { name, seat } });
    await saveName(name);
    setTable(joined.table);
    return true;
  } catch (err) {
    error.textContent = refusalText(err);
    return false;
  }
}

/**
 * The creator starts the game, with computers in the open seats when `fill`.
 * @param {boolean} fill
 */
export async function startTable(fill) {
  try {
    const { table } = await api(`/api/tables/${encodeURIComponent(room.code)}/start`, { method: "POST", body: { fill } });
    setTable(table);
    return null;
  } catch (err) {
    return refusalText(err);
  }
}

/** The countdown of a deadline in server seconds, as m:ss in the page's digits. */
export function countdown(/** @type {number} */ until) {
  const left = Math.max(0, Math.ceil(until - Date.now() / 1000));
  const m = Math.floor(left / 60);
  const s = left % 60;
  return `${num(m)}:${new Intl.NumberFormat(document.documentElement.lang, { minimumIntegerDigits: 2 }).format(s)}`;
}
