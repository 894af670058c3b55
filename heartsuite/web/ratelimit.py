"""Token buckets: how often a client may do something, with a burst for the moments a person is
quick, and a wait (`Retry-After`) when the bucket is empty.

One bucket bounds the messages of one WebSocket connection; `Limiter` keeps one bucket per key
(a person, an IP address) for the expensive HTTP requests: game creation and solver calls. The
numbers are chosen so that a real player never meets them; `Limits` holds them, so tests (and a
server operator) can choose others.
"""

from __future__ import annotations

import ipaddress
import math
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field

from starlette.requests import HTTPConnection

from heartsuite.web.errors import ApiError
from heartsuite.web.people import person_of

Clock = Callable[[], float]


@dataclass(frozen=True)
class Rate:
    """`per_minute` actions a minute on average, up to `burst` at once."""

    per_minute: float
    burst: int

    @property
    def per_second(self) -> float:
        return self.per_minute / 60.0


@dataclass(frozen=True)
class Limits:
    """Every rate the server enforces. The defaults are far above what a person playing does:
    a game takes a minute at the very least, a hint a few seconds of thought."""

    # Messages on one Hearts WebSocket: 20 a second, 40 at once. A page sends one per action.
    socket_messages: Rate = Rate(per_minute=20 * 60, burst=40)
    # Messages refused for the rate on one connection before it is closed with 1008.
    socket_strikes: int = 10
    # New games (either game), per person and per IP address.
    new_games: Rate = Rate(per_minute=30, burst=30)
    # Solver calls (Heart to Heart hint and solution, the Hearts hint), per person and per IP.
    solver_calls: Rate = Rate(per_minute=60, burst=60)
    # Keys (people, addresses) each limiter remembers; the least recently seen is forgotten.
    keys: int = 10_000


@dataclass
class TokenBucket:
    """`rate.burst` tokens, refilled at `rate.per_second`; each action takes one."""

    rate: Rate
    clock: Clock = time.monotonic
    tokens: float = field(init=False)
    stamp: float = field(init=False)

    def __post_init__(self) -> None:
        self.tokens = float(self.rate.burst)
        self.stamp = self.clock()

    def _refill(self) -> None:
        now = self.clock()
        self.tokens = min(float(self.rate.burst),
                          self.tokens + (now - self.stamp) * self.rate.per_second)
        self.stamp = now

    def ready(self) -> bool:
        """Whether a token is there now (nothing is taken)."""
        self._refill()
        return self.tokens >= 1.0

    def take(self) -> bool:
        """Take a token if there is one."""
        self._refill()
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False

    def wait(self) -> int:
        """Whole seconds until a token is there (at least 1): the `Retry-After` figure."""
        self._refill()
        missing = max(0.0, 1.0 - self.tokens)
        per_second = self.rate.per_second
        return max(1, math.ceil(missing / per_second)) if per_second > 0 else 3600


class Limiter:
    """One bucket per key, for at most `keys` keys (least recently used forgotten first, so the
    limiter itself cannot grow without bound)."""

    def __init__(self, rate: Rate, keys: int = 10_000, clock: Clock = time.monotonic) -> None:
        self.rate = rate
        self.keys = keys
        self.clock = clock
        self._buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def bucket(self, key: str) -> TokenBucket:
        held = self._buckets.get(key)
        if held is None:
            held = self._buckets[key] = TokenBucket(self.rate, self.clock)
            while len(self._buckets) > self.keys:
                self._buckets.popitem(last=False)
        self._buckets.move_to_end(key)
        return held

    def take(self, *keys: str) -> int | None:
        """Take a token from each key's bucket; None when all had one, else the seconds to wait
        (nothing is taken then)."""
        buckets = [self.bucket(key) for key in keys]
        waits = [b.wait() for b in buckets if not b.ready()]
        if waits:
            return max(waits)
        for held in buckets:
            held.take()
        return None


class Guards:
    """The app's limiters for the expensive requests, each keyed by person and by IP address:
    both must have a token. Kept on `app.state.guards`."""

    def __init__(self, limits: Limits | None = None, clock: Clock = time.monotonic) -> None:
        self.limits = limits or Limits()
        self.new_games = Limiter(self.limits.new_games, self.limits.keys, clock)
        self.solver_calls = Limiter(self.limits.solver_calls, self.limits.keys, clock)

    def new_game_wait(self, conn: HTTPConnection) -> int | None:
        """None if the caller may start a game now, else the seconds to wait."""
        return self.new_games.take(*_keys(conn))

    def solver_wait(self, conn: HTTPConnection) -> int | None:
        """None if the caller may ask the solver now, else the seconds to wait."""
        return self.solver_calls.take(*_keys(conn))


def guards(conn: HTTPConnection) -> Guards:
    """The app's guards (built by the app factory)."""
    held: Guards = conn.app.state.guards
    return held


def rate_limited(retry_after: int) -> ApiError:
    """The 429 answer, with `Retry-After`."""
    return ApiError(429, "rate_limited", f"too many requests: try again in {retry_after} s",
                    headers={"Retry-After": str(retry_after)})


def check_new_game(conn: HTTPConnection) -> None:
    """Raise the 429 when the caller has started too many games lately."""
    wait = guards(conn).new_game_wait(conn)
    if wait is not None:
        raise rate_limited(wait)


def check_solver(conn: HTTPConnection) -> None:
    """Raise the 429 when the caller has asked the solver too often lately."""
    wait = guards(conn).solver_wait(conn)
    if wait is not None:
        raise rate_limited(wait)


def _keys(conn: HTTPConnection) -> tuple[str, ...]:
    """The person and the IP address (the peer's: a proxy's forwarded headers are not trusted).
    A loopback peer is the person at this machine or a proxy in front, whose visitors all share
    its address: only the per-person limit applies to it."""
    person = f"person:{person_of(conn)}"
    address = conn.client.host if conn.client is not None else ""
    if _loopback(address):
        return (person,)
    return person, f"ip:{address or 'unknown'}"


def _loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


def _has_token(bucket: TokenBucket) -> bool:
    bucket._refill()
    return bucket.tokens >= 1.0


__all__ = ["Guards", "Limiter", "Limits", "Rate", "TokenBucket", "check_new_game", "check_solver",
           "guards", "rate_limited"]
