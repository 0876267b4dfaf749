"""Makes a BagIt 1.0 bag whose tag files are in ENCODING, and validates it with bagit-python.

bagit-python's make_bag writes UTF-8 tag files whatever encoding it is given, but reads a bag in
the encoding bagit.txt declares. So the bag is made in UTF-8, every tag file but bagit.txt is
re-encoded (UTF-16 with Python's byte order mark), bagit.txt declares ENCODING, and the tag
manifests are written again over the new bytes. bagit-python then validates the result.

usage: encoded_bag.py BAG_DIR ENCODING   (BAG_DIR holds the payload files to bag)
"""
import hashlib
import os
import sys

import bagit

bag_dir, encoding = sys.argv[1], sys.argv[2]
bagit.make_bag(bag_dir, {"Contact-Name": "Zoë Müller"}, checksums=["sha256", "sha512"])
for name in os.listdir(bag_dir):
    path = os.path.join(bag_dir, name)
    if name == "bagit.txt" or name.startswith("tagmanifest-") or not os.path.isfile(path):
        continue
    with open(path, encoding="utf-8", newline="") as source:
        text = source.read()
    with open(path, "w", encoding=encoding, newline="") as target:
        target.write(text)
with open(os.path.join(bag_dir, "bagit.txt"), "w", encoding="utf-8", newline="") as declaration:
    declaration.write("BagIt-Version: 1.0\nTag-File-Character-Encoding: %s\n" % encoding)
for algorithm in ("sha256", "sha512"):
    lines = []
    for name in sorted(os.listdir(bag_dir)):
        path = os.path.join(bag_dir, name)
        if os.path.isfile(path) and not name.startswith("tagmanifest-"):
            with open(path, "rb") as tag_file:
                lines.append("%s %s\n" % (hashlib.new(algorithm, tag_file.read()).hexdigest(), name))
    with open(os.path.join(bag_dir, "tagmanifest-%s.txt" % algorithm), "w", encoding=encoding, newline="") as manifest:
        manifest.write("".join(lines))
bagit.Bag(bag_dir).validate()
