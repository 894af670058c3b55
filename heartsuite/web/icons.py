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
    "claim": '<path d="M5 21V4"/><path d="M5 4h12l-2.5 4 2.5 4H5"/>',  # a flag: the rest is mine
    "last": '<rect x="4" y="7" width="10" height="14" rx="2"/><path d="M9 3h9a2 2 0 0 1 2 2v12"/>',
    "daily": '<rect x="3" y="5" width="18" height="16" rx="2"/><path d="M3 10h18M8 3v4M16 3v4"/>',
    "restart": '<path d="M4 12a8 8 0 1 0 2.3-5.6"/><path d="M4 4v5h5"/>',
    "menu": '<path d="M4 7h16M4 12h16M4 17h16"/>',
    "code": '<path d="M10 3 8 21M16 3l-2 18M4 9h17M3 15h17"/>',
    "copy": '<rect x="9" y="9" width="11" height="11" rx="2"/><path d="M5 15V5a2 2 0 0 1 2-2h8"/>',
    "settings": '<circle cx="12" cy="12" r="3"/><path d="M12 2v3M12 19v3M4.9 4.9 7 7M17 17l2.1 '
                '2.1M2 12h3M19 12h3M4.9 19.1 7 17M17 7l2.1-2.1"/>',
    "help": '<rect x="2" y="6" width="20" height="12" rx="2"/><path d="M6 10h.01M10 10h.01M14 '
            '10h.01M18 10h.01M7 14h10"/>',
    "rules": '<path d="M4 4h11a3 3 0 0 1 3 3v13H7a3 3 0 0 1-3-3Z"/><path d="M8 8h6M8 12h6"/>',
    "look": '<path d="M12 3a9 9 0 1 0 0 18c1.1 0 1.6-.9 1.2-1.8-.5-1-.1-2.2 1.1-2.2H17a4 4 0 0 0'
            ' 4-4c0-5.5-4-10-9-10Z"/><circle cx="7.5" cy="11" r="1"/><circle cx="10.5" cy="7"'
            ' r="1"/><circle cx="15.5" cy="7.5" r="1"/>',
    "stats": '<path d="M4 20V10M10 20V4M16 20v-7M22 20H2"/>',
    "sheet": '<rect x="3" y="4" width="18" height="16" rx="2"/><path d="M3 9h18M3 14h18M9 4v16"/>',
    # tables with people: invite, share, leave, watching
    "friends": '<circle cx="9" cy="8" r="3.5"/><path d="M2.5 20a6.5 6.5 0 0 1 13 0"/>'
               '<path d="M16 4.6a3.5 3.5 0 0 1 0 6.8M18 14a6.5 6.5 0 0 1 3.5 6"/>',
    "share": '<circle cx="18" cy="5" r="2.5"/><circle cx="6" cy="12" r="2.5"/>'
             '<circle cx="18" cy="19" r="2.5"/><path d="m8.2 10.8 7.6-4.4M8.2 13.2l7.6 4.4"/>',
    "leave": '<path d="M14 4h5v16h-5"/><path d="M10 16l-4-4 4-4M6 12h10"/>',
    "watch": '<path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z"/>'
             '<circle cx="12" cy="12" r="3"/>',
    "react": '<circle cx="12" cy="12" r="9"/>'
             '<path d="M8.5 14.5a4.5 4.5 0 0 0 7 0M9 9.5h.01M15 9.5h.01"/>',
    # the reactions' faces: our own drawings, so no emoji font is needed
    "react-nice": '<circle cx="12" cy="12" r="9"/>'
                  '<path d="M7.5 13.5a5 5 0 0 0 9 0M9 9.5h.01M15 9.5h.01"/>',
    "react-oops": '<circle cx="12" cy="12" r="9"/>'
                  '<path d="M8 15.5h8M8.5 8.5l2 1.5-2 1.5M15.5 8.5l-2 1.5 2 1.5"/>',
    "react-thanks": '<path d="M12 20 4.5 12.5a4.6 4.6 0 0 1 7.5-5.3 4.6 4.6 0 0 1 7.5 5.3Z"/>',
    "react-hurry": '<circle cx="12" cy="13" r="8"/><path d="M12 9v4l2.5 2.5M10 2h4"/>',
    "react-gg": '<path d="M7 10v10H4V10ZM7 11l4-7a2 2 0 0 1 2.5 2.3L13 10h5.5a2 2 0 0 1 2 2.4'
                'l-1.3 6A2 2 0 0 1 17.2 20H7"/>',
    "react-wow": '<circle cx="12" cy="12" r="9"/><circle cx="12" cy="15.5" r="2"/>'
                 '<path d="M9 9.5h.01M15 9.5h.01"/>',
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


# The app's own icon: the white heart on the accent red. `favicon.svg` is this drawing, and the
# installed app's PNG icons are rendered from it by scripts/build_icons.py.
ACCENT = "#9f1d35"
_HEART = "M16 26 L6.5 16.5 A5 5 0 0 1 16 9.5 A5 5 0 0 1 25.5 16.5 Z"


def app_icon_svg(*, maskable: bool = False) -> str:
    """The app icon as a standalone SVG document (32×32 units). The plain one is a rounded square;
    the maskable one fills the whole square and keeps the heart inside the central 80% circle
    that every launcher's mask leaves visible."""
    if not maskable:
        return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">'
                f'<rect width="32" height="32" rx="7" fill="{ACCENT}"/>'
                f'<path d="{_HEART}" fill="#fff"/></svg>')
    # the heart spans x 5.5–26.5, y 6.6–26 around (16, 17): scaled by 0.7 about the centre it
    # stays within 7.5 units of it, inside the safe circle of radius 12.8
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">'
            f'<rect width="32" height="32" fill="{ACCENT}"/>'
            f'<path d="{_HEART}" fill="#fff" transform="translate(16 16.5) scale(0.7)'
            ' translate(-16 -17)"/></svg>')
