import { randomUUID } from 'node:crypto';
import { JPEG, PNG } from '@trustnxt/c2pa-ts/asset';
import { CoseAlgorithmIdentifier, LocalSigner } from '@trustnxt/c2pa-ts/cose';
import {
  ActionAssertion,
  CreativeWorkAssertion,
  DataHashAssertion,
  type Manifest,
  ManifestStore,
  TrainingAndDataMiningAssertion,
} from '@trustnxt/c2pa-ts/manifest';
import { certificatesIn } from './credentials.ts';

/**
 * Issue #35 Content Credentials, write side: a C2PA manifest in a JPEG or PNG (the formats `@trustnxt/c2pa-ts` writes
 * besides HEIC/MP3), signed ES256 with a key and certificate chain given as PEM.
 */
export interface ManifestContent {
  /** The claim generator (the tool), e.g. the site's name. */
  generator: string;
  /** Actions as `c2pa.created` etc., with the IPTC digital source type when known. */
  actions: { action: string; source?: string; agent?: string }[];
  /** The author (CreativeWork), e.g. the artist's public name and profile URL. */
  author?: { name: string; url?: string };
  /** `c2pa.ai_generative_training` and `c2pa.ai_training` choice; absent, no training-mining assertion. */
  training?: 'allowed' | 'notAllowed';
}

/** A signer from a PKCS#8 PEM private key and a PEM chain (the signing certificate first). */
export function signerFromPem(keyPem: string, chainPem: string): LocalSigner {
  const body = keyPem.replace(/-{5}(BEGIN|END) [^-]+-{5}/g, '').replace(/\s/g, '');
  const [cert, ...chain] = certificatesIn(chainPem);
  if (!cert) throw new Error('C2PA_CERT_CHAIN holds no certificate');
  return new LocalSigner(new Uint8Array(Buffer.from(body, 'base64')), CoseAlgorithmIdentifier.ES256, cert, chain);
}

/** The bytes with a signed manifest of `content` (any manifest they carried before is replaced). */
export function signImage(bytes: Buffer, signer: LocalSigner, content: ManifestContent): Promise<Buffer> {
  return signWith(bytes, signer, (manifest) => {
    if (manifest.claim) manifest.claim.claimGeneratorName = content.generator;
    const actions = new ActionAssertion();
    actions.actions = content.actions.map((a) => ({
      action: a.action as never,
      ...(a.source ? { digitalSourceType: `http://cv.iptc.org/newscodes/digitalsourcetype/${a.source}` as never } : {}),
      ...(a.agent ? { softwareAgent: { name: a.agent } } : {}),
    }));
    manifest.addAssertion(actions);
    if (content.author) {
      const work = new CreativeWorkAssertion();
      work.creativeWork = {
        '@context': 'https://schema.org',
        '@type': 'CreativeWork',
        author: [{ '@type': 'Person', name: content.author.name, ...(content.author.url ? { url: content.author.url } : {}) }],
      } as never;
      manifest.addAssertion(work);
    }
    if (content.training) {
      const tdm = new TrainingAndDataMiningAssertion(false);
      const choice = { choice: content.training as never };
      tdm.entries = { 'c2pa.ai_generative_training': choice, 'c2pa.ai_training': choice, 'c2pa.data_mining': choice };
      manifest.addAssertion(tdm);
    }
  });
}

/**
 * The bytes with a signed manifest: a data hash of the image, whatever `fill` adds (assertions, the claim's fields),
 * room made in the file, the hash taken, signed and written.
 */
export async function signWith(bytes: Buffer, signer: LocalSigner, fill: (manifest: Manifest) => void): Promise<Buffer> {
  const isJpeg = JPEG.canRead(bytes);
  if (!isJpeg && !PNG.canRead(bytes)) throw new Error('only JPEG and PNG are signed');
  const asset = isJpeg ? new JPEG(bytes) : new PNG(bytes);
  const store = new ManifestStore();
  const manifest = store.createManifest({
    assetFormat: isJpeg ? 'image/jpeg' : 'image/png',
    instanceID: `xmp:iid:${randomUUID()}`,
    defaultHashAlgorithm: 'SHA-256',
    signer,
  });
  const hash = DataHashAssertion.create('SHA-256');
  manifest.addAssertion(hash);
  fill(manifest);
  await asset.ensureManifestSpace(store.measureSize());
  await hash.updateWithAsset(asset);
  await manifest.sign(signer);
  await asset.writeManifestJUMBF(store.getBytes());
  return Buffer.from(await asset.getDataRange());
}
