import sys

from gmtool.app.main import main

sys.exit(main())
