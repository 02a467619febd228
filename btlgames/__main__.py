"""``python -m btlgames`` is the ``btlgames`` command."""
import sys

from .cli import main

sys.exit(main())
