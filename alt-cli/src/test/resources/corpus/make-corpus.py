#!/usr/bin/env python3
"""Writes the malformed-input corpus of MalformedInputCorpusTest: one file per case under libsvm/, arff/,
xml/, gzip/ and model/, and cases.txt, the manifest the test reads (one case a line: the file, the alt
arguments, the fragments the one-line error must contain, tab separated).

Placeholders in arguments and fragments: {f} the case file, {d} the test's folder (which holds the
fixtures good.svm, good.arff, good.xml, good.model, a FALT model trained on good.svm by the test, and
good-arff.model, one trained on good.arff); a
last argument <{f} feeds the file to standard input. Fragments are separated by ' && '.

Run it from this folder after changing a case (python3 make-corpus.py); commit the files it writes.
Deterministic: the same files every time.
"""
import gzip
import os
import random
import shutil
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = []


def write(rel, data):
    path = os.path.join(HERE, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'wb') as f:
        f.write(data if isinstance(data, bytes) else data.encode('utf-8'))


def case(rel, data, args, *expected):
    write(rel, data)
    CASES.append((rel, args, ' && '.join(expected)))


def gz(data, mtime=0):
    return gzip.compress(data if isinstance(data, bytes) else data.encode('utf-8'), mtime=mtime)


# --- commands: every case runs one of these, in turn, so that each command meets bad input --------------
DATA_COMMANDS = [
    'stats {f}',
    'evaluate --learner falt --train {f} --test {d}/good.svm --predictions {d}/pred.txt',
    'train --learner pa1 --data {f} --model {d}/out.model',
    'predict --model {d}/good.model --data {f} --out {d}/pred.txt',
    'convert {f} {d}/out.arff',
    'prequential --learner salt --data {f} --curve {d}/curve.csv',
    'evaluate --learner pa2 --train {d}/good.svm --test {f} --json',
]


def data_command(i):
    return DATA_COMMANDS[i % len(DATA_COMMANDS)]


def arff_command(i):
    """data_command for an ARFF case: predict with good-arff.model (trained on good.arff by the test), whose shape the
    cases' header declares, so that a bad line is reached."""
    return data_command(i).replace('{d}/good.model', '{d}/good-arff.model')


# --- LIBSVM ------------------------------------------------------------------------------------------
def libsvm_cases():
    cases = [
        ('bad-value-word', '0 1:1\n1 2:abc\n', ':2:'),
        ('missing-colon', '0 1:1 2 3:1\n', ':1:'),
        ('zero-index-one-based', '0 1:1\n0 0:1\n', ':2:'),
        ('negative-index', '0 -3:1\n', ':1:'),
        ('duplicate-index', '0 3:1 3:2\n', ':1:'),
        ('duplicate-index-unsorted', '1 5:1 2:1 5:3\n', ':1:'),
        ('negative-label', '1 1:1\n-1 2:1\n', ':2:'),
        ('fractional-label', '1.5 1:1\n', ':1:'),
        ('label-word', 'spam 1:1\n', ':1:'),
        ('huge-label-id', '0 1:1\n2000000000 2:1\n', ':2:', '--num-labels'),
        ('label-overflow', '99999999999999999999 1:1\n', ':1:'),
        ('index-overflow', '0 99999999999:1\n', ':1:'),
        ('index-beyond-int', '0 2147483648:1\n', ':1:'),
        ('nan-value', '0 1:1\n0 1:NaN\n', ':2:'),
        ('infinite-value', '0 1:Infinity\n', ':1:'),
        ('overflowing-value', '0 1:1e999\n', ':1:'),
        ('empty-file', '', ''),
        ('truncated-pair', '0 1:1\n1 2:', ':2:'),
        ('double-colon', '0 1::2\n', ':1:'),
        ('value-missing-mid-line', '0 1: 2:3\n', ':1:'),
        ('empty-label-in-list', '0,,1 1:1\n', ':1:'),
        ('trailing-comma-in-labels', '0,1, 1:1\n', ':1:'),
        ('qid-token', '0 qid:3 1:1\n', ':1:'),
        ('three-part-pair', '0 1:1:1\n', ':1:'),
        ('fullwidth-digit-index', '0 \uff11:1\n', ':1:'),
        ('fractional-index', '0 1.0:1\n', ':1:'),
        ('space-before-colon', '0 1 :2\n', ':1:'),
        ('carriage-returns-only', '0 1:1\r1 2:1\r0 3:1\r', ':1:'),
    ]
    out = []
    for name, text, *frag in cases:
        out.append((name + '.svm', text.encode('utf-8'), frag))
    # bytes that are not UTF-8 text
    out.append(('utf16le-bom.svm', b'\xff\xfe' + '0 1:1\n1 2:1\n'.encode('utf-16-le'), [':1:', 'iconv']))
    out.append(('utf16be-bom.svm', b'\xfe\xff' + '0 1:1\n1 2:1\n'.encode('utf-16-be'), [':1:', 'iconv']))
    out.append(('utf16le-no-bom.svm', '0 1:1\n1 2:1\n'.encode('utf-16-le'), [':1:']))
    out.append(('nul-byte-in-line.svm', b'0 1:1\n0 2:1\x00\n', [':2:']))
    out.append(('invalid-utf8.svm', b'0 1:1\n0 2:\xff\xfe\n', [':2:']))
    rnd = random.Random(8)
    out.append(('binary-garbage.svm', bytes(rnd.randrange(256) for _ in range(3000)), [':']))
    out.append(('elf-header.svm', b'\x7fELF\x02\x01\x01\x00' + bytes(200), [':1:']))
    for i, (name, data, frag) in enumerate(out):
        case('libsvm/' + name, data, data_command(i), *['{f}' + x if x.startswith(':') else x for x in frag] or ['{f}'])
    # the data must fit the model (predict with the model trained on good.svm: L = 3, d = 5)
    case('libsvm/more-labels-than-model.svm', '0 1:1\n7 2:1\n',
         'predict --model {d}/good.model --data {f}', '{f}', 'good.model', 'label 7')
    case('libsvm/feature-index-1e8.svm', '0 1:1\n1 100000000:1\n',
         'predict --model {d}/good.model --data {f} --out {d}/pred.txt', '{f}', 'good.model', '--allow-new-features')
    case('libsvm/label-beyond-num-labels.svm', '0 1:1\n5 1:1\n',
         'evaluate --learner falt --num-labels 3 --train {f} --test {d}/good.svm', '{f}:2:')
    case('libsvm/from-stdin-bad-value.svm', '0 1:1\n0 1:1\n1 2:x\n',
         'train --learner falt --data - --model {d}/out.model <{f}', '<stdin>:3:')


# --- ARFF (labels first by MEKA's -C 2 in the relation, unless the case says otherwise) ------------------
HEAD = "@relation 'case: -C 2'\n@attribute l1 {0,1}\n@attribute l2 {0,1}\n@attribute f1 numeric\n@attribute f2 numeric\n"


def arff_cases():
    d = '@data\n'
    cases = [
        ('no-data-section', HEAD, ['{f}']),
        ('unknown-type', HEAD.replace('f2 numeric', 'f2 blob') + d + '1,0,1,2\n', ['{f}:5:']),
        ('string-attribute', HEAD + '@attribute id string\n' + d + "1,0,1,2,'a'\n", ['{f}', '--ignore-attributes id']),
        ('date-attribute', HEAD + "@attribute when date 'yyyy-MM-dd'\n" + d + "1,0,1,2,'2020-01-01'\n",
         ['{f}', '--ignore-attributes when']),
        ('label-not-binary', HEAD.replace('l1 {0,1}', 'l1 {0,1,2}') + d + '1,0,1,2\n', ['{f}', 'not binary']),
        ('missing-value', HEAD + d + '1,0,1,2\n1,0,?,2\n', ['{f}:8:']),
        ('too-few-values', HEAD + d + '1,0,3\n', ['{f}:7:']),
        ('too-many-values', HEAD + d + '1,0,3,4,5\n', ['{f}:7:']),
        ('sparse-index-out-of-range', HEAD + d + '{0 1,9 3}\n', ['{f}:7:']),
        ('sparse-duplicate-index', HEAD + d + '{2 1,2 3}\n', ['{f}:7:']),
        ('sparse-unclosed-brace', HEAD + d + '{0 1,2 3\n', ['{f}:7:']),
        ('sparse-negative-index', HEAD + d + '{-1 1}\n', ['{f}:7:']),
        ('sparse-empty-pair', HEAD + d + '{0 1,,2 3}\n', ['{f}:7:']),
        ('unknown-nominal-value', HEAD + '@attribute c {a,b}\n' + d + '1,0,1,2,z\n', ['{f}:8:']),
        ('label-value-out-of-domain', HEAD + d + '2,0,1,2\n', ['{f}:7:']),
        ('no-label-source', HEAD.replace(": -C 2'", "'") + d + '1,0,1,2\n', ['{f}', '--labels-xml FILE']),
        ('duplicate-attribute', HEAD + '@attribute f1 numeric\n' + d + '1,0,1,2,3\n', ['{f}:6:']),
        ('nan-value', HEAD + d + '1,0,NaN,2\n', ['{f}:7:']),
        ('overflowing-value', HEAD + d + '1,0,1e999,2\n', ['{f}:7:']),
        ('word-for-number', HEAD + d + '1,0,abc,2\n', ['{f}:7:']),
        ('unterminated-quoted-name', HEAD + "@attribute 'f 3 numeric\n" + d + '1,0,1,2,3\n', ['{f}:6:']),
        ('unterminated-quoted-value', HEAD + d + "1,0,'3,4\n", ['{f}:7:']),
        ('meka-c-beyond-attributes', HEAD.replace('-C 2', '-C 10') + d + '1,0,1,2\n', ['{f}']),
        ('data-before-attributes', "@relation 'r: -C 1'\n@data\n1,2\n@attribute l1 {0,1}\n", ['{f}']),
        ('empty-file', '', ['{f}']),
        ('garbage-line-in-header', HEAD + 'hello world\n' + d + '1,0,1,2\n', ['{f}:6:']),
        ('relational-attribute', HEAD + '@attribute bag relational\n' + d + '1,0,1,2,x\n', ['{f}']),
        ('attribute-without-type', HEAD + '@attribute f3\n' + d + '1,0,1,2,3\n', ['{f}:6:']),
        ('instance-weight', HEAD + d + '1,0,1,2,{2}\n', ['{f}:7:']),
        ('numeric-label-out-of-range', HEAD.replace('l1 {0,1}', 'l1 numeric') + d + '3,0,1,2\n', ['{f}']),
    ]
    i = 0
    for name, text, frag in cases:
        case('arff/' + name + '.arff', text, arff_command(i), *frag)
        i += 1
    case('arff/utf16-bom.arff', b'\xff\xfe' + (HEAD + '@data\n1,0,1,2\n').encode('utf-16-le'), data_command(i), '{f}:1:', 'iconv')
    i += 1
    case('arff/binary-after-header.arff', (HEAD + '@data\n').encode() + bytes(range(256)) * 4, arff_command(i), '{f}:7:')
    i += 1
    # options that do not fit the file
    good = "@relation good\n@attribute l1 {0,1}\n@attribute l2 {0,1}\n@attribute f1 numeric\n@attribute f2 numeric\n@data\n1,0,1,2\n0,1,3,4\n"
    xml = ('<?xml version="1.0" encoding="utf-8"?>\n<labels xmlns="http://mulan.sourceforge.net/labels">\n'
           '<label name="l1"></label>\n<label name="l2"></label>\n</labels>\n')
    write('arff/ignored-label.xml', xml)
    case('arff/ignored-label.arff', good, 'stats --ignore-attributes l1 {f}', '{d}/ignored-label.xml', 'ignored attribute')
    write('arff/ignore-unknown-attribute.xml', xml)
    case('arff/ignore-unknown-attribute.arff', good, 'convert --ignore-attributes nosuch {f} {d}/out.svm', '{f}', 'nosuch')
    write('arff/labels-last-too-many.xml', xml)
    case('arff/labels-last-too-many.arff', good, 'train --learner falt --labels-last 9 --data {f} --model {d}/out.model',
         '{f}', '9')
    write('arff/label-not-an-attribute.xml', xml.replace('"l2"', '"l9"'))
    case('arff/label-not-an-attribute.arff', good, 'evaluate --learner falt --train {f} --test {f}',
         '{d}/label-not-an-attribute.xml', 'l9')
    case('arff/stdin-without-labels.arff', good.replace('@relation good', '@relation nolabels'),
         'stats - <{f}', '<stdin>', '--labels-xml FILE')


# --- Mulan XML label files, read for the fixture good.arff ----------------------------------------------
NS = 'http://mulan.sourceforge.net/labels'
XML_COMMANDS = [
    'stats --labels-xml {f} {d}/good.arff',
    'convert --labels-xml {f} {d}/good.arff {d}/out.svm',
    'evaluate --learner falt --labels-xml {f} --train {d}/good.arff --test {d}/good.arff',
    'train --learner falt --labels-xml {f} --data {d}/good.arff --model {d}/out.model',
    'prequential --learner falt --labels-xml {f} --data {d}/good.arff --curve {d}/curve.csv',
    'predict --model {d}/good.model --labels-xml {f} --data {d}/good.arff --out {d}/pred.txt',
]


def labels(*names, head='<?xml version="1.0" encoding="utf-8"?>\n'):
    return head + '<labels xmlns="%s">\n' % NS + ''.join('<label name="%s"></label>\n' % n for n in names) + '</labels>\n'


def xml_cases():
    ok = labels('l1', 'l2')
    entity_doc = ('<?xml version="1.0"?>\n<!DOCTYPE labels [\n%s]>\n<labels xmlns="' + NS + '"><label name="%s"/></labels>\n')
    laughs = ''.join('<!ENTITY lol%d "%s">\n' % (i, ('&lol%d;' % (i - 1)) * 10 if i else 'lol') for i in range(10))
    deep = '<labels xmlns="%s">' % NS + '<label name="l1">' * 20000 + '</label>' * 20000 + '</labels>'
    cases = [
        ('unclosed-tag', ok.replace('</labels>', ''), ['{f}']),
        ('xxe-file', entity_doc % ('<!ENTITY x SYSTEM "file:///etc/passwd">\n', '&x;'), ['{f}']),
        ('xxe-http', entity_doc % ('<!ENTITY x SYSTEM "http://127.0.0.1:9/x">\n', '&x;'), ['{f}']),
        ('billion-laughs', entity_doc % (laughs, '&lol9;'), ['{f}']),
        ('external-dtd', '<?xml version="1.0"?>\n<!DOCTYPE labels SYSTEM "http://127.0.0.1:9/labels.dtd">\n' + ok.split('\n', 1)[1], ['{f}']),
        ('parameter-entity', entity_doc % ('<!ENTITY % p SYSTEM "file:///etc/passwd">\n%p;\n', 'l1'), ['{f}']),
        ('internal-doctype', '<?xml version="1.0"?>\n<!DOCTYPE labels []>\n' + ok.split('\n', 1)[1], ['{f}']),
        ('attribute-default-in-dtd', entity_doc % ('<!ATTLIST label name CDATA "l1">\n', 'l2'), ['{f}']),
        ('wrong-root', ok.replace('<labels', '<tags').replace('</labels>', '</tags>'), ['{f}']),
        ('label-without-name', ok.replace(' name="l2"', ''), ['{f}']),
        ('duplicate-names', labels('l1', 'l1'), ['{f}', 'l1']),
        ('empty-file', '', ['{f}']),
        ('unknown-label', labels('l1', 'l9'), ['{f}', 'l9']),
        ('feature-as-label-and-missing', labels('l1', 'nope'), ['{f}', 'nope']),
        ('unknown-encoding', labels('l1', 'l2', head='<?xml version="1.0" encoding="klingon"?>\n'), ['{f}']),
        ('trailing-garbage', ok + 'junk\n', ['{f}']),
        ('two-roots', ok + ok.split('\n', 1)[1], ['{f}']),
        ('space-before-declaration', '  ' + ok, ['{f}']),
        ('undefined-entity', labels('&foo;'), ['{f}']),
        ('unclosed-comment', ok.replace('<label name="l1">', '<!-- <label name="l1">'), ['{f}']),
        ('unquoted-attribute', ok.replace('name="l1"', 'name=l1'), ['{f}']),
        ('json-instead', '{"labels": ["l1", "l2"]}\n', ['{f}']),
        ('no-labels', labels(), ['{f}']),
        ('empty-name', labels('l1', ''), ['{f}']),
        ('mismatched-end-tag', ok.replace('</label>\n</labels>', '</lable>\n</labels>'), ['{f}']),
        ('deep-nesting', deep, ['{f}']),
        ('xinclude', '<labels xmlns="%s" xmlns:xi="http://www.w3.org/2001/XInclude"><xi:include href="file:///etc/passwd" parse="text"/></labels>' % NS, ['{f}']),
        ('only-declaration', '<?xml version="1.0"?>\n', ['{f}']),
    ]
    out = [(n + '.xml', t.encode('utf-8'), f) for n, t, f in cases]
    out.append(('nul-byte.xml', ok.encode().replace(b'l2', b'l\x002'), ['{f}']))
    out.append(('invalid-utf8.xml', ok.encode().replace(b'l2', b'l\xff2'), ['{f}']))
    out.append(('utf16-bom-unknown-label.xml', b'\xff\xfe' + labels('l1', 'zz', head='<?xml version="1.0" encoding="utf-16"?>\n').encode('utf-16-le'), ['{f}', 'zz']))
    out.append(('bom-then-garbage.xml', b'\xef\xbb\xbfgarbage\n', ['{f}']))
    out.append(('gzipped.xml', gz(ok), ['{f}']))
    for i, (name, data, frag) in enumerate(out):
        case('xml/' + name, data, XML_COMMANDS[i % len(XML_COMMANDS)], *frag)
    case('xml/label-ignored.xml', ok, 'stats --ignore-attributes l2 --labels-xml {f} {d}/good.arff', '{f}', 'l2')


# --- gzip ---------------------------------------------------------------------------------------------
def gzip_cases():
    text = ''.join('%d %d:1 %d:0.5\n' % (i % 3, 1 + i % 5, 6 + i % 4) for i in range(200)).encode()
    g = gz(text)
    flip = lambda b, i: b[:i] + bytes([b[i] ^ 0x20]) + b[i + 1:]
    deflated = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = deflated.compress(text) + deflated.flush()
    header = b'\x1f\x8b\x08'
    stored_bad = header + b'\x00' + b'\x00' * 4 + b'\x00\xff' + b'\x01' + struct.pack('<HH', 5, 5) + b'0 1:1' + b'\x00' * 8
    cases = [
        ('truncated-half.svm.gz', g[:len(g) // 2], ['{f}']),
        ('truncated-trailer.svm.gz', g[:-8], ['{f}']),
        ('truncated-header.svm.gz', g[:5], ['{f}']),
        ('magic-only.svm.gz', g[:2], ['{f}']),
        ('header-only.svm.gz', g[:10], ['{f}']),
        ('flipped-crc.svm.gz', flip(g, len(g) - 6), ['{f}']),
        ('flipped-size.svm.gz', flip(g, len(g) - 2), ['{f}']),
        ('bad-method.svm.gz', g[:2] + b'\x07' + g[3:], ['{f}']),
        ('corrupt-deflate.svm.gz', flip(flip(g, len(g) // 2), len(g) // 2 + 1), ['{f}']),
        ('wrong-magic.svm.gz', b'\x1f\x8c' + g[2:], ['{f}:1:']),
        ('malformed-content.svm.gz', gz('0 1:1\n1 2:x\n'), ['{f}:2:']),
        ('utf16-content.svm.gz', gz(b'\xff\xfe' + '0 1:1\n'.encode('utf-16-le')), ['{f}:1:']),
        ('bomb-one-long-line.svm.gz', gzip.compress(b'0 1:' + b'1' * (70 << 20), mtime=0), ['{f}:1:', 'longer than']),
        ('second-member-corrupt.svm.gz', g + b'\x1f\x8b\x08\x00garbage-that-is-not-deflate', ['{f}']),
        ('empty-content.svm.gz', gz(b''), ['{f}']),
        ('gzip-inside-gzip.svm.gz', gz(g), ['{f}:1:']),
        ('arff-inside.arff.gz', gz(HEAD + '@data\n1,0,abc,2\n'), ['{f}:7:']),
        ('fextra-truncated.svm.gz', header + b'\x04' + b'\x00' * 6 + b'\xff\xff' + b'abc', ['{f}']),
        ('fname-unterminated.svm.gz', header + b'\x08' + b'\x00' * 6 + b'name-without-end', ['{f}']),
        ('fhcrc-wrong.svm.gz', header + b'\x02' + g[4:10] + b'\x00\x00' + g[10:], ['{f}']),
        ('zlib-not-gzip.svm.gz', zlib.compress(text), ['{f}:1:']),
        ('bzip2-magic.svm.gz', b'BZh91AY&SY' + bytes(100), ['{f}:1:']),
        ('xz-magic.svm.gz', b'\xfd7zXZ\x00' + bytes(100), ['{f}:1:']),
        ('zip-archive.svm.gz', b'PK\x03\x04' + bytes(100), ['{f}:1:']),
        ('nan-content.svm.gz', gz('0 1:1\n1 2:NaN\n'), ['{f}:2:']),
        ('huge-label-content.svm.gz', gz('0 1:1\n2000000000 1:1\n'), ['{f}:2:', '--num-labels']),
        ('stored-block-bad-length.svm.gz', stored_bad, ['{f}']),
        ('raw-deflate-no-header.svm.gz', raw, ['{f}:1:']),
        ('second-member-truncated.svm.gz', g + g[:len(g) // 2], ['{f}']),
        ('content-with-nul.svm.gz', gz(b'0 1:1\n0 2:1\x00\n'), ['{f}:2:']),
    ]
    for i, (name, data, frag) in enumerate(cases):
        case('gzip/' + name, data, data_command(i), *frag)
    case('gzip/gzipped-model.model.gz', gz(b'ALTMODEL' + bytes(40)), 'predict --model {f} --data {d}/good.svm', '{f}',
         'not an ALT model file')
    case('gzip/gzipped-label-file.xml.gz', gz(labels('l1', 'l2')), 'stats --labels-xml {f} {d}/good.arff', '{f}')
    case('gzip/stdin-truncated.svm.gz', g[:len(g) // 3], 'stats - <{f}', '<stdin>')


# --- model files: built field by field as ModelIo format 3 writes them -------------------------------
def utf(s):
    b = s.encode('utf-8') if isinstance(s, str) else s
    return struct.pack('>H', len(b)) + b


SETTINGS = [('eta', '1.0'), ('maxUpdates', '1'), ('maxUpdatesFactor', ''), ('bias', 'false'), ('precision', 'double')]


def model(learner='falt', version=3, codec=1, L=2, d=3, settings=SETTINGS, provenance=(('toolkitVersion', 'corpus'),),
          names=None, scaler=b'\x00' + struct.pack('>qi', 0, 0), examples=3, steps=3, rows=None, weights=None,
          settings_count=None, provenance_count=None, crc=None, length=None, extra=b'', cut=None):
    names = [str(i) for i in range(L)] if names is None else names
    rows = d if rows is None else rows
    out = b'ALTMODEL' + struct.pack('>i', version) + utf(learner) + struct.pack('>iii', codec, L, d)
    out += struct.pack('>i', len(settings) if settings_count is None else settings_count)
    out += b''.join(utf(k) + utf(v) for k, v in settings)
    out += struct.pack('>i', len(provenance) if provenance_count is None else provenance_count)
    out += b''.join(utf(k) + utf(v) for k, v in provenance)
    out += b''.join(utf(n) for n in names) + scaler + struct.pack('>qqi', examples, steps, rows)
    if weights is None:
        # the weights W, (d + 1) x (L + 1); a crafted size gets a few values only (the reader must stop first)
        weights = [0.25 * ((i % 7) - 3) for i in range(min((max(rows, 0) + 1) * (L + 1), 1000))]
    out += b''.join(struct.pack('>d', w) for w in weights)
    footer = struct.pack('>iq', zlib.crc32(out) - (1 << 32) if zlib.crc32(out) >= 1 << 31 else zlib.crc32(out),
                         len(out))
    if crc is not None:
        footer = struct.pack('>i', crc) + footer[4:]
    if length is not None:
        footer = footer[:4] + struct.pack('>q', length)
    whole = out + footer + extra
    return whole if cut is None else whole[:cut]


def model_cases():
    good = model()
    flip = lambda b, i: b[:i] + bytes([b[i] ^ 0x01]) + b[i + 1:]
    predict = 'predict --model {f} --data {d}/good.svm --out {d}/pred.txt'
    cont = 'train --from {f} --data {d}/good.svm --model {d}/out.model'
    stdin = 'predict --model - --data {d}/good.svm <{f}'
    cases = [
        ('empty', b'', predict, ['{f}', 'too short']),
        ('libsvm-text', b'0 1:1\n1 2:1\n0 3:1\n1 1:1\n', predict, ['{f}', 'not an ALT model file']),
        ('magic-only', b'ALTMODEL', cont, ['{f}']),
        ('lowercase-magic', b'altmodel' + good[8:], predict, ['{f}', 'not an ALT model file']),
        ('version-99', model(version=99), predict, ['{f}', 'version 99']),
        ('version-2-garbage', b'ALTMODEL' + struct.pack('>i', 2) + bytes(60), cont, ['{f}']),
        ('truncated-in-header', good[:20], predict, ['{f}']),
        ('truncated-in-settings', good[:60], cont, ['{f}']),
        ('truncated-in-provenance', good[:100], predict, ['{f}']),
        ('truncated-in-body', good[:len(good) - 40], cont, ['{f}']),
        ('truncated-footer', good[:-4], predict, ['{f}']),
        ('flipped-crc', flip(good, len(good) - 10), predict, ['{f}', 'checksum']),
        ('flipped-weight-byte', flip(good, len(good) - 30), cont, ['{f}', 'checksum']),
        ('unknown-learner', model(learner='kfalt'), predict, ['{f}', 'kfalt']),
        ('empty-learner-name', model(learner=''), predict, ['{f}']),
        ('zero-labels', model(L=0, names=[]), cont, ['{f}', 'L = 0']),
        ('labels-2pow30', model(L=1 << 30, names=[]), predict, ['{f}']),
        ('negative-d', model(d=-1), predict, ['{f}', 'd = -1']),
        ('body-rows-1e8', model(rows=100_000_000), cont, ['{f}']),
        ('body-rows-negative', model(rows=-5), predict, ['{f}']),
        ('settings-count-huge', model(settings_count=0x7fffffff), predict, ['{f}']),
        ('settings-count-negative', model(settings_count=-1), cont, ['{f}']),
        ('provenance-count-huge', model(provenance_count=0x7fffffff), predict, ['{f}']),
        ('invalid-modified-utf8', model(names=[b'\xc0', '1']), predict, ['{f}']),
        ('extra-bytes', model(extra=b'12345'), predict, ['{f}', 'extra bytes']),
        ('footer-length-wrong', model(length=7), cont, ['{f}']),
        ('bad-setting-value', model(settings=[('eta', '-1')] + SETTINGS[1:]), predict, ['{f}', 'invalid settings']),
        ('unknown-setting', model(settings=SETTINGS + [('gamma', '2')]), cont, ['{f}', 'gamma']),
        ('nan-weight', model(weights=[float('nan')] + [0.0] * 11), predict, ['{f}', 'non-finite']),
        ('unknown-scaling', model(scaler=b'\x09' + struct.pack('>qi', 0, 0)), predict, ['{f}', 'scaling']),
        ('standardize-huge-stats', model(scaler=b'\x01' + struct.pack('>qi', 5, 0x7fffffff)), cont, ['{f}']),
        ('codec-version-7', model(codec=7), predict, ['{f}', 'version 7']),
        ('negative-counters', model(examples=-1), cont, ['{f}', 'negative']),
        ('gzipped', gz(good), predict, ['{f}', 'not an ALT model file']),
        ('labels-2pow30-stdin', model(L=1 << 30, names=[]), stdin, ['<stdin>', 'not enough memory', 'ALT_JAVA_OPTS=-Xmx']),
        ('body-rows-1e8-stdin', model(rows=100_000_000), stdin, ['<stdin>', 'not enough memory', 'ALT_JAVA_OPTS=-Xmx']),
        ('truncated-stdin', good[:len(good) // 2], stdin, ['<stdin>', 'truncated']),
    ]
    for name, data, args, frag in cases:
        case('model/' + name + '.model', data, args, *frag)


def main():
    for sub in ('libsvm', 'arff', 'xml', 'gzip', 'model'):
        shutil.rmtree(os.path.join(HERE, sub), ignore_errors=True)
    libsvm_cases()
    arff_cases()
    xml_cases()
    gzip_cases()
    model_cases()
    with open(os.path.join(HERE, 'cases.txt'), 'w', encoding='utf-8') as f:
        f.write('# written by make-corpus.py: file <TAB> alt arguments <TAB> fragments of the error (&&-separated)\n')
        for rel, args, expected in CASES:
            f.write('%s\t%s\t%s\n' % (rel, args, expected))
    counts = {}
    for rel, _, _ in CASES:
        counts[rel.split('/')[0]] = counts.get(rel.split('/')[0], 0) + 1
    print(counts)


if __name__ == '__main__':
    main()
