// @ts-check
// The offline page (templates/offline.html, kept by the service worker): its texts in the
// person's language (the one they chose on the site, else the browser's first supported one),
// and "Try again", which reloads the page they were opening.

/** @type {Record<string, { title: string, body: string, retry: string, dir: string }>} */
const strings = JSON.parse(document.getElementById("offline-data")?.textContent || "{}");

function language() {
  let chosen = null;
  try {
    chosen = localStorage.getItem("heartsuite.lang");
  } catch {
    // storage refused: the browser's languages decide
  }
  if (chosen && chosen in strings) return chosen;
  for (const tag of navigator.languages || [navigator.language]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (base in strings) return base;
  }
  return "en";
}

const lang = language();
const texts = strings[lang];
if (texts) {
  document.documentElement.lang = lang;
  document.documentElement.dir = texts.dir;
  document.title = `${texts.title} · heartsuite`;
  for (const el of document.querySelectorAll("[data-offline]")) {
    const key = /** @type {"title" | "body" | "retry"} */ (/** @type {HTMLElement} */ (el).dataset.offline);
    el.textContent = texts[key];
  }
}
document.getElementById("offline-retry")?.addEventListener("click", () => location.reload());
