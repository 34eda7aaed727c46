"""Fails the handshake in the way argv[2] names: banner, protocol1, exit, silent, incomplete."""
import json
import sys
import time

MODE = sys.argv[2]

line = sys.stdin.readline()
if MODE == "banner":
    print("fake port 1.0 ready", flush=True)
elif MODE == "protocol1":
    print(json.dumps({"protocol": 1, "implementation": {"name": "f", "version": "0", "language": "python"}}), flush=True)
elif MODE == "incomplete":
    print(json.dumps({"protocol": 2, "implementation": {"name": "f"}}), flush=True)
elif MODE == "exit":
    sys.stderr.write("fake port: cannot find libmetrics.so\n")
    sys.exit(7)
elif MODE == "silent":
    time.sleep(3600)
for line in sys.stdin:
    pass
