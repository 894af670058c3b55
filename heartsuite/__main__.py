"""`python -m heartsuite …`: the same as the `heartsuite` command (tests run it this way, with the
interpreter they run under)."""

import sys

from heartsuite.cli import main

sys.exit(main())
