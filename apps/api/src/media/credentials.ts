import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CREDENTIAL_ACTIONS_MAX, CREDENTIAL_TEXT_MAX, type CredentialSummary } from '@axoo/contract';
import { X509Certificate } from '@peculiar/x509';
import { type Asset, JPEG, PNG } from '@trustnxt/c2pa-ts/asset';
import { SuperBox } from '@trustnxt/c2pa-ts/jumbf';
import {
  ActionAssertion,
  CreativeWorkAssertion,
  IngredientAssertion,
  type Manifest,
  ManifestStore,
  TrainingAndDataMiningAssertion,
} from '@trustnxt/c2pa-ts/manifest';

/**
 * Issue #35 Content Credentials, read side. `@trustnxt/c2pa-ts` (pure TypeScript, no binary) reads JPEG and PNG (and
 * HEIC/MP3, which uploads refuse anyway), checks the claim's signature, the assertions' hashes and the image's data
 * hash; it does not check the chain of trust, so the signer's chain is checked here against the trust list we ship
 * (`apps/api/c2pa/trust-anchors.pem`, or the file `C2PA_TRUST_ANCHORS` names).
 *
 * Bounds for a hostile file: the manifest store is read only up to MANIFEST_MAX_BYTES, with at most MANIFESTS_MAX
 * manifests and ASSERTIONS_MAX assertions, and validation is given READ_TIMEOUT_MS; anything past those, or any
 * error, is "no credentials" with the reason returned for the log.
 */
export const MANIFEST_MAX_BYTES = 2 * 1024 * 1024;
export const MANIFESTS_MAX = 32;
export const ASSERTIONS_MAX = 256;
export const READ_TIMEOUT_MS = 3000;

/** The trust list shipped with the server (PEM certificates; see docs/OPERATIONS.md "Content Credentials"). */
export const SHIPPED_TRUST_ANCHORS = join(dirname(fileURLToPath(import.meta.url)), '../../c2pa/trust-anchors.pem');

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** The certificates of a PEM text, in order (anything between them, such as comments, is skipped). */
export const certificatesIn = (pem: string) => (pem.match(PEM_BLOCK) ?? []).map((block) => new X509Certificate(block));

const anchorCache = new Map<string, X509Certificate[]>();

/** The trust anchors in a PEM file (read once per path); a missing file is an empty list. */
export function trustAnchors(path: string = SHIPPED_TRUST_ANCHORS): X509Certificate[] {
  let found = anchorCache.get(path);
  if (!found) {
    const text = existsSync(path) ? readFileSync(path, 'utf8') : '';
    found = certificatesIn(text);
    anchorCache.set(path, found);
  }
  return found;
}

/**
 * Issue #35: the fingerprint of a trust list, SHA-256 over its certificates (DER, sorted): the same certificates give the
 * same fingerprint whatever their order, comments or line endings in the file.
 */
export function trustFingerprint(anchors: X509Certificate[]): string {
  const hash = createHash('sha256');
  for (const der of anchors.map((a) => Buffer.from(a.rawData).toString('hex')).sort()) hash.update(der);
  return hash.digest('hex');
}

/** The certificates as PEM text, one after another (what `certificatesIn` reads back). */
export const pemOf = (certs: X509Certificate[]) => certs.map((c) => `${c.toString('pem')}\n`).join('');

/** A signer's certificate and the chain a manifest carried, at most this many (as the trust check reads them). */
const CHAIN_MAX = 8;

export interface CredentialsRead {
  /** null: no credentials (none in the file, or a manifest we refuse to trust our reading of). */
  summary: CredentialSummary | null;
  /**
   * The signer's certificate then the chain the manifest carried (PEM), when it validated apart from trust ('valid',
   * 'untrusted'): kept server-side so a change of the trust list can re-decide it. Never part of an answer.
   */
  chain?: string;
  /** Why a manifest that was there counts as none (for the log). */
  reason?: string;
}

class Refused extends Error {}

const clip = (s: unknown) => (typeof s === 'string' && s ? s.slice(0, CREDENTIAL_TEXT_MAX) : null);

function assetOf(bytes: Buffer): Asset | null {
  if (JPEG.canRead(bytes)) return new JPEG(bytes);
  if (PNG.canRead(bytes)) return new PNG(bytes);
  return null;
}

/** Reads and validates the C2PA manifest of an image's bytes; never throws. */
export async function readCredentials(bytes: Buffer, anchors: X509Certificate[]): Promise<CredentialsRead> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Refused('validation took too long')), READ_TIMEOUT_MS);
  });
  try {
    return await Promise.race([readWithin(bytes, anchors), timeout]);
  } catch (error) {
    return { summary: null, reason: error instanceof Error ? error.message.slice(0, 200) : 'unreadable manifest' };
  } finally {
    clearTimeout(timer);
  }
}

async function readWithin(bytes: Buffer, anchors: X509Certificate[]): Promise<CredentialsRead> {
  const asset = assetOf(bytes);
  const jumbf = asset?.getManifestJUMBF();
  if (!asset || !jumbf) return { summary: null };
  if (jumbf.length > MANIFEST_MAX_BYTES) throw new Refused(`manifest of ${jumbf.length} bytes`);
  const store = ManifestStore.read(SuperBox.fromBuffer(jumbf as Uint8Array<ArrayBuffer>));
  if (store.manifests.length > MANIFESTS_MAX) throw new Refused(`${store.manifests.length} manifests`);
  const assertionCount = store.manifests.reduce((n, m) => n + (m.assertions?.assertions.length ?? 0), 0);
  if (assertionCount > ASSERTIONS_MAX) throw new Refused(`${assertionCount} assertions`);
  const active = store.getActiveManifest();
  if (!active?.claim) throw new Refused('no active manifest');
  const result = await store.validate(asset);
  const failures = [...new Set(result.statusEntries.filter((e) => !e.success).map((e) => String(e.code)))];
  const trusted = await anchored(active, anchors);
  const state = failures.some((c) => c.includes('dataHash.mismatch') || c.includes('bmffHash.mismatch'))
    ? 'changed'
    : !result.isValid
      ? 'invalid'
      : trusted
        ? 'valid'
        : 'untrusted';
  const summary: CredentialSummary = { state, ...describe(active), failures: failures.slice(0, 20).map((f) => f.slice(0, CREDENTIAL_TEXT_MAX)) };
  const certs = signerChain(active);
  return state === 'valid' || state === 'untrusted' ? { summary, chain: pemOf(certs) } : { summary };
}

/** `CN, O` of a certificate's subject or issuer name. */
function nameOf(cert: X509Certificate | undefined, which: 'subjectName' | 'issuerName'): string | null {
  if (!cert) return null;
  const name = cert[which];
  const parts = [...name.getField('CN'), ...name.getField('O')];
  return clip(parts.length ? [...new Set(parts)].join(', ') : name.toString());
}

const AI_SOURCE = /trainedAlgorithmicMedia|compositeSynthetic|algorithmicallyEnhanced/i;

/** The parts of the active manifest the panel shows. */
function describe(manifest: Manifest): Omit<CredentialSummary, 'state' | 'failures'> {
  const sig = manifest.signature?.signatureData;
  const assertions = manifest.assertions?.assertions ?? [];
  const actions = assertions
    .filter((a): a is ActionAssertion => a instanceof ActionAssertion)
    .flatMap((a) => a.actions)
    .slice(0, CREDENTIAL_ACTIONS_MAX)
    .map((a) => ({
      action: clip(a.action) ?? 'unknown',
      agent: clip(a.softwareAgent?.name),
      source: clip(a.digitalSourceType?.split('/').pop()),
    }));
  const training = assertions.find((a): a is TrainingAndDataMiningAssertion => a instanceof TrainingAndDataMiningAssertion);
  const entries = training?.entries ?? {};
  const choice = (entries['c2pa.ai_generative_training'] ?? entries['cawg.ai_generative_training'] ?? entries['c2pa.ai_training'])?.choice;
  const work = assertions.find((a): a is CreativeWorkAssertion => a instanceof CreativeWorkAssertion)?.creativeWork as { author?: unknown } | undefined;
  const authorList = Array.isArray(work?.author) ? work.author : work?.author ? [work.author] : [];
  const authors = authorList
    .map((a) => clip(typeof a === 'string' ? a : (a as { name?: unknown })?.name))
    .filter((a): a is string => a !== null)
    .slice(0, 5);
  const ingredients = assertions.filter((a) => a instanceof IngredientAssertion) as IngredientAssertion[];
  return {
    signer: nameOf(sig?.certificate, 'subjectName'),
    issuer: nameOf(sig?.certificate, 'issuerName'),
    generator: clip(manifest.claim?.claimGeneratorName),
    authors,
    actions,
    ai: actions.some((a) => a.source !== null && AI_SOURCE.test(a.source)),
    training: choice === 'allowed' || choice === 'notAllowed' || choice === 'constrained' ? choice : null,
    ingredients: ingredients.length,
  };
}

/** The signer's certificate, then the chain the manifest carries (at most CHAIN_MAX). */
function signerChain(manifest: Manifest): X509Certificate[] {
  const sig = manifest.signature?.signatureData;
  return sig?.certificate ? [sig.certificate, ...sig.chainCertificates].slice(0, CHAIN_MAX) : [];
}

const anchored = (manifest: Manifest, anchors: X509Certificate[]) => chainAnchored(signerChain(manifest), anchors);

/**
 * Whether a signer's chain (its certificate, then the chain the manifest carries) links up, each signed by the next,
 * to a certificate of the trust list (or is one). Signatures only: a manifest outlives its certificate. Used at upload
 * and again, on the stored chain, when the trust list changes.
 */
export async function chainAnchored(certs: X509Certificate[], anchors: X509Certificate[]): Promise<boolean> {
  if (!certs.length || !anchors.length) return false;
  const chain = certs.slice(0, CHAIN_MAX);
  const same = (a: X509Certificate, b: X509Certificate) => Buffer.from(a.rawData).equals(Buffer.from(b.rawData));
  for (let i = 0; i < chain.length; i++) {
    const cert = chain[i];
    if (anchors.some((anchor) => same(anchor, cert))) return true;
    for (const anchor of anchors) {
      if (anchor.subject === cert.issuer && (await signedBy(cert, anchor))) return true;
    }
    const next = chain[i + 1];
    if (!next || next.subject !== cert.issuer || !(await signedBy(cert, next))) return false;
  }
  return false;
}

async function signedBy(cert: X509Certificate, issuer: X509Certificate): Promise<boolean> {
  try {
    return await cert.verify({ publicKey: issuer.publicKey, signatureOnly: true });
  } catch {
    return false;
  }
}
