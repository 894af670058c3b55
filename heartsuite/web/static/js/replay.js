// A won deal replayed move by move (rules page example, "Show solution"): play, pause, step with
// the buttons or the arrow keys. Frames come from the server: the layout after each move.

import { Board } from "./board.js";
import { num, t } from "./shell.js";

const STEP_MS = 800;
const RANKS = { A: 1, J: 11, Q: 12, K: 13 };

function describe(frame, previous) {
  const move = frame.move;
  if (move === null) return t("replay.start");
  if (move === "D" || move === "R") return t(`replay.move.${move}`);
  const rankAt = (p) => {
    const r = previous.layout[p - 1];
    return t(`card.rank.${RANKS[r] ?? Number(r)}`);
  };
  if (move.startsWith("W")) return t("replay.move.waste", { rank: rankAt(Number(move.slice(1))) });
  return t("replay.move.pair", { rank: rankAt(Number(move.split("-")[0])) });
}

export class Replay {
  constructor(root, geometry, frames) {
    this.root = root;
    this.frames = frames;
    this.index = 0;
    this.playing = null;
    root.innerHTML = `
      <div class="table replay-table"><div class="heart"></div>
        <div class="piles"><div class="pile stock"></div><div class="pile waste"></div></div></div>
      <p class="replay-caption" aria-live="polite"></p>
      <div class="replay-controls" role="group">
        <button type="button" class="btn icon-btn" data-replay="restart" aria-label="${t("replay.restart")}">⏮</button>
        <button type="button" class="btn icon-btn" data-replay="prev" aria-label="${t("replay.prev")}">◀</button>
        <button type="button" class="btn primary" data-replay="toggle">${t("replay.play")}</button>
        <button type="button" class="btn icon-btn" data-replay="next" aria-label="${t("replay.next")}">▶</button>
      </div>
      <p class="help">${t("replay.keys")}</p>`;
    root.tabIndex = 0;
    this.board = new Board(root.querySelector(".table"), geometry, { interactive: false });
    this.caption = root.querySelector(".replay-caption");
    this.toggleButton = root.querySelector("[data-replay=toggle]");
    root.addEventListener("click", (event) => {
      const action = event.target.closest("[data-replay]")?.dataset.replay;
      if (action === "restart") this.go(0);
      if (action === "prev") this.go(this.index - 1);
      if (action === "next") this.go(this.index + 1);
      if (action === "toggle") this.toggle();
    });
    root.addEventListener("keydown", (event) => {
      const forward = event.key === "ArrowRight" || event.key === "ArrowDown";
      const back = event.key === "ArrowLeft" || event.key === "ArrowUp";
      if (forward || back) {
        event.preventDefault();
        // Arrows follow the reading direction: in a right-to-left page, left is forward.
        const rtl = getComputedStyle(root).direction === "rtl";
        const horizontal = event.key === "ArrowRight" || event.key === "ArrowLeft";
        const ahead = horizontal && rtl ? back : forward;
        this.pause();
        this.go(this.index + (ahead ? 1 : -1));
      } else if (event.key === " " && event.target === root) {
        event.preventDefault();
        this.toggle();
      }
    });
  }

  start() {
    this.go(0);
  }

  go(index) {
    this.index = Math.max(0, Math.min(this.frames.length - 1, index));
    const frame = this.frames[this.index];
    this.board.render(frame);
    const previous = this.frames[Math.max(0, this.index - 1)];
    const total = this.frames.length - 1;
    const step = this.index
      ? `${t("replay.step", { step: this.index, total })}: ` : "";
    this.caption.textContent = `${step}${describe(frame, previous)}`;
    this.caption.dataset.step = String(this.index);
    this.root.dataset.score = num(frame.score);
    if (this.index === this.frames.length - 1) this.pause();
  }

  toggle() {
    if (this.playing) this.pause();
    else this.play();
  }

  play() {
    if (this.index === this.frames.length - 1) this.go(0);
    this.playing = setInterval(() => this.go(this.index + 1), STEP_MS);
    this.toggleButton.textContent = t("replay.pause");
  }

  pause() {
    clearInterval(this.playing);
    this.playing = null;
    this.toggleButton.textContent = t("replay.play");
  }

  stop() {
    this.pause();
    this.board.observer.disconnect();
  }
}
