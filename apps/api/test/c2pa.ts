import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A self-signed ES256 root and a signing certificate it issued, made with Debian's `openssl` (issue #35 fixtures). */
export interface TestChain {
  /** The root's PEM, to put on a trust list. */
  root: string;
  /** PEM chain: the signing certificate, then the root. */
  chain: string;
  /** The signer's PKCS#8 private key, PEM. */
  key: string;
  /** A file holding `root`, for `C2PA_TRUST_ANCHORS`. */
  rootFile: string;
}

export function makeTestChain(name: string): TestChain {
  const dir = mkdtempSync(join(tmpdir(), 'axoo-c2pa-'));
  const at = (f: string) => join(dir, f);
  const run = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  run('ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', at('ca.key'));
  run(
    'req',
    '-x509',
    '-new',
    '-key',
    at('ca.key'),
    '-sha256',
    '-days',
    '3650',
    '-subj',
    `/CN=${name} Root/O=${name}`,
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
    '-out',
    at('ca.pem'),
  );
  run('ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', at('leaf.ec'));
  run('pkcs8', '-topk8', '-nocrypt', '-in', at('leaf.ec'), '-out', at('leaf.key'));
  run('req', '-new', '-key', at('leaf.key'), '-subj', `/CN=${name} Signer/O=${name}`, '-out', at('leaf.csr'));
  writeFileSync(
    at('leaf.ext'),
    'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=emailProtection\nsubjectKeyIdentifier=hash\nauthorityKeyIdentifier=keyid\n',
  );
  run(
    'x509',
    '-req',
    '-in',
    at('leaf.csr'),
    '-CA',
    at('ca.pem'),
    '-CAkey',
    at('ca.key'),
    '-CAcreateserial',
    '-days',
    '365',
    '-sha256',
    '-extfile',
    at('leaf.ext'),
    '-out',
    at('leaf.pem'),
  );
  const root = readFileSync(at('ca.pem'), 'utf8');
  return { root, chain: readFileSync(at('leaf.pem'), 'utf8') + root, key: readFileSync(at('leaf.key'), 'utf8'), rootFile: at('ca.pem') };
}

/**
 * A signed JPEG with one byte of its image changed (not the manifest): a value of the quantisation table, so the file
 * still decodes (a byte of the entropy-coded data could make it unreadable) yet its pixels and hash differ.
 */
export function flipImageByte(signed: Buffer): Buffer {
  const copy = Buffer.from(signed);
  const dqt = copy.indexOf(Buffer.from([0xff, 0xdb]));
  if (dqt < 0) throw new Error('no quantisation table');
  const at = dqt + 10;
  copy[at] = copy[at] === 1 ? 2 : copy[at] - 1;
  return copy;
}
