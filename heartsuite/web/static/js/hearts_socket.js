// @ts-check
// The Hearts game's WebSocket: opened per game, saying on each (re)opening which event it saw
// last; reconnecting with a growing delay after a drop; messages handed on one at a time, in order.

import { $ } from "./dom.js";
import { page } from "./hearts_state.js";
import { t, toast } from "./shell.js";

/**
 * A message from the server (see heartsuite/web/hearts_routes.py).
 * @typedef {{ type: string, [field: string]: any }} Message
 */

/**
 * Open the socket of the current game, closing any other. `handle` gets each message after the
 * previous one's promise has settled.
 * @param {(message: Message) => Promise<void>} handle
 */
export function connect(handle) {
  if (!page.game) return;
  if (page.socket) {
    page.socket.onclose = null;
    page.socket.close();
  }
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${proto}//${location.host}/api/hearts/games/${encodeURIComponent(page.game.id)}/ws`);
  page.socket = ws;
  ws.onopen = () => {
    page.retry = 0;
    page.catchingUp = true;
    $("#hx-conn").hidden = true;
    ws.send(JSON.stringify({ type: "hello", after: page.lastSeq }));
  };
  ws.onmessage = (e) => {
    /** @type {Message} */
    let message;
    try {
      message = JSON.parse(e.data);
    } catch {
      return;
    }
    page.chain = page.chain.then(() => handle(message)).catch((err) => console.error(err));
  };
  ws.onclose = (e) => {
    if (page.socket !== ws) return;
    page.socket = null;
    if (e.code === 4404) return; // the "not_found" error message starts a new game
    $("#hx-conn").hidden = false;
    page.retry += 1;
    setTimeout(() => { if (!page.socket) connect(handle); }, Math.min(5000, 300 * 2 ** page.retry));
  };
}

/**
 * Send a message to the server, or say the page is reconnecting.
 * @param {Record<string, unknown>} message
 */
export function send(message) {
  const { socket } = page;
  if (socket && socket.readyState === WebSocket.OPEN) {
    socket.send(JSON.stringify(message));
  } else {
    toast(t("hearts.reconnecting"));
  }
}
