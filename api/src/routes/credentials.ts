import { eq } from 'drizzle-orm';
import { messageCatalogue as texts } from '@btls/shared-api/messages';
import { z } from 'zod';
import { credentialCheckSchema, verifiableCredentialSchema } from '@btls/shared-api/schemas';
import type { Deps } from '../deps';
import { answers, codeParams, jsonDocument, nonJson, type Api } from '../http/contract';
import { issuerDocument } from '../credentials/issuer';
import { signedCredentialOf } from '../credentials/open-badge';
import { tooManyValues } from '../credentials/check';
import { MAX_CREDENTIAL_BYTES } from '@btls/shared-api/constants';
import { credentialCheck } from '@btls/shared-api/messages';
import { currentStatusListWithExpiry, STATUS_LIST_ID, STATUS_LIST_MAX_AGE_S } from '../credentials/status-list';
import { certificates } from '../db/schema';
import { badRequest, notFound, serviceBusy } from '../http/errors';
import { WorkerDeadline, WorkerPoolBusy } from '../workers/pool';

/** Open Badges 3.0: the issuer, each certificate's signed credential, the revocation list, and the check. */
const credentialJson = (description: string) => nonJson('application/json', description, jsonDocument);

export function credentialRoutes(app: Api, { db, issuer, limiters, checkCredential }: Deps) {
  app.get(
    '/issuer',
    {
      schema: {
        summary: "The issuer's profile with its public key (a DID document, JSON-LD).",
        response: answers({ 200: jsonDocument }),
      },
    },
    async () => issuerDocument(issuer),
  );

  /** Public like /verify/{code}: the code is the unguessable key to one certificate. */
  app.get(
    '/certificates/:certificateCode/credential',
    {
      schema: {
        summary: "A certificate's signed Open Badges 3.0 credential, as a file to save (sent byte for byte as signed).",
        params: codeParams,
        response: answers({ 200: credentialJson('The signed credential (JSON-LD)') }),
      },
    },
    async (request, reply) => {
      const code = request.params.certificateCode;
      const [row] = await db.select().from(certificates).where(eq(certificates.certificateCode, code)).limit(1);
      if (!row) throw notFound(texts.certificate.notFound);
      const credential = await signedCredentialOf(db, issuer, row);
      // Sent as kept, byte for byte; `attachment` so a browser saves it as a file.
      reply.header('Content-Disposition', `attachment; filename="${code}.json"`);
      return reply.type('application/json; charset=utf-8').send(credential);
    },
  );

  app.get(
    '/credentials/status/:listId',
    {
      schema: {
        summary: 'The signed revocation list (Bitstring Status List) that credentials point to.',
        params: z.object({ listId: z.string() }),
        response: answers({ 200: credentialJson('The signed status list credential (JSON-LD)') }),
      },
    },
    async (request, reply) => {
      const { listId } = request.params;
      if (listId !== String(STATUS_LIST_ID)) throw notFound(texts.certificate.noStatusList);
      const { credential, validUntil } = await currentStatusListWithExpiry(db, issuer);
      // Kept by a cache no longer than it is valid, and at most a minute (a revocation shows then).
      const maxAge = Math.max(0, Math.min(STATUS_LIST_MAX_AGE_S, Math.floor((validUntil - Date.now()) / 1000)));
      reply.header('Cache-Control', `public, max-age=${maxAge}`);
      return reply.type('application/json; charset=utf-8').send(credential);
    },
  );

  /**
   * Public and rate-limited like the code lookup: checking a proof costs real work, and its cost is the
   * sender's choice. So the body is at most 32 KB, a document of more values than a credential holds is
   * refused before it is canonicalised, and the check runs in a worker thread with a deadline: no
   * request can stall the others.
   */
  app.post(
    '/credentials/verify',
    {
      bodyLimit: MAX_CREDENTIAL_BYTES,
      config: { tooLarge: credentialCheck.tooLarge },
      // Counted before the body is checked: a malformed file spends the budget like any other.
      preValidation: (request) => limiters.verifyIp.enforce(request.ip),
      schema: {
        summary: 'Check a credential file: its proof, its issuer and its revocation status (rate-limited per address).',
        body: verifiableCredentialSchema,
        response: answers({ 200: credentialCheckSchema }, [429]),
      },
    },
    async (request) => {
      const credential = request.body;
      if (tooManyValues(credential)) throw badRequest(credentialCheck.tooComplex);
      try {
        return await checkCredential(credential);
      } catch (error) {
        if (error instanceof WorkerDeadline) throw badRequest(credentialCheck.tooComplex);
        if (error instanceof WorkerPoolBusy) throw serviceBusy();
        throw error;
      }
    },
  );
}
