#!/usr/bin/env python3
"""Tamper with a .rialpkg (a pax tar holding one bag directory) for rial's CLI tests.

Usage: tamper.py OP IN OUT [ARGS...]

Ops (PATH is relative to the bag root, i.e. without the top directory):
  copy                        rewrite the archive unchanged (a control: must still verify)
  flip-byte PATH OFFSET       invert every bit of the byte at OFFSET
  truncate PATH NEWSIZE       cut the file to NEWSIZE bytes
  remove PATH                 drop the entry
  add PATH CONTENT            add a regular file holding CONTENT (UTF-8), after the last entry
  rename OLD NEW              rename an entry, keeping its place and content
  replace-text PATH OLD NEW   replace the first occurrence of OLD by NEW in a file (must occur)

Structural ops, for archive-level attacks:
  duplicate PATH              append a second entry with the same name and content
  symlink PATH TARGET         append a symbolic link PATH -> TARGET
  add-raw NAME CONTENT        append a regular file whose member NAME is taken verbatim
                              (not under the bag root: "../evil.txt", "other/x.txt", "/abs.txt")
  append-bytes TEXT           append TEXT after the archive's end-of-archive marker

The archive is rewritten with Python's tarfile in pax format, members in their original
order with their original metadata; only the tampered entry differs. Exit 0 on success,
2 on usage errors or when the PATH/OLD text is not found.
"""

import copy
import io
import sys
import tarfile


def fail(message):
    sys.stderr.write(f"tamper.py: {message}\n")
    sys.exit(2)


def main(argv):
    if len(argv) < 4:
        fail("usage: tamper.py OP IN OUT [ARGS...]")
    op, source, target, args = argv[1], argv[2], argv[3], argv[4:]
    arity = {"copy": 0, "flip-byte": 2, "truncate": 2, "remove": 1, "add": 2, "rename": 2, "replace-text": 3,
             "duplicate": 1, "symlink": 2, "add-raw": 2, "append-bytes": 1}
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
    elif op == "add":
        if any(m.name == full(args[0]) for m in members):
            fail(f"{full(args[0])!r} already exists")
        info = copy.copy(next(m for m in members if m.isfile()))
        info.name = full(args[0])
        info.pax_headers = {}
        data = args[1].encode("utf-8")
        contents[info.name] = data
        additions.append(info)
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


if __name__ == "__main__":
    sys.exit(main(sys.argv))
