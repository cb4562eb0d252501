"""PyInstaller entry point of the packaged app (packaging/gmtool.spec).

A script, not ``gmtool/__main__.py``: PyInstaller runs its entry point as ``__main__``, and a
package-relative module would lose its package. Everything the app does lives in
``gmtool.app.main:main`` (the GUI, ``--self-test``, and ``prob …`` without Qt).
"""

import sys

from gmtool.app.main import main

if __name__ == "__main__":
    sys.exit(main())
