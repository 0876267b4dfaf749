#!/usr/bin/env python3
"""An independent RFC 4998 (Evidence Record Syntax) checker and writer for rial's tests.

Written from the RFC, not from rial's code: the ASN.1 below is RFC 4998 §4 (IMPLICIT tags),
the DER is asn1crypto's, every hash is hashlib's, and every token is checked by
`openssl ts -verify -digest` at its own genTime. One data object (rial/seal/manifest.tsr), so
no reduced hash tree: the first archive timestamp's imprint is H(data object) (§4.2), a later
one's in a chain H(previous timeStamp) (§5.2), a later chain's first H(H(d) || H(ATSSeq before))
(§5.3).

  ers_oracle.py verify RECORD.ers DATA_OBJECT CA.pem [UNTRUSTED.pem]  -> JSON on stdout, exit 0 if valid
  ers_oracle.py imprint [RECORD.ers|-] DATA_OBJECT sha256|sha512       -> the next imprint, hex
  ers_oracle.py append [RECORD.ers|-] RESPONSE.tsr OUT.ers            -> the record with the token appended
  ers_oracle.py inject BAGDIR NAME FILE                                -> adds rial/seal/renewal/NAME to a bag, tag manifests updated
"""
import hashlib
import json
import os
import subprocess
import sys
import tempfile

from asn1crypto import algos, cms, core, tsp


class PartialHashtree(core.SequenceOf):
    _child_spec = core.OctetString


class PartialHashtrees(core.SequenceOf):
    _child_spec = PartialHashtree


class ArchiveTimeStamp(core.Sequence):
    _fields = [
        ('digestAlgorithm', algos.DigestAlgorithm, {'implicit': 0, 'optional': True}),
        ('attributes', cms.CMSAttributes, {'implicit': 1, 'optional': True}),
        ('reducedHashtree', PartialHashtrees, {'implicit': 2, 'optional': True}),
        ('timeStamp', cms.ContentInfo),
    ]


class ArchiveTimeStampChain(core.SequenceOf):
    _child_spec = ArchiveTimeStamp


class ArchiveTimeStampSequence(core.SequenceOf):
    _child_spec = ArchiveTimeStampChain


class DigestAlgorithms(core.SequenceOf):
    _child_spec = algos.DigestAlgorithm


class EvidenceRecord(core.Sequence):
    _fields = [
        ('version', core.Integer),
        ('digestAlgorithms', DigestAlgorithms),
        ('cryptoInfos', cms.CMSAttributes, {'implicit': 0, 'optional': True}),
        ('archiveTimeStampSequence', ArchiveTimeStampSequence),
    ]


HASHES = {'sha256': hashlib.sha256, 'sha384': hashlib.sha384, 'sha512': hashlib.sha512}


def tst_info(content_info):
    return content_info['content']['encap_content_info']['content'].parsed


def chain_algorithm(chain):
    first = chain[0]
    if first['digestAlgorithm'].native is not None:
        return first['digestAlgorithm']['algorithm'].native
    return tst_info(first['timeStamp'])['message_imprint']['hash_algorithm']['algorithm'].native


def der_children(der):
    """The elements inside one DER element, each as its exact bytes (tag, length, contents)."""
    def header(buf, at):
        length = buf[at + 1]
        if length < 0x80:
            return at + 2, length
        count = length & 0x7F
        return at + 2 + count, int.from_bytes(buf[at + 2:at + 2 + count], 'big')
    start, length = header(der, 0)
    out, at = [], start
    while at < start + length:
        body, size = header(der, at)
        out.append(der[at:body + size])
        at = body + size
    return out


def raw_chains(record_der):
    """Each chain's bytes and, per chain, each archive timestamp's timeStamp bytes, exactly as
    stored: a hash covers those bytes, and asn1crypto may re-encode what it parsed."""
    sequence = der_children(record_der)[-1]
    chains = der_children(sequence)
    return chains, [[der_children(stamp)[-1] for stamp in der_children(chain)] for chain in chains]


RAW = {}


def expected_imprint(sequence, chain_index, index, algorithm, data):
    h = HASHES[algorithm]
    if index > 0:
        return h(RAW['stamps'][chain_index][index - 1]).digest()
    object_hash = h(data).digest()
    if chain_index == 0:
        return object_hash
    # The earlier chains exactly as stored, wrapped in a SEQUENCE by hand: building an
    # asn1crypto ArchiveTimeStampSequence of them would re-encode (and re-sort the SET OFs of) the
    # tokens inside, so a later dump() of one would no longer be the bytes the record holds.
    before = der_sequence(b''.join(RAW['chains'][i] for i in range(chain_index)))
    return h(object_hash + h(before).digest()).digest()


def der_sequence(contents):
    n = len(contents)
    length = bytes([n]) if n < 0x80 else bytes([0x80 | ((n.bit_length() + 7) // 8)]) + n.to_bytes((n.bit_length() + 7) // 8, 'big')
    return b'\x30' + length + contents


def load(path):
    if path == '-':
        return None
    with open(path, 'rb') as f:
        der = f.read()
    RAW['chains'], RAW['stamps'] = raw_chains(der)
    # strict: nothing after the record. What is hashed is taken from RAW, the bytes as stored:
    # asn1crypto may re-encode what it parsed (a forced dump of a token differs from it).
    return EvidenceRecord.load(der, strict=True)


def verify(record_path, data_path, ca, untrusted):
    record = load(record_path)
    with open(data_path, 'rb') as f:
        data = f.read()
    assert record['version'].native == 1, 'version is not 1'
    declared = [a['algorithm'].native for a in record['digestAlgorithms']]
    sequence = record['archiveTimeStampSequence']
    out = {'valid': True, 'chains': [], 'gen_times': [], 'problems': []}
    for ci, chain in enumerate(sequence):
        algorithm = chain_algorithm(chain)
        if algorithm not in declared:
            out['problems'].append(f'chain {ci + 1}: {algorithm} not in digestAlgorithms')
        out['chains'].append({'algorithm': algorithm, 'count': len(chain)})
        for i, stamp in enumerate(chain):
            info = tst_info(stamp['timeStamp'])
            imprint = info['message_imprint']
            if imprint['hash_algorithm']['algorithm'].native != algorithm:
                out['problems'].append(f'chain {ci + 1} #{i + 1}: imprint algorithm is not the chain\'s')
            want = expected_imprint(sequence, ci, i, algorithm, data)
            if imprint['hashed_message'].native != want:
                out['problems'].append(f'chain {ci + 1} #{i + 1}: hash mismatch')
            gen_time = info['gen_time'].native
            out['gen_times'].append(gen_time.isoformat())
            with tempfile.NamedTemporaryFile(suffix='.tst') as token:
                token.write(stamp['timeStamp'].dump())
                token.flush()
                command = ['openssl', 'ts', '-verify', '-token_in', '-in', token.name, '-digest', want.hex(),
                           '-CAfile', ca, '-attime', str(int(gen_time.timestamp()))]
                if untrusted:
                    command += ['-untrusted', untrusted]
                result = subprocess.run(command, capture_output=True, text=True, env={**os.environ, 'OPENSSL_CONF': '/dev/null'})
                if result.returncode != 0 or 'Verification: OK' not in result.stdout:
                    out['problems'].append(f'chain {ci + 1} #{i + 1}: openssl ts -verify: {result.stdout.strip()} {result.stderr.strip()}')
    out['valid'] = not out['problems']
    print(json.dumps(out))
    return 0 if out['valid'] else 1


def next_place(record, algorithm):
    """(sequence, chain index, index) of the next archive timestamp under algorithm."""
    chains = list(record['archiveTimeStampSequence']) if record is not None else []
    if chains and chain_algorithm(chains[-1]) == algorithm:
        return chains, len(chains) - 1, len(chains[-1])
    return chains + [ArchiveTimeStampChain([])], len(chains), 0


def imprint(record_path, data_path, algorithm):
    record = load(record_path)
    with open(data_path, 'rb') as f:
        data = f.read()
    chains, ci, i = next_place(record, algorithm)
    # The stored bytes (RAW, read by load), as verify hashes them.
    if i > 0:
        want = HASHES[algorithm](RAW['stamps'][ci][i - 1]).digest()
    else:
        object_hash = HASHES[algorithm](data).digest()
        if ci == 0:
            want = object_hash
        else:
            before = der_sequence(b''.join(RAW['chains'][:ci]))
            want = HASHES[algorithm](object_hash + HASHES[algorithm](before).digest()).digest()
    print(want.hex())


def append(record_path, response_path, out_path):
    record = load(record_path)
    with open(response_path, 'rb') as f:
        response = tsp.TimeStampResp.load(f.read())
    token = response['time_stamp_token']
    algorithm = tst_info(token)['message_imprint']['hash_algorithm']['algorithm'].native
    chains, ci, i = next_place(record, algorithm)
    stamp = ArchiveTimeStamp({'digestAlgorithm': {'algorithm': algorithm}, 'timeStamp': token})
    chains = [list(c) for c in chains]
    chains[ci].append(stamp)
    algorithms = []
    for chain in chains:
        a = chain_algorithm(chain)
        if a not in algorithms:
            algorithms.append(a)
    new = EvidenceRecord({
        'version': 1,
        'digestAlgorithms': [{'algorithm': a} for a in algorithms],
        'archiveTimeStampSequence': [ArchiveTimeStampChain(c) for c in chains],
    })
    with open(out_path, 'wb') as f:
        f.write(new.dump())


def inject(bag, name, path):
    rel = 'rial/seal/renewal/' + name
    target = os.path.join(bag, rel)
    os.makedirs(os.path.dirname(target), exist_ok=True)
    with open(path, 'rb') as f:
        data = f.read()
    with open(target, 'wb') as f:
        f.write(data)
    for manifest in sorted(os.listdir(bag)):
        if not manifest.startswith('tagmanifest-') or not manifest.endswith('.txt'):
            continue
        algorithm = manifest[len('tagmanifest-'):-len('.txt')]
        with open(os.path.join(bag, manifest), 'r', encoding='utf-8') as f:
            lines = [l for l in f.read().splitlines() if l and not l.endswith('  ' + rel) and not l.endswith(' ' + rel)]
        lines.append(f'{hashlib.new(algorithm, data).hexdigest()}  {rel}')
        with open(os.path.join(bag, manifest), 'w', encoding='utf-8') as f:
            f.write('\n'.join(lines) + '\n')


def main(argv):
    op = argv[1]
    if op == 'verify':
        return verify(argv[2], argv[3], argv[4], argv[5] if len(argv) > 5 else None)
    if op == 'imprint':
        imprint(argv[2], argv[3], argv[4])
    elif op == 'append':
        append(argv[2], argv[3], argv[4])
    elif op == 'inject':
        inject(argv[2], argv[3], argv[4])
    else:
        raise SystemExit(__doc__)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
