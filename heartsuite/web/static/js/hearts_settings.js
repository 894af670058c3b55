// @ts-check
// The Hearts settings dialog: how the computer plays (strength, speed, move errors), saved as the
// person's preferences at once, and the rules, which take effect in a new game.

import { $, dialogEl } from "./dom.js";
import { page } from "./hearts_state.js";
import { api, num, openDialog, pageData, showError } from "./shell.js";

/** @typedef {import("./hearts_state.js").Rules} Rules */

const RULE_FIELDS = ["target", "rounds", "passing", "qs_lead_anytime", "qs_breaks_hearts", "moon", "moon_spares_partner",
  "omnibus"];

/**
 * Whether Omnibus (J♦ -10) goes with these rules: not with the variants the server refuses it
 * with (Black Maria, Reverse Hearts), nor when the highest total wins.
 * @param {Rules} rules
 */
export const omnibusAllowed = (rules) => !rules.reverse && !pageData.omnibus_refused.includes(rules.variant);

/**
 * A field of the settings form by name: a menu or a switch (a checkbox).
 * @param {HTMLFormElement} form
 * @param {string} name
 * @returns {HTMLInputElement | HTMLSelectElement}
 */
const field = (form, name) => /** @type {HTMLInputElement | HTMLSelectElement} */ (form.elements.namedItem(name));
/**
 * @param {HTMLFormElement} form
 * @param {string} name
 */
const menu = (form, name) => /** @type {HTMLSelectElement} */ (field(form, name));
/**
 * @param {HTMLFormElement} form
 * @param {string} name
 */
const toggle = (form, name) => /** @type {HTMLInputElement} */ (field(form, name));

/**
 * Show rules in the form (a value the menus lack, e.g. a target of 75, is added to its menu).
 * @param {HTMLFormElement} form
 * @param {Rules} rules
 */
export function fillRules(form, rules) {
  menu(form, "variant").value = rules.variant;
  for (const name of RULE_FIELDS) {
    const input = field(form, name);
    if (input instanceof HTMLInputElement) input.checked = Boolean(rules[name]);
    else {
      const value = String(rules[name]);
      if (![...input.options].some((o) => o.value === value)) {
        const opt = document.createElement("option");
        opt.value = value;
        opt.textContent = num(Number(value)) || value;
        input.append(opt);
      }
      input.value = value;
    }
  }
  $("[data-field=moon_spares_partner]", form).hidden = !rules.partnership;
  $("[data-field=omnibus]", form).hidden = !omnibusAllowed(rules);
}

// How long a game lasts is the player's choice, not part of any variant: a variant chosen
// after it keeps it (every preset says 100 points, which silently undid a choice of 50).
const LENGTH_FIELDS = ["target", "rounds"];

/**
 * Show the preset of the variant now chosen in the form, keeping the game length it showed
 * and Omnibus where the new variant has it.
 * @param {HTMLFormElement} form
 * @returns {Rules} the rules now shown
 */
export function applyVariant(form) {
  const rules = { ...pageData.variants[menu(form, "variant").value] };
  for (const name of LENGTH_FIELDS) rules[name] = Number(menu(form, name).value);
  rules.omnibus = toggle(form, "omnibus").checked && omnibusAllowed(rules);
  fillRules(form, rules);
  return rules;
}

/**
 * The rules the form shows: its variant's, changed by the fields.
 * @param {HTMLFormElement} form
 * @returns {Rules}
 */
export function readRules(form) {
  const rules = { ...pageData.variants[menu(form, "variant").value] };
  for (const name of RULE_FIELDS) {
    const input = field(form, name);
    if (input instanceof HTMLInputElement) rules[name] = input.checked;
    else rules[name] = name === "moon" ? input.value : Number(input.value);
  }
  if (!rules.partnership) rules.moon_spares_partner = false;
  if (!omnibusAllowed(rules)) rules.omnibus = false;
  return rules;
}

/**
 * @param {Rules} a
 * @param {Rules} b
 */
const sameRules = (a, b) => Object.keys(a).every((k) => a[k] === b[k]);

/**
 * Open the settings; save them when closed. Resolves to the rules to start a new game with when
 * the person applied rules other than the game's, else null.
 * @returns {Promise<Rules | null>}
 */
export async function openSettings() {
  const prefs = page.prefs;
  if (!prefs) return null;
  const dialog = dialogEl("#hx-settings");
  const form = /** @type {HTMLFormElement} */ ($("form", dialog));
  menu(form, "strength").value = prefs.strength;
  menu(form, "speed").value = prefs.speed;
  toggle(form, "move_errors").checked = prefs.move_errors;
  menu(form, "autoplay").value = prefs.autoplay;
  toggle(form, "undo").checked = prefs.undo;
  fillRules(form, prefs.rules);
  const variant = menu(form, "variant");
  variant.onchange = () => applyVariant(form);
  const choice = await openDialog(dialog);
  const rules = readRules(form);
  const changes = {
    strength: menu(form, "strength").value,
    speed: menu(form, "speed").value,
    move_errors: toggle(form, "move_errors").checked,
    autoplay: menu(form, "autoplay").value,
    undo: toggle(form, "undo").checked,
    rules,
  };
  try {
    page.prefs = await api("/api/hearts/prefs", { method: "PUT", body: changes });
  } catch (err) {
    showError(err);
    return null;
  }
  const saved = /** @type {import("./hearts_state.js").Prefs} */ (page.prefs);
  const { state } = page;
  if (state) state.settings = { strength: saved.strength, speed: saved.speed, undo: saved.undo };
  if (choice === "apply" && state && !sameRules(saved.rules, state.rules)) return saved.rules;
  return null;
}
