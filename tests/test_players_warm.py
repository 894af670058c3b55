"""The compiled core is loaded before a computer player needs it: the setup script's step, and
the thread a server starts."""

from __future__ import annotations

from heartsuite.players.warm import warm, warm_in_background


def test_warm_calls_every_kernel_on_a_real_position() -> None:
    assert warm() > 0


def test_warming_in_the_background_finishes() -> None:
    thread = warm_in_background()
    thread.join(timeout=120)
    assert not thread.is_alive()
    assert thread.daemon
