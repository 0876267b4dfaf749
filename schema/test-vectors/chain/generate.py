#!/usr/bin/env python3
"""Regenerates the published chain test vectors in this directory (deterministic).

Each vector directory holds input.json (frame format, timestamps, which frames have depth,
file names), the raw frame and depth files, and expected.json computed by chain.py.
"""
import hashlib
import json
import os
import shutil
import struct

import chain

HERE = os.path.dirname(os.path.abspath(__file__))


def pseudo_random(seed, count):
    out = bytearray()
    counter = 0
    while len(out) < count:
        out += hashlib.sha256(f"{seed}:{counter}".encode()).digest()
        counter += 1
    return bytes(out[:count])


def make(name, description, frames, width, height, bytes_per_row, depth_size, depth_every, interval, fps, t0):
    target = os.path.join(HERE, name)
    shutil.rmtree(target, ignore_errors=True)
    os.makedirs(os.path.join(target, "frames"))
    if depth_every:
        os.makedirs(os.path.join(target, "depth"))
    listed = []
    for n in range(1, frames + 1):
        frame_name = f"frames/frame_{n:06d}.raw"
        with open(os.path.join(target, frame_name), "wb") as handle:
            handle.write(pseudo_random(f"{name}-frame-{n}", bytes_per_row * height))
        entry = {"frame_number": n, "timestamp": t0 + (n - 1) / fps, "frame": frame_name, "depth": None}
        if depth_every and (n - 1) % depth_every == 0:
            depth_name = f"depth/depth_{n:06d}.f32"
            values = [0.5 + ((n * 7 + i) % 50) / 10.0 for i in range(depth_size[0] * depth_size[1])]
            with open(os.path.join(target, depth_name), "wb") as handle:
                handle.write(struct.pack(f"<{len(values)}f", *values))
            entry["depth"] = depth_name
        listed.append(entry)
    spec = {
        "description": description,
        "algorithm": "rial-frame-chain-v1",
        "fps": fps,
        "checkpoint_interval": interval,
        "frame_format": {"pixel_format": "BGRA8", "width": width, "height": height, "bytes_per_row": bytes_per_row},
        "depth_format": {"dtype": "float32", "byte_order": "little-endian", "width": depth_size[0], "height": depth_size[1], "units": "meters"},
        "frames": listed,
    }
    with open(os.path.join(target, "input.json"), "w", encoding="utf-8") as handle:
        json.dump(spec, handle, indent=2)
        handle.write("\n")
    with open(os.path.join(target, "expected.json"), "w", encoding="utf-8") as handle:
        json.dump(chain.compute(target), handle, indent=2)
        handle.write("\n")


if __name__ == "__main__":
    make("depth-and-checkpoints", "10 frames of 4x2 BGRA, depth (2x2) on frames 1, 4, 7, 10, a checkpoint every 3 frames",
         frames=10, width=4, height=2, bytes_per_row=16, depth_size=(2, 2), depth_every=3, interval=3, fps=30.0, t0=1234.5)
    make("single-frame", "one frame with depth: H1 = SHA256(F1 || D1 || T1), no previous hash, no checkpoint",
         frames=1, width=2, height=2, bytes_per_row=8, depth_size=(1, 1), depth_every=3, interval=150, fps=30.0, t0=0.0)
    make("interrupted", "an interrupted recording: 8 frames, checkpoints at 3 and 6 only, no depth",
         frames=8, width=3, height=1, bytes_per_row=12, depth_size=(1, 1), depth_every=0, interval=3, fps=60.0, t0=10.25)
    make("padded-rows", "rows padded to 32 bytes (bytes_per_row > width x 4): the padding is part of Fn",
         frames=4, width=5, height=2, bytes_per_row=32, depth_size=(3, 2), depth_every=2, interval=2, fps=24.0, t0=100.0)
