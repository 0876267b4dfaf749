#!/usr/bin/env bash
# Remakes the FuzzMedia seed corpus (Tests/Fuzz/corpus/FuzzMedia): tiny real media made with
# ffmpeg, exiftool and heif-enc (scripts/install-deps.sh --with-oracles installs them), and
# hostile files made byte by byte. Each is at most a few KiB, so the fuzzer mutates them quickly.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=Tests/Fuzz/corpus/FuzzMedia
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ff() { ffmpeg -hide_banner -loglevel error -y "$@"; }
src=(-f lavfi -i testsrc=size=16x16:rate=10 -frames:v 2 -pix_fmt yuv420p)

ff "${src[@]}" -c:v libx264 "$work/h264.mp4"
ff -i "$work/h264.mp4" -c copy -metadata location=+48.8584+002.2945/ -metadata:s:v:0 rotate=90 "$out/h264-location-rotated.mp4"
ff "${src[@]}" -c:v libx265 -x265-params log-level=error -tag:v hvc1 "$work/hevc.mov"
ff -i "$work/hevc.mov" -c copy -metadata location=+48.8584+002.2945/ -metadata make=Apple -metadata model=iPhone \
    -metadata creation_time=2024-05-01T10:00:00Z "$out/hevc-udta.mov"
ff -i "$work/hevc.mov" -c copy -movflags use_metadata_tags \
    -metadata com.apple.quicktime.location.ISO6709=-33.8688+151.2093+012.500/ \
    -metadata com.apple.quicktime.make=Apple "$out/hevc-apple-keys.mov"
ff -i "$work/h264.mp4" -c copy -movflags frag_keyframe+empty_moov "$out/h264-fragmented.mp4"

ff -f lavfi -i testsrc=size=16x16 -frames:v 1 "$work/photo.jpg"
cp "$work/photo.jpg" "$out/plain.jpg"
exiftool -q -overwrite_original -Make=Apple -Model=iPhone -Software=17.4 -DateTimeOriginal="2024:05:01 10:00:00" \
    -GPSLatitude=33.8688 -GPSLatitudeRef=S -GPSLongitude=151.2093 -GPSLongitudeRef=W -GPSAltitude=12.5 \
    -GPSAltitudeRef#=1 -Orientation#=6 -XMP:Title=seed "$work/photo.jpg"
cp "$work/photo.jpg" "$out/exif-gps-xmp.jpg"
heif-enc -q 30 -o "$out/exif-gps.heic" "$work/photo.jpg" >/dev/null
# IPTC-IIM in APP13 (libiptcdata), and a second image and thumbnails in a HEIF (every image's items).
ff -f lavfi -i testsrc=size=16x16 -frames:v 1 "$work/iptc.jpg"
exiftool -q -overwrite_original -IPTC:City=Paris -IPTC:Sub-location=Rivoli -IPTC:By-line=Jane \
    -IPTC:TimeCreated=11:30:02+01:00 "$work/iptc.jpg"
cp "$work/iptc.jpg" "$out/iptc-city.jpg"
heif-enc -q 30 -t 8 -o "$out/two-images.heic" "$work/iptc.jpg" "$work/photo.jpg" >/dev/null
# IPTC-IIM inside EXIF (IFD0's IPTC-NAA entry), as agency photos carry it.
printf '\x1c\x02\x00\x00\x02\x00\x04\x1c\x02\x5a\x00\x05Paris\x1c\x02\x50\x00\x04Jane' > "$work/records.iim"
ff -f lavfi -i testsrc=size=16x16 -frames:v 1 "$work/iptc-exif.jpg"
exiftool -q -overwrite_original "-IFD0:IPTC-NAA<=$work/records.iim" "$work/iptc-exif.jpg"
cp "$work/iptc-exif.jpg" "$out/iptc-in-exif.jpg"

python3 - "$out" "$work/h264.mp4" <<'PY'
import struct, sys
out = sys.argv[1]
def be32(v): return struct.pack(">I", v)
def box(t, p): return be32(8 + len(p)) + t + p
def full(t, p): return box(t, b"\0\0\0\0" + p)
ftyp = box(b"ftyp", b"isom" + be32(512) + b"isomiso2avc1mp41")
hdlr = full(b"hdlr", b"\0\0\0\0vide" + b"\0" * 13)
def write(name, data): open(f"{out}/{name}", "wb").write(data)
write("hostile-truncated-moov.mp4", ftyp + be32(4096) + b"moov" + b"\0" * 100)
write("hostile-huge-box.mp4", ftyp + be32(1) + b"moov" + struct.pack(">Q", 1 << 62) + b"\0" * 64)
write("hostile-1000-tracks.mp4", ftyp + box(b"moov", box(b"trak", b"") * 1000))
write("hostile-stsz-claim.mp4", ftyp + box(b"moov", box(b"trak", box(b"mdia", hdlr + box(b"minf", box(b"stbl",
      full(b"stsz", be32(0) + be32(1 << 25) + b"\0" * 64)))))))
write("hostile-zip-named.mp4", b"PK\x03\x04" + b"\0" * 26 + b"a.mp4data" + b"PK\x05\x06" + b"\0" * 18)
write("hostile-jpeg-segment-past-end.jpg", b"\xff\xd8\xff\xe1\xff\xf0Exif\0\0MM")
tiff = b"MM\0\x2a" + be32(8) + b"\xff\xff" + bytes((i * 37) & 0xFF for i in range(200))
app1 = b"Exif\0\0" + tiff
write("hostile-jpeg-broken-exif.jpg", b"\xff\xd8\xff\xe1" + struct.pack(">H", len(app1) + 2) + app1
      + b"\xff\xc0\x00\x0b\x08\x00\x30\x00\x40\x01\x01\x11\x00\xff\xda\x00\x02\xff\xd9")
write("hostile-heif-brand-only.heic", box(b"ftyp", b"heic" + be32(0) + b"mif1heic"))
# User-data atoms after FFmpeg's moov (the last box): a maker's TAGS block, a vendor atom, a 3GPP
# string box, QuickTime's end-of-list zero, and an ISO meta with an ilst.
movie = bytearray(open(sys.argv[2], "rb").read())
ilst = box(b"meta", b"\0\0\0\0" + full(b"hdlr", b"\0\0\0\0mdir" + b"\0" * 13) + box(b"ilst", box(b"tmpo", box(b"data", be32(21) + be32(0) + b"\0\x80"))))
udta = box(b"udta", box(b"TAGS", b"PENTAX DIGITAL CAMERA\0\0\0" + bytes(range(40))) + box(b"CAME", b"\0\0C3221324")
           + full(b"auth", b"\x15\xc7Jane\0") + ilst + be32(0))
at = 0
while at < len(movie):
    size = struct.unpack(">I", movie[at:at + 4])[0]
    if movie[at + 4:at + 8] == b"moov" and at + size == len(movie):
        movie[at:at + 4] = be32(size + len(udta))
        write("udta-vendor-atoms.mp4", bytes(movie) + udta)
    at += size
PY
ls -l "$out"
