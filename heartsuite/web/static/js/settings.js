// @ts-check
// The look settings (templates/settings.html): each choice is saved as the person's preference
// the moment it is made (PUT /api/look) and shown at once, on the preview table and the page.

import { backSvg, cardSvg } from "./cards.js";
import { $ } from "./dom.js";
import { applyLook, currentLook } from "./look.js";
import { api, announce, showError, t } from "./shell.js";

const form = /** @type {HTMLFormElement} */ ($("#look-form"));

// The preview: one card of each suit and a card back, on the table's felt.
$("#look-preview").innerHTML = [["A", "S"], ["K", "H"], ["Q", "D"], ["J", "C"]]
  .map(([rank, suit]) => `<span class="look-card">${cardSvg(rank, suit)}</span>`).join("")
  + `<span class="look-card">${backSvg()}</span>`;

form.addEventListener("change", async (event) => {
  const input = /** @type {HTMLInputElement} */ (event.target);
  if (input.type !== "radio") return;
  const before = currentLook();
  applyLook({ ...before, [input.name]: input.value });
  try {
    const saved = await api("/api/look", { method: "PUT", body: { [input.name]: input.value } });
    applyLook(saved);
    announce(t("look.saved"));
  } catch (err) {
    // not saved: back to the look that holds, so the page never shows what was not kept
    applyLook(before);
    const shown = /** @type {HTMLInputElement | null} */ (
      form.querySelector(`input[name="${input.name}"][value="${before[/** @type {"theme" | "back" | "suits"} */ (input.name)]}"]`));
    if (shown) shown.checked = true;
    showError(err);
  }
});
