"""Heart to Heart games held for people: loaded from the store by replay, kept in memory while in
use, saved after every change (code plus moves, and the selected card), with the clock the page
reports kept honest.

Any server process can serve any game (several share one PostgreSQL store): the copy held in
memory is used only while its `rev` is still the stored one (one cheap query per request), else the
row is read and replayed again; and every save names the revision it was made from, so a save that
lost a race with another process raises `StaleGame` (nothing written, the copy forgotten)."""

from __future__ import annotations

import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import asdict, fields
from typing import Any

from heartsuite.codes import LIMIT
from heartsuite.h2h.deal import CodeError, Deal, format_code
from heartsuite.h2h.game import Card, Game, GameRecordError, Settings
from heartsuite.solver import deal_from_code
from heartsuite.solver.daily import today_utc
from heartsuite.web.errors import ApiError
from heartsuite.web.store import ABANDONED, LOST, PLAYING, WON, GameRow, StaleGame, Store

KIND = "h2h"
CACHE_SIZE = 4096
CLOCK_SLACK_MS = 2000

# Preferences of a person for this game and their defaults (SPEC §1.4, the solver's features).
DEFAULT_PREFS: dict[str, bool] = {
    "placement_help": True,
    "move_errors": False,
    "winnable_only": False,
    "show_winnable": False,
}


def prefs_of(store: Store, person: str) -> dict[str, bool]:
    """The person's Heart to Heart preferences, defaults filled in."""
    saved = store.prefs(person).get(KIND, {})
    return {k: bool(saved.get(k, v)) for k, v in DEFAULT_PREFS.items()}


def settings_of(prefs: dict[str, bool]) -> Settings:
    return Settings(move_errors=prefs["move_errors"], placement_help=prefs["placement_help"])


class Sessions:
    """Games in play, by id: a bounded cache in front of the store."""

    def __init__(self, store: Store) -> None:
        self.store = store
        # The time of day the daily deal's "on its own date" is judged by (tests set it).
        self.clock: Callable[[], float] = time.time
        self._games: OrderedDict[str, tuple[GameRow, Game]] = OrderedDict()

    def _remember(self, row: GameRow, game: Game) -> None:
        self._games[row.id] = (row, game)
        self._games.move_to_end(row.id)
        while len(self._games) > CACHE_SIZE:
            self._games.popitem(last=False)

    def get(self, game_id: str, person: str, stored: GameRow | None = None
            ) -> tuple[GameRow, Game]:
        """The person's game with this id, as stored now; 404 if it is unknown or someone
        else's. `stored`: the row just read (spares the check of the copy held in memory)."""
        held = self._games.get(game_id)
        if held is not None and held[0].person != person:
            held = None
        if held is not None:
            rev = stored.rev if stored is not None else self.store.game_rev(game_id)
            if rev != held[0].rev:  # another process has written it since: read it again
                del self._games[game_id]
                held = None
        if held is not None:
            self._games.move_to_end(game_id)
            row, game = held
        else:
            found = stored if stored is not None and stored.person == person else (
                self.store.game(game_id, person) if len(game_id) <= 64 else None)
            if found is None or found.kind != KIND:
                raise ApiError(404, "not_found", "no such game")
            try:
                game = Game.from_dict(found.data, dealer=deal_from_code)
            except GameRecordError:
                # Saved by a version whose rules or codes differ: it cannot be resumed exactly.
                self.update(found, lambda r: setattr(r, "status", ABANDONED))
                raise ApiError(404, "not_found", "this saved game can no longer be read") from None
            game.selected = _selection(game, found.data.get("selected"))
            row = found
            self._remember(row, game)
        game.settings = settings_of(prefs_of(self.store, person))
        return row, game

    def forget(self, game_id: str) -> None:
        """Drop the copy held in memory (it lost a race: the store has a newer one)."""
        self._games.pop(game_id, None)

    def update(self, row: GameRow, change: Callable[[GameRow], None]) -> None:
        """Make a change that does not depend on the position (status, result, settings) and
        save it; when another process wrote the game first, `row` is read again in place and
        the change made on it (the copy held in memory is forgotten)."""
        for _ in range(5):
            change(row)
            try:
                self.store.save(row)
                return
            except StaleGame:
                self.forget(row.id)
                fresh = self.store.game(row.id)
                if fresh is None:
                    raise ApiError(404, "not_found", "no such game") from None
                for name in (f.name for f in fields(GameRow)):
                    setattr(row, name, getattr(fresh, name))
        raise ApiError(409, "conflict", "the game is being changed elsewhere: try again")

    def current(self, person: str) -> tuple[GameRow, Game] | None:
        """The person's unfinished game, if any."""
        row = self.store.current(person, KIND)
        return None if row is None else self.get(row.id, person, row)

    def reopen(self, person: str) -> tuple[GameRow, Game] | None:
        """The game the page opens: the one in play, else the one finished last if the person
        has begun none since (its final position and end dialog, not a silent new deal)."""
        held = self.current(person)
        if held is not None:
            return held
        row = self.store.last_finished(person, KIND)
        if row is None:
            return None
        try:
            return self.get(row.id, person, row)
        except ApiError:
            return None

    def start(self, person: str, deal: Deal, daily: str | None = None
              ) -> tuple[GameRow, Game]:
        """Begin a new game; the one in play (if any) ends as lost, or abandoned if untouched.
        `daily`: the date (YYYY-MM-DD) whose daily deal this is, kept in the row's settings."""
        held = self.current(person)
        if held is not None:
            old, _ = held
            self.update(old, lambda r: setattr(r, "status", LOST if r.moves else ABANDONED))
        game = Game(deal, settings_of(prefs_of(self.store, person)))
        settings = {} if daily is None else {"daily": daily}
        row = self.store.create_game(person, KIND, deal.code or "", game.to_dict(), settings)
        self._remember(row, game)
        return row, game

    def solution_seen(self, person: str, code: str) -> bool:
        """Whether the person has viewed the solution of this deal in an earlier game."""
        return any(row.result.get("solution_seen") is True and row.code == code
                   for row in self.store.games(person, KIND))

    def save(self, row: GameRow, game: Game, elapsed_ms: int | None) -> None:
        """Store the game after a change: moves, selection, score, clock, and the win when it
        comes. StaleGame when another process wrote it first: nothing is written and the copy
        held in memory (changed by this request) is forgotten, so the next `get` reads it again."""
        try:
            self._save(row, game, elapsed_ms)
        except StaleGame:
            self.forget(row.id)
            raise

    def _save(self, row: GameRow, game: Game, elapsed_ms: int | None) -> None:
        before = row.moves
        row.data = game.to_dict() | {"selected": game.selected}
        row.moves = game.state.moves
        row.score = game.state.score
        if before == 0 and row.moves:
            row.elapsed_ms = 0  # the clock starts with the first move
        elif elapsed_ms is not None and row.status == PLAYING and row.moves:
            row.elapsed_ms = honest_clock(row, elapsed_ms)
        won_now = game.won and row.status == PLAYING
        if won_now:
            row.status = WON
            row.result = {"score": row.score, "moves": row.moves, "elapsed_ms": row.elapsed_ms,
                          "hints": row.hints}
        self.store.save(row)
        if (before == 0 and row.moves) or won_now:
            self._record_daily(row, won_now)

    def _record_daily(self, row: GameRow, won: bool) -> None:
        """A daily deal's first move or win, into the person's daily results: played and won
        count on the deal's own date (UTC) only; a win's moves count on any date. A game played
        after viewing the deal's solution wins nothing."""
        day = row.settings.get("daily")
        if not isinstance(day, str):
            return
        on_day = day == today_utc(self.clock()).isoformat()
        won = won and row.settings.get("seen") is not True
        if on_day or won:
            self.store.record_daily(row.person, day, played=on_day, won=on_day and won,
                                    moves=row.moves if won else None)

    async def stop(self) -> None:
        """Nothing runs in the background: every change is already saved. Forget the games."""
        self._games.clear()

    def finish_lost(self, row: GameRow) -> None:
        """End a game in play as lost (the person asked to see the solution)."""
        if row.status == PLAYING:
            self.update(row, lambda r: setattr(r, "status", LOST if r.status == PLAYING
                                               else r.status))


def _selection(game: Game, saved: object) -> Card | None:
    """The selected card saved with the game, if it can still be selected (else none)."""
    if saved == "waste" and game.rank_of("waste") is not None:
        return "waste"
    if type(saved) is int and 1 <= saved <= 25 and game.rank_of(saved) is not None \
            and game.state.free >> (saved - 1) & 1:
        return saved
    return None


def honest_clock(row: GameRow, claimed_ms: int) -> int:
    """The page keeps the clock (it pauses while hidden); accept its figure when it is neither
    going backwards nor ahead of the wall clock since the last save."""
    wall = (time.time() - row.updated) * 1000 + CLOCK_SLACK_MS
    return int(max(row.elapsed_ms, min(claimed_ms, row.elapsed_ms + wall)))


def deal_of(code: str) -> Deal:
    """The deal a code of either class stands for; a bad code is a 400 `bad_code` with the
    reason. The one place the web app deals a code (a class-W code is a search by the solver)."""
    try:
        return deal_from_code(code)
    except CodeError as exc:
        raise ApiError(400, "bad_code", str(exc)) from None


def random_code(kind: str = "N") -> str:
    """A fresh deal code of class `kind`, its number drawn from the OS's secure random source."""
    return format_code(kind, secrets.randbelow(LIMIT))


def view(row: GameRow, game: Game, extra: dict[str, Any] | None = None) -> dict[str, Any]:
    """The page's picture of a game: the engine's view (no hidden cards) plus what the server
    keeps: id, clock, hints used, status."""
    out = game.view()
    out.update(
        id=row.id,
        elapsed_ms=row.elapsed_ms,
        hints_used=row.hints,
        status=row.status,
        settings=asdict(game.settings),
    )
    if extra:
        out.update(extra)
    return out
