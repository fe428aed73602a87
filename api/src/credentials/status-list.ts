/**
 * Revocation as a W3C Bitstring Status List: bit i of list 1 is set when the certificate with id i is revoked.
 * The signed list is kept in the database and re-signed in the transaction that revokes, under a lock, so
 * every instance serves the same list and two revocations at once cannot leave a stale one behind.
 */
import { createCredential, createList } from '@digitalbazaar/vc-bitstring-status-list';
import { eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { certificates, credentialStatusLists } from '../db/schema';
import type { Issuer } from './issuer';

export const STATUS_LIST_ID = 1;
/** The spec's minimum size (16 KB), so that a list says little about any one holder. */
export const STATUS_LIST_LENGTH = 131_072;
/** An arbitrary fixed key for pg_advisory_xact_lock: "stat" in ASCII. */
const STATUS_LIST_LOCK = 0x73746174;

/**
 * How long a signed list is valid (`validUntil`), and how long before that it is signed again. It is
 * served with `max-age` of at most 60 s and never past its `validUntil`, so no cache holds a list a verifier
 * would find expired, and a revocation reaches every verifier within a minute.
 */
export const STATUS_LIST_VALID_MS = 10 * 60 * 1000;
export const STATUS_LIST_RENEWED_BEFORE_MS = 2 * 60 * 1000;
export const STATUS_LIST_MAX_AGE_S = 60;

export const statusListUrl = (issuer: Pick<Issuer, 'url'>) => `${issuer.url}/api/credentials/status/${STATUS_LIST_ID}`;

/** The credentialStatus entry of the certificate with this id. */
export function statusEntryFor(issuer: Issuer, certificateId: number) {
  if (certificateId >= STATUS_LIST_LENGTH) throw new Error('Status list 1 is full; a second list is needed.');
  const url = statusListUrl(issuer);
  return {
    id: `${url}#${certificateId}`,
    type: 'BitstringStatusListEntry',
    statusPurpose: 'revocation',
    statusListIndex: String(certificateId),
    statusListCredential: url,
  };
}

/**
 * Inside a transaction: takes the list's lock, lets `change` write (e.g. revoke a certificate), then re-signs
 * the list from what the database now says.
 */
export async function changeStatusList<T>(db: Db, issuer: Issuer, change: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${STATUS_LIST_LOCK})`);
    const result = await change(tx as unknown as Db);
    const revoked = await tx
      .select({ id: certificates.id })
      .from(certificates)
      .where(isNotNull(certificates.revokedAt));
    const list = await createList({ length: STATUS_LIST_LENGTH });
    for (const { id } of revoked) list.setStatus(id, true);
    const unsigned = await createCredential({ id: statusListUrl(issuer), list, statusPurpose: 'revocation' });
    const now = Date.now();
    const signed = await issuer.sign({
      ...unsigned,
      issuer: issuer.did,
      validFrom: new Date(now).toISOString(),
      validUntil: new Date(now + STATUS_LIST_VALID_MS).toISOString(),
    });
    const credential = JSON.stringify(signed);
    await tx
      .insert(credentialStatusLists)
      .values({ id: STATUS_LIST_ID, credential })
      .onConflictDoUpdate({ target: credentialStatusLists.id, set: { credential, updatedAt: new Date() } });
    return result;
  });
}

/**
 * The signed list as JSON text; made on first use (a fresh database has revoked nothing), again when the issuer
 * key changed (a list signed by another key would make every status check fail), and again when it is close to
 * its `validUntil` (or has none: a list signed before lists carried one). `validUntil` says until when, for the cache.
 */
export async function currentStatusList(db: Db, issuer: Issuer): Promise<string> {
  return (await currentStatusListWithExpiry(db, issuer)).credential;
}

export async function currentStatusListWithExpiry(
  db: Db,
  issuer: Issuer,
): Promise<{ credential: string; validUntil: number }> {
  for (let attempt = 0; ; attempt++) {
    const [row] = await db
      .select()
      .from(credentialStatusLists)
      .where(eq(credentialStatusLists.id, STATUS_LIST_ID))
      .limit(1);
    const stored = row && (JSON.parse(row.credential) as { issuer?: unknown; validUntil?: unknown });
    const validUntil = typeof stored?.validUntil === 'string' ? Date.parse(stored.validUntil) : NaN;
    const fresh = validUntil - Date.now() > STATUS_LIST_RENEWED_BEFORE_MS;
    // (A second pass takes what the signing wrote, even on a clock that makes it look old.)
    if (row && stored?.issuer === issuer.did && (fresh || (attempt > 0 && validUntil > Date.now())))
      return { credential: row.credential, validUntil };
    if (attempt > 1) throw new Error('The status list could not be signed');
    await changeStatusList(db, issuer, async () => undefined);
  }
}
