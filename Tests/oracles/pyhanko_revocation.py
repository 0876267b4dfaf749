#!/usr/bin/env python3
"""An outside judge of revocation for rial's tests: pyhanko-certvalidator validates one
certificate's path at a given time with the same CRLs and OCSP responses rial was given,
fetching nothing, in its "require" revocation mode (every certificate below the root needs
usable revocation information).

usage: pyhanko_revocation.py --root ROOT.pem --cert LEAF.pem [--other CA.pem …]
                             [--crl FILE …] [--ocsp FILE …] --at 2026-11-28T10:00:00Z [--retroactive]

Prints one line, then exits 0:
  valid                         the path validates, no certificate revoked at that time
  revoked <reason> <date>       RevokedError: a certificate was revoked at or before that time
  invalid <ErrorClass>          the path fails on its own (expired, not yet valid, …)
  not-checked <ErrorClass>      revocation could not be established (no usable, fresh or
                                authorised revocation information)
--retroactive is pyhanko's retroactive_revinfo: revocation information issued after the time
still speaks for it (only its nextUpdate must not have passed before it).
"""
import argparse
import asyncio
import sys
from datetime import datetime

from asn1crypto import pem, x509
from pyhanko_certvalidator import CertificateValidator, ValidationContext
from pyhanko_certvalidator.errors import (ExpiredError, InvalidCertificateError, NotYetValidError, RevokedError)


def der(path):
    with open(path, "rb") as handle:
        data = handle.read()
    if pem.detect(data):
        return [body for _, _, body in pem.unarmor(data, multiple=True)]
    return [data]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", required=True)
    parser.add_argument("--cert", required=True)
    parser.add_argument("--other", action="append", default=[])
    parser.add_argument("--crl", action="append", default=[])
    parser.add_argument("--ocsp", action="append", default=[])
    parser.add_argument("--at", required=True)
    parser.add_argument("--retroactive", action="store_true")
    args = parser.parse_args()
    moment = datetime.fromisoformat(args.at.replace("Z", "+00:00"))
    roots = [x509.Certificate.load(item) for item in der(args.root)]
    others = [x509.Certificate.load(item) for path in args.other for item in der(path)]
    leaf = x509.Certificate.load(der(args.cert)[0])
    context = ValidationContext(
        trust_roots=roots, other_certs=others, moment=moment, allow_fetching=False, revocation_mode="require",
        crls=[item for path in args.crl for item in der(path)], ocsps=[item for path in args.ocsp for item in der(path)],
        retroactive_revinfo=args.retroactive)
    validator = CertificateValidator(leaf, intermediate_certs=others, validation_context=context)
    try:
        asyncio.run(validator.async_validate_usage(set()))
    except RevokedError as error:
        reason = error.reason.native if error.reason is not None else "unspecified"
        print(f"revoked {reason} {error.revocation_dt.isoformat()}")
    except (ExpiredError, NotYetValidError, InvalidCertificateError) as error:
        print(f"invalid {type(error).__name__}: {error}")
    except Exception as error:  # any other failure leaves revocation not established
        print(f"not-checked {type(error).__name__}: {error}")
    else:
        print("valid")
    return 0


if __name__ == "__main__":
    sys.exit(main())
