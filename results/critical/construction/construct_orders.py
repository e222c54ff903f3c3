#!/usr/bin/env python3
"""Keeps the records of construct.jsonl whose order n is in [LO, HI] (stdin to stdout)."""
import json
import sys

lo, hi = int(sys.argv[1]), int(sys.argv[2])
for line in sys.stdin:
    if line.strip() and lo <= json.loads(line)["n"] <= hi:
        sys.stdout.write(line)
