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
 * previous one's promise has settled. `path` is the socket's address on this server: the
 * single-player game's by default; a table with people gives its own.
 * @param {(message: Message) => Promise<void>} handle
 * @param {string} [path]
 */
export function connect(handle, path) {
  const where = path ?? (page.game ? `/api/hearts/games/${encodeURIComponent(page.game.id)}/ws` : null);
  if (!where) return;
  if (page.socket) {
    page.socket.onclose = null;
    page.socket.close();
  }
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${proto}//${location.host}${where}`);
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
    // 4404: the game is gone (its "not_found" error starts a new one); 4403: refused for good.
    if (e.code === 4404 || e.code === 4403) return;
    $("#hx-conn").hidden = false;
    page.retry += 1;
    setTimeout(() => { if (!page.socket) connect(handle, where); }, Math.min(5000, 300 * 2 ** page.retry));
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
