// The rules page: the translated text is server-rendered; its example section gets the replay of
// a won deal, move by move.

import { api, pageData, t } from "./shell.js";
import { Replay } from "./replay.js";

async function init() {
  const section = document.querySelector(`[data-example="${pageData.example}"]`);
  if (!section || pageData.game !== "h2h") return;
  const caption = document.createElement("p");
  caption.className = "example-code";
  caption.textContent = pageData.caption;
  const root = document.createElement("div");
  root.className = "replay";
  root.id = "example-replay";
  section.append(caption, root);
  try {
    const data = await api("/api/h2h/example");
    new Replay(root, pageData.geometry, data.frames).start();
  } catch {
    root.textContent = t("common.error");
  }
}

init();
