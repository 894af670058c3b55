// The Hearts page: a table of four (you at the bottom). The server plays the computer players and
// streams numbered events over a WebSocket; the page animates them and draws the state it is sent.
// On reconnecting it says which event it saw last and receives everything after it.

import { backSvg, cardSvg } from "./cards.js";
import { icon } from "./icons.js";
import {
  announce, api, ApiError, cardName, num, openDialog, pageData, showError, t, toast,
} from "./shell.js";

const $ = (sel, root = document) => root.querySelector(sel);
const $$ = (sel, root = document) => Array.from(root.querySelectorAll(sel));
const SUIT_ORDER = "CDSH"; // clubs, diamonds, spades, hearts: the colours alternate in the hand
const RANKS = "23456789TJQKA";
const INTRO_KEY = "heartsuite.hearts.intro-seen";
const ANIM_MS = { slow: 320, normal: 240, fast: 150, instant: 0 };
const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

let game = null; // {id, code, status}
let state = null; // the server's picture of the table for seat 0
let prefs = null;
let socket = null;
let lastSeq = 0;
let catchingUp = true; // events replayed after (re)connecting are not animated
let retry = 0;
let selected = new Set(); // cards chosen for the pass
let hinted = [];
let shownOver = null; // the game whose game-over dialog was shown
let sheetDue = false; // a round was just scored: show the score sheet once the state has it
let chain = Promise.resolve();

// Cards ------------------------------------------------------------------------------------------

const rankOf = (c) => c[0];
const suitOf = (c) => c[1];
const nameOf = (c) => cardName(rankOf(c), suitOf(c));
const sortKey = (c) => SUIT_ORDER.indexOf(suitOf(c)) * 13 + RANKS.indexOf(rankOf(c));
const sortHand = (cards) => [...cards].sort((a, b) => sortKey(a) - sortKey(b));

function faceEl(card, tag = "div") {
  const el = document.createElement(tag);
  el.className = "hx-card";
  el.innerHTML = cardSvg(rankOf(card), suitOf(card));
  return el;
}

// Seats ------------------------------------------------------------------------------------------

const players = () => (state ? state.players : 4);
/** Where seat s sits on screen. The table never mirrors: the left of seat 0 is seat 1. */
function place(seat) {
  const n = players();
  if (seat === 0) return "bottom";
  if (n === 3) return seat === 1 ? "left" : "right";
  return ["bottom", "left", "top", "right"][seat];
}
const playerName = (seat) => (seat === 0 ? t("hearts.you") : t(`hearts.player.${seat}`));
const seatEl = (seat) => (seat === 0 ? $(".hx-my-plate") : $(`.hx-seat[data-place=${place(seat)}]`));
const slotEl = (seat) => $(`.hx-slot[data-slot=${place(seat)}]`);
const speed = () => (state?.settings?.speed) || prefs?.speed || "normal";
const animMs = () => (reducedMotion.matches || catchingUp ? 0 : ANIM_MS[speed()] ?? 200);
const wait = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

// Drawing ----------------------------------------------------------------------------------------

function renderSeats() {
  const n = players();
  for (const el of $$(".hx-seat")) el.hidden = true;
  for (let seat = 0; seat < n; seat += 1) {
    const el = seatEl(seat);
    el.hidden = false;
    el.dataset.seat = String(seat);
    if (seat > 0) {
      const partner = state.rules.partnership && seat === 2;
      $(".hx-name", el).textContent = partner ? t("hearts.partner", { name: playerName(seat) })
        : playerName(seat);
      el.classList.toggle("partner", partner);
      const count = state.hand_sizes[seat];
      const backs = $(".hx-backs", el);
      if (backs.childElementCount !== count) {
        backs.innerHTML = "";
        for (let i = 0; i < count; i += 1) {
          const b = document.createElement("div");
          b.className = "hx-back";
          b.innerHTML = backSvg();
          backs.append(b);
        }
      }
      el.setAttribute("role", "group");
      el.setAttribute("aria-label", t("hearts.seat.label", {
        name: playerName(seat), score: state.totals[seat], count,
      }));
    }
    $("[data-score]", el).textContent = num(state.totals[seat]);
    $("[data-score]", el).title = t("hearts.total");
    const pts = state.round_points[seat];
    const taken = $("[data-taken]", el);
    taken.textContent = pts ? `♥ ${num(pts)}` : "";
    taken.title = pts ? t("hearts.round_points", { count: pts }) : "";
    taken.setAttribute("aria-label", taken.title);
    const turn = state.turn === seat || (state.phase === "pass" && state.waiting_to_pass.includes(seat));
    el.classList.toggle("turn", turn);
  }
}

function renderTrick() {
  for (const slot of $$(".hx-slot")) slot.innerHTML = "";
  const { leader, cards } = state.trick;
  cards.forEach((card, i) => {
    const seat = (leader + i) % players();
    const el = faceEl(card);
    el.setAttribute("role", "img");
    el.setAttribute("aria-label", t("hearts.played_by", { name: playerName(seat), card: nameOf(card) }));
    slotEl(seat).append(el);
  });
}

function handMode() {
  if (!state || state.over) return "none";
  if (state.phase === "pass" && state.waiting_to_pass.includes(0)) return "pass";
  if (state.phase === "play" && state.turn === 0) return "play";
  return "wait";
}

function renderHand() {
  const hand = $("#hx-hand");
  const cards = sortHand(state.hand);
  const legal = new Set(state.legal);
  const received = new Set(state.tricks.length === 0 ? state.received : []);
  const mode = handMode();
  const focused = document.activeElement?.dataset?.card;
  const hadFocus = hand.contains(document.activeElement);
  hand.innerHTML = "";
  for (const card of cards) {
    const el = faceEl(card, "button");
    el.type = "button";
    el.dataset.card = card;
    el.tabIndex = -1;
    const playable = mode === "pass" || (mode === "play" && legal.has(card));
    el.classList.toggle("playable", mode === "play" && playable);
    el.classList.toggle("dimmed", mode === "play" && !playable);
    el.classList.toggle("selected", selected.has(card));
    el.classList.toggle("received", received.has(card));
    el.classList.toggle("hinted", hinted.includes(card));
    if (mode === "play" && !playable) el.setAttribute("aria-disabled", "true");
    const parts = [nameOf(card)];
    if (received.has(card)) parts.push(t("hearts.card.received"));
    if (selected.has(card)) parts.push(t("hearts.card.selected"));
    if (mode === "play") parts.push(playable ? t("hearts.card.playable") : t("hearts.card.not_playable"));
    el.setAttribute("aria-label", parts.join(", "));
    if (mode === "pass") el.setAttribute("aria-pressed", String(selected.has(card)));
    hand.append(el);
  }
  const targets = focusable();
  const keep = targets.find((el) => el.dataset.card === focused) || targets[0] || hand.firstElementChild;
  if (keep) keep.tabIndex = 0;
  if (hadFocus && keep) keep.focus({ preventScroll: true });
  fitHand();
}

/** Lay the hand out: one overlapping row when there is room, else two rows of wider cards. */
function fitHand() {
  const hand = $("#hx-hand");
  const cards = $$(".hx-card", hand);
  const width = hand.clientWidth;
  if (!cards.length || !width) return;
  const n = cards.length;
  const rows = width < 560 && n > 7 ? 2 : 1;
  const perRow = Math.ceil(n / rows);
  const cw = Math.floor(rows === 1 ? Math.min(100, Math.max(52, width / 8)) : Math.min(64, width / (perRow * 0.78)));
  const ch = Math.round(cw * 1.4);
  const step = perRow > 1 ? Math.min(cw + 4, (width - cw) / (perRow - 1)) : 0;
  const lift = Math.round(ch * 0.16);
  hand.style.setProperty("--hcw", `${cw}px`);
  hand.style.height = `${rows * ch + (rows - 1) * 8 + lift}px`;
  cards.forEach((el, i) => {
    const row = Math.floor(i / perRow);
    const col = i % perRow;
    const inRow = row === rows - 1 ? n - perRow * (rows - 1) : perRow;
    const rowWidth = cw + step * (inRow - 1);
    el.style.left = `${(width - rowWidth) / 2 + col * step}px`;
    el.style.top = `${lift + row * (ch + 8)}px`;
    el.style.zIndex = String(i + 1);
  });
}

function renderPrompt() {
  const text = $("#hx-prompt-text");
  const passBtn = $("#hx-pass-btn");
  const mode = handMode();
  passBtn.hidden = mode !== "pass";
  passBtn.disabled = selected.size !== 3;
  let line = "";
  if (state.over) {
    line = t("hearts.prompt.over");
  } else if (mode === "pass") {
    line = selected.size === 3 ? t("hearts.prompt.pass_ready", { name: playerName(state.passed_to) })
      : t(`hearts.prompt.pass.${state.pass}`, { name: playerName(state.passed_to), count: 3 - selected.size });
  } else if (state.phase === "pass") {
    line = t("hearts.prompt.waiting_pass");
  } else if (state.phase === "moon_choice") {
    line = state.moon_options ? t("hearts.prompt.moon_you") : t("hearts.prompt.moon_other");
  } else if (mode === "play") {
    const first = state.tricks.length === 0 && state.trick.cards.length === 0;
    line = first ? t("hearts.prompt.lead_first", { card: nameOf(state.legal[0] || "2C") }) : t("hearts.prompt.your_turn");
  } else if (state.turn !== null && state.turn !== undefined) {
    line = t("hearts.prompt.playing", { name: playerName(state.turn) });
  }
  if (!state.over && state.pass === "none" && state.tricks.length === 0 && state.trick.cards.length === 0
      && state.phase === "play" && state.rules.passing) {
    line = `${t("hearts.prompt.no_pass")} ${line}`;
  }
  text.textContent = line;
}

function render() {
  if (!state) return;
  $("#hx-table").setAttribute("aria-busy", "false");
  $("#hx-loading").hidden = true;
  renderSeats();
  renderTrick();
  renderHand();
  renderPrompt();
  $("#hx-broken").hidden = !state.hearts_broken || !state.rules.hearts_must_break;
  $("[data-action=hint]").disabled = !["pass", "play"].includes(handMode());
  if (state.phase === "moon_choice" && state.moon_options && !$("#hx-moon").open) askMoon();
  if (state.over && shownOver !== game.id) {
    shownOver = game.id;
    showOver();
  }
}

// Score sheet and game over -----------------------------------------------------------------------

function fillSheet(table, final) {
  const n = players();
  const seats = [...Array(n).keys()];
  const head = `<thead><tr><th scope="col">${t("hearts.sheet.round")}</th>${
    seats.map((s) => `<th scope="col">${escapeHtml(playerName(s))}</th>`).join("")}</tr></thead>`;
  const rows = state.history.map((points, r) => {
    const moon = state.moons[r];
    const cells = points.map((p, s) => {
      const mark = moon === s ? ` <span class="hx-moon-mark" title="${escapeHtml(t("hearts.sheet.moon"))}">${icon("moon")}</span>`
        + `<span class="visually-hidden">${escapeHtml(t("hearts.sheet.moon"))}</span>` : "";
      return `<td>${num(p)}${mark}</td>`;
    }).join("");
    return `<tr><th scope="row">${num(r + 1)}</th>${cells}</tr>`;
  }).join("");
  const best = winnerSeats();
  const totals = seats.map((s) => `<td class="${final && best.includes(s) ? "hx-best" : ""}">${num(state.totals[s])}${
    final && best.includes(s) ? ` <span class="hx-star">${icon("star")}</span>` : ""}</td>`).join("");
  const empty = state.history.length ? "" : `<tr><td colspan="${n + 1}">${escapeHtml(t("hearts.sheet.empty"))}</td></tr>`;
  // Partnership: partners sit across (0 & 2, 1 & 3) and their totals are added up.
  const teams = state.rules.partnership
    ? `<tr><th scope="row">${escapeHtml(t("hearts.sheet.team"))}</th>${
      seats.map((s) => `<td>${num(state.totals[s] + state.totals[(s + 2) % 4])}</td>`).join("")}</tr>` : "";
  table.innerHTML = `${head}<tbody>${rows}${empty}</tbody><tfoot><tr><th scope="row">${
    escapeHtml(t("hearts.sheet.total"))}</th>${totals}</tr>${teams}</tfoot>`;
  const code = table.closest("form")?.querySelector(".hx-code-line");
  if (code) code.textContent = t("hearts.sheet.code", { code: state.code });
}

function winnerSeats() {
  if (state.winner === null || state.winner === undefined) return [];
  return state.rules.partnership ? [state.winner, (state.winner + 2) % 4] : [state.winner];
}

function escapeHtml(text) {
  return String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

async function showOver() {
  const youWin = winnerSeats().includes(0);
  const key = state.rules.partnership ? (youWin ? "hearts.over.team_win" : "hearts.over.team_lose")
    : (youWin ? "hearts.over.win" : "hearts.over.lose");
  $("#hx-over-text").textContent = t(key, { name: playerName(state.winner) });
  fillSheet($("#hx-final"), true);
  announce($("#hx-over-text").textContent);
  const choice = await openDialog($("#hx-over"));
  if (choice === "new") newGame(false);
}

let askingMoon = false;
async function askMoon() {
  if (askingMoon) return;
  askingMoon = true;
  const opts = state.moon_options;
  const total = Math.max(...opts.old);
  $("#hx-moon-old").textContent = t("hearts.moon_choice.old", { points: total });
  $("#hx-moon-new").textContent = t("hearts.moon_choice.new", { points: total });
  let choice = "";
  while (choice !== "old" && choice !== "new") {
    // Escape closes the dialog without a choice: ask again, the game waits for it.
    choice = await openDialog($("#hx-moon"));
  }
  askingMoon = false;
  send({ type: "moon", choice });
}

// Events -----------------------------------------------------------------------------------------

/** Fly an element from a screen rectangle to where it stands now (a short FLIP animation). */
async function flyFrom(el, from, ms) {
  if (!ms || !from) return;
  const to = el.getBoundingClientRect();
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  el.animate([{ transform: `translate(${dx}px, ${dy}px) scale(0.85)` }, { transform: "none" }],
    { duration: ms, easing: "ease-out" });
  await wait(ms);
}

async function showPlay(event) {
  const slot = slotEl(event.seat);
  const source = event.seat === 0 ? $(`#hx-hand [data-card="${event.card}"]`) : seatEl(event.seat);
  const from = source?.getBoundingClientRect();
  if (event.seat === 0) source?.remove();
  slot.innerHTML = "";
  const el = faceEl(event.card);
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", t("hearts.played_by", { name: playerName(event.seat), card: nameOf(event.card) }));
  slot.append(el);
  if (event.seat !== 0) {
    const backs = $(".hx-backs", seatEl(event.seat));
    backs?.lastElementChild?.remove();
  }
  announce(t("hearts.announce.play", { name: playerName(event.seat), card: nameOf(event.card) }));
  await flyFrom(el, from, animMs());
}

async function showTrick(event) {
  const name = playerName(event.winner);
  announce(event.winner === 0 ? t("hearts.announce.trick_you", { count: event.points })
    : t("hearts.announce.trick", { name, count: event.points }));
  const ms = animMs();
  const target = seatEl(event.winner).getBoundingClientRect();
  const cards = $$(".hx-slot .hx-card");
  if (ms) {
    await wait(ms * 1.5);
    for (const el of cards) {
      const r = el.getBoundingClientRect();
      const dx = target.left + target.width / 2 - (r.left + r.width / 2);
      const dy = target.top + target.height / 2 - (r.top + r.height / 2);
      el.animate([{ transform: "none", opacity: 1 }, { transform: `translate(${dx}px, ${dy}px) scale(0.4)`, opacity: 0 }],
        { duration: ms, easing: "ease-in", fill: "forwards" });
    }
    await wait(ms);
  }
  for (const slot of $$(".hx-slot")) slot.innerHTML = "";
}

async function showEvent(event) {
  switch (event.kind) {
    case "play": return showPlay(event);
    case "trick": return showTrick(event);
    case "broken":
      if (!catchingUp) announce(t("hearts.announce.broken"));
      return undefined;
    case "exchange":
      if (!catchingUp && event.received.length) {
        const cards = sortHand(event.received).map(nameOf).join(", ");
        announce(t("hearts.announce.received", { name: playerName(event.from), cards }));
        toast(t("hearts.announce.received", { name: playerName(event.from), cards }));
      }
      return undefined;
    case "scored": {
      if (catchingUp) return undefined;
      const line = event.moon === null || event.moon === undefined ? t("hearts.announce.scored", { count: event.points[0] })
        : event.moon === 0 ? t("hearts.announce.moon_you") : t("hearts.announce.moon", { name: playerName(event.moon) });
      toast(line, 3500);
      announce(line);
      sheetDue = true;
      return wait(animMs() * 3);
    }
    case "round":
      if (!catchingUp && event.round > 0) announce(t(`hearts.announce.round.${event.pass}`, { round: event.round + 1 }));
      selected = new Set();
      hinted = [];
      return undefined;
    default:
      return undefined;
  }
}

async function handle(message) {
  switch (message.type) {
    case "event":
      if (message.seq <= lastSeq) return;
      lastSeq = message.seq;
      if (!catchingUp) await showEvent(message.event);
      else if (message.event.kind === "round") {
        selected = new Set();
        hinted = [];
      }
      if (message.state) {
        state = message.state;
        render();
        if (sheetDue && !state.over && !$("dialog[open]")) {
          // The round's scores, as a sheet the person closes when ready to pass.
          fillSheet($("#hx-sheet-table"), false);
          openDialog($("#hx-sheet"));
        }
        sheetDue = false;
      }
      return;
    case "state":
      lastSeq = Math.max(lastSeq, message.seq);
      catchingUp = false;
      state = message.state;
      render();
      return;
    case "refused":
      refused(message);
      return;
    case "hint":
      hinted = message.cards;
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

function refused(message) {
  const el = message.card ? $(`#hx-hand [data-card="${message.card}"]`) : $("#hx-hand");
  if (el) {
    el.classList.remove("shake");
    void el.offsetWidth;
    el.classList.add("shake");
  }
  const key = `hearts.reason.${message.reason}`;
  const text = t(key) === key ? t("hearts.reason.other") : t(key);
  if (prefs?.move_errors) toast(text, 3000);
  announce(text);
}

// Connection -------------------------------------------------------------------------------------

function connect() {
  if (socket) {
    socket.onclose = null;
    socket.close();
  }
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${proto}//${location.host}/api/hearts/games/${encodeURIComponent(game.id)}/ws`);
  socket = ws;
  ws.onopen = () => {
    retry = 0;
    catchingUp = true;
    $("#hx-conn").hidden = true;
    ws.send(JSON.stringify({ type: "hello", after: lastSeq }));
  };
  ws.onmessage = (e) => {
    let message;
    try {
      message = JSON.parse(e.data);
    } catch {
      return;
    }
    chain = chain.then(() => handle(message)).catch((err) => console.error(err));
  };
  ws.onclose = (e) => {
    if (socket !== ws) return;
    socket = null;
    if (e.code === 4404) return; // the "not_found" error message starts a new game
    $("#hx-conn").hidden = false;
    retry += 1;
    setTimeout(() => { if (!socket) connect(); }, Math.min(5000, 300 * 2 ** retry));
  };
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) {
    socket.send(JSON.stringify(message));
  } else {
    toast(t("hearts.reconnecting"));
  }
}

function load(summary) {
  const fresh = !game || game.id !== summary.id;
  game = { id: summary.id, code: summary.code, status: summary.status };
  if (fresh) {
    lastSeq = summary.seq; // the state below already includes every event so far
    selected = new Set();
    hinted = [];
    for (const d of $$("dialog[open]")) d.close();
  }
  state = summary.state;
  render();
  connect();
}

async function resume() {
  try {
    // The game in play, or one just over: reopened, it shows the final table, not a new deal.
    const { game: current } = await api("/api/hearts/last");
    if (current) load(current);
    else await newGame(false);
  } catch (err) {
    showError(err);
  }
}

async function newGame(confirm = true, body = {}) {
  if (confirm && state && !state.over && game && game.status === "playing" && state.history.length + state.tricks.length > 0) {
    if ((await openDialog($("#hx-confirm"))) !== "new") return false;
  }
  try {
    const { game: fresh } = await api("/api/hearts/games", { method: "POST", body });
    shownOver = null;
    load(fresh);
    announce(t("hearts.announce.new"));
    return true;
  } catch (err) {
    if (err instanceof ApiError && err.error === "bad_code") throw err;
    showError(err);
    return false;
  }
}

// Actions ----------------------------------------------------------------------------------------

function tapCard(card) {
  const mode = handMode();
  hinted = [];
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
    send({ type: "play", card });
  } else {
    refused({ card, reason: state?.phase === "pass" ? "already_passed" : "not_your_turn" });
  }
}

function passCards() {
  if (handMode() !== "pass" || selected.size !== 3) return;
  send({ type: "pass", cards: [...selected] });
  selected = new Set();
}

async function copyCode() {
  const code = state?.code || game?.code;
  try {
    await navigator.clipboard.writeText(code);
    toast(t("hearts.copied", { code }));
  } catch {
    toast(t("hearts.copy_manual", { code }), 5000);
  }
}

async function playCode() {
  const input = $("#hx-code-input");
  const error = $("#hx-code-error");
  error.textContent = "";
  input.removeAttribute("aria-invalid");
  input.value = "";
  for (;;) {
    const choice = await openDialog($("#hx-code"));
    if (choice !== "play") return;
    const code = input.value.trim();
    if (!code) {
      error.textContent = t("hearts.code.empty");
    } else {
      try {
        if (await newGame(false, { code })) return;
      } catch {
        error.textContent = t("hearts.code.bad", { code });
      }
    }
    input.setAttribute("aria-invalid", "true");
  }
}

// Settings ---------------------------------------------------------------------------------------

const RULE_FIELDS = ["target", "rounds", "passing", "qs_lead_anytime", "qs_breaks_hearts", "moon", "moon_spares_partner"];

function fillRules(form, rules) {
  form.elements.variant.value = rules.variant;
  for (const name of RULE_FIELDS) {
    const input = form.elements[name];
    if (input.type === "checkbox") input.checked = Boolean(rules[name]);
    else {
      const value = String(rules[name]);
      if (![...input.options].some((o) => o.value === value)) {
        const opt = document.createElement("option");
        opt.value = value;
        opt.textContent = num(Number(value)) || value;
        input.append(opt);
      }
      input.value = value;
    }
  }
  $("[data-field=moon_spares_partner]", form).hidden = !rules.partnership;
}

function readRules(form) {
  const rules = { ...pageData.variants[form.elements.variant.value] };
  for (const name of RULE_FIELDS) {
    const input = form.elements[name];
    if (input.type === "checkbox") rules[name] = input.checked;
    else rules[name] = name === "moon" ? input.value : Number(input.value);
  }
  if (!rules.partnership) rules.moon_spares_partner = false;
  return rules;
}

const sameRules = (a, b) => Object.keys(a).every((k) => a[k] === b[k]);

async function openSettings() {
  const dialog = $("#hx-settings");
  const form = $("form", dialog);
  form.elements.strength.value = prefs.strength;
  form.elements.speed.value = prefs.speed;
  form.elements.move_errors.checked = prefs.move_errors;
  fillRules(form, prefs.rules);
  form.elements.variant.onchange = () => fillRules(form, pageData.variants[form.elements.variant.value]);
  const choice = await openDialog(dialog);
  const rules = readRules(form);
  const changes = {
    strength: form.elements.strength.value,
    speed: form.elements.speed.value,
    move_errors: form.elements.move_errors.checked,
    rules,
  };
  try {
    prefs = await api("/api/hearts/prefs", { method: "PUT", body: changes });
  } catch (err) {
    showError(err);
    return;
  }
  if (state) state.settings = { strength: prefs.strength, speed: prefs.speed };
  if (choice === "apply" && state && !sameRules(prefs.rules, state.rules)) await newGame(true, { rules: prefs.rules });
}

// Keyboard and wiring ------------------------------------------------------------------------------

function focusable() {
  const all = $$("#hx-hand .hx-card");
  if (handMode() === "play") return all.filter((el) => el.classList.contains("playable"));
  return all;
}

function moveFocus(delta) {
  const targets = focusable();
  if (!targets.length) return;
  const at = targets.indexOf(document.activeElement);
  const next = targets[(at + delta + targets.length) % targets.length];
  for (const el of $$("#hx-hand .hx-card")) el.tabIndex = -1;
  next.tabIndex = 0;
  next.focus();
}

async function act(action) {
  switch (action) {
    case "pass": passCards(); break;
    case "sheet": fillSheet($("#hx-sheet-table"), false); await openDialog($("#hx-sheet")); break;
    case "hint": if (["pass", "play"].includes(handMode())) send({ type: "hint" }); break;
    case "new": await newGame(true); break;
    case "menu": {
      const choice = await openMenu();
      if (choice) await act(choice);
      break;
    }
    case "settings": await openSettings(); break;
    case "help": await openDialog($("#hx-help")); break;
    case "code": await playCode(); break;
    case "copy": await copyCode(); break;
    case "dismiss-intro":
      localStorage.setItem(INTRO_KEY, "1");
      $("#hx-first-visit").hidden = true;
      break;
    default:
  }
}

function openMenu() {
  const dialog = $("#hx-menu");
  return new Promise((resolve) => {
    let picked = null;
    const onClick = (e) => {
      const button = e.target.closest("[data-action]");
      if (!button) return;
      picked = button.dataset.action;
      dialog.close();
    };
    dialog.addEventListener("click", onClick);
    openDialog(dialog).then(() => {
      dialog.removeEventListener("click", onClick);
      resolve(picked);
    });
  });
}

function wire() {
  $("#hx-hand").addEventListener("click", (e) => {
    const el = e.target.closest("[data-card]");
    if (el) tapCard(el.dataset.card);
  });
  $("#hx-hand").addEventListener("keydown", (e) => {
    if (e.key === "ArrowRight" || e.key === "ArrowDown") { moveFocus(1); e.preventDefault(); }
    if (e.key === "ArrowLeft" || e.key === "ArrowUp") { moveFocus(-1); e.preventDefault(); }
  });
  for (const el of $$(".hearts [data-action]")) {
    if (el.closest("dialog")) continue;
    el.addEventListener("click", () => act(el.dataset.action));
  }
  document.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || $("dialog[open]")) return;
    if (e.target.closest("input, select, textarea")) return;
    const key = e.key.toLowerCase();
    const map = { n: "new", s: "sheet", h: "hint", p: "pass", "?": "help" };
    if (map[key]) { act(map[key]); e.preventDefault(); }
    if (key === "escape" && selected.size) { selected = new Set(); render(); }
  });
  new ResizeObserver(() => fitHand()).observe($("#hx-hand"));
  if (!localStorage.getItem(INTRO_KEY)) $("#hx-first-visit").hidden = false;
}

async function start() {
  wire();
  try {
    prefs = await api("/api/hearts/prefs");
  } catch (err) {
    showError(err);
    return;
  }
  await resume();
}

start();
