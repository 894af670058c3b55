"""Markup both game pages build the same way: their dialogs and their toolbar buttons."""

from __future__ import annotations


def dialog(dialog_id: str, title: str, body: str, actions: str) -> str:
    """A modal dialog whose form closes it with the pressed button's value (`openDialog` in
    shell.js waits for that value). `title` and `body` are escaped markup."""
    return (
        f'<dialog class="sheet" id="{dialog_id}" role="dialog" aria-modal="true"'
        f' aria-labelledby="{dialog_id}-title">'
        f'<form method="dialog" class="sheet-body">'
        f'<h2 id="{dialog_id}-title">{title}</h2>{body}'
        f'<div class="actions">{actions}</div></form></dialog>'
    )


def tool_button(action: str, label: str, icon: str, shortcut: str = "", cls: str = "") -> str:
    """A toolbar or menu button: an icon, its (escaped) label as the accessible name, and the
    keyboard shortcut announced and shown on hover."""
    keys = f' aria-keyshortcuts="{shortcut}" title="{label} ({shortcut})"' if shortcut else ""
    return (f'<button type="button" class="tool {cls}" data-action="{action}"{keys}>'
            f'<span class="icon" aria-hidden="true">{icon}</span>'
            f'<span class="tool-label">{label}</span></button>')
