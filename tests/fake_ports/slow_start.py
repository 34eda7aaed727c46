"""Takes argv[2] seconds to start (before it reads start), then honest."""
import sys
import time

import fakeport

time.sleep(float(sys.argv[2]))
fakeport.serve()
