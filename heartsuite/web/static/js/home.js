// @ts-check
// Home: offer to resume an unfinished game.

import { cardSvg } from "./cards.js";
import { $, $$ } from "./dom.js";
import { api, t } from "./shell.js";

/** @type {Record<string, string[][]>} */
const ART = { h2h: [["K", "H"], ["A", "H"], ["K", "H"]], hearts: [["2", "C"], ["Q", "S"], ["A", "H"]] };
for (const el of $$("[data-art]")) {
  el.innerHTML = ART[el.dataset.art ?? ""].map(([rank, suit]) => cardSvg(rank, suit)).join("");
}

async function init() {
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
