#!/usr/bin/env python3
"""Writes copies of a package that cost a careless verifier unbounded memory (issue 21).

    bounded_cases.py missing BASE.rialpkg OUT.rialpkg COUNT
        each payload manifest (manifest-sha256.txt, manifest-sha512.txt) gains COUNT lines
        naming data/missing/NNNNNNN.bin, with a digest of the right length
    bounded_cases.py long-number BASE.rialpkg OUT.rialpkg DIGITS
        rial/manifest.json starts with a key whose value is an integer of DIGITS digits
    bounded_cases.py large-json BASE.rialpkg OUT.rialpkg COUNT
        COUNT of the JSON files the verifier parses (rial/, data/capture/, data/capture.json, in
        name order, custody events last) each become 63 MB: the original object with a first key
        whose value is an array of small objects (an array gains them as its first elements),
        the shape whose parsed tree is largest

The archive is re-packed with Python's tarfile in pax format (for these plain names and integer
times it writes only ustar headers, inside the strict profile of schema/SPEC.md §4.4). Nothing
else is covered up: the tag manifests then fail too; the cases are about what the verifier
spends on the hostile part.
"""

import io
import sys
import tarfile


def main(argv):
    mode, base, out, count = argv[1], argv[2], argv[3], int(argv[4])
    with tarfile.open(base, mode="r:") as archive:
        members = archive.getmembers()
        data = {m.name: archive.extractfile(m).read() for m in members if m.isfile()}
    top = members[0].name.split("/")[0]
    if mode == "missing":
        for algorithm, width in [("sha256", 64), ("sha512", 128)]:
            name = f"{top}/manifest-{algorithm}.txt"
            data[name] += b"".join(f"{i:0{width}x}  data/missing/{i:07d}.bin\n".encode() for i in range(count))
    elif mode == "long-number":
        name = f"{top}/rial/manifest.json"
        assert data[name].startswith(b"{"), name
        data[name] = b'{"a_long_number": ' + b"9" * count + b"," + data[name][1:]
    elif mode == "large-json":
        parsed = sorted((n for n in data if n.endswith(".json") and "/rial/custody/" not in n
                         and (f"{top}/rial/" in n or f"{top}/data/capture" in n)))
        parsed += sorted(n for n in data if "/rial/custody/" in n and n.endswith(".json"))
        assert len(parsed) >= count, f"only {len(parsed)} JSON files: {parsed}"
        padding = b'{"a":1},' * (63_000_000 // 8)
        for name in parsed[:count]:
            document = data[name].strip()
            if document.startswith(b"["):  # an array (the app's custody log): padding elements first
                rest = document[1:].lstrip()
                data[name] = b"[" + (padding[:-1] + b"]" if rest == b"]" else padding + rest)
            else:
                assert document.startswith(b"{"), name
                data[name] = b'{"padding": [' + padding[:-1] + b"]," + document[1:]
    else:
        sys.exit(f"bounded_cases.py: unknown mode {mode}")
    with tarfile.open(out, mode="w", format=tarfile.PAX_FORMAT) as archive:
        for member in members:
            member.pax_headers = {}
            if member.isfile():
                member.size = len(data[member.name])
                archive.addfile(member, io.BytesIO(data[member.name]))
            else:
                archive.addfile(member)


if __name__ == "__main__":
    main(sys.argv)
