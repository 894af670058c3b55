"""`heartsuite deal` and `heartsuite play`: the JSON shapes relied on, and one-line errors."""

import json
import subprocess
import sys

import pytest

from heartsuite.cli import main
from heartsuite.cli.h2h import deal_json
from heartsuite.h2h import Deal, State, apply, legal_moves
from heartsuite.h2h.cards import RANK_NAMES
from heartsuite.solver import winnable_deal


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_deal_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "deal", "hh1-n-aaaaaam", "--json")
    assert status == 0
    data = json.loads(out)
    assert list(data) == ["code", "layout", "stock", "waste"]
    deal = Deal.from_code("HH1-N-AAAAAAM")
    assert data["code"] == "HH1-N-AAAAAAM"
    assert data["layout"] == [RANK_NAMES[r] for r in deal.layout]
    assert data["stock"] == [RANK_NAMES[r] for r in deal.stock]
    assert data["waste"] == [RANK_NAMES[r] for r in deal.waste]
    assert (len(data["layout"]), len(data["stock"]), len(data["waste"])) == (25, 26, 1)


def test_deal_picture_is_shaped_like_the_heart(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "deal", "HH1-N-AAAAAAA")
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "HH1-N-AAAAAAA"
    heart = lines[1:8]
    assert [len(line.split()) for line in heart] == [4, 6, 5, 4, 3, 2, 1]
    assert heart[-1].strip().endswith("*")  # only the tip is free
    assert sum(line.count("*") for line in heart) == 1
    assert lines[8].startswith("stock 26")


def test_play_json(capsys: pytest.CaptureFixture[str]) -> None:
    deal = Deal.from_code("HH1-N-AAAAAAM")
    state = State.initial(deal)
    moves = []
    for _ in range(40):  # a fixed line: the first legal move each time
        move = legal_moves(state)[0]
        moves.append(str(move))
        state = apply(state, move)
    status, out, _ = run(capsys, "play", "HH1-N-AAAAAAM", *moves, "--json")
    assert status == 0
    data = json.loads(out)
    assert list(data) == ["code", "moves", "score", "free", "stock", "waste_top", "won", "blocked"]
    assert data["moves"] == 40
    assert data["score"] == state.score
    assert data["stock"] == len(state.stock)
    top = state.waste_top
    assert data["waste_top"] == (RANK_NAMES[top] if top else None)
    assert data["won"] is False


def test_play_text_and_legal(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "play", "HH1-N-AAAAAAM", "D", "--legal")
    assert status == 0
    assert "moves 1   score 0   stock 25" in out
    assert out.splitlines()[-1] == "legal: D"


@pytest.mark.parametrize(
    ("moves", "expected"),
    [
        (["D", "W3"], "move 2 'W3' is illegal: the card at 3 is covered"),
        (["D", "X"], "move 2: 'X' is not a move"),
        (["R"], "move 1 'R' is illegal: Redeal only when the stock is empty"),
        (["D", "D", "25-25"], "move 3: '25-25' is not a move: a card cannot pair with itself"),
    ],
)
def test_bad_moves_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], moves: list[str], expected: str
) -> None:
    status, out, err = run(capsys, "play", "HH1-N-AAAAAAM", *moves)
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1
    assert expected in err


@pytest.mark.parametrize(
    "code", ["HH1-N-AAAA", "HH9-N-AAAAAAA", "HH1-Z-AAAAAAA", "nonsense", "HH1-N-AAAAAA!"]
)
def test_bad_codes_exit_2_with_one_line(capsys: pytest.CaptureFixture[str], code: str) -> None:
    for command in (["deal", code, "--json"], ["play", code, "D"]):
        status, out, err = run(capsys, *command)
        assert status == 2
        assert out == ""
        assert err.startswith("heartsuite: bad deal code")
        assert err.count("\n") == 1


def test_class_w_codes_are_dealt_through_the_solver(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "deal", "hh1-w-aaaaaaa", "--json")
    assert status == 0
    assert json.loads(out) == deal_json(winnable_deal(0))


def test_the_installed_command_never_shows_a_traceback() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "heartsuite", "play", "HH1-N-AAAAAAM", "D", "1-2"],
        capture_output=True, text=True, check=False,
    )
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert done.stderr.strip() == "heartsuite: move 2 '1-2' is illegal: the card at 1 is covered"
