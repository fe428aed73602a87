/**
 * The check of any credential someone hands us: the proof, that we are its issuer, and its revocation status.
 * Run in a worker thread (../workers/verify-credential.ts), never in the API's own: canonicalising a hostile
 * document is work whose cost the sender chooses, so it gets a deadline that ends the thread.
 */
import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { cryptosuite } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import { verifyCredential } from '@digitalbazaar/vc';
import { checkStatus } from '@digitalbazaar/vc-bitstring-status-list';
import { credentialCheck } from '@btls/shared-api/messages';
import type { CredentialCheck } from '@btls/shared-api/schemas';
import { documentLoader } from './contexts';
import { statusListUrl } from './status-list';

/** What the check needs to know of the issuer: its did and its site (where its status list is). */
export interface IssuerIdentity {
  did: string;
  url: string;
}

/**
 * The most JSON values (objects, arrays, strings, numbers…) a credential may hold before it is canonicalised. A
 * genuine certificate of ours has 49; the Open Badges credentials of other issuers have a few hundred at most.
 */
export const MAX_CREDENTIAL_VALUES = 1000;

/** Whether the document holds more values than a credential would (counting stops at the limit). */
export function tooManyValues(document: unknown, limit = MAX_CREDENTIAL_VALUES): boolean {
  let count = 0;
  const stack: unknown[] = [document];
  while (stack.length > 0) {
    const value = stack.pop();
    if (++count > limit) return true;
    if (value && typeof value === 'object') stack.push(...Object.values(value));
  }
  return false;
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);
const field = (value: unknown, key: string): unknown =>
  value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;

/**
 * Checks a credential with the libraries, offline: contexts are bundled, the key comes from the did:key, and
 * the only other document loadable is our own status list (given as its signed JSON text). A revoked
 * credential is not verified: a client that reads one field must not accept it; the reason is in `errors`.
 */
export async function checkOpenBadge(
  credential: Record<string, unknown>,
  issuer: IssuerIdentity,
  statusList: string,
): Promise<CredentialCheck> {
  const ownStatusList = statusListUrl(issuer);
  const loader = documentLoader(async (url) => (url === ownStatusList ? JSON.parse(statusList) : undefined));
  const result = await verifyCredential({
    credential,
    suite: new DataIntegrityProof({ cryptosuite }),
    documentLoader: loader,
    checkStatus: (options) => checkStatus({ ...options, verifyMatchingIssuers: true }),
  });

  const claimedIssuer = field(credential, 'issuer');
  const issuerId = text(claimedIssuer) ?? text(field(claimedIssuer, 'id'));
  const subject = field(credential, 'credentialSubject');
  const errors: string[] = [];
  // The status is checked only once the proof holds, so a status result means the signature is good.
  const signatureValid = result.verified || result.statusResult !== undefined;
  if (!signatureValid) errors.push(credentialCheck.signatureInvalid);
  const ours = issuerId === issuer.did;
  if (!ours) errors.push(credentialCheck.notOurIssuer);
  else if (signatureValid && !result.statusResult?.verified) errors.push(credentialCheck.statusUnknown);
  const revoked = ours && result.statusResult?.results?.[0]?.status === true;
  if (revoked) errors.push(credentialCheck.revoked);
  return {
    verified: result.verified && ours && !revoked,
    revoked,
    issuer: text(field(claimedIssuer, 'name')) ?? issuerId,
    subjectName: text(field(subject, 'name')),
    achievementName: text(field(field(subject, 'achievement'), 'name')),
    validFrom: text(field(credential, 'validFrom')),
    errors,
  };
}
