"""The four-colour suits stay four colours for colour-blind people.

The colours are read from the style sheets the app serves (`app.css` for spades and hearts,
`themes.css` for the four-colour diamonds and clubs, plain and high contrast). Each vision is
simulated with the matrices of Machado, Oliveira and Fernandes (2009) at full severity, applied
to linear RGB; two suits are told apart when their CIELAB distance stays at least `APART` (a
distance of about 10 is where people start to confuse two small marks; the old red and green
clubs measured 11 under deuteranopia). Every ink also keeps 4.5:1 against the white card.
"""

from __future__ import annotations

import itertools
import math
import re
from pathlib import Path

import pytest

CSS = Path(__file__).resolve().parents[1] / "heartsuite" / "web" / "static" / "css"

VISIONS: dict[str, tuple[tuple[float, float, float], ...]] = {
    "normal": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
APART = 25.0


def linear(colour: str) -> tuple[float, float, float]:
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return r, g, b


def seen(colour: str, vision: str) -> tuple[float, float, float]:
    rgb = linear(colour)
    r, g, b = (min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb, strict=True))))
               for row in VISIONS[vision])
    return r, g, b


def lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = rgb
    xyz = (0.4124 * r + 0.3576 * g + 0.1805 * b, 0.2126 * r + 0.7152 * g + 0.0722 * b,
           0.0193 * r + 0.1192 * g + 0.9505 * b)
    white = (0.95047, 1.0, 1.08883)

    def f(t: float) -> float:
        return math.cbrt(t) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = (f(v / w) for v, w in zip(xyz, white, strict=True))
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def contrast_on_white(colour: str) -> float:
    r, g, b = linear(colour)
    return 1.05 / (0.2126 * r + 0.7152 * g + 0.0722 * b + 0.05)


def fill(sheet: str, selector: str) -> str:
    """The fill of the rule whose selector is exactly `selector` in `sheet`."""
    text = (CSS / sheet).read_text()
    found = re.search(re.escape(selector) + r"\s*\{\s*fill:\s*#([0-9a-fA-F]{6}|[0-9a-fA-F]{3})\s*;",
                      text)
    assert found, f"no fill for {selector} in {sheet}"
    digits = found.group(1).lower()
    return "#" + (digits if len(digits) == 6 else "".join(d * 2 for d in digits))


def suits(theme: str) -> dict[str, str]:
    """The four inks of a theme ("plain" or "contrast") with four-colour suits."""
    if theme == "plain":
        spades = "#1c1c1e"  # --ink of app.css
        assert re.search(r"--ink:\s*#1c1c1e", (CSS / "app.css").read_text())
        return {"S": spades, "H": fill("app.css", ".face.red .ink"),
                "D": fill("themes.css", ':root[data-suits="four"] .face.suit-D .ink'),
                "C": fill("themes.css", ':root[data-suits="four"] .face.suit-C .ink')}
    prefix = ':root[data-theme="contrast"]'
    return {"S": fill("themes.css", f"{prefix} .face.black .ink"),
            "H": fill("themes.css", f"{prefix} .face.red .ink"),
            "D": fill("themes.css", f'{prefix}[data-suits="four"] .face.suit-D .ink'),
            "C": fill("themes.css", f'{prefix}[data-suits="four"] .face.suit-C .ink')}


@pytest.mark.parametrize("theme", ["plain", "contrast"])
@pytest.mark.parametrize("vision", list(VISIONS))
def test_every_two_suits_stay_apart(theme: str, vision: str) -> None:
    inks = suits(theme)
    for (a, first), (b, second) in itertools.combinations(inks.items(), 2):
        distance = math.dist(lab(seen(first, vision)), lab(seen(second, vision)))
        assert distance >= APART, (theme, vision, a, b, round(distance, 1))


@pytest.mark.parametrize("theme", ["plain", "contrast"])
def test_every_ink_reads_on_the_card(theme: str) -> None:
    for suit, ink in suits(theme).items():
        assert contrast_on_white(ink) >= 4.5, (theme, suit, ink)


def test_the_measure_tells_the_old_red_and_green_apart_from_the_new() -> None:
    """The measure can fail: the old clubs green beside the hearts red, under deuteranopia."""
    old = math.dist(lab(seen("#c62828", "deuteranopia")), lab(seen("#1b6e2e", "deuteranopia")))
    assert old < APART
