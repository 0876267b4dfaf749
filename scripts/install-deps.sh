#!/usr/bin/env bash
# Installs what building and testing rial needs, and only what is missing:
#   - Debian packages: libarchive-dev, libssl-dev (OpenSSL 3), libxml2-dev, pkg-config, openssl, coreutils,
#     and for the media probe libavformat-dev (FFmpeg), libheif-dev, libexif-dev, libiptcdata0-dev, libexempi-dev (XMP), libseccomp-dev (its sandbox); for the audit
#     ledger libsqlite3-dev and libpq-dev
#   - test oracles from PyPI (bagit, jsonschema, pyhanko-certvalidator: revocation by CRL and OCSP)
#     in a private virtual environment, .build-oracles/venv, faketime (a test TSA and OCSP
#     responder answering as of another time),
#     Debian's hashdeep (audits an extracted package against `rial inspect --format hashdeep`)
#     xmllint (libxml2-utils: XML reports against their XSD, DFXML well-formedness), and
#     headless Chromium with pdftotext (poppler-utils): the court report rendered as a person sees it,
#     and the media oracles: ffmpeg/ffprobe (ffmpeg), exiftool (libimage-exiftool-perl) and heif-enc
#     (libheif-examples), which also make the media the tests probe; and for the ledger's tests
#     the sqlite3 and psql command lines and a PostgreSQL server (postgresql; scripts/test-postgres.sh)
#   - with --for-bench (make bench): GNU time (/usr/bin/time -v: peak memory) and bagit-python
#     in the same virtual environment, for the benchmark's comparison row
# Uses sudo only when not already root. Safe to run again: it does nothing when all is present.
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

missing=()
pkg-config --exists libarchive 2>/dev/null || missing+=(libarchive-dev)
pkg-config --exists libcrypto 2>/dev/null || missing+=(libssl-dev)
pkg-config --exists libxml-2.0 2>/dev/null || missing+=(libxml2-dev)
pkg-config --exists libavformat libavcodec libavutil 2>/dev/null || missing+=(libavformat-dev libavcodec-dev libavutil-dev)
pkg-config --exists libheif 2>/dev/null || missing+=(libheif-dev)
pkg-config --exists libexif 2>/dev/null || missing+=(libexif-dev)
pkg-config --exists libiptcdata 2>/dev/null || missing+=(libiptcdata0-dev)
pkg-config --exists exempi-2.0 2>/dev/null || missing+=(libexempi-dev)
pkg-config --exists libseccomp 2>/dev/null || missing+=(libseccomp-dev)
pkg-config --exists sqlite3 2>/dev/null || missing+=(libsqlite3-dev)
pkg-config --exists libpq 2>/dev/null || missing+=(libpq-dev)
command -v pkg-config >/dev/null || missing+=(pkg-config)
command -v openssl >/dev/null || missing+=(openssl)
command -v sha256sum >/dev/null || missing+=(coreutils)
mode=${1:-}
if [ "$mode" = "--with-oracles" ] || [ "$mode" = "--for-bench" ]; then
  command -v python3 >/dev/null || missing+=(python3)
  python3 -c 'import venv, ensurepip' 2>/dev/null || missing+=(python3-venv)
fi
if [ "$mode" = "--for-bench" ]; then
  [ -x /usr/bin/time ] || missing+=(time)
  command -v ffmpeg >/dev/null || missing+=(ffmpeg)
fi
if [ "$mode" = "--with-oracles" ]; then
  command -v hashdeep >/dev/null || missing+=(hashdeep)
  command -v xmllint >/dev/null || missing+=(libxml2-utils)
  command -v chromium >/dev/null || missing+=(chromium)
  command -v pdftotext >/dev/null || missing+=(poppler-utils)
  { command -v ffmpeg && command -v ffprobe; } >/dev/null || missing+=(ffmpeg)
  command -v exiftool >/dev/null || missing+=(libimage-exiftool-perl)
  command -v heif-enc >/dev/null || missing+=(libheif-examples)
  command -v sqlite3 >/dev/null || missing+=(sqlite3)
  command -v faketime >/dev/null || missing+=(faketime)
  { command -v psql && ls /usr/lib/postgresql/*/bin/initdb; } >/dev/null 2>&1 || missing+=(postgresql postgresql-client)
fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "install-deps: installing ${missing[*]}"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if [ "$mode" = "--with-oracles" ] || [ "$mode" = "--for-bench" ]; then
  venv=.build-oracles/venv
  if ! "$venv/bin/python" -c 'import bagit, jsonschema, rfc3339_validator, pyhanko_certvalidator, case_utils' 2>/dev/null \
     || ! "$venv/bin/case_validate" --help >/dev/null 2>&1; then
    echo "install-deps: installing test oracles (bagit, jsonschema, pyhanko-certvalidator, case-utils) into $venv"
    python3 -m venv "$venv"
    "$venv/bin/python" -m pip install -q --disable-pip-version-check bagit jsonschema rfc3339-validator pyhanko-certvalidator case-utils==0.18.0
  fi
fi
