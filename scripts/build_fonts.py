"""Build the web fonts the pages ship (issue 25, item 18): Hindi, Arabic and Urdu must not render
as boxes on a machine without Devanagari or Arabic fonts.

Subsets Debian's Noto fonts (package fonts-noto-core, SIL Open Font License 1.1) to their script's
Unicode blocks, keeping every OpenType layout feature (shaping needs them: conjuncts, joining
forms), as WOFF2 into heartsuite/web/static/fonts/, with the licence beside them. Whole blocks,
not the catalogs' letters, so a new translation needs no rebuild; tests/test_web_fonts.py checks
that every letter of the hi, ar and ur texts is covered.

    .venv/bin/python scripts/build_fonts.py    # needs fonts-noto-core, fonttools and brotli
"""

from __future__ import annotations

import shutil
from pathlib import Path

from fontTools import subset

SOURCE = Path("/usr/share/fonts/truetype/noto")
OUT = Path(__file__).resolve().parent.parent / "heartsuite" / "web" / "static" / "fonts"
JOINERS = "U+200C-200D,U+25CC"  # zero-width (non-)joiner, the dotted circle shapers insert
DEVANAGARI = f"U+0900-097F,U+1CD0-1CFF,U+A8E0-A8FF,U+0964-0965,{JOINERS}"
ARABIC = f"U+0600-06FF,U+0750-077F,U+08A0-08FF,U+FB50-FDFF,U+FE70-FEFF,{JOINERS}"
FONTS = {
    "NotoSansDevanagari-Regular": DEVANAGARI,
    "NotoSansDevanagari-Bold": DEVANAGARI,
    "NotoNaskhArabic-Regular": ARABIC,
    "NotoNaskhArabic-Bold": ARABIC,
}


def build() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, ranges in FONTS.items():
        options = subset.Options()
        options.flavor = "woff2"
        options.layout_features = ["*"]
        options.name_IDs = ["*"]  # keep the copyright and licence names
        options.notdef_outline = True
        font = subset.load_font(str(SOURCE / f"{name}.ttf"), options)
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=subset.parse_unicodes(ranges))
        subsetter.subset(font)
        target = OUT / f"{name}.woff2"
        subset.save_font(font, str(target), options)
        print(f"{target.name}: {target.stat().st_size:,} bytes")
    shutil.copyfile("/usr/share/doc/fonts-noto-core/copyright", OUT / "LICENSE-Noto-OFL.txt")


if __name__ == "__main__":
    build()
