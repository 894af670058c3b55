// @ts-check
// The rules page: the translated text is server-rendered; its example section gets a replay —
// a won Heart to Heart deal move by move, or a round of Hearts card by card.

import { api, pageData, t } from "./shell.js";
import { Replay } from "./replay.js";
import { TrickReplay } from "./trick_replay.js";

async function init() {
  const section = document.querySelector(`[data-example="${pageData.example}"]`);
  if (!section) return;
  const caption = document.createElement("p");
  caption.className = "example-code";
  // The example's code, isolated so right-to-left text neither reorders nor breaks it.
  caption.replaceChildren(...String(pageData.caption).split(/(H[HT]1-[A-Z0-9-]*[A-Z0-9])/).map(
    (part, i) => {
      if (i % 2 === 0) return part;
      const code = document.createElement("bdi");
      code.dir = "ltr";
      code.className = "code-text";
      code.textContent = part;
      return code;
    }));
  const root = document.createElement("div");
  root.className = pageData.game === "h2h" ? "replay" : "replay trick-replay";
  root.id = "example-replay";
  section.append(caption, root);
  try {
    const data = await api(`/api/rules/${pageData.game}/example`);
    if (pageData.game === "h2h") new Replay(root, pageData.geometry, data.frames).start();
    else new TrickReplay(root, data.frames).start();
  } catch {
    root.textContent = t("common.error");
  }
}

init();
