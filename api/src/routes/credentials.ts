import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { verifiableCredentialSchema } from '@btls/shared-api/schemas';
import type { Deps } from '../app';
import { issuerDocument } from '../credentials/issuer';
import { checkOpenBadge, signedCredentialOf } from '../credentials/open-badge';
import { currentStatusList, STATUS_LIST_ID } from '../credentials/status-list';
import { certificates } from '../db/schema';
import { notFound, parse } from '../http/errors';
import { limitVerifications } from './certificates';

/** Open Badges 3.0: the issuer, each certificate's signed credential, the revocation list, and the check. */
export function credentialRoutes(app: FastifyInstance, { db, issuer, limiters }: Deps) {
  app.get('/issuer', async () => issuerDocument(issuer));

  /** Public like /verify/{code}: the code is the unguessable key to one certificate. */
  app.get('/certificates/:certificateCode/credential', async (request, reply) => {
    const { certificateCode } = request.params as { certificateCode: string };
    const code = certificateCode.trim().toUpperCase();
    const [row] = await db.select().from(certificates).where(eq(certificates.certificateCode, code)).limit(1);
    if (!row) throw notFound('Certificate not found.');
    const credential = await signedCredentialOf(db, issuer, row);
    // Sent as kept, byte for byte; `attachment` so a browser saves it as a file.
    reply.header('Content-Disposition', `attachment; filename="${code}.json"`);
    return reply.type('application/json; charset=utf-8').send(credential);
  });

  app.get('/credentials/status/:listId', async (request, reply) => {
    const { listId } = request.params as { listId: string };
    if (listId !== String(STATUS_LIST_ID)) throw notFound('No such status list.');
    reply.header('Cache-Control', 'public, max-age=60');
    return reply.type('application/json; charset=utf-8').send(await currentStatusList(db, issuer));
  });

  /** Public and rate-limited like the code lookup: checking a proof costs real work. */
  app.post('/credentials/verify', async (request, reply) => {
    await limitVerifications(limiters.verifyIp, request, reply);
    const credential = parse(verifiableCredentialSchema, request.body);
    return checkOpenBadge(credential, issuer, () => currentStatusList(db, issuer));
  });
}
