"""Issue 25, defect 1: the statistics' "by deal" list fits the screen in every language. With
three Heart to Heart deals finished (one won, two lost, through the API with the page's cookie),
at a phone upright and on its side, just wide enough for the table and at a laptop's 1366 px, in
each language: the page and the list never scroll sideways, each "Play this deal again" link lies
inside its row's cell or its card and inside the screen, is at least 44 px tall, and shows all of
its text (cards on a phone, the table where its columns fit)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest
from playwright.sync_api import expect

from heartsuite.h2h.moves import parse_move
from heartsuite.web.site.examples import BLOCKED_CODE, BLOCKED_LINE, EXAMPLE_CODE, example_moves

pytestmark = pytest.mark.browser

OTHER_CODE = "HH1-N-AAAAAAB"
LANGUAGES = ("en", "ms", "ar", "ur", "hi")
SCREENSHOTS = {(360, 640): ("en", "ar"), (640, 360): ("ms",), (1366, 768): ("en", "ms", "ar")}

I18N = Path(__file__).resolve().parents[2] / "heartsuite" / "web" / "i18n"


@cache
def catalog(lang: str) -> dict[str, str]:
    return json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))


def finish_three_deals(page) -> None:
    """Won: the example deal; lost: the blocked deal, and another after one draw (each replaced
    by the next game, which ends it as lost)."""
    page.goto("/")
    game_id = None
    lines = [(BLOCKED_CODE, [parse_move(m) for m in BLOCKED_LINE.split()]),
             (OTHER_CODE, [parse_move("D")]), (EXAMPLE_CODE, example_moves())]
    for code, moves in lines:
        answer = page.request.post("/api/h2h/games", data={"code": code, "replaces": game_id})
        assert answer.ok, answer.text()
        view = answer.json()["game"]
        for move in moves:
            for target in move.taps():
                tapped = page.request.post(f"/api/h2h/games/{view['id']}/tap", data={
                    "target": target, "move": view["moves"], "selected": view["selected"]})
                assert tapped.ok, tapped.text()
                view = tapped.json()["game"]
        game_id = view["id"]
    deals = page.request.get("/api/stats").json()["h2h"]["deals"]
    assert sorted((d["code"], d["won"]) for d in deals) == sorted([
        (EXAMPLE_CODE, 1), (OTHER_CODE, 0), (BLOCKED_CODE, 0)])


# What a person sees of the list, measured in the page: what overflows, and each shown link
# (scrolled into view first) with the box of its cell or card and the viewport's size.
MEASURE = """() => {
  const root = document.querySelector("#stats-deals");
  const doc = document.documentElement;
  const box = (el) => { const r = el.getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, height: r.height }; };
  const shown = [...root.children].filter((el) => getComputedStyle(el).display !== "none");
  const links = [...root.querySelectorAll("a.btn")].filter((a) => a.getClientRects().length);
  return {
    page: { scroll: doc.scrollWidth, client: doc.clientWidth },
    root: { scroll: root.scrollWidth, client: root.clientWidth },
    shown: shown.map((el) => ({ tag: el.tagName.toLowerCase(),
                                scroll: el.scrollWidth, client: el.clientWidth })),
    cards: [...root.querySelectorAll(".deal-card")].filter((c) => c.getClientRects().length)
      .map((c) => ({ scroll: c.scrollWidth, client: c.clientWidth })),
    links: links.map((a) => {
      a.scrollIntoView({ block: "center", inline: "nearest", behavior: "instant" });
      const described = document.getElementById(a.getAttribute("aria-describedby"));
      return { text: a.textContent, href: a.getAttribute("href"), box: box(a),
               described: described && described.textContent,
               cell: box(a.closest("td, .deal-card")),
               scrollW: a.scrollWidth, clientW: a.clientWidth,
               scrollH: a.scrollHeight, clientH: a.clientHeight };
    }),
    codes: [...root.querySelectorAll(".code")].filter((el) => el.getClientRects().length)
      .map((el) => { const range = document.createRange(); range.selectNodeContents(el);
        const style = getComputedStyle(el);
        return { text: el.textContent, lines: range.getClientRects().length,
                 isolated: style.unicodeBidi, dir: style.direction }; }),
    viewport: { width: doc.clientWidth, height: window.innerHeight },
  };
}"""

EPS = 0.5  # sub-pixel rounding of bounding boxes


def inside(inner: dict[str, float], outer: dict[str, float]) -> bool:
    return (inner["left"] >= outer["left"] - EPS and inner["right"] <= outer["right"] + EPS
            and inner["top"] >= outer["top"] - EPS and inner["bottom"] <= outer["bottom"] + EPS)


@pytest.mark.parametrize("size", [(360, 640), (640, 360), (930, 700), (1366, 768)],
                         ids=["phone", "phone-landscape", "just-wide-enough", "laptop"])
def test_the_by_deal_list_fits_in_every_language(page, size: tuple[int, int]) -> None:
    width, height = size
    finish_three_deals(page)
    page.set_viewport_size({"width": width, "height": height})
    for lang in LANGUAGES:
        page.evaluate(f"document.cookie = 'hs_lang={lang}; path=/'")
        page.goto("/stats")
        expect(page.locator("html")).to_have_attribute("lang", lang)
        links = page.locator("#stats-deals a.btn:visible")
        expect(links).to_have_count(3)
        page.evaluate("document.fonts.ready.then(() => true)")
        m = page.evaluate(MEASURE)
        where = f"{lang} at {width}x{height}"
        assert m["page"]["scroll"] <= m["page"]["client"], (where, m["page"])
        assert m["root"]["scroll"] <= m["root"]["client"], (where, m["root"])
        # one of the two shown: cards on a phone, the table from a list 56rem wide (930 px: the
        # narrowest table, its columns in the longest language must fit there too)
        assert [s["tag"] for s in m["shown"]] == (["table"] if width >= 930 else ["ul"]), where
        for shown in m["shown"] + m["cards"]:
            assert shown["scroll"] <= shown["client"], (where, shown)
        screen = {"left": 0, "top": 0, "right": m["viewport"]["width"],
                  "bottom": m["viewport"]["height"]}
        assert sorted(link["href"] for link in m["links"]) == sorted(
            f"/h2h?code={code}" for code in (EXAMPLE_CODE, OTHER_CODE, BLOCKED_CODE)), where
        for link in m["links"]:
            assert link["text"] == catalog(lang)["stats.play_again"], where
            assert link["href"] == f"/h2h?code={link['described']}", where  # which deal, said
            assert inside(link["box"], link["cell"]), (where, link)
            assert inside(link["box"], screen), (where, link, screen)
            assert link["box"]["height"] >= 44 - EPS, (where, link)
            assert link["scrollW"] <= link["clientW"], (where, link)
            assert link["scrollH"] <= link["clientH"], (where, link)
        # each deal's code whole on one line, a left-to-right island in every language
        assert sorted(c["text"] for c in m["codes"]) == sorted(
            (EXAMPLE_CODE, OTHER_CODE, BLOCKED_CODE)), where
        for code in m["codes"]:
            assert code["lines"] == 1 and code["dir"] == "ltr", (where, code)
            assert code["isolated"] in ("isolate", "isolate-override", "plaintext"), (where, code)
        if lang in SCREENSHOTS.get(size, ()):
            page.evaluate("window.scrollTo(0, 0)")
            page.screenshot(path=f"/tmp/stats-{lang}-{width}x{height}.png", full_page=True)
