#!/usr/bin/env python3
"""Generate rial's hostile corpus: malformed, unsafe and tampered variants of one package.

Usage: hostile_corpus.py BASE.rialpkg OUTDIR [--sealed SEALED.rialpkg] [--watch DIR]
                         [--skip-huge]

BASE is a valid package (`rial pack` of `rial sample`, as Fixture.package makes it). SEALED,
when given, is the same package sealed with `rial seal` (its crypto cases need a real seal;
without it they are left out). DIR is the directory the test watches while it runs `rial
extract` on each case, from DIR/sandbox as working directory with `-o out`; the archive cases
aim their escapes (`../`, absolute paths, symbolic links) at DIR so that a leak lands where
the test looks. It defaults to OUTDIR's parent. --skip-huge leaves out the one large case
(a million empty entries, about 512 MB).

Writes one file per case into OUTDIR and OUTDIR/cases.json, a list of objects:

  name      unique, short
  file      the case's file name in OUTDIR
  category  archive | bag | json | crypto | chain | custody
  exit      2 for input that cannot or must not be verified (verdict "error"),
            1 for evidence of tampering (verdict "fail")
  code      exit 2: the report's error.code; exit 1: the code of a check with status "fail"
  location  (optional) exit 2: the report's error.location
  subject   (optional) exit 1: the failing check's subject
  targets   (optional) absolute paths a careless extractor would write; they must not exist
            after `rial verify` and `rial extract`
  dirs      (optional) directories the test creates before running the case, so that a
            careless extractor following a symbolic link would succeed in writing through it
  note      what the case does

The expectations are schema/SPEC.md's (§4, §8.2, §8.5, §8.6, §15) and those of the strict
archive profile (Sources/RialArchive/Tar). Everything is deterministic given the inputs.

Archive cases are built from the base archive's raw bytes: hostile entries are appended after
its last entry, before the end-of-archive marker, with headers written here byte by byte
(ustar checksums recomputed after every edit, except in the bad-checksum cases). Content cases
re-pack the base's members with Python's tarfile (pax format, which for these plain names and
integer times writes only ustar headers) and then cover their tracks as an attacker who can
rewrite every file would (recomputed payload and tag manifests, Payload-Oxum, the records of
rial/manifest.json, and the custody log's links), so that the failure the case is about is
the one reported, not an incidental digest mismatch.
"""

import argparse
import bz2
import copy
import gzip
import hashlib
import importlib.util
import io
import json
import lzma
import os
import sys
import tarfile
import unicodedata
import zipfile

BLOCK = 512
HERE = os.path.dirname(os.path.abspath(__file__))


def padded(size):
    return (size + BLOCK - 1) // BLOCK * BLOCK


def pad(data):
    return data + bytes(padded(len(data)) - len(data))


def canonical_json(obj):
    return (json.dumps(obj, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def load_module(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# --------------------------------------------------------------------------------------------
# Raw tar headers
# --------------------------------------------------------------------------------------------

def set_checksum(block):
    """The ustar rule: the sum of all header bytes, the checksum field counted as spaces."""
    block[148:156] = b" " * 8
    block[148:156] = b"%06o\x00 " % sum(block)


def header(name, size=0, typeflag=b"0", mode=0o644, mtime=0, linkname=b"", prefix=b"",
           magic=b"ustar\x00", version=b"00", size_field=None, devmajor=0, devminor=0):
    """One 512-byte header. `name`, `linkname` and `prefix` are bytes, taken verbatim."""
    assert len(name) <= 100 and len(linkname) <= 100 and len(prefix) <= 155, name
    block = bytearray(BLOCK)
    block[0:len(name)] = name
    block[100:108] = b"%06o \x00" % mode
    block[108:116] = b"000000 \x00"
    block[116:124] = b"000000 \x00"
    block[124:136] = size_field if size_field is not None else b"%011o " % size
    block[136:148] = b"%011o " % mtime
    block[156:157] = typeflag
    block[157:157 + len(linkname)] = linkname
    block[257:263] = magic
    block[263:265] = version
    block[329:337] = b"%06o \x00" % devmajor
    block[337:345] = b"%06o \x00" % devminor
    block[345:345 + len(prefix)] = prefix
    set_checksum(block)
    return block


def pax_record(key, value):
    """`LENGTH key=value\\n`, LENGTH counting itself."""
    body = b" " + key + b"=" + value + b"\n"
    length = len(body) + 1
    while len(str(length)) + len(body) != length:
        length += 1
    return str(length).encode() + body


def pax_entry(records, mtime, name=b"PaxHeader/entry", typeflag=b"x"):
    """A pax extended header (typeflag x, or g for a global one) holding `records` (bytes)."""
    return bytes(header(name, size=len(records), typeflag=typeflag, mtime=mtime)) + pad(records)


def entry(name, data=b"", mtime=0, typeflag=b"0", pax=None, **fields):
    """A complete entry: an optional pax header (`pax`: a list of (key, value) byte pairs,
    or raw record bytes), the ustar header and the data. A name that does not fit the ustar
    field is carried by a pax `path` record and cut down in the header, as libarchive does."""
    records = b""
    if isinstance(pax, bytes):
        records = pax
    elif pax:
        records = b"".join(pax_record(k, v) for k, v in pax)
    ustar_name = name
    if len(name) > 100 or any(b >= 0x80 for b in name) or b"\x00" in name:
        if b"path=" not in records:
            records = pax_record(b"path", name) + records
        ustar_name = name.replace(b"\x00", b"_")[:100]
        ustar_name = bytes(b if b < 0x80 else 0x5F for b in ustar_name)
    out = pax_entry(records, mtime) if records else b""
    size = fields.pop("size", len(data))
    return out + bytes(header(ustar_name, size=size, typeflag=typeflag, mtime=mtime, **fields)) + pad(data)


# --------------------------------------------------------------------------------------------
# The base package
# --------------------------------------------------------------------------------------------

class Base:
    """A package's archive bytes and members, as `rial pack` wrote them."""

    def __init__(self, path):
        with open(path, "rb") as source:
            self.raw = source.read()
        with tarfile.open(fileobj=io.BytesIO(self.raw), mode="r:") as archive:
            self.members = archive.getmembers()
            self.data = {m.name: archive.extractfile(m).read() for m in self.members if m.isfile()}
        if not self.members:
            sys.exit(f"hostile_corpus.py: {path} has no entries")
        self.top = self.members[0].name.split("/")[0]
        self.mtime = self.members[0].mtime
        # Everything up to the end-of-archive marker.
        self.end = max(padded(m.offset_data + m.size) for m in self.members)
        self.body = self.raw[:self.end]
        assert self.raw[self.end:] == bytes(len(self.raw) - self.end), "the base has data after its end marker"

    def member(self, path):
        name = f"{self.top}/{path}"
        for m in self.members:
            if m.name.rstrip("/") == name:
                return m
        raise KeyError(name)

    def entries_count(self):
        return len(self.members)


class Package:
    """An editable copy of a base package: entries in archive order, files by bag path."""

    def __init__(self, base):
        self.base = base
        self.top = base.top
        self.members = [copy.copy(m) for m in base.members]
        self.files = {}
        for m in self.members:
            if m.isfile():
                self.files[self.rel(m.name)] = base.data[m.name]

    def rel(self, name):
        return name[len(self.top) + 1:].rstrip("/")

    def full(self, path):
        return f"{self.top}/{path}"

    def get(self, path):
        return self.files[path]

    def has(self, path):
        return path in self.files

    def set(self, path, data):
        if path not in self.files:
            raise KeyError(path)
        self.files[path] = data

    def remove(self, path):
        del self.files[path]
        self.members = [m for m in self.members if not (m.isfile() and self.rel(m.name) == path)]

    def add(self, path, data):
        """A new regular file at the end, after a directory entry for its parent if needed."""
        assert path not in self.files, path
        parent = path.rsplit("/", 1)[0] if "/" in path else None
        if parent and not any(m.isdir() and self.rel(m.name) == parent for m in self.members):
            info = tarfile.TarInfo(self.full(parent))
            info.type = tarfile.DIRTYPE
            info.mode = 0o755
            info.mtime = self.base.mtime
            self.members.append(info)
        info = tarfile.TarInfo(self.full(path))
        info.mode = 0o644
        info.mtime = self.base.mtime
        self.members.append(info)
        self.files[path] = data

    def rename(self, old, new):
        self.files[new] = self.files.pop(old)
        for m in self.members:
            if m.isfile() and self.rel(m.name) == old:
                m.name = self.full(new)

    def json(self, path):
        return json.loads(self.files[path].decode("utf-8"))

    def set_json(self, path, obj):
        self.set(path, canonical_json(obj))

    def tar(self, top=None):
        """The archive, in pax format; under another top-level directory name when `top` is given."""
        out = io.BytesIO()
        with tarfile.open(fileobj=out, mode="w", format=tarfile.PAX_FORMAT) as archive:
            for member in self.members:
                info = copy.copy(member)
                info.pax_headers = {}
                if top is not None:
                    info.name = top + member.name[len(self.top):]
                if member.isfile():
                    data = self.files[self.rel(member.name)]
                    info.size = len(data)
                    archive.addfile(info, io.BytesIO(data))
                else:
                    archive.addfile(info)
        return out.getvalue()

    # ---- covering tracks ------------------------------------------------------------------

    def digest(self, algorithm, path):
        return hashlib.new(algorithm, self.files[path]).hexdigest()

    def payload(self):
        return sorted(p for p in self.files if p.startswith("data/"))

    def rewrite_manifest(self, name, algorithm, must_list):
        """Recompute each listed existing file's digest, drop lines of files that are gone,
        add lines for `must_list` files not listed."""
        out, listed = [], set()
        for line in self.files[name].decode("utf-8").splitlines():
            if not line.strip():
                continue
            _, path = line.split(maxsplit=1)
            if path in self.files:
                out.append(f"{self.digest(algorithm, path)}  {path}")
                listed.add(path)
        for path in sorted(p for p in must_list if p not in listed):
            out.append(f"{self.digest(algorithm, path)}  {path}")
        self.files[name] = "".join(line + "\n" for line in out).encode("utf-8")

    def cover(self, payload=True, manifest=True, relink=True, frozen=()):
        """Cover the tracks of an edit as a rewriting attacker would. Files in `frozen` are
        never rewritten (the hostile bytes the case is about)."""
        frozen = set(frozen)
        files = self.files
        if payload:
            for name in [p for p in files if p.startswith("manifest-") and p.endswith(".txt") and p not in frozen]:
                self.rewrite_manifest(name, name[len("manifest-"):-len(".txt")], self.payload())
            if "bag-info.txt" in files and "bag-info.txt" not in frozen:
                octets = sum(len(files[p]) for p in self.payload())
                lines = files["bag-info.txt"].decode("utf-8").split("\n")
                lines = [f"Payload-Oxum: {octets}.{len(self.payload())}" if l.startswith("Payload-Oxum:") else l for l in lines]
                files["bag-info.txt"] = "\n".join(lines).encode("utf-8")
        if manifest and "rial/manifest.json" in files and "rial/manifest.json" not in frozen:
            document = self.json("rial/manifest.json")
            records = []
            for record in document["files"]:
                path = record["path"]
                if path not in files:
                    continue
                record["size"] = len(files[path])
                record["sha256"] = self.digest("sha256", path)
                record["sha512"] = self.digest("sha512", path)
                records.append(record)
            document["files"] = records
            counts = {"depth_keyframes": "data/depth/", "frame_files": "data/frames/",
                      "capture_app_files": "data/capture/", "media_files": "data/media/"}
            for key, directory in counts.items():
                if key in document.get("capture", {}):
                    document["capture"][key] = sum(1 for p in self.payload() if p.startswith(directory))
            files["rial/manifest.json"] = canonical_json(document)
        if relink:
            manifest_sha = hashlib.sha256(files["rial/manifest.json"]).hexdigest() if "rial/manifest.json" in files else None
            previous = manifest_sha
            for path in sorted(p for p in files if p.startswith("rial/custody/") and p.endswith(".json")):
                if path not in frozen:
                    try:
                        event = json.loads(files[path].decode("utf-8"))
                    except ValueError:
                        event = None
                    if isinstance(event, dict):
                        changed = False
                        if previous is not None and event.get("previous") != previous:
                            event["previous"] = previous
                            changed = True
                        if "imported" in event and manifest_sha is not None:
                            derived = derived_id(manifest_sha, event.get("seq"))
                            if event.get("id") != derived:
                                event["id"] = derived
                                changed = True
                        if changed:
                            files[path] = canonical_json(event)
                previous = hashlib.sha256(files[path]).hexdigest()
        tags = [p for p in files if not p.startswith("data/") and not p.startswith("tagmanifest-")]
        for name in [p for p in files if p.startswith("tagmanifest-") and p.endswith(".txt") and p not in frozen]:
            self.rewrite_manifest(name, name[len("tagmanifest-"):-len(".txt")], tags)


def derived_id(manifest_sha, seq):
    """The id rial pack gives an imported event (SPEC §15.4)."""
    digest = bytearray(hashlib.sha256(f"rial custody event {manifest_sha} {seq}".encode()).digest()[:16])
    digest[6] = (digest[6] & 0x0F) | 0x80
    digest[8] = (digest[8] & 0x3F) | 0x80
    h = digest.hex()
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


# --------------------------------------------------------------------------------------------
# The corpus
# --------------------------------------------------------------------------------------------

class Corpus:
    def __init__(self, out, base):
        self.out = out
        self.base = base
        self.cases = []

    def add(self, name, category, exit, code, data, note, location=None, subject=None, targets=(), dirs=()):
        assert all(c["name"] != name for c in self.cases), name
        file = f"{len(self.cases) + 1:03d}-{name}.rialpkg"
        with open(os.path.join(self.out, file), "wb") as target:
            if isinstance(data, (bytes, bytearray)):
                target.write(data)
            else:
                data(target)
        case = {"name": name, "file": file, "category": category, "exit": exit, "code": code}
        if location is not None:
            case["location"] = location
        if subject is not None:
            case["subject"] = subject
        if targets:
            case["targets"] = list(targets)
        if dirs:
            case["dirs"] = list(dirs)
        case["note"] = note
        self.cases.append(case)

    def write_index(self):
        with open(os.path.join(self.out, "cases.json"), "wb") as index:
            index.write(canonical_json(self.cases))


def archive_cases(corpus, base, watch, skip_huge):
    top = base.top.encode()
    t = base.mtime
    end = base.body + bytes(1024)

    def appended(*entries):
        """The base's entries, the hostile ones, then the end-of-archive marker."""
        return base.body + b"".join(entries) + bytes(1024)

    def at(extra_before=b""):
        """The offset of the next header appended after the base (and `extra_before`)."""
        return f"header at byte {len(base.body) + len(extra_before)}"

    def add(name, exit_code, code, data, note, **kw):
        corpus.add(name, "archive", exit_code, code, data, note, **kw)

    def target(name):
        return os.path.join(watch, name)

    link_dir = target("link-target")
    invalid = "archive.entry.invalid-name"
    unsupported = "archive.entry.unsupported-type"

    # ---- names that leave the directory ------------------------------------------------------
    add("dotdot-relative", 2, invalid,
        appended(entry(b"../../escaped-dotdot-relative.txt", b"escaped\n", t)),
        "an entry named ../../escaped-dotdot-relative.txt after the package's entries",
        location="../../escaped-dotdot-relative.txt", targets=[target("escaped-dotdot-relative.txt")])
    add("dotdot-inside-root", 2, invalid,
        appended(entry(top + b"/../../../escaped-dotdot-inside-root.txt", b"escaped\n", t)),
        "ID/../../../escaped.txt: climbs out of the package directory and the destination",
        location=f"{base.top}/../../../escaped-dotdot-inside-root.txt", targets=[target("escaped-dotdot-inside-root.txt")])
    absolute = target("abs-target/abs-absolute.txt")
    add("absolute-path", 2, invalid,
        appended(entry(absolute.encode(), b"escaped\n", t)),
        "an absolute entry name under the watched directory (/tmp/<unique>/abs-target/abs.txt)",
        location=absolute, targets=[absolute], dirs=[os.path.dirname(absolute)])
    add("dotdot-in-prefix", 2, invalid,
        appended(entry(b"escaped-dotdot-in-prefix.txt", b"escaped\n", t, prefix=top + b"/../../..")),
        "the ustar prefix field climbs out (prefix ID/../../.., name escaped.txt)",
        location=f"{base.top}/../../../escaped-dotdot-in-prefix.txt", targets=[target("escaped-dotdot-in-prefix.txt")])
    add("pax-path-override", 2, invalid,
        appended(entry(top + b"/data/media/innocent.txt", b"escaped\n", t,
                       pax=[(b"path", top + b"/../../../escaped-pax-path-override.txt")])),
        "an innocent ustar name overridden by a pax path that climbs out",
        location=f"{base.top}/../../../escaped-pax-path-override.txt", targets=[target("escaped-pax-path-override.txt")])
    pax_abs = target("abs-target/abs-pax.txt")
    add("pax-path-absolute", 2, invalid,
        appended(entry(top + b"/data/media/innocent.txt", b"escaped\n", t, pax=[(b"path", pax_abs.encode())])),
        "an innocent ustar name overridden by an absolute pax path",
        location=pax_abs, targets=[pax_abs], dirs=[os.path.dirname(pax_abs)])
    add("pax-path-nul", 2, invalid,
        appended(entry(top + b"/data/media/nul.txt", b"escaped\n", t,
                       pax=[(b"path", top + b"/data/media/nul.txt\x00/../../../../escaped-pax-nul.txt")])),
        "a NUL byte in a pax path (libarchive would read only the part before it)",
        targets=[target("escaped-pax-nul.txt")])
    add("pax-path-duplicate", 2, "archive.entry.duplicate",
        appended(entry(top + b"/data/media/harmless.txt", b"BagIt-Version: 0.97\n", t, pax=[(b"path", top + b"/bagit.txt")])),
        "a pax path that names bagit.txt again: a second, different bagit.txt for tools that honour pax",
        location=f"{base.top}/bagit.txt")
    add("backslash", 2, invalid,
        appended(entry(top + b"/data\\..\\..\\..\\escaped-backslash.txt", b"escaped\n", t)),
        "backslashes: a path separator on Windows",
        location=f"{base.top}/data\\..\\..\\..\\escaped-backslash.txt")
    add("empty-component", 2, invalid,
        appended(entry(top + b"/data//media/empty.txt", b"x\n", t)),
        "an empty path component (//)", location=f"{base.top}/data//media/empty.txt")
    add("dot-component", 2, invalid,
        appended(entry(top + b"/./data/media/dot.txt", b"x\n", t)),
        "a '.' path component", location=f"{base.top}/./data/media/dot.txt")

    # ---- links, devices, FIFOs ---------------------------------------------------------------
    add("symlink", 2, unsupported,
        appended(entry(top + b"/data/media/passwd", typeflag=b"2", mtime=t, linkname=b"/etc/passwd")),
        "a symbolic link to /etc/passwd", location=f"{base.top}/data/media/passwd")
    through = os.path.join(link_dir, "through-symlink-then-file.txt")
    add("symlink-then-file", 2, unsupported,
        appended(entry(top + b"/data/media/lnk", typeflag=b"2", mtime=t, linkname=link_dir.encode()),
                 entry(top + b"/data/media/lnk/through-symlink-then-file.txt", b"escaped\n", t)),
        "a symbolic link to a directory outside, then a file written through it",
        location=f"{base.top}/data/media/lnk", targets=[through], dirs=[link_dir])
    relative_link = os.path.join(watch, "escaped-relative-symlink.txt")
    add("relative-symlink-then-file", 2, unsupported,
        appended(entry(top + b"/data/up", typeflag=b"2", mtime=t, linkname=b"../../../.."),
                 entry(top + b"/data/up/escaped-relative-symlink.txt", b"escaped\n", t)),
        "a relative symbolic link climbing to the watched directory, then a file through it",
        location=f"{base.top}/data/up", targets=[relative_link])
    swapped = os.path.join(link_dir, "through-directory-replaced.txt")
    add("directory-replaced-by-symlink", 2, unsupported,
        appended(entry(top + b"/data/media", typeflag=b"2", mtime=t, linkname=link_dir.encode()),
                 entry(top + b"/data/media/through-directory-replaced.txt", b"escaped\n", t)),
        "data/media, already a directory, replaced by a symbolic link, then a file written into it",
        location=f"{base.top}/data/media", targets=[swapped], dirs=[link_dir])
    add("hard-link", 2, unsupported,
        appended(entry(top + b"/data/media/hard.txt", typeflag=b"1", mtime=t, linkname=top + b"/bagit.txt")),
        "a hard link to bagit.txt", location=f"{base.top}/data/media/hard.txt")
    add("hard-link-outside", 2, unsupported,
        appended(entry(top + b"/data/media/shadow", typeflag=b"1", mtime=t, linkname=b"/etc/shadow")),
        "a hard link to /etc/shadow", location=f"{base.top}/data/media/shadow")
    add("char-device", 2, unsupported,
        appended(entry(top + b"/data/media/null", typeflag=b"3", mtime=t, devmajor=1, devminor=3)),
        "a character device (1, 3)", location=f"{base.top}/data/media/null")
    add("block-device", 2, unsupported,
        appended(entry(top + b"/data/media/sda", typeflag=b"4", mtime=t, devmajor=8, devminor=0)),
        "a block device (8, 0)", location=f"{base.top}/data/media/sda")
    add("fifo", 2, unsupported,
        appended(entry(top + b"/data/media/pipe", typeflag=b"6", mtime=t)),
        "a FIFO", location=f"{base.top}/data/media/pipe")
    add("contiguous-file", 2, unsupported,
        appended(entry(top + b"/data/media/contiguous.bin", b"x", t, typeflag=b"7")),
        "a contiguous file (typeflag 7)", location=f"{base.top}/data/media/contiguous.bin")
    add("gnu-long-name", 2, unsupported,
        appended(entry(b"././@LongLink", top + b"/../../../escaped-gnu-long-name.txt\x00", t, typeflag=b"L"),
                 entry(top + b"/data/media/short.txt", b"escaped\n", t)),
        "a GNU long-name entry ('L') naming a path that climbs out",
        location="././@LongLink", targets=[target("escaped-gnu-long-name.txt")])

    # ---- duplicates and collisions -----------------------------------------------------------
    add("duplicate-entry", 2, "archive.entry.duplicate",
        appended(entry(top + b"/bagit.txt", b"BagIt-Version: 1.0\nTag-File-Character-Encoding: UTF-8\n", t)),
        "bagit.txt a second time", location=f"{base.top}/bagit.txt")
    add("duplicate-payload", 2, "archive.entry.duplicate",
        appended(entry(top + b"/data/media/capture.mov", b"a different movie\n", t)),
        "data/media/capture.mov a second time, with other bytes", location=f"{base.top}/data/media/capture.mov")
    nfc = unicodedata.normalize("NFC", "café")
    nfd = unicodedata.normalize("NFD", "café")
    add("nfd-name", 2, invalid,
        appended(entry(f"{base.top}/data/media/{nfd}.txt".encode(), b"x\n", t)),
        "a name in NFD (e + U+0301): not NFC", location=f"{base.top}/data/media/{nfd}.txt")
    add("nfc-nfd-pair", 2, invalid,
        appended(entry(f"{base.top}/data/media/{nfc}.txt".encode(), b"one\n", t),
                 entry(f"{base.top}/data/media/{nfd}.txt".encode(), b"two\n", t)),
        "café.txt in NFC, then in NFD: one file on macOS", location=f"{base.top}/data/media/{nfd}.txt")
    add("case-collision", 2, "archive.entry.name-collision",
        appended(entry(top + b"/data/media/CAPTURE.MOV", b"other\n", t)),
        "data/media/CAPTURE.MOV beside data/media/capture.mov: one file on a case-insensitive file system",
        location=f"{base.top}/data/media/CAPTURE.MOV")
    add("case-collision-accented", 2, "archive.entry.name-collision",
        appended(entry(f"{base.top}/data/media/É.txt".encode(), b"one\n", t),
                 entry(f"{base.top}/data/media/é.txt".encode(), b"two\n", t)),
        "É.txt and é.txt (both NFC)", location=f"{base.top}/data/media/é.txt")
    add("file-as-directory", 2, "archive.entry.name-collision",
        appended(entry(top + b"/data/media/capture.mov/inner.txt", b"x\n", t)),
        "an entry inside data/media/capture.mov, which is a file", location=f"{base.top}/data/media/capture.mov/inner.txt")

    # ---- odd characters ----------------------------------------------------------------------
    add("control-character", 2, invalid,
        appended(entry(top + b"/data/media/a\x01b.txt", b"x\n", t)),
        "a control character (U+0001) in a name", location=f"{base.top}/data/media/a\x01b.txt")
    add("newline-in-name", 2, invalid,
        appended(entry(top + b"/data/media/line\nbreak.txt", b"x\n", t)),
        "a line feed in a name (breaks every manifest line)", location=f"{base.top}/data/media/line\nbreak.txt")
    add("escape-sequence", 2, invalid,
        appended(entry(top + b"/data/media/\x1b]0;pwned\x07\x1b[2J.txt", b"x\n", t)),
        "terminal escape sequences in a name", location=f"{base.top}/data/media/\x1b]0;pwned\x07\x1b[2J.txt")
    add("bidi-override", 2, invalid,
        appended(entry(f"{base.top}/data/media/invoice\u202etxt.exe".encode(), b"x\n", t)),
        "a right-to-left override (U+202E): invoice<RLO>txt.exe shows as invoiceexe.txt",
        location=f"{base.top}/data/media/invoice\u202etxt.exe")
    add("invalid-utf8-pax", 2, invalid,
        appended(entry(top + b"/data/media/\xff\xfe.txt", b"x\n", t)),
        "a pax path that is not UTF-8 (FF FE)", location=at(pax_entry(pax_record(b"path", top + b"/data/media/\xff\xfe.txt"), t)))
    add("invalid-utf8-ustar", 2, invalid,
        appended(bytes(header(top + b"/data/media/\xc3\x28.txt", size=2, mtime=t)) + pad(b"x\n")),
        "a ustar name that is not UTF-8 (C3 28)", location=at())
    million = top + b"/data/media/" + b"n" * (1 << 20)
    add("name-1mib", 2, "archive.limit.pax-header",
        appended(entry(million, b"x\n", t)),
        "a 1 MiB name in a pax header", location=at())
    long_name = top + b"/data/" + b"/".join([b"d" * 200] * 9) + b"/long.txt"
    add("name-too-long", 2, "archive.limit.path-length",
        appended(entry(long_name, b"x\n", t)),
        f"a {len(long_name)}-byte name in a pax header of fitting size",
        location=at(pax_entry(pax_record(b"path", long_name), t)))

    # ---- sizes -------------------------------------------------------------------------------
    sixty_gib = 60 << 30
    sparse = bytearray(header(top + b"/data/media/sparse.bin", size=0, typeflag=b"S", mtime=t))
    sparse[483:495] = b"%011o " % sixty_gib  # GNU realsize
    set_checksum(sparse)
    add("sparse-gnu-type", 2, "archive.entry.sparse",
        appended(bytes(sparse)),
        "a sparse entry (typeflag S) declaring a real size of 60 GiB", location=at())
    add("sparse-pax-60gib", 2, "archive.entry.sparse",
        appended(entry(top + b"/data/media/sparse.bin", bytes(512), t,
                       pax=[(b"GNU.sparse.major", b"1"), (b"GNU.sparse.minor", b"0"),
                            (b"GNU.sparse.name", top + b"/data/media/sparse.bin"),
                            (b"GNU.sparse.realsize", str(sixty_gib).encode())])),
        "pax GNU.sparse.* records (format 1.0) declaring a 60 GiB file")
    add("size-60gib-octal", 2, "archive.limit.file-size",
        appended(bytes(header(top + b"/data/media/huge.bin", mtime=t, size_field=b"%012o" % sixty_gib))),
        "a ustar size of 60 GiB in 12 octal digits, in an archive of 1 MB",
        location=f"{base.top}/data/media/huge.bin")
    add("size-base256", 2, "archive.header.number",
        appended(bytes(header(top + b"/data/media/b256.bin", mtime=t, size_field=b"\x80" + (sixty_gib).to_bytes(11, "big")))),
        "a base-256 (binary) size field", location=at())
    add("size-negative", 2, "archive.header.number",
        appended(bytes(header(top + b"/data/media/neg.bin", mtime=t, size_field=b"\xff" * 12))),
        "a negative base-256 size (-1)", location=at())
    add("size-garbage", 2, "archive.header.number",
        appended(bytes(header(top + b"/data/media/garbage.bin", mtime=t, size_field=b"12x4-5 ZZZZZ"))),
        "garbage in the size field", location=at())
    hidden = entry(top + b"/../../../escaped-pax-size.txt", b"escaped\n", t)
    add("pax-size-mismatch", 2, "archive.pax.size-mismatch",
        appended(entry(top + b"/data/media/sizes.txt", hidden, t, pax=[(b"size", b"0")])),
        "pax size 0 over a ustar size of 1024 that hides an entry: readers would disagree on where the next entry starts",
        location=f"{base.top}/data/media/sizes.txt", targets=[target("escaped-pax-size.txt")])
    add("directory-with-data", 2, "archive.header.malformed",
        appended(entry(top + b"/data/media/dir/", b"hidden data\n", t, typeflag=b"5", mode=0o755)),
        "a directory entry declaring 12 bytes of data", location=f"{base.top}/data/media/dir")

    # ---- pax headers -------------------------------------------------------------------------
    add("pax-global", 2, "archive.pax.global",
        appended(pax_entry(pax_record(b"path", b"../../escaped-global.txt") + pax_record(b"comment", b"x"), t, typeflag=b"g"),
                 entry(top + b"/data/media/g.txt", b"x\n", t)),
        "a global pax header ('g'), which would change how every later entry is read", location=at())
    add("pax-linkpath", 2, "archive.pax.key",
        appended(entry(top + b"/data/media/l.txt", b"x\n", t, pax=[(b"linkpath", b"/etc/passwd")])),
        "a pax linkpath record")
    add("pax-xattr", 2, "archive.pax.key",
        appended(entry(top + b"/data/media/x.txt", b"x\n", t, pax=[(b"SCHILY.xattr.security.capability", b"\x01\x00\x00\x02")])),
        "a pax SCHILY.xattr record (file capabilities)")
    add("pax-hdrcharset", 2, "archive.pax.key",
        appended(entry(top + b"/data/media/h.txt", b"x\n", t, pax=[(b"hdrcharset", b"BINARY")])),
        "a pax hdrcharset=BINARY record (names need not be UTF-8)")
    add("pax-mtime", 2, "archive.pax.key",
        appended(entry(top + b"/data/media/m.txt", b"x\n", t, pax=[(b"mtime", b"-99999999999.5")])),
        "a pax mtime record")
    add("pax-bad-length", 2, "archive.pax.malformed",
        appended(entry(top + b"/data/media/p.txt", b"x\n", t, pax=b"99 path=" + top + b"/data/media/p.txt\n")),
        "a pax record whose length runs past the header")
    add("pax-duplicate-key", 2, "archive.pax.malformed",
        appended(entry(top + b"/data/media/d.txt", b"x\n", t,
                       pax=[(b"path", top + b"/data/media/d.txt"), (b"path", top + b"/../../escaped-pax-dup.txt")])),
        "a pax header with path twice: readers disagree on which one counts")
    add("pax-then-end", 2, "archive.pax.malformed",
        appended(pax_entry(pax_record(b"path", top + b"/data/media/orphan.txt"), t)),
        "a pax header followed by the end of the archive instead of its entry",
        location=f"byte {len(base.body) + len(pax_entry(pax_record(b'path', top + b'/data/media/orphan.txt'), t))}")

    # ---- header format and checksums ---------------------------------------------------------
    add("gnu-magic", 2, "archive.header.format",
        appended(bytes(header(top + b"/data/media/gnu.txt", size=2, mtime=t, magic=b"ustar ", version=b" \x00")) + pad(b"x\n")),
        "a later header with the GNU magic 'ustar  '", location=at())
    add("v7-header", 2, "archive.header.format",
        appended(bytes(header(top + b"/data/media/v7.txt", size=2, mtime=t, magic=bytes(6), version=bytes(2))) + pad(b"x\n")),
        "a later header without magic (v7 tar)", location=at())
    info_member = base.member("bag-info.txt")
    broken = bytearray(end)
    broken[info_member.offset + 148] = ord("7") if broken[info_member.offset + 148] != ord("7") else ord("6")
    add("bad-checksum", 2, "archive.header.checksum",
        bytes(broken), "bag-info.txt's header checksum changed", location=f"header at byte {info_member.offset}")
    first = bytearray(end)
    first[0] ^= 0x01
    add("bad-checksum-first-header", 2, "input.not-a-package",
        bytes(first), "the first header's name edited without fixing its checksum", location="byte 0")

    # ---- truncation and trailing bytes -------------------------------------------------------
    mov = base.member("data/media/capture.mov")
    add("truncated-mid-header", 2, "archive.truncated",
        end[:mov.offset + 200], "cut 200 bytes into a header", location=f"byte {mov.offset}")
    depth = base.member("data/depth/depth_000004.f32")
    add("truncated-mid-data", 2, "archive.truncated",
        end[:depth.offset_data + 1000], "cut 1000 bytes into a 196608-byte file",
        location=f"{base.top}/data/depth/depth_000004.f32")
    add("truncated-no-end-marker", 2, "archive.truncated",
        base.body, "the entries without the end-of-archive marker", location=f"byte {len(base.body)}")
    add("truncated-half-end-marker", 2, "archive.truncated",
        base.body + bytes(512), "only one zero block of the end-of-archive marker", location=f"byte {len(base.body) + 512}")
    add("trailing-garbage", 2, "archive.trailing-data",
        end + b"EVIL trailing bytes\n", "text after the end-of-archive marker", location=f"byte {len(end)}")
    add("trailing-after-padding", 2, "archive.trailing-data",
        end + bytes(8704) + b"\x01", "one non-zero byte after 8704 bytes of zero padding", location=f"byte {len(end) + 8704}")
    add("entry-after-single-zero-block", 2, "archive.trailing-data",
        base.body + bytes(512) + entry(top + b"/data/media/hidden.txt", b"hidden\n", t) + bytes(1024),
        "an entry hidden behind a lone zero block (most readers stop there)", location=f"byte {len(base.body) + 512}")

    # ---- not a tar archive at all ------------------------------------------------------------
    add("gzip", 2, "input.not-a-package", gzip.compress(end, mtime=0), "the package gzip-compressed", location="byte 0")
    add("bzip2", 2, "input.not-a-package", bz2.compress(end), "the package bzip2-compressed", location="byte 0")
    add("xz", 2, "input.not-a-package", lzma.compress(end), "the package xz-compressed", location="byte 0")

    def zipped(target_file):
        with zipfile.ZipFile(target_file, "w", zipfile.ZIP_STORED) as archive:
            for m in base.members:
                info = zipfile.ZipInfo(m.name, date_time=(2026, 1, 20, 0, 0, 0))
                archive.writestr(info, base.data.get(m.name, b""))
    add("zip", 2, "input.not-a-package", zipped, "the bag as a ZIP archive", location="byte 0")
    # A 7-Zip signature header (version 0.4) in front of the tar: enough for every sniffer.
    seven = b"7z\xbc\xaf\x27\x1c\x00\x04" + bytes(24) + end[:4096]
    add("7z", 2, "input.not-a-package", seven, "a 7-Zip signature header in front of the bytes", location="byte 0")
    add("empty-file", 2, "input.not-a-package", b"", "an empty file", location="byte 0")
    add("zero-entries", 2, "input.not-a-package", bytes(10240), "an empty tar archive: zero blocks only", location="byte 0")
    add("text-file", 2, "input.not-a-package", b"This is not a package.\n" * 40, "a text file", location="byte 0")

    # ---- layout ------------------------------------------------------------------------------
    add("multiple-roots", 2, "archive.layout.multiple-roots",
        appended(entry(b"other-root/", typeflag=b"5", mtime=t, mode=0o755), entry(b"other-root/bagit.txt", b"x\n", t)),
        "a second top-level directory", location="other-root/")
    add("file-at-root", 2, "archive.layout.file-at-root",
        appended(entry(top, b"x\n", t)),
        "a regular file named like the package directory, beside it", location=base.top)
    add("root-not-package-id", 2, invalid, Package(base).tar(top=".hidden-root"),
        "the whole package under a top-level directory that is not a package id", location=".hidden-root")

    # ---- a million empty entries -------------------------------------------------------------
    if not skip_huge:
        count = 1_000_000
        template = bytearray(header(top + b"/data/e/0000000", size=0, mtime=t))
        template[148:156] = b" " * 8
        fixed = sum(template) - sum(b"0000000")
        offset = len(top) + len(b"/data/e/")

        def million_entries(target_file):
            # One header template; only the name's seven digits and the checksum change.
            target_file.write(base.body)
            batch = bytearray()
            block = bytearray(template)
            for i in range(count):
                number = b"%07d" % i
                block[offset:offset + 7] = number
                block[148:156] = b"%06o\x00 " % (fixed + sum(number))
                batch += block
                if len(batch) >= 1 << 24:
                    target_file.write(batch)
                    batch = bytearray()
            target_file.write(batch)
            target_file.write(bytes(1024))
        limit = 100_000
        nth = limit + 1 - base.entries_count()  # the first entry over the limit, 1-based among the empty ones
        add("million-empty-entries", 2, "archive.limit.entries", million_entries,
            "one million empty regular files under the package directory (512 MB of headers)",
            location=f"header at byte {len(base.body) + (nth - 1) * BLOCK}")


def bag_cases(corpus, base):
    def add(name, code, pkg, note, subject=None):
        corpus.add(name, "bag", 1, code, pkg.tar(), note, subject=subject)

    p = Package(base)
    p.remove("bagit.txt")
    p.cover()
    add("bagit-missing", "bag.declaration.missing", p, "bagit.txt removed, everything else covered", subject="bagit.txt")

    p = Package(base)
    p.set("bagit.txt", b"\xef\xbb\xbf" + p.get("bagit.txt"))
    p.cover()
    add("bagit-bom", "bag.declaration.malformed", p, "a byte order mark in front of bagit.txt", subject="bagit.txt")

    p = Package(base)
    p.set("bagit.txt", p.get("bagit.txt").replace(b"1.0", b"0.97"))
    p.cover()
    add("bagit-version", "bag.declaration.version", p, "bagit.txt declares BagIt 0.97", subject="bagit.txt")

    media = p.get("data/media/capture.mov")
    for name, path in [("manifest-path-dotdot", "../outside.txt"), ("manifest-path-absolute", "/etc/passwd"),
                       ("manifest-path-dotdot-inside", "data/../../outside.txt")]:
        p = Package(base)
        line = f"{hashlib.sha256(media).hexdigest()}  {path}\n".encode()
        p.set("manifest-sha256.txt", p.get("manifest-sha256.txt") + line)
        p.cover(payload=False)
        add(name, "bag.manifest.sha256.invalid-path", p, f"manifest-sha256.txt lists {path}", subject=path)

    p = Package(base)
    p.set("tagmanifest-sha256.txt", p.get("tagmanifest-sha256.txt") + f"{hashlib.sha256(b'').hexdigest()}  ../../etc/passwd\n".encode())
    p.cover(payload=False, frozen={"tagmanifest-sha256.txt"})
    add("tagmanifest-path-dotdot", "bag.tagmanifest.sha256.invalid-path", p, "tagmanifest-sha256.txt lists ../../etc/passwd",
        subject="../../etc/passwd")

    p = Package(base)
    lines = p.get("manifest-sha256.txt").splitlines(keepends=True)
    p.set("manifest-sha256.txt", b"".join(lines + [lines[0]]))
    p.cover(payload=False)
    add("manifest-duplicate-line", "bag.manifest.sha256.duplicate", p, "a line of manifest-sha256.txt repeated",
        subject=lines[0].decode().split(maxsplit=1)[1].strip())

    p = Package(base)
    p.set("manifest-sha256.txt", p.get("manifest-sha256.txt") + b"not-a-digest\n")
    p.cover(payload=False)
    add("manifest-malformed", "bag.manifest.sha256.malformed", p, "a line without a path in manifest-sha256.txt",
        subject="manifest-sha256.txt")

    p = Package(base)
    p.add("fetch.txt", b"https://evil.example/payload.bin 1048576 data/media/payload.bin\n")
    p.cover()
    add("fetch-txt", "rial.manifest.file.unlisted", p, "a fetch.txt asking for a remote payload file, listed in the tag manifests",
        subject="fetch.txt")

    p = Package(base)
    p.remove("manifest-sha256.txt")
    p.remove("manifest-sha512.txt")
    p.add("manifest-md5.txt", "".join(f"{p.digest('md5', q)}  {q}\n" for q in p.payload()).encode())
    p.cover()
    add("md5-only", "bag.manifest.sha256.absent", p, "the SHA-256 and SHA-512 manifests replaced by an MD5 one",
        subject="manifest-sha256.txt")

    p = Package(base)
    p.remove("tagmanifest-sha256.txt")
    p.cover()
    add("tagmanifest-missing", "bag.tagmanifest.sha256.absent", p, "tagmanifest-sha256.txt removed",
        subject="tagmanifest-sha256.txt")

    p = Package(base)
    text = p.get("bag-info.txt").decode()
    oxum = next(l for l in text.splitlines() if l.startswith("Payload-Oxum:"))
    octets, count = oxum.split(":", 1)[1].strip().split(".")
    p.set("bag-info.txt", text.replace(oxum, f"Payload-Oxum: {int(octets) + 1}.{count}").encode())
    p.cover(payload=False)
    add("payload-oxum-wrong", "bag.payload-oxum.mismatch", p, "Payload-Oxum one byte off, covered",
        subject="bag-info.txt: Payload-Oxum")

    p = Package(base)
    p.set("bag-info.txt", p.get("bag-info.txt") + b"Source-Organization: Someone Else\n")
    add("bag-info-edited-uncovered", "bag.tagmanifest.sha256.mismatch", p, "a field added to bag-info.txt, nothing else changed",
        subject="bag-info.txt")

    p = Package(base)
    p.set("bag-info.txt", p.get("bag-info.txt").replace(f"External-Identifier: {base.top}".encode(), b"External-Identifier: other-package"))
    p.cover()
    add("bag-info-identifier", "bag.info.external-identifier.mismatch", p, "External-Identifier names another package, covered",
        subject="bag-info.txt: External-Identifier")

    p = Package(base)
    p.set("bag-info.txt", b"  orphan continuation\n" + p.get("bag-info.txt"))
    p.cover()
    add("bag-info-malformed", "bag.info.malformed", p, "bag-info.txt starts with a continuation line", subject="bag-info.txt")

    p = Package(base)
    nfd = unicodedata.normalize("NFD", "data/media/café.mov")
    p.set("manifest-sha256.txt", p.get("manifest-sha256.txt") + f"{hashlib.sha256(media).hexdigest()}  {nfd}\n".encode())
    p.cover(payload=False)
    add("manifest-path-nfd", "bag.manifest.sha256.invalid-path", p, "manifest-sha256.txt lists a path in NFD", subject=nfd)


def json_cases(corpus, base):
    def add(name, code, pkg, note, subject, exit_code=1):
        corpus.add(name, "json", exit_code, code, pkg.tar(), note, subject=subject if exit_code == 1 else None)

    def edited(path, transform):
        p = Package(base)
        p.set(path, transform(p.get(path)))
        p.cover(payload=False, frozen={path})
        return p

    def once(old, new):
        def transform(data):
            assert old in data, (old, data[:200])
            return data.replace(old, new, 1)
        return transform

    manifest, chain, depth, event = "rial/manifest.json", "rial/chain.json", "rial/depth.json", "rial/custody/000001.json"
    m_malformed, c_malformed, e_malformed = "rial.manifest.malformed", "chain.malformed", "custody.event.malformed"

    add("manifest-duplicate-key", m_malformed, edited(manifest, once(b'  "format": "rialpkg",\n', b'  "format": "rialpkg",\n  "format": "rialpkg",\n')),
        "rial/manifest.json with the key format twice", manifest)
    add("manifest-trailing-comma", m_malformed, edited(manifest, lambda d: d.rstrip(b"\n}").rstrip() + b",\n}\n"),
        "a trailing comma in rial/manifest.json", manifest)
    add("manifest-bom", m_malformed, edited(manifest, lambda d: b"\xef\xbb\xbf" + d), "a byte order mark before rial/manifest.json", manifest)
    add("manifest-comment", m_malformed, edited(manifest, lambda d: b"// generated\n" + d), "a comment in rial/manifest.json", manifest)
    add("manifest-invalid-utf8", m_malformed, edited(manifest, once(b'"rialpkg"', b'"rialpkg\xc0\xaf"')),
        "an overlong UTF-8 sequence (C0 AF) inside a string", manifest)
    add("manifest-deep-nesting", m_malformed, edited(manifest, lambda d: b"[" * 10000 + b"]" * 10000 + b"\n"),
        "rial/manifest.json replaced by arrays nested 10 000 deep", manifest)
    mov = Package(base).json(manifest)
    mov_size = next(r["size"] for r in mov["files"] if r["path"] == "data/media/capture.mov")
    add("manifest-integer-2p53", m_malformed,
        edited(manifest, once(f'"size": {mov_size},'.encode(), b'"size": 9007199254740993,')),
        "a file size of 2^53 + 1, which readers that use doubles read as 2^53", manifest)
    add("manifest-frame-count-2p40", m_malformed,
        edited(manifest, once(b'"frame_count": 10,', b'"frame_count": 1099511627776,')),
        "the chain summary's frame_count 2^40", manifest)
    add("manifest-format-version", "input.unsupported-version",
        edited(manifest, once(b'"format_version": "1.0"', b'"format_version": "9.9"')),
        "format_version 9.9: not a version this verifier reads", manifest, exit_code=2)

    add("chain-nan", c_malformed, edited(chain, once(b'"timestamp": ', b'"timestamp": NaN, "x": ')),
        "NaN in rial/chain.json", chain)
    add("chain-comment", c_malformed, edited(chain, lambda d: d.replace(b"{", b"{ /* frames */", 1)), "a block comment in rial/chain.json", chain)
    add("chain-trailing-bytes", c_malformed, edited(chain, lambda d: d + b"{}\n"), "a second value after rial/chain.json's", chain)
    add("chain-frame-count-2p40", "chain.limit.frames", edited(chain, once(b'"frame_count": 10,', b'"frame_count": 1099511627776,')),
        "frame_count 2^40 in rial/chain.json: over the 1,000,000-frame limit", chain)
    add("chain-frame-number-2p53", c_malformed, edited(chain, once(b'"frame_number": 1,', b'"frame_number": 9007199254740993,')),
        "a frame_number of 2^53 + 1", chain)
    add("chain-huge-string", c_malformed,
        edited(chain, once(b'"rial-frame-chain-v1"', b'"' + b"A" * (20 << 20) + b'"')),
        "a 20 MB string (the JSON string limit is 1 MiB) in rial/chain.json", chain)
    add("chain-big-number", c_malformed, edited(chain, once(b'"fps": ', b'"fps": 1e400, "y": ')),
        "a number that overflows a double (1e400)", chain)

    add("depth-deep-nesting", "depth.index.malformed", edited(depth, lambda d: b'{"a":' * 10000 + b"0" + b"}" * 10000 + b"\n"),
        "rial/depth.json replaced by objects nested 10 000 deep", depth)

    add("custody-duplicate-key", e_malformed, edited(event, once(b'  "seq": 1,\n', b'  "seq": 1,\n  "seq": 1,\n')),
        "the first custody event with seq twice", event)
    add("custody-lone-surrogate", e_malformed, edited(event, once(b'"details": "', b'"details": "\\ud800')),
        "a lone surrogate escape (\\ud800) in the first custody event", event)
    add("custody-huge-array", e_malformed,
        edited(event, once(b'  "seq": 1,\n', b'  "seq": 1,\n  "padding": [' + b",".join([b"0"] * 1_000_000) + b"],\n")),
        "an array of 1 000 000 elements in the first custody event", event)
    add("custody-integer-2p53", e_malformed, edited(event, once(b'  "seq": 1,\n', b'  "seq": 9007199254740993,\n')),
        "seq 2^53 + 1 in the first custody event", event)
    add("custody-trailing-comma", e_malformed, edited(event, lambda d: d.rstrip(b"\n}").rstrip() + b",\n}\n"),
        "a trailing comma in the first custody event", event)


def chain_cases(corpus, base):
    def add(name, code, pkg, note, subject):
        corpus.add(name, "chain", 1, code, pkg.tar(), note, subject=subject)

    def chain_edit(fn):
        p = Package(base)
        document = p.json("rial/chain.json")
        fn(document)
        p.set_json("rial/chain.json", document)
        p.cover(payload=False)
        return p

    def flip(hex_digest):
        return ("0" if hex_digest[0] != "0" else "1") + hex_digest[1:]

    def frame_hash(d):
        d["frames"][4]["hash"] = flip(d["frames"][4]["hash"])
    add("frame-hash-edited", "chain.link.broken", chain_edit(frame_hash), "frame 5's hash in rial/chain.json edited, covered", "frame 5")

    def checkpoint(d):
        # One checkpoint every 5 frames, as the writer would list them, with the first one's hash edited.
        d["checkpoint_interval"] = 5
        d["checkpoints"] = [{"index": i, "frame_number": n, "hash": d["frames"][n - 1]["hash"], "timestamp": d["frames"][n - 1]["timestamp"]}
                            for i, n in enumerate((5, 10))]
        d["checkpoints"][0]["hash"] = flip(d["checkpoints"][0]["hash"])
    add("checkpoint-edited", "chain.checkpoint.hash-mismatch", chain_edit(checkpoint),
        "a checkpoint whose hash is not its frame's", "checkpoint at frame 5")

    def reorder(d):
        d["frames"][2], d["frames"][3] = d["frames"][3], d["frames"][2]
    add("frames-reordered", "chain.frame-number.out-of-sequence", chain_edit(reorder), "frames 3 and 4 swapped in rial/chain.json", "frame 3")

    def final(d):
        d["final_hash"] = flip(d["final_hash"])
    add("final-hash-edited", "chain.final-hash.mismatch", chain_edit(final), "final_hash edited", "rial/chain.json: final_hash")

    def backwards(d):
        d["frames"][5]["timestamp"] = d["frames"][4]["timestamp"]
    add("timestamp-not-increasing", "chain.timestamp.not-increasing", chain_edit(backwards),
        "frame 6 has frame 5's timestamp", "frame 6")

    p = Package(base)
    a, b = "data/depth/depth_000001.f32", "data/depth/depth_000004.f32"
    first, second = p.get(a), p.get(b)
    p.set(a, second)
    p.set(b, first)
    p.cover()
    add("depth-keyframes-swapped", "chain.link.broken", p, "depth keyframes 1 and 4 swapped, every manifest covered", "frame 1")

    p = Package(base)
    a, b = "data/frames/frame_000002.raw", "data/frames/frame_000003.raw"
    first, second = p.get(a), p.get(b)
    p.set(a, second)
    p.set(b, first)
    p.cover()
    add("frames-swapped", "chain.link.broken", p, "the material of frames 2 and 3 swapped, every manifest covered", "frame 2")

    p = Package(base)
    document = p.json("rial/manifest.json")
    document["chain"]["final_hash"] = flip(document["chain"]["final_hash"])
    p.set_json("rial/manifest.json", document)
    p.cover(payload=False)
    add("summary-final-hash", "chain.summary.mismatch", p, "the manifest's chain summary names another final hash",
        "rial/manifest.json: chain.final_hash")


def custody_cases(corpus, base, sealed):
    def add(name, code, pkg, note, subject, exit_code=1, location=None):
        corpus.add(name, "custody", exit_code, code, pkg.tar() if isinstance(pkg, Package) else pkg, note,
                   subject=subject, location=location)

    p = Package(base)
    p.remove("rial/custody/000003.json")
    p.cover(relink=False)
    add("event-deleted", "custody.seq.gap", p, "event 3 of 6 removed, the tag manifests covered", "rial/custody/000004.json")

    p = Package(base)
    event = p.json("rial/custody/000003.json")
    event["previous"] = "0" * 64
    p.set_json("rial/custody/000003.json", event)
    p.cover(relink=False)
    add("previous-edited", "custody.link.broken", p, "event 3's previous hash edited", "rial/custody/000003.json")

    p = Package(base)
    event = p.json("rial/custody/000006.json")
    event["seq"] = 9
    p.remove("rial/custody/000006.json")
    p.add("rial/custody/000009.json", canonical_json(event))
    p.cover()
    add("seq-gap", "custody.seq.gap", p, "PACKAGED renumbered from 6 to 9, links re-made", "rial/custody/000009.json")

    p = Package(base)
    event = p.json("rial/custody/000002.json")
    event["seq"] = 3
    p.set_json("rial/custody/000002.json", event)
    p.cover()
    add("seq-mismatch", "custody.seq.mismatch", p, "event file 2 claims seq 3", "rial/custody/000002.json")

    p = Package(base)
    p.add("rial/custody/notes.txt", b"nothing to see\n")
    p.cover()
    add("unexpected-file", "custody.unexpected-file", p, "a notes.txt under rial/custody/", "rial/custody/notes.txt")

    p = Package(base)
    for path in [q for q in p.files if q.startswith("rial/custody/")]:
        p.remove(path)
    p.members = [m for m in p.members if p.rel(m.name) != "rial/custody"]
    p.cover()
    add("log-removed", "custody.missing", p, "every custody event removed", "rial/custody/")

    p = Package(base)
    event = p.json("rial/custody/000006.json")
    event["timestamp"] = "2999-01-01T00:00:00Z"
    p.set_json("rial/custody/000006.json", event)
    p.cover()
    add("time-future", "custody.time.future", p, "PACKAGED dated 2999", "rial/custody/000006.json")

    p = Package(base)
    event = p.json("rial/custody/000001.json")
    event["previous"] = hashlib.sha256(b"another manifest").hexdigest()
    p.set_json("rial/custody/000001.json", event)
    p.cover(relink=False)
    add("binding-mismatch", "custody.binding.mismatch", p, "event 1 bound to another manifest", "rial/custody/000001.json")

    p = Package(base)
    packaged = p.json("rial/custody/000006.json")
    packaged["id"] = p.json("rial/custody/000002.json")["id"]
    p.set_json("rial/custody/000006.json", packaged)
    p.cover()
    add("id-duplicate", "custody.id.duplicate", p, "PACKAGED carries event 2's id", "rial/custody/000006.json")

    if sealed is not None:
        p = Package(sealed)
        p.remove("rial/custody/000007.json")
        p.cover()
        add("signature-orphan", "custody.signature.orphan", p, "the SEALED event removed, its signature left", "rial/custody/000007.p7s")

        p = Package(sealed)
        p.set("rial/custody/000007.p7s", b"\x30\x03\x02\x01\x00")
        p.cover()
        add("signature-garbage", "custody.signature-file.malformed", p, "the SEALED event's signature replaced by another DER value",
            "rial/custody/000007.p7s")

    # More events than a verifier judges (100 000): the archive already holds more entries
    # than the strict reader admits, so it is refused before the custody check can count them.
    count = 150_000

    def many_events(target_file):
        # The base's entries, then events 7 to 150 000 (empty, all alike but for their name:
        # the count alone must stop the verifier), then the end-of-archive marker.
        target_file.write(base.body)
        event = b""
        top = base.top.encode()
        batch = bytearray()
        for seq in range(7, count + 1):
            batch += header(top + b"/rial/custody/%06d.json" % seq, size=len(event), mtime=base.mtime)
            batch += pad(event)
            if len(batch) >= 1 << 24:
                target_file.write(batch)
                batch = bytearray()
        target_file.write(batch)
        target_file.write(bytes(1024))
    limit = 100_000
    nth = limit + 1 - base.entries_count()
    add("events-150000", "archive.limit.entries", many_events,
        "150 000 custody event files (the log's limit is 100 000; the archive's entry limit, also 100 000, is reached first)",
        None, exit_code=2, location=f"header at byte {len(base.body) + (nth - 1) * BLOCK}")


def crypto_cases(corpus, base, sealed):
    def add(name, code, pkg, note, subject):
        corpus.add(name, "crypto", 1, code, pkg.tar(), note, subject=subject)

    seal_path = "rial/seal/manifest.p7s"
    tsr_path = "rial/seal/manifest.tsr"

    p = Package(base)
    p.add(seal_path, bytes((i * 37 + 11) % 256 for i in range(700)))
    p.cover()
    add("seal-garbage", "seal.malformed", p, "700 bytes of noise as rial/seal/manifest.p7s", seal_path)

    p = Package(base)
    p.add(seal_path, b"")
    p.cover()
    add("seal-empty", "seal.empty", p, "an empty rial/seal/manifest.p7s", seal_path)

    p = Package(base)
    p.add(seal_path, b"\x30" * 5000 + b"\x80" * 5000)
    p.cover()
    add("seal-der-nesting", "seal.malformed", p, "5000 nested indefinite-length SEQUENCEs", seal_path)

    p = Package(base)
    p.add(seal_path, b"\x30\x84\xff\xff\xff\xf0\x06\x09\x2a\x86\x48\x86\xf7\x0d\x01\x07\x02")
    p.cover()
    add("seal-der-huge-length", "seal.malformed", p, "a DER SEQUENCE claiming 4 GiB", seal_path)

    p = Package(base)
    p.add(tsr_path, bytes((i * 53 + 7) % 256 for i in range(300)))
    p.cover()
    add("timestamp-without-seal", "timestamp.without-seal", p, "a timestamp token but no seal", tsr_path)

    if sealed is None:
        return
    forge = load_module("seal_forge", os.path.join(HERE, "seal_forge.py"))
    seal = Package(sealed).get(seal_path)

    p = Package(sealed)
    p.set(seal_path, seal[:len(seal) // 2])
    p.cover()
    add("seal-truncated-der", "seal.malformed", p, "the seal cut in half", seal_path)

    p = Package(sealed)
    p.set(seal_path, seal + b"\x00\x00trailing")
    p.cover()
    add("seal-trailing-bytes", "seal.malformed", p, "bytes after the seal's DER value", seal_path)

    p = Package(sealed)
    p.set(seal_path, p.get("rial/custody/000007.p7s"))
    p.cover()
    add("seal-over-other-bytes", "seal.content.mismatch", p, "the SEALED event's valid signature (over the event) used as the seal",
        seal_path)

    p = Package(sealed)
    p.set("data/media/capture.mov", b"a different movie" + p.get("data/media/capture.mov")[17:])
    p.cover()
    add("seal-payload-swapped", "seal.content.mismatch", p, "the media replaced and every digest rewritten: only the seal tells",
        seal_path)

    def forged(op):
        tree = forge.parse(seal)
        signature = forge.octet_strings(tree, [])[-1]
        if op == "zeros":
            signature[1] = bytes(64)
        elif op == "high-s":
            r_node, s_node = forge.parse(signature[1])[0][1]
            s = int.from_bytes(s_node[1], "big")
            s = forge.P256_N - s if s <= forge.P256_N // 2 else s
            signature[1] = forge.encode([[0x30, [r_node, forge.integer(s)]]])
        return forge.encode(tree)

    p = Package(sealed)
    p.set(seal_path, forged("zeros"))
    p.cover()
    add("seal-placeholder", "seal.signature.placeholder", p, "the seal's signature value 64 zero bytes", seal_path)

    p = Package(sealed)
    p.set(seal_path, forged("high-s"))
    p.cover()
    add("seal-high-s", "seal.signature.high-s", p, "the seal's signature in its high-S form (malleable)", seal_path)

    p = Package(sealed)
    p.add(tsr_path, b"\x30\x03\x02\x01\x00")
    p.cover()
    add("timestamp-garbage", "timestamp.malformed", p, "a DER value that is not a TimeStampResp", tsr_path)


def bounded_cases(corpus, base):
    """Inputs that cost a reader without bounds time or memory (issue 21); added last, so the
    cases before them keep their numbers."""
    end = base.body + bytes(1024)
    corpus.add("padding-over-limit", "archive", 2, "archive.limit.padding", end + bytes((1 << 20) + 512),
               "1 MiB and one block of zero padding after the end-of-archive marker (§4.5 allows 1 MiB)",
               location=f"byte {len(end) + (1 << 20)}")


def main(argv):
    parser = argparse.ArgumentParser(description="Generate rial's hostile corpus.")
    parser.add_argument("base")
    parser.add_argument("out")
    parser.add_argument("--sealed")
    parser.add_argument("--watch")
    parser.add_argument("--skip-huge", action="store_true")
    args = parser.parse_args(argv[1:])
    out = os.path.abspath(args.out)
    watch = os.path.abspath(args.watch) if args.watch else os.path.dirname(out)
    os.makedirs(out, exist_ok=True)
    base = Base(args.base)
    sealed = Base(args.sealed) if args.sealed else None
    if sealed is not None and sealed.top != base.top:
        sys.exit("hostile_corpus.py: the sealed package must be the base package sealed")
    corpus = Corpus(out, base)
    archive_cases(corpus, base, watch, args.skip_huge)
    bag_cases(corpus, base)
    json_cases(corpus, base)
    crypto_cases(corpus, base, sealed)
    chain_cases(corpus, base)
    custody_cases(corpus, base, sealed)
    bounded_cases(corpus, base)
    corpus.write_index()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
