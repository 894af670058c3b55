"""The one vocabulary for where a Hearts round or game stands and what it waits for.

A round is in `PASS`, `PLAY` or `DONE`; a game waits for a `PASS`, a `PLAY` or a `MOON_CHOICE`
(`Pending.kind`); a seat's view also says `OVER`. The values are the strings the JSON of views,
records and stored games has always carried, so a `Phase` compares equal to its text.
"""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    PASS = "pass"
    PLAY = "play"
    MOON_CHOICE = "moon_choice"
    DONE = "done"  # the round's last trick has been taken
    OVER = "over"  # the game has ended


# The members as module names, for the simulation loops: in Python 3.11 reading `Phase.PLAY`
# costs an enum attribute lookup (about 150 ns), a module global a dictionary hit.
PASS, PLAY, MOON_CHOICE, DONE, OVER = (
    Phase.PASS, Phase.PLAY, Phase.MOON_CHOICE, Phase.DONE, Phase.OVER)
