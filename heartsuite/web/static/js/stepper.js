// @ts-check
// Step-through controls shared by the replays: restart, back, play/pause, forward, and the arrow
// keys (which follow the reading direction). `show(index)` draws a step and returns its caption.

import { $, targetOf } from "./dom.js";
import { icon } from "./icons.js";
import { t } from "./shell.js";

const STEP_MS = 800;

export class Stepper {
  /**
   * @param {HTMLElement} root
   * @param {number} count
   * @param {(index: number) => string} show
   * @param {{ stepMs?: number }} [options]
   */
  constructor(root, count, show, { stepMs = STEP_MS } = {}) {
    this.root = root;
    this.count = count;
    this.show = show;
    this.stepMs = stepMs;
    this.index = 0;
    /** @type {ReturnType<typeof setInterval> | null} */
    this.playing = null;
    const controls = document.createElement("div");
    controls.innerHTML = `
      <p class="replay-caption" aria-live="polite"></p>
      <div class="replay-controls" role="group">
        <button type="button" class="btn icon-btn" data-replay="restart" aria-label="${t("replay.restart")}">${icon("restart")}</button>
        <button type="button" class="btn icon-btn" data-replay="prev" aria-label="${t("replay.prev")}">${icon("prev")}</button>
        <button type="button" class="btn primary" data-replay="toggle">${t("replay.play")}</button>
        <button type="button" class="btn icon-btn" data-replay="next" aria-label="${t("replay.next")}">${icon("next")}</button>
      </div>
      <p class="help">${t("replay.keys")}</p>`;
    root.append(...controls.children);
    root.tabIndex = 0;
    this.caption = $(".replay-caption", root);
    this.toggleButton = $("[data-replay=toggle]", root);
    root.addEventListener("click", (event) => {
      const button = /** @type {HTMLElement | null} */ (targetOf(event).closest("[data-replay]"));
      const action = button?.dataset.replay;
      if (action === "restart") this.go(0);
      if (action === "prev") this.go(this.index - 1);
      if (action === "next") this.go(this.index + 1);
      if (action === "toggle") this.toggle();
    });
    root.addEventListener("keydown", (event) => this.key(event));
  }

  /** @param {KeyboardEvent} event */
  key(event) {
    const forward = event.key === "ArrowRight" || event.key === "ArrowDown";
    const back = event.key === "ArrowLeft" || event.key === "ArrowUp";
    if (forward || back) {
      event.preventDefault();
      // In a right-to-left page the left arrow points forward.
      const rtl = getComputedStyle(this.root).direction === "rtl";
      const horizontal = event.key === "ArrowRight" || event.key === "ArrowLeft";
      const ahead = horizontal && rtl ? back : forward;
      this.pause();
      this.go(this.index + (ahead ? 1 : -1));
    } else if (event.key === " " && event.target === this.root) {
      event.preventDefault();
      this.toggle();
    }
  }

  /** @param {number} index */
  go(index) {
    this.index = Math.max(0, Math.min(this.count - 1, index));
    this.caption.textContent = this.show(this.index);
    this.caption.dataset.step = String(this.index);
    if (this.index === this.count - 1) this.pause();
  }

  toggle() {
    if (this.playing) this.pause();
    else this.play();
  }

  play() {
    if (this.index === this.count - 1) this.go(0);
    this.playing = setInterval(() => this.go(this.index + 1), this.stepMs);
    this.toggleButton.textContent = t("replay.pause");
  }

  pause() {
    clearInterval(this.playing ?? undefined);
    this.playing = null;
    this.toggleButton.textContent = t("replay.play");
  }
}
