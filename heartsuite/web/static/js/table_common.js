// @ts-check
// What the Hearts page's "Play with friends" dialog and the table page share: the display name
// (checked as the server checks it, remembered with the person), the invite dialog (link and
// short code to copy, or to share where the browser can), and the server's refusals in words.

import { $, dialogEl, inputEl } from "./dom.js";
import { copyCode } from "./game_ui.js";
import { api, ApiError, openDialog, t } from "./shell.js";

export const NAME_MAX = 24;
const NAME_KEY = "heartsuite.table.name";
// Control and format characters, but not the joiners some scripts need (ZWNJ, ZWJ).
const FORBIDDEN = /[\p{Cc}\p{Cf}\u2028\u2029]/u;
const JOINERS = /[\u200c\u200d]/g;

/**
 * A display name as the server reads it: trimmed, NFC, 1 to 24 characters of any script, no
 * control characters. Returns the clean name, or the translated reason it is refused.
 * @param {string} raw
 * @returns {{ name: string, error: string | null }}
 */
export function checkName(raw) {
  const name = raw.normalize("NFC").trim();
  const length = [...name].length;
  if (!length) return { name, error: t("table.name.empty") };
  if (length > NAME_MAX) return { name, error: t("table.name.too_long", { count: NAME_MAX }) };
  if (FORBIDDEN.test(name.replace(JOINERS, ""))) return { name, error: t("table.name.bad") };
  return { name, error: null };
}

/** The name the person used last (kept by the server; this browser's copy when it is out). */
export async function rememberedName() {
  try {
    const { name } = await api("/api/people/me");
    if (name) return String(name);
  } catch {
    // fall back to this browser's copy
  }
  return localStorage.getItem(NAME_KEY) ?? "";
}

/**
 * Remember the name with the person, where the server offers it again next time.
 * @param {string} name
 */
export async function saveName(name) {
  localStorage.setItem(NAME_KEY, name);
  try {
    await api("/api/people/me", { method: "PUT", body: { name } });
  } catch {
    // creating or joining the table remembers it too; the local copy is enough meanwhile
  }
}

/**
 * A refusal of the tables API in the page's language (its key names it; an unknown key gets the
 * general sentence).
 * @param {unknown} err
 */
export function refusalText(err) {
  if (err instanceof ApiError) {
    if (err.status === 0) return t("common.offline");
    const key = `table.error.${err.error}`;
    const text = t(key);
    if (text !== key) return text;
  }
  return t("common.error");
}

/**
 * A table's address on this server, from its short code.
 * @param {string} code
 */
export const tableUrl = (code) => `${location.origin}/t/${encodeURIComponent(code)}`;

let invite = { link: "", code: "" };

function wireInvite() {
  const dialog = dialogEl("#tx-invite");
  if (dialog.dataset.wired) return;
  dialog.dataset.wired = "1";
  const share = /** @type {HTMLButtonElement} */ ($("[data-invite=share]", dialog));
  share.hidden = typeof navigator.share !== "function";
  dialog.addEventListener("click", async (e) => {
    const button = /** @type {HTMLElement} */ (e.target).closest("[data-invite]");
    if (!(button instanceof HTMLElement)) return;
    const what = button.dataset.invite;
    if (what === "copy-link") {
      await copyCode(invite.link, t("table.invite.copied_link"), t("table.invite.copy_manual", { text: invite.link }), 6000);
    } else if (what === "copy-code") {
      await copyCode(invite.code, t("table.invite.copied_code", { code: invite.code }),
        t("table.invite.copy_manual", { text: invite.code }), 6000);
    } else if (what === "share") {
      try {
        await navigator.share({ title: t("table.invite.share_title"), text: t("table.invite.share_text", { code: invite.code }), url: invite.link });
      } catch {
        // the person closed the share sheet
      }
    }
  });
  inputEl("#tx-invite-link", dialog).addEventListener("focus", (e) => /** @type {HTMLInputElement} */ (e.target).select());
}

/**
 * Show the invite to a table; resolves when the dialog is closed.
 * @param {{ invite: string, code: string }} table
 */
export function showInvite(table) {
  wireInvite();
  invite = { link: table.invite || tableUrl(table.code), code: table.code };
  $("#tx-invite-code").textContent = table.code;
  inputEl("#tx-invite-link").value = invite.link;
  const go = document.getElementById("tx-invite-go");
  if (go instanceof HTMLAnchorElement) go.href = `/t/${encodeURIComponent(table.code)}`;
  return openDialog(dialogEl("#tx-invite"));
}
