#!/usr/bin/env python3
import subprocess
subprocess.run(["kubectl", "drain", "node-1", "--delete-local-data"])
