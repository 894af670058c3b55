// @ts-check
// The Hearts page: a table of four (you at the bottom). The server plays the computer players and
// streams numbered events over a WebSocket; the page animates them and draws the state it is sent.
// On reconnecting it says which event it saw last and receives everything after it.
// This entry wires the page's controls and keys to the modules: hearts_state (what the page
// remembers), hearts_socket, hearts_game (messages, new games), hearts_table, hearts_hand,
// hearts_events, hearts_dialogs, hearts_settings and hearts_friends (a table with people).

import { formatDay } from "./daily.js";
import { $, $$, dialogEl, isShortcutKey, targetOf } from "./dom.js";
import { codeDialog, copyCode, introBanner } from "./game_ui.js";
import { openMenu, showLastTrick, showSheet } from "./hearts_dialogs.js";
import { openFriends } from "./hearts_friends.js";
import { mayLeave, newGame, openDaily, playDaily, render, resume } from "./hearts_game.js";
import { fitHand, moveFocus, refused } from "./hearts_hand.js";
import { openSettings } from "./hearts_settings.js";
import { send } from "./hearts_socket.js";
import { handMode, page } from "./hearts_state.js";
import { announce, api, ApiError, openDialog, pageData, showError, t, tCode, toast } from "./shell.js";

const INTRO_KEY = "heartsuite.hearts.intro-seen";

/**
 * A card of the hand tapped: chosen for the pass (three at most), played, or refused.
 * @param {string} card
 */
function tapCard(card) {
  const mode = handMode();
  const { selected } = page;
  page.hinted = [];
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
    // The move number it was chosen at: sent twice, it is refused (`stale`), not played twice.
    send({ type: "play", card, move: page.state?.move });
  } else {
    refused({ card, reason: page.state?.phase === "pass" ? "already_passed" : "not_your_turn" });
  }
}

function passCards() {
  if (handMode() !== "pass" || page.selected.size !== 3) return;
  send({ type: "pass", cards: [...page.selected], move: page.state?.move });
  page.selected = new Set();
}

const openCode = codeDialog(dialogEl("#hx-code"), {
  empty: () => t("hearts.code.empty"),
  confirm: mayLeave,
  play: async (code) => {
    try {
      return (await newGame(false, { code })) ? null : undefined;
    } catch {
      return tCode("hearts.code.bad", { code });
    }
  },
});

const dismissIntro = introBanner($("#hx-first-visit"), INTRO_KEY);

/**
 * Do what a button or a key asks.
 * @param {string | undefined} action
 * @returns {Promise<void>}
 */
async function act(action) {
  switch (action) {
    case "pass": passCards(); break;
    case "sheet": await showSheet(); break;
    case "last": if (!await showLastTrick()) toast(t("hearts.last.none"), 4000); break;
    case "hint": if (["pass", "play"].includes(handMode())) send({ type: "hint" }); break;
    // Both are shown only when the server says they would be accepted (the state's flags).
    case "claim": if (page.state?.claimable) send({ type: "claim", move: page.state?.move }); break;
    case "undo": if (page.state?.undoable) send({ type: "undo", move: page.state?.move }); break;
    case "new": await newGame(true); break;
    case "daily":
      try {
        await playDaily();
      } catch (err) {
        if (err instanceof ApiError) toast(t("hearts.daily.bad_date"), 6000);
        else showError(err);
      }
      break;
    case "menu": {
      const choice = await openMenu();
      if (choice) await act(choice);
      break;
    }
    case "settings": {
      const rules = await openSettings();
      if (rules) await newGame(true, { rules });
      break;
    }
    case "help": await openDialog(dialogEl("#hx-help")); break;
    case "friends": await openFriends(); break;
    case "code": openCode(); break;
    case "copy": {
      // The server sends the code only once the game is over (it deals every hand).
      const code = page.state?.code || page.game?.code || "";
      if (!code) toast(t("hearts.code.after_game"), 5000);
      else await copyCode(code, tCode("hearts.copied", { code }), tCode("hearts.copy_manual", { code }), 5000);
      break;
    }
    case "dismiss-intro": dismissIntro(); break;
    default:
  }
}

function wire() {
  const hand = $("#hx-hand");
  hand.addEventListener("click", (e) => {
    const el = /** @type {HTMLElement | null} */ (targetOf(e).closest("[data-card]"));
    if (el?.dataset.card) tapCard(el.dataset.card);
  });
  hand.addEventListener("keydown", (e) => {
    if (e.key === "ArrowRight" || e.key === "ArrowDown") { moveFocus(1); e.preventDefault(); }
    if (e.key === "ArrowLeft" || e.key === "ArrowUp") { moveFocus(-1); e.preventDefault(); }
  });
  for (const el of $$(".hearts [data-action]")) {
    if (el.closest("dialog")) continue;
    el.addEventListener("click", () => act(el.dataset.action));
  }
  /** @type {Record<string, string>} */
  const keys = { n: "new", s: "sheet", l: "last", h: "hint", p: "pass", f: "friends",
    "?": "help" };
  document.addEventListener("keydown", (e) => {
    if (!isShortcutKey(e)) return;
    const key = e.key.toLowerCase();
    if (keys[key]) { act(keys[key]); e.preventDefault(); }
    if (key === "escape" && page.selected.size) { page.selected = new Set(); render(); }
  });
  new ResizeObserver(() => fitHand()).observe(hand);
}

async function start() {
  wire();
  $("#hx-daily-menu-date").textContent = formatDay(pageData.daily_today);
  try {
    page.prefs = await api("/api/hearts/prefs");
  } catch (err) {
    showError(err);
    return;
  }
  const daily = new URLSearchParams(location.search).get("daily");
  if (daily !== null) {
    // A link to a daily game (the home page's, the statistics' days): today's without a date.
    history.replaceState(null, "", location.pathname);
    await openDaily(daily);
    return;
  }
  await resume();
}

start();
