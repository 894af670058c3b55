// @ts-check
// The page of an address that leads nowhere: the shell (its language menu) and a little art,
// a four, a card face down and a four: 4 ? 4.

import { backSvg, cardSvg } from "./cards.js";
import { $$ } from "./dom.js";
import "./shell.js";

for (const el of $$("[data-art=not-found]")) {
  el.innerHTML = cardSvg("4", "H") + backSvg() + cardSvg("4", "S");
}
