import sys

from heartsuite.cli import main

sys.exit(main())
