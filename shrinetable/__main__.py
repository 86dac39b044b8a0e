import sys

from shrinetable.cli import main

sys.exit(main())
