#!/usr/bin/env python3
"""Tamper with a .rialpkg (a pax tar holding one bag directory) for rial's CLI tests.

Usage: tamper.py OP IN OUT [ARGS...]

Ops (PATH is relative to the bag root, i.e. without the top directory):
  copy                        rewrite the archive unchanged (a control: must still verify)
  flip-byte PATH OFFSET       invert every bit of the byte at OFFSET
  truncate PATH NEWSIZE       cut the file to NEWSIZE bytes
  remove PATH                 drop the entry
  add PATH CONTENT            add a regular file holding CONTENT (UTF-8), after the last entry
  add-file PATH SRC           add a regular file holding the bytes of the local file SRC
  replace-file PATH SRC       replace a file's content by the bytes of the local file SRC
  rename OLD NEW              rename an entry, keeping its place and content
  replace-text PATH OLD NEW   replace the first occurrence of OLD by NEW in a file (must occur)

Structural ops, for archive-level attacks:
  duplicate PATH              append a second entry with the same name and content
  symlink PATH TARGET         append a symbolic link PATH -> TARGET
  add-raw NAME CONTENT        append a regular file whose member NAME is taken verbatim
                              (not under the bag root: "../evil.txt", "other/x.txt", "/abs.txt")
  append-bytes TEXT           append TEXT after the archive's end-of-archive marker

Content ops, for frame-chain attacks:
  swap PATH_A PATH_B          exchange the contents of two files (names and places stay)
  copy-content SRC DST        replace DST's content by a copy of SRC's
  move-tail SRC N DST         move the last N bytes of SRC to the front of DST
  json-set PATH POINTER JSON  set the value at the JSON pointer (RFC 6901) to JSON, e.g.
                              json-set rial/chain.json /frames/4/timestamp 1001.35
  json-delete PATH POINTER    delete the array element or object member at the pointer
  cut-chain N                 keep only frames 1..N: rewrite rial/chain.json (frames,
                              frame_count, checkpoints, final_hash) and rial/depth.json, and
                              drop the later frames' files and depth keyframes
  cut-capture N               keep only frames 1..N in the capture's own records:
                              data/capture.json, data/capture/hash_chain.json and
                              data/capture/metadata.json (frame counts, final hash)

JSON files an op rewrites are written canonically: 2-space indent, keys in their original
order, `json.dumps(obj, indent=2, ensure_ascii=False) + "\n"`.

Options (anywhere after OP):
  --cover                     after the op, cover its tracks the way an attacker who can
                              rewrite every file would: recompute manifest-<alg>.txt,
                              bag-info.txt's Payload-Oxum, the file records (size, sha256,
                              sha512; records of removed files dropped) and the capture counts
                              of rial/manifest.json, and then tagmanifest-<alg>.txt. The chain
                              summary in rial/manifest.json ("chain") is left alone.
  --relink                    with --cover: also re-make the custody log's links, as an
                              attacker who can rewrite files can for unsigned events: each
                              rial/custody/NNNNNN.json whose "previous" no longer names the
                              file before it (the first: rial/manifest.json) gets the right
                              one, and imported events get the id derived from the new
                              manifest (signatures are left alone and so break).

The archive is rewritten with Python's tarfile in pax format, members in their original
order with their original metadata; only the tampered entry differs. Exit 0 on success,
2 on usage errors or when the PATH/OLD text is not found.
"""

import copy
import hashlib
import io
import json
import sys
import tarfile


def fail(message):
    sys.stderr.write(f"tamper.py: {message}\n")
    sys.exit(2)


def canonical_json(obj):
    return (json.dumps(obj, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def load_json(data, name):
    try:
        return json.loads(data.decode("utf-8"))
    except ValueError as error:
        fail(f"{name} is not JSON: {error}")


def pointer_parent(obj, pointer):
    """The container holding the pointer's target and the target's key (index for arrays)."""
    if not pointer.startswith("/"):
        fail(f"JSON pointer {pointer!r} must start with /")
    tokens = [t.replace("~1", "/").replace("~0", "~") for t in pointer[1:].split("/")]
    node = obj
    for token in tokens[:-1]:
        node = step(node, token, pointer)
    last = tokens[-1]
    if isinstance(node, list):
        if not last.isdigit() or int(last) >= len(node):
            fail(f"{pointer!r}: no index {last!r}")
        return node, int(last)
    if isinstance(node, dict):
        if last not in node:
            fail(f"{pointer!r}: no member {last!r}")
        return node, last
    fail(f"{pointer!r}: {last!r} is inside a scalar")


def step(node, token, pointer):
    if isinstance(node, list):
        if not token.isdigit() or int(token) >= len(node):
            fail(f"{pointer!r}: no index {token!r}")
        return node[int(token)]
    if isinstance(node, dict):
        if token not in node:
            fail(f"{pointer!r}: no member {token!r}")
        return node[token]
    fail(f"{pointer!r}: {token!r} is inside a scalar")


def main(argv):
    if len(argv) < 4:
        fail("usage: tamper.py OP IN OUT [ARGS...] [--cover]")
    relink = "--relink" in argv[4:]
    cover = "--cover" in argv[4:] or relink
    op, source, target, args = argv[1], argv[2], argv[3], [a for a in argv[4:] if a not in ("--cover", "--relink")]
    arity = {"copy": 0, "flip-byte": 2, "truncate": 2, "remove": 1, "add": 2, "add-file": 2, "replace-file": 2, "rename": 2, "replace-text": 3,
             "duplicate": 1, "symlink": 2, "add-raw": 2, "append-bytes": 1,
             "swap": 2, "copy-content": 2, "move-tail": 3, "json-set": 3, "json-delete": 2,
             "cut-chain": 1, "cut-capture": 1}
    if op not in arity:
        fail(f"unknown op {op!r}")
    if len(args) != arity[op]:
        fail(f"{op} takes {arity[op]} argument(s), got {len(args)}")

    with tarfile.open(source, "r:") as archive:
        members = archive.getmembers()
        if not members:
            fail("empty archive")
        top = members[0].name.split("/")[0]
        contents = {}
        for member in members:
            if member.isfile():
                contents[member.name] = archive.extractfile(member).read()

    def full(path):
        return f"{top}/{path}"

    touched = [False]

    def find(path):
        name = full(path)
        for member in members:
            if member.name == name:
                touched[0] = True
                return member
        fail(f"no entry {name!r}")

    additions = []
    if op == "flip-byte":
        member = find(args[0])
        offset = int(args[1])
        data = bytearray(contents[member.name])
        if not 0 <= offset < len(data):
            fail(f"offset {offset} outside {member.name} ({len(data)} bytes)")
        data[offset] ^= 0xFF
        contents[member.name] = bytes(data)
    elif op == "truncate":
        member = find(args[0])
        size = int(args[1])
        if not 0 <= size <= len(contents[member.name]):
            fail(f"cannot truncate {member.name} to {size}")
        contents[member.name] = contents[member.name][:size]
    elif op == "remove":
        member = find(args[0])
        members = [m for m in members if m.name != member.name]
    elif op in ("add", "add-file"):
        if any(m.name == full(args[0]) for m in members):
            fail(f"{full(args[0])!r} already exists")
        info = copy.copy(next(m for m in members if m.isfile()))
        info.name = full(args[0])
        info.pax_headers = {}
        if op == "add":
            data = args[1].encode("utf-8")
        else:
            with open(args[1], "rb") as source_file:
                data = source_file.read()
        contents[info.name] = data
        additions.append(info)
    elif op == "replace-file":
        member = find(args[0])
        with open(args[1], "rb") as source_file:
            contents[member.name] = source_file.read()
    elif op == "rename":
        member = find(args[0])
        new = full(args[1])
        if any(m.name == new for m in members):
            fail(f"{new!r} already exists")
        contents[new] = contents.pop(member.name)
        renamed = copy.copy(member)
        renamed.name = new
        renamed.pax_headers = {k: v for k, v in member.pax_headers.items() if k != "path"}
        members = [renamed if m is member else m for m in members]
    elif op == "replace-text":
        member = find(args[0])
        text = contents[member.name]
        old, new = args[1].encode("utf-8"), args[2].encode("utf-8")
        if old not in text:
            fail(f"{args[1]!r} not found in {member.name}")
        contents[member.name] = text.replace(old, new, 1)

    elif op == "duplicate":
        member = find(args[0])
        if not member.isfile():
            fail(f"{member.name} is not a regular file")
        additions.append(copy.copy(member))
    elif op == "symlink":
        info = tarfile.TarInfo(full(args[0]))
        info.type = tarfile.SYMTYPE
        info.linkname = args[1]
        info.mtime = members[0].mtime
        additions.append(info)
    elif op == "add-raw":
        info = copy.copy(next(m for m in members if m.isfile()))
        info.name = args[0]
        info.pax_headers = {}
        contents[info.name] = args[1].encode("utf-8")
        additions.append(info)

    elif op == "swap":
        a, b = find(args[0]), find(args[1])
        if a.name == b.name:
            fail("swap needs two different files")
        contents[a.name], contents[b.name] = contents[b.name], contents[a.name]
    elif op == "copy-content":
        src, dst = find(args[0]), find(args[1])
        contents[dst.name] = contents[src.name]
    elif op == "move-tail":
        src, dst = find(args[0]), find(args[2])
        count = int(args[1])
        data = contents[src.name]
        if not 0 < count <= len(data):
            fail(f"cannot move {count} bytes out of {src.name} ({len(data)} bytes)")
        contents[src.name] = data[:-count]
        contents[dst.name] = data[-count:] + contents[dst.name]
    elif op == "json-set":
        member = find(args[0])
        obj = load_json(contents[member.name], member.name)
        try:
            value = json.loads(args[2])
        except ValueError as error:
            fail(f"value {args[2]!r} is not JSON: {error}")
        parent, key = pointer_parent(obj, args[1])
        parent[key] = value
        contents[member.name] = canonical_json(obj)
    elif op == "json-delete":
        member = find(args[0])
        obj = load_json(contents[member.name], member.name)
        parent, key = pointer_parent(obj, args[1])
        del parent[key]
        contents[member.name] = canonical_json(obj)
    elif op == "cut-chain":
        keep = int(args[0])
        chain_member = find("rial/chain.json")
        chain = load_json(contents[chain_member.name], chain_member.name)
        if not 0 < keep < len(chain["frames"]):
            fail(f"cannot cut a chain of {len(chain['frames'])} frames to {keep}")
        dropped = chain["frames"][keep:]
        chain["frames"] = chain["frames"][:keep]
        chain["frame_count"] = keep
        chain["checkpoints"] = [p for p in chain["checkpoints"] if p["frame_number"] <= keep]
        chain["final_hash"] = chain["frames"][-1]["hash"]
        contents[chain_member.name] = canonical_json(chain)
        gone = {full(f[key]) for f in dropped for key in ("frame", "depth") if f.get(key)}
        if any(m.name == full("rial/depth.json") for m in members):
            depth_member = find("rial/depth.json")
            depth = load_json(contents[depth_member.name], depth_member.name)
            depth["keyframes"] = [k for k in depth["keyframes"] if k["frame_number"] <= keep]
            contents[depth_member.name] = canonical_json(depth)
        members = [m for m in members if m.name not in gone]
    elif op == "cut-capture":
        keep = int(args[0])
        descriptor_member = find("data/capture.json")
        descriptor = load_json(contents[descriptor_member.name], descriptor_member.name)
        descriptor["frames"] = descriptor["frames"][:keep]
        contents[descriptor_member.name] = canonical_json(descriptor)
        app_member = find("data/capture/hash_chain.json")
        app = load_json(contents[app_member.name], app_member.name)
        app["frameHashes"] = app["frameHashes"][:keep]
        app["checkpoints"] = [p for p in app["checkpoints"] if p["frameNumber"] <= keep]
        app["finalHash"] = app["frameHashes"][-1]
        contents[app_member.name] = canonical_json(app)
        if any(m.name == full("data/capture/metadata.json") for m in members):
            metadata_member = find("data/capture/metadata.json")
            metadata = load_json(contents[metadata_member.name], metadata_member.name)
            if "frame_count" in metadata:
                metadata["frame_count"] = keep
            if "depth_keyframe_count" in metadata:
                metadata["depth_keyframe_count"] = sum(1 for f in descriptor["frames"] if f.get("depth"))
            if "hash_chain_final" in metadata:
                metadata["hash_chain_final"] = app["finalHash"]
            contents[metadata_member.name] = canonical_json(metadata)

    if cover:
        cover_tracks(top, members + additions, contents, relink)

    with tarfile.open(target, "w", format=tarfile.PAX_FORMAT) as out:
        for member in members + additions:
            info = copy.copy(member)
            if member.isfile():
                data = contents[member.name]
                info.size = len(data)
                info.pax_headers = {k: v for k, v in member.pax_headers.items() if k != "size"}
                out.addfile(info, io.BytesIO(data))
            else:
                out.addfile(info)
    if op == "append-bytes":
        with open(target, "ab") as out:
            out.write(args[0].encode("utf-8"))
    return 0


def derived_id(manifest_sha, seq):
    """The UUID (version 8) rial pack gives the events it writes: SHA-256 of
    "rial custody event <manifest SHA-256> <seq>", first 16 bytes, version and variant set."""
    digest = bytearray(hashlib.sha256(f"rial custody event {manifest_sha} {seq}".encode()).digest()[:16])
    digest[6] = (digest[6] & 0x0F) | 0x80
    digest[8] = (digest[8] & 0x3F) | 0x80
    h = digest.hex()
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def cover_tracks(top, members, contents, relink=False):
    """Recompute every digest and size a rewriting attacker would: the payload manifests,
    Payload-Oxum, rial/manifest.json's file records and capture counts (not its "chain"
    summary), then the tag manifests. Files are rewritten in their original line/key order."""
    prefix = f"{top}/"
    files = {m.name[len(prefix):]: m.name for m in members if m.isfile() and m.name.startswith(prefix)}

    def data(path):
        return contents[files[path]]

    def put(path, value):
        contents[files[path]] = value

    def digest(algorithm, path):
        return hashlib.new(algorithm, data(path)).hexdigest()

    def rewrite_manifest(name, algorithm, paths_wanted):
        lines = data(name).decode("utf-8").splitlines()
        out, listed = [], set()
        for line in lines:
            if not line.strip():
                continue
            _, path = line.split(maxsplit=1)
            path = path.strip()
            if path in files:
                out.append(f"{digest(algorithm, path)}  {path}")
                listed.add(path)
        for path in sorted(p for p in paths_wanted if p not in listed):
            out.append(f"{digest(algorithm, path)}  {path}")
        put(name, "".join(line + "\n" for line in out).encode("utf-8"))

    payload = sorted(p for p in files if p.startswith("data/"))
    payload_manifests = [p for p in files if p.startswith("manifest-") and p.endswith(".txt")]
    tag_manifests = [p for p in files if p.startswith("tagmanifest-") and p.endswith(".txt")]

    for name in payload_manifests:
        rewrite_manifest(name, name[len("manifest-"):-len(".txt")], payload)

    if "bag-info.txt" in files:
        octets = sum(len(data(p)) for p in payload)
        lines = data("bag-info.txt").decode("utf-8").split("\n")
        lines = [f"Payload-Oxum: {octets}.{len(payload)}" if l.startswith("Payload-Oxum:") else l for l in lines]
        put("bag-info.txt", "\n".join(lines).encode("utf-8"))

    if "rial/manifest.json" in files:
        manifest = load_json(data("rial/manifest.json"), "rial/manifest.json")
        records = []
        for record in manifest.get("files", []):
            path = record.get("path")
            if path not in files:
                continue
            if "size" in record:
                record["size"] = len(data(path))
            for algorithm in ("sha256", "sha512"):
                if algorithm in record:
                    record[algorithm] = digest(algorithm, path)
            records.append(record)
        manifest["files"] = records
        capture = manifest.get("capture")
        if isinstance(capture, dict):
            counts = {"depth_keyframes": "data/depth/", "frame_files": "data/frames/",
                      "capture_app_files": "data/capture/", "media_files": "data/media/"}
            for key, directory in counts.items():
                if key in capture:
                    capture[key] = sum(1 for p in payload if p.startswith(directory))
        put("rial/manifest.json", canonical_json(manifest))

    if relink:
        events = sorted(p for p in files if p.startswith("rial/custody/") and p.endswith(".json"))
        manifest_sha = hashlib.sha256(data("rial/manifest.json")).hexdigest() if "rial/manifest.json" in files else None
        previous = manifest_sha
        for path in events:
            event = load_json(data(path), path)
            changed = False
            if previous is not None and event.get("previous") != previous:
                event["previous"] = previous
                changed = True
            if "imported" in event and manifest_sha is not None:
                # Imported events' ids derive from the manifest (schema/SPEC.md §15.4).
                derived = derived_id(manifest_sha, event.get("seq"))
                if event.get("id") != derived:
                    event["id"] = derived
                    changed = True
            if changed:
                put(path, canonical_json(event))
            previous = hashlib.sha256(data(path)).hexdigest()

    # Files appended after packing (seal, timestamp, custody) belong in the tag manifests.
    appended = [p for p in files if p.startswith("rial/seal/") or p.startswith("rial/custody/")]
    for name in tag_manifests:
        rewrite_manifest(name, name[len("tagmanifest-"):-len(".txt")], appended)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
