// @ts-check
// A won Heart to Heart deal replayed move by move (rules page example, "Show solution"). Frames
// come from the server: the layout after each move.

import { Board } from "./board.js";
import { $ } from "./dom.js";
import { rankName, t } from "./shell.js";
import { Stepper } from "./stepper.js";

/**
 * A position after a move ("D" draw, "R" redeal, "W<pos>" with the waste, "<pos>-<pos>" a pair;
 * null for the deal).
 * @typedef {import("./board.js").View & { move: string | null }} Frame
 */

/**
 * The caption of a move.
 * @param {Frame} frame
 * @param {Frame} previous
 */
function describe(frame, previous) {
  const move = frame.move;
  if (move === null) return t("replay.start");
  if (move === "D" || move === "R") return t(`replay.move.${move}`);
  const rankAt = (/** @type {number} */ p) => rankName(previous.layout[p - 1] ?? "");
  if (move.startsWith("W")) return t("replay.move.waste", { rank: rankAt(Number(move.slice(1))) });
  return t("replay.move.pair", { rank: rankAt(Number(move.split("-")[0])) });
}

/**
 * The cards a move takes: the stock for a draw or a redeal, the layout card and the waste
 * card, or the two layout cards of a pair.
 * @param {string | null | undefined} move
 * @returns {import("./board.js").Target[]}
 */
export function cardsOf(move) {
  if (!move) return [];
  if (move === "D" || move === "R") return ["stock"];
  if (move.startsWith("W")) return [Number(move.slice(1)), "waste"];
  return move.split("-").map(Number);
}

export class Replay {
  /**
   * @param {HTMLElement} root
   * @param {import("./board.js").Spot[]} geometry
   * @param {Frame[]} frames
   */
  constructor(root, geometry, frames) {
    this.frames = frames;
    root.innerHTML = `
      <div class="table replay-table"><div class="heart"></div>
        <div class="piles"><div class="pile stock"></div><div class="pile waste"></div></div></div>
      <p class="replay-legend">${t("replay.next_marked")}</p>`;
    this.board = new Board($(".table", root), geometry, { interactive: false });
    this.stepper = new Stepper(root, frames.length, (index) => {
      const frame = frames[index];
      // the cards of the move that comes next are marked: Next plays them
      this.board.render(frame, { next: cardsOf(frames[index + 1]?.move) });
      const step = index ? `${t("replay.step", { step: index, total: frames.length - 1 })}: ` : "";
      return `${step}${describe(frame, frames[Math.max(0, index - 1)])}`;
    });
  }

  start() {
    this.stepper.go(0);
  }

  stop() {
    this.stepper.pause();
    this.board.observer.disconnect();
  }
}
