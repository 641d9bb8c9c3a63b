"""Instructions counted by valgrind's callgrind for a run of a Python script, for the
benchmarks' load-proof figures (``--instructions``): the same count for the same binary,
inputs and environment, whatever else the machine is doing."""

from __future__ import annotations

import os
import re
import subprocess
import sys


def counted_run(script: str, arguments: list[str]) -> tuple[int, str]:
    """Run ``python script *arguments`` under callgrind: the instructions it executed and what
    it printed. Needs valgrind (``apt-get install valgrind``)."""
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
    command += [sys.executable, script, *arguments]
    # A fixed hash seed: with a random one, dictionaries keyed by strings probe differently
    # from run to run, and the count moves by a few thousand instructions a hand.
    environment = {**os.environ, "PYTHONHASHSEED": "0"}
    done = subprocess.run(command, capture_output=True, text=True, check=True, env=environment)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise RuntimeError("callgrind printed no instruction count:\n" + done.stderr[-2000:])
    return int(found.group(1)), done.stdout
