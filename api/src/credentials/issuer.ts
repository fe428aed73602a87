/**
 * The training centre as an issuer of verifiable credentials: an Ed25519 key (from a 32-byte seed kept in the
 * data directory or given by BTLS_ISSUER_KEY), identified by its did:key so anyone can check a signature
 * offline, and signing with a Data Integrity proof (eddsa-rdfc-2022).
 */
import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import { cryptosuite } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import { issue } from '@digitalbazaar/vc';
import { DEFAULT_TRAINING_CENTER, ISSUER_NAME } from '@btls/shared-api/constants';
import { DID_CONTEXT, documentLoader, MULTIKEY_CONTEXT, OPEN_BADGES_CONTEXT } from './contexts';

export interface Issuer {
  /** did:key:z6Mk…, the issuer's id in every credential. */
  did: string;
  verificationMethod: string;
  publicKeyMultibase: string;
  /** Where people find the training centre (the public site). */
  url: string;
  /** The issuer as it appears in a credential (an Open Badges Profile). */
  profile: { id: string; type: string[]; name: string; url: string; description: string };
  sign(credential: object): Promise<Record<string, unknown>>;
}

/** The 32-byte seed in base64 or base64url (e.g. `openssl rand -base64 32`). */
export function parseIssuerSeed(text: string): Uint8Array {
  const seed = Buffer.from(text.trim().replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (seed.length !== 32)
    throw new Error('BTLS_ISSUER_KEY must be 32 random bytes in base64 (openssl rand -base64 32).');
  return new Uint8Array(seed);
}

export async function loadIssuer(seed: Uint8Array, publicUrl: string): Promise<Issuer> {
  const generated = await Ed25519Multikey.generate({ seed });
  const did = `did:key:${generated.publicKeyMultibase}`;
  const key = await Ed25519Multikey.generate({ seed, controller: did });
  const url = publicUrl.replace(/\/+$/, '');
  const loader = documentLoader();
  return {
    did,
    verificationMethod: key.id,
    publicKeyMultibase: key.publicKeyMultibase,
    url,
    profile: {
      id: did,
      type: ['Profile'],
      name: ISSUER_NAME,
      url,
      description: `Barista training and certification at ${DEFAULT_TRAINING_CENTER}.`,
    },
    async sign(credential) {
      const suite = new DataIntegrityProof({ signer: key.signer(), cryptosuite });
      const { proof, ...signed } = await issue({ credential, suite, documentLoader: loader });
      // A proof set of one: Open Badges 3.0's JSON schema wants `proof` as an array (the signature is the same).
      return { ...signed, proof: [proof] };
    },
  };
}

/**
 * GET /api/issuer: the Profile with its public key (Multikey), shaped as the did:key's controller document
 * (verificationMethod, assertionMethod), so a verifier can also take the key from here.
 */
export function issuerDocument(issuer: Issuer) {
  return {
    '@context': [DID_CONTEXT, OPEN_BADGES_CONTEXT, MULTIKEY_CONTEXT],
    ...issuer.profile,
    verificationMethod: [
      {
        id: issuer.verificationMethod,
        type: 'Multikey',
        controller: issuer.did,
        publicKeyMultibase: issuer.publicKeyMultibase,
      },
    ],
    assertionMethod: [issuer.verificationMethod],
  };
}
