"""Answers start, then never reads stdin again (its pipe fills up) and never answers."""
import json
import sys
import time

sys.stdin.readline()
print(json.dumps({"protocol": 2, "implementation": {"name": "deaf", "version": "0", "language": "python"}}), flush=True)
time.sleep(3600)
