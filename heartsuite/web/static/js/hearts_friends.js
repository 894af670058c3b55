// @ts-check
// "Play with friends" on the Hearts page: a dialog that makes a table with people — every rule
// and variant of the settings, each other seat open to people or a computer of a chosen level,
// the turn timer, the computers' pace, who stands in for an absent person, spectators, and your
// display name (remembered) — then shows the invite to it.

import { $, $$, dialogEl, inputEl } from "./dom.js";
import { applyVariant, fillRules, readRules } from "./hearts_settings.js";
import { page } from "./hearts_state.js";
import { api, openDialog, pageData, t } from "./shell.js";
import { checkName, refusalText, rememberedName, saveName, showInvite } from "./table_common.js";

/** @typedef {import("./hearts_state.js").Rules} Rules */

const dialog = () => dialogEl("#tx-friends");
const form = () => /** @type {HTMLFormElement} */ ($("form", dialog()));
/** @param {string} name */
const select = (name) => /** @type {HTMLSelectElement} */ (form().elements.namedItem(name));

/**
 * Label the seats by where they sit from yours, and show as many as the variant has.
 * @param {number} players
 */
function showSeats(players) {
  const places = players === 3 ? ["left", "right"] : ["left", "across", "right"];
  for (const el of $$("[data-seat-field]", form())) {
    const seat = Number(el.dataset.seatField);
    el.hidden = seat >= players;
    const span = $("span", el);
    if (seat < players) span.textContent = t(`table.place.${places[seat - 1]}`);
  }
}

/** The body of POST /api/tables from the form. */
function readTable() {
  const rules = readRules(form());
  const players = Number(rules.players ?? (rules.variant === "black-maria" ? 3 : 4));
  /** @type {{ kind: string, level?: string }[]} */
  const seats = [{ kind: "person" }];
  for (let seat = 1; seat < players; seat += 1) {
    const value = select(`seat${seat}`).value;
    seats.push(value === "open" ? { kind: "person" } : { kind: "bot", level: value });
  }
  return {
    rules,
    seats,
    timer: Number(select("timer").value),
    speed: select("speed").value,
    standin_level: select("standin_level").value,
    spectators: inputEl("input[name=spectators]", form()).checked,
  };
}

let wired = false;

function wire() {
  if (wired) return;
  wired = true;
  const variant = select("variant");
  variant.addEventListener("change", () => {
    const rules = applyVariant(form());
    showSeats(Number(rules.players));
  });
  form().addEventListener("submit", async (event) => {
    const button = /** @type {HTMLButtonElement | null} */ (event.submitter);
    if (button?.value !== "create") return;
    event.preventDefault();
    const error = $("#tx-friends-error");
    const nameInput = inputEl("input[name=name]", form());
    const { name, error: bad } = checkName(nameInput.value);
    if (bad) {
      error.textContent = bad;
      nameInput.setAttribute("aria-invalid", "true");
      nameInput.focus();
      return;
    }
    nameInput.removeAttribute("aria-invalid");
    error.textContent = "";
    button.disabled = true;
    try {
      const made = await api("/api/tables", { method: "POST", body: { ...readTable(), name } });
      await saveName(name);
      dialog().close("created");
      await showInvite({ invite: made.invite, code: made.code });
    } catch (err) {
      error.textContent = refusalText(err);
    } finally {
      button.disabled = false;
    }
  });
}

/** Open the dialog, filled with the rules the person plays by and the name they used last. */
export async function openFriends() {
  wire();
  const rules = /** @type {Rules} */ (page.prefs?.rules ?? pageData.variants["black-lady"]);
  fillRules(form(), rules);
  showSeats(Number(rules.players ?? 4));
  select("speed").value = page.prefs?.speed === "slow" ? "normal" : (page.prefs?.speed ?? "normal");
  select("standin_level").value = page.prefs?.strength ?? "hard";
  $("#tx-friends-error").textContent = "";
  const nameInput = inputEl("input[name=name]", form());
  nameInput.value = await rememberedName();
  await openDialog(dialog());
}
