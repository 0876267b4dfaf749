#!/usr/bin/env python3
"""Forge variants of a seal (a DER CMS SignedData) for rial's seal tests, standard library only.

Usage: seal_forge.py OP IN.p7s OUT.p7s [ARG]

Ops (each edits only the SignerInfo's signature value, the last OCTET STRING, and re-encodes
every enclosing length):
  empty                 a zero-length signature value
  zeros                 64 zero bytes (a placeholder)
  high-s                the same ECDSA signature in its high-S form (r, n - s): still valid
  signature-from OTHER  the signature value of another seal OTHER.p7s (made with another key)
  signature-value       write the raw signature value of IN to OUT (no forging)
  low-s                 the low-S form of a high-S signature (a low-S one is kept)
  ber-length            the outermost length in a longer, non-minimal (BER) form
  unsigned-attr         add an unsigned attribute holding an OCTET STRING to the SignerInfo
  sig-alg-null          the SignerInfo's signatureAlgorithm with explicit NULL parameters
  sig-alg-ecpublickey   the SignerInfo's signatureAlgorithm as the bare id-ecPublicKey
  digest-alg-null       the SignerInfo's digestAlgorithm with explicit NULL parameters
  signeddata-digest-null  SignedData.digestAlgorithms' SHA-256 with explicit NULL parameters
(the last four touch bytes no signature covers: each is a second valid byte form of the seal)
"""
import sys

P256_N = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551


def parse(data, offset=0, end=None):
    """A DER tree: a list of [tag, value] where value is bytes or a child list."""
    end = len(data) if end is None else end
    nodes = []
    while offset < end:
        tag = data[offset]
        offset += 1
        length = data[offset]
        offset += 1
        if length & 0x80:
            count = length & 0x7F
            length = int.from_bytes(data[offset:offset + count], "big")
            offset += count
        value = data[offset:offset + length]
        constructed = tag & 0x20
        nodes.append([tag, parse(data, offset, offset + length) if constructed else value])
        offset += length
    return nodes


def encode_length(length):
    if length < 0x80:
        return bytes([length])
    body = length.to_bytes((length.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(body)]) + body


def encode(nodes):
    out = b""
    for tag, value in nodes:
        body = encode(value) if isinstance(value, list) else value
        out += bytes([tag]) + encode_length(len(body)) + body
    return out


def octet_strings(nodes, found, parents=None):
    for node in nodes:
        if isinstance(node[1], list):
            octet_strings(node[1], found, parents)
        elif node[0] == 0x04:
            found.append(node)
            if parents is not None:
                parents.append(nodes)
    return found


def integer(value):
    body = value.to_bytes((value.bit_length() + 8) // 8, "big")
    return [0x02, body]


def main(argv):
    if len(argv) < 4:
        sys.exit(__doc__)
    op, source, target = argv[1], argv[2], argv[3]
    tree = parse(open(source, "rb").read())
    signature = octet_strings(tree, [])[-1]
    if op == "empty":
        signature[1] = b""
    elif op == "zeros":
        signature[1] = bytes(64)
    elif op == "high-s":
        r_node, s_node = parse(signature[1])[0][1]
        s = int.from_bytes(s_node[1], "big")
        if s > P256_N // 2:
            sys.exit("already high-S")
        signature[1] = encode([[0x30, [r_node, integer(P256_N - s)]]])
    elif op == "low-s":
        r_node, s_node = parse(signature[1])[0][1]
        s = int.from_bytes(s_node[1], "big")
        if s > P256_N // 2:
            signature[1] = encode([[0x30, [r_node, integer(P256_N - s)]]])
    elif op == "ber-length":
        body = encode(tree[0][1])
        open(target, "wb").write(bytes([tree[0][0], 0x84]) + len(body).to_bytes(4, "big") + body)
        return 0
    elif op == "unsigned-attr":
        parents = []
        octet_strings(tree, [], parents)
        signer_info = parents[-1]
        # [1] IMPLICIT SET OF Attribute { 1.2.3.4, SET { OCTET STRING "x" } }
        signer_info.append([0xA1, [[0x30, [[0x06, bytes([0x2A, 0x03, 0x04])], [0x31, [[0x04, b"x"]]]]]]])
    elif op in ("sig-alg-null", "sig-alg-ecpublickey", "digest-alg-null"):
        parents = []
        octet_strings(tree, [], parents)
        signer_info = parents[-1]
        # SignerInfo: version, sid, digestAlgorithm, [0] signedAttrs, signatureAlgorithm, signature
        algorithm = signer_info[2] if op == "digest-alg-null" else signer_info[4]
        if op == "sig-alg-ecpublickey":
            algorithm[1][0][1] = bytes([0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01])
        else:
            algorithm[1].append([0x05, b""])
    elif op == "signeddata-digest-null":
        signed_data = tree[0][1][1][1][0][1]
        signed_data[1][1][0][1].append([0x05, b""])
    elif op == "signature-from":
        other = parse(open(argv[4], "rb").read())
        signature[1] = octet_strings(other, [])[-1][1]
    elif op == "signature-value":
        open(target, "wb").write(signature[1])
        return 0
    else:
        sys.exit(f"unknown op {op}")
    open(target, "wb").write(encode(tree))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
