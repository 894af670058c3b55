"""The page icons: our own line drawings as inline SVG in the text colour. No emoji or symbol
font is needed (headless browsers and many phones have none and would draw empty boxes); the
icon is decoration only, the button's translated label stays its accessible name."""

from __future__ import annotations

from markupsafe import Markup

_PATHS = {
    "undo": '<path d="M9 14 4 9l5-5"/><path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11"/>',
    "hint": '<path d="M9 18h6M10 21h4"/><path d="M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2.1h5c0-.9'
            '.4-1.6 1-2.1A6 6 0 0 0 12 3Z"/>',
    "new": '<path d="M12 5v14M5 12h14"/>',
    "menu": '<path d="M4 7h16M4 12h16M4 17h16"/>',
    "code": '<path d="M10 3 8 21M16 3l-2 18M4 9h17M3 15h17"/>',
    "copy": '<rect x="9" y="9" width="11" height="11" rx="2"/><path d="M5 15V5a2 2 0 0 1 2-2h8"/>',
    "settings": '<circle cx="12" cy="12" r="3"/><path d="M12 2v3M12 19v3M4.9 4.9 7 7M17 17l2.1 '
                '2.1M2 12h3M19 12h3M4.9 19.1 7 17M17 7l2.1-2.1"/>',
    "help": '<rect x="2" y="6" width="20" height="12" rx="2"/><path d="M6 10h.01M10 10h.01M14 '
            '10h.01M18 10h.01M7 14h10"/>',
    "rules": '<path d="M4 4h11a3 3 0 0 1 3 3v13H7a3 3 0 0 1-3-3Z"/><path d="M8 8h6M8 12h6"/>',
    "stats": '<path d="M4 20V10M10 20V4M16 20v-7M22 20H2"/>',
    "sheet": '<rect x="3" y="4" width="18" height="16" rx="2"/><path d="M3 9h18M3 14h18M9 4v16"/>',
    # filled shapes: the turn marker and the hearts-broken mark
    "turn": '<path d="M12 6 20 18H4Z" fill="currentColor"/>',
    "heart": '<path d="M12 20 4.5 12.5a4.6 4.6 0 0 1 7.5-5.3 4.6 4.6 0 0 1 7.5 5.3Z"'
             ' fill="currentColor"/>',
}
NAMES = frozenset(_PATHS)


def icon(name: str) -> Markup:
    """The icon `name` as inline SVG (trusted markup), hidden from assistive technology."""
    return Markup('<svg class="glyph" viewBox="0 0 24 24" fill="none" stroke="currentColor"'
                  ' stroke-width="2" stroke-linecap="round" stroke-linejoin="round"'
                  f' aria-hidden="true" focusable="false">{_PATHS[name]}</svg>')
