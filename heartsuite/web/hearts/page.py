"""The Hearts page's markup: the table of four (you at the bottom), your hand, the toolbar and the
dialogs (score sheet, settings, moon choice, game over, new game, code, help). Texts are rendered
in the page's language; `static/js/hearts.js` brings it to life."""

from __future__ import annotations

import html

from heartsuite.hearts.rules import VARIANTS
from heartsuite.web.i18n import translate
from heartsuite.web.icons import icon
from heartsuite.web.markup import dialog, tool_button

SEAT_PLACES = ("bottom", "left", "top", "right")


def _dialog(name: str, title: str, body: str, actions: str) -> str:
    return dialog(f"hx-{name}", title, body, actions)


def body(lang: str) -> str:
    """The page body in `lang`."""

    def t(key: str) -> str:
        return html.escape(translate(lang, key))

    def button(action: str, key: str, glyph: str, shortcut: str = "", cls: str = "") -> str:
        return tool_button(action, t(key), glyph, shortcut, cls)

    def select(name: str, options: list[tuple[str, str]]) -> str:
        opts = "".join(f'<option value="{v}">{t(k)}</option>' for v, k in options)
        return (f'<label class="field" data-field="{name}"><span>{t("hearts.opt." + name)}</span>'
                f'<select name="{name}">{opts}</select></label>')

    def toggle(name: str) -> str:
        return (f'<label class="toggle" data-field="{name}"><input type="checkbox" name="{name}"'
                f' role="switch"><span class="toggle-text"><span class="toggle-name">'
                f'{t("hearts.opt." + name)}</span><span class="toggle-desc">'
                f'{t("hearts.opt." + name + ".desc")}</span></span></label>')

    seats = "".join(
        f'<div class="hx-seat hx-{place}" data-place="{place}" hidden>'
        f'<div class="hx-backs" aria-hidden="true"></div>'
        f'<div class="hx-plate"><span class="hx-name"></span>'
        f'<span class="hx-score" data-score></span><span class="hx-taken" data-taken></span>'
        f'<span class="hx-turn">{icon("turn")}</span></div></div>'
        for place in SEAT_PLACES[1:]
    )
    slots = "".join(f'<div class="hx-slot hx-slot-{p}" data-slot="{p}"></div>'
                    for p in SEAT_PLACES)
    close = f'<button value="close" class="btn">{t("common.close")}</button>'
    rules_fields = "".join([
        select("variant", [(v, f"hearts.variant.{v}") for v in VARIANTS]),
        select("target", [("50", "hearts.target.50"), ("100", "hearts.target.100"),
                          ("150", "hearts.target.150")]),
        select("rounds", [("0", "hearts.rounds.0"), ("5", "hearts.rounds.5"),
                          ("10", "hearts.rounds.10")]),
        toggle("passing"),
        toggle("qs_lead_anytime"),
        toggle("qs_breaks_hearts"),
        select("moon", [("old", "hearts.moon.old"), ("new", "hearts.moon.new"),
                        ("mixed", "hearts.moon.mixed"), ("none", "hearts.moon.none")]),
        toggle("moon_spares_partner"),
    ])
    play_fields = "".join([
        select("strength", [(s, f"hearts.strength.{s}")
                            for s in ("easy", "medium", "hard", "expert")]),
        select("speed", [(s, f"hearts.speed.{s}") for s in ("slow", "normal", "fast", "instant")]),
        toggle("move_errors"),
    ])
    help_items = "".join(f"<li>{t('hearts.help.' + k)}</li>"
                         for k in ("arrows", "enter", "pass", "hint", "sheet", "new", "escape"))
    dialogs = "".join([
        _dialog("sheet", t("hearts.sheet.title"),
                '<div class="table-wrap"><table class="hx-sheet" id="hx-sheet-table"></table>'
                '</div><p class="help hx-code-line" dir="auto"></p>', close),
        _dialog("settings", t("hearts.settings.title"),
                f'<fieldset class="hx-group"><legend>{t("hearts.settings.play")}</legend>'
                f"{play_fields}</fieldset>"
                f'<fieldset class="hx-group"><legend>{t("hearts.settings.rules")}</legend>'
                f'<p class="help">{t("hearts.settings.rules_help")}</p>{rules_fields}</fieldset>',
                f'<button value="close" class="btn">{t("common.close")}</button>'
                f'<button value="apply" class="btn primary">{t("hearts.settings.apply")}'
                "</button>"),
        _dialog("moon", t("hearts.moon_choice.title"),
                f'<p id="hx-moon-text">{t("hearts.moon_choice.body")}</p>',
                '<button value="old" class="btn" id="hx-moon-old"></button>'
                '<button value="new" class="btn primary" id="hx-moon-new"></button>'),
        _dialog("over", t("hearts.over.title"),
                '<p class="won-summary" id="hx-over-text"></p>'
                '<div class="table-wrap"><table class="hx-sheet" id="hx-final"></table></div>'
                '<p class="help hx-code-line" dir="auto"></p>',
                f'<a class="btn" href="/stats">{t("nav.stats")}</a>'
                f'<button value="new" class="btn primary">{t("hearts.action.new")}</button>'),
        _dialog("confirm", t("hearts.confirm_new.title"), f'<p>{t("hearts.confirm_new.body")}</p>',
                f'<button value="cancel" class="btn">{t("hearts.confirm_new.no")}</button>'
                f'<button value="new" class="btn primary">{t("hearts.confirm_new.yes")}</button>'),
        _dialog("code", t("hearts.code.title"),
                f'<label class="field"><span>{t("hearts.code.label")}</span>'
                f'<input name="code" id="hx-code-input" autocomplete="off"'
                f' autocapitalize="characters" spellcheck="false" maxlength="40"'
                f' placeholder="HT1-AAAAAAA" dir="ltr"'
                f' aria-describedby="hx-code-help hx-code-error">'
                f'</label><p class="help" id="hx-code-help">{t("hearts.code.help")}</p>'
                f'<p class="error" id="hx-code-error" role="alert"></p>',
                f'<button value="cancel" class="btn">{t("common.cancel")}</button>'
                f'<button value="play" class="btn primary" id="hx-code-play">'
                f'{t("hearts.code.play")}</button>'),
        _dialog("help", t("hearts.help.title"), f'<ul class="keys">{help_items}</ul>', close),
        _dialog("menu", t("hearts.action.menu"),
                '<nav class="menu-list">'
                + button("code", "hearts.action.code", icon("code"))
                + button("copy", "hearts.action.copy", icon("copy"))
                + button("settings", "hearts.action.settings", icon("settings"))
                + button("help", "hearts.action.help", icon("help"), "?")
                + f'<a class="tool" href="/rules/hearts"><span class="icon" aria-hidden="true">'
                  f'{icon("rules")}</span><span class="tool-label">{t("nav.rules")}</span></a>'
                + f'<a class="tool" href="/stats"><span class="icon" aria-hidden="true">'
                  f'{icon("stats")}</span>'
                  f'<span class="tool-label">{t("nav.stats")}</span></a>'
                + "</nav>",
                close),
    ])
    return f"""
<section class="hearts" aria-label="{t("hearts.title")}">
  <div class="hx-table" id="hx-table" aria-busy="true">
    {seats}
    <div class="hx-center">
      <div class="hx-trick" id="hx-trick" role="group"
        aria-label="{t("hearts.trick")}">{slots}</div>
      <p class="hx-broken" id="hx-broken" hidden>{icon("heart")}
        {t("hearts.broken")}</p>
    </div>
    <p class="loading" id="hx-loading">{t("common.loading")}</p>
    <p class="hx-conn" id="hx-conn" role="status" hidden>{t("hearts.reconnecting")}</p>
  </div>
  <div class="hx-me">
    <div class="hx-prompt" id="hx-prompt" aria-live="polite">
      <span class="hx-prompt-text" id="hx-prompt-text"></span>
      <button type="button" class="btn primary" id="hx-pass-btn" data-action="pass" hidden
        disabled>{t("hearts.action.pass")}</button>
    </div>
    <div class="hx-plate hx-my-plate"><span class="hx-name">{t("hearts.you")}</span>
      <span class="hx-score" data-score></span><span class="hx-taken" data-taken></span></div>
    <div class="hx-hand" id="hx-hand" role="group" aria-label="{t("hearts.hand")}"></div>
  </div>
  <div class="first-visit" id="hx-first-visit" hidden>
    <p>{t("hearts.first_visit")}</p>
    <button type="button" class="btn" data-action="dismiss-intro">{t("h2h.first_visit.dismiss")}
    </button>
  </div>
  <div class="toolbar" role="toolbar" aria-label="{t("hearts.action.menu")}">
    {button("sheet", "hearts.action.sheet", icon("sheet"), "S")}
    {button("hint", "hearts.action.hint", icon("hint"), "H")}
    {button("new", "hearts.action.new", icon("new"), "N")}
    {button("menu", "hearts.action.menu", icon("menu"))}
  </div>
</section>
{dialogs}
"""
