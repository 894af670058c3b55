"""The arena: tools that play whole games with the computer players — the driver, the duplicate
tournament and the peers (other programs, such as OpenSpiel's bots). Above the players, below the
web app and the CLI."""
