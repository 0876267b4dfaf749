#!/usr/bin/env python3
"""Independent reference implementation of rial-frame-chain-v1 (schema/SPEC.md §13).

    H1 = SHA256(F1 || D1? || T1),  Hn = SHA256(Fn || Dn? || Tn || Hn-1)

Fn: frame n's raw bytes; Dn: its depth keyframe's raw bytes when it has one; Tn: its timestamp
as IEEE-754 binary64 little-endian (8 bytes); Hn-1: the previous hash's 32 raw bytes.
Checkpoints at every frame number that is a multiple of checkpoint_interval; index is 0-based.

Usage: chain.py VECTOR_DIR   (reads input.json and the files it names; prints the chain as JSON)
Only the Python standard library is used, so anyone can check a vector without rial.
"""
import hashlib
import json
import os
import struct
import sys


def compute(vector_dir):
    with open(os.path.join(vector_dir, "input.json"), encoding="utf-8") as handle:
        spec = json.load(handle)
    interval = spec["checkpoint_interval"]
    frames = []
    previous = None
    for frame in spec["frames"]:
        digest = hashlib.sha256()
        with open(os.path.join(vector_dir, frame["frame"]), "rb") as handle:
            digest.update(handle.read())
        if frame.get("depth"):
            with open(os.path.join(vector_dir, frame["depth"]), "rb") as handle:
                digest.update(handle.read())
        digest.update(struct.pack("<d", frame["timestamp"]))
        if previous is not None:
            digest.update(previous)
        previous = digest.digest()
        frames.append({"frame_number": frame["frame_number"], "hash": previous.hex()})
    checkpoints = [
        {"index": f["frame_number"] // interval - 1, "frame_number": f["frame_number"], "hash": f["hash"]}
        for f in frames if f["frame_number"] % interval == 0
    ]
    return {"frames": frames, "checkpoints": checkpoints, "final_hash": frames[-1]["hash"] if frames else None}


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    json.dump(compute(sys.argv[1]), sys.stdout, indent=2)
    sys.stdout.write("\n")
