"""The Heart to Heart page's markup: info bar, table (heart, stock, waste), toolbar and dialogs.
Texts are rendered in the page's language; `static/js/h2h.js` brings it to life."""

from __future__ import annotations

import html

from heartsuite.web.i18n import translate
from heartsuite.web.icons import icon
from heartsuite.web.markup import dialog, tool_button


def _dialog(name: str, title: str, body: str, actions: str) -> str:
    return dialog(f"dlg-{name}", title, body, actions)


def body(lang: str) -> str:
    """The page body in `lang`."""

    def t(key: str) -> str:
        return html.escape(translate(lang, key))

    def info(name: str, key: str, value: str) -> str:
        return (f'<div class="info info-{name}"><span class="info-label">{t(key)}</span>'
                f'<span class="info-value" data-info="{name}">{value}</span></div>')

    def button(action: str, key: str, glyph: str, shortcut: str = "", cls: str = "") -> str:
        return tool_button(action, t(key), glyph, shortcut, cls)

    def toggle(name: str) -> str:
        return (f'<label class="toggle"><input type="checkbox" name="{name}" role="switch">'
                f'<span class="toggle-text"><span class="toggle-name">{t("h2h.settings." + name)}'
                f'</span><span class="toggle-desc">{t("h2h.settings." + name + ".desc")}</span>'
                f'<span class="toggle-note" data-needs-solver hidden>'
                f'{t("h2h.settings.needs_solver")}</span></span></label>')

    close = f'<button value="close" class="btn">{t("common.close")}</button>'
    help_items = "".join(
        f"<li>{t('h2h.help.' + k)}</li>"
        for k in ("draw", "waste", "undo", "hint", "new", "arrows", "enter", "escape")
    )
    dialogs = "".join([
        _dialog("blocked", t("h2h.blocked.title"), f'<p>{t("h2h.blocked.body")}</p>',
                f'<button value="undo" class="btn">{t("h2h.action.undo")}</button>'
                f'<button value="solution" class="btn" data-needs-solver hidden>'
                f'{t("h2h.action.give_up")}</button>'
                f'<button value="new" class="btn primary">{t("h2h.action.new")}</button>'),
        _dialog("won", t("h2h.won.title"),
                '<p class="won-summary" id="won-summary"></p><p id="won-hints"></p>',
                f'<button value="solution" class="btn" data-needs-solver hidden>'
                f'{t("h2h.action.solution")}</button>'
                f'<a class="btn" href="/stats">{t("nav.stats")}</a>'
                f'<button value="new" class="btn primary">{t("h2h.action.new")}</button>'),
        _dialog("confirm", t("h2h.confirm_new.title"), f'<p>{t("h2h.confirm_new.body")}</p>',
                f'<button value="cancel" class="btn">{t("h2h.confirm_new.no")}</button>'
                f'<button value="new" class="btn primary">{t("h2h.confirm_new.yes")}</button>'),
        _dialog("code", t("h2h.code.title"),
                f'<label class="field"><span>{t("h2h.code.label")}</span>'
                f'<input name="code" id="code-input" autocomplete="off" autocapitalize="characters"'
                f' spellcheck="false" maxlength="40" placeholder="HH1-N-AAAAAAM" dir="ltr"'
                f' aria-describedby="code-help code-error"></label>'
                f'<p class="help" id="code-help">{t("h2h.code.help")}</p>'
                f'<p class="error" id="code-error" role="alert"></p>',
                f'<button type="button" value="cancel" class="btn" data-close>'
                f'{t("common.cancel")}</button>'
                f'<button value="play" class="btn primary" id="code-play">{t("h2h.code.play")}'
                "</button>"),
        _dialog("settings", t("h2h.settings.title"),
                "".join(toggle(n) for n in
                        ("placement_help", "move_errors", "winnable_only", "show_winnable")),
                close),
        _dialog("help", t("h2h.help.title"), f'<ul class="keys">{help_items}</ul>', close),
        _dialog("menu", t("h2h.action.menu"),
                '<nav class="menu-list">'
                + button("code", "h2h.action.code", icon("code"))
                + button("copy", "h2h.action.copy", icon("copy"))
                + button("settings", "h2h.action.settings", icon("settings"))
                + button("help", "h2h.action.help", icon("help"), "?")
                + f'<a class="tool" href="/rules/h2h"><span class="icon" aria-hidden="true">'
                  f'{icon("rules")}</span><span class="tool-label">{t("nav.rules")}</span></a>'
                + f'<a class="tool" href="/stats"><span class="icon" aria-hidden="true">'
                  f'{icon("stats")}</span>'
                  f'<span class="tool-label">{t("nav.stats")}</span></a>'
                + "</nav>",
                close),
        _dialog("solution", t("h2h.solution.title"),
                '<div class="replay" id="solution-replay"></div>', close),
    ])
    return f"""
<section class="h2h" aria-label="{t("h2h.title")}">
  <div class="infobar">
    {info("time", "h2h.info.time", "0:00")}
    {info("score", "h2h.info.score", "0")}
    {info("moves", "h2h.info.moves", "0")}
    <div class="info info-code"><span class="info-label">{t("h2h.info.code")}</span>
      <button type="button" class="info-value code-button" data-info="code" data-action="copy"
        dir="ltr" title="{t("h2h.action.copy")}"></button></div>
  </div>
  <p class="status-line" id="winnable-line" hidden></p>
  <div class="table" id="table" aria-busy="true">
    <div class="heart" id="heart" role="group" aria-label="{t("h2h.title")}"></div>
    <div class="piles" id="piles">
      <button type="button" class="pile stock" data-pile="stock" aria-keyshortcuts="D"></button>
      <button type="button" class="pile waste" data-pile="waste" aria-keyshortcuts="W"></button>
    </div>
    <p class="loading" id="loading">{t("common.loading")}</p>
  </div>
  <div class="first-visit" id="first-visit" hidden>
    <p>{t("h2h.first_visit")}</p>
    <button type="button" class="btn" data-action="dismiss-intro">{t("h2h.first_visit.dismiss")}
    </button>
  </div>
  <div class="toolbar" role="toolbar" aria-label="{t("h2h.action.menu")}">
    {button("undo", "h2h.action.undo", icon("undo"), "U")}
    {button("hint", "h2h.action.hint", icon("hint"), "H", "needs-solver")}
    {button("new", "h2h.action.new", icon("new"), "N")}
    {button("menu", "h2h.action.menu", icon("menu"))}
  </div>
</section>
{dialogs}
"""
