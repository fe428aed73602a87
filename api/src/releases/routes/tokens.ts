/** Release tokens: an admin makes one for an area (shown once), lists them, and revokes them. */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { codedWith } from '@btls/shared-api/codes';
import { messageCatalogue as texts } from '@btls/shared-api/messages';
import { newReleaseTokenSchema, releaseTokenSchema } from '@btls/shared-api/schemas';
import type { RemoteArea } from '@btls/build-config/remotes';
import { releaseTokens } from '../../db/schema';
import { answers, idParams, type Api } from '../../http/contract';
import { notFound } from '../../http/errors';
import { hashToken, TOKEN_PREFIX } from '../releasers';
import { areaSchema, notice, type ReleaseRouteContext } from './common';

export function releaseTokenRoutes(app: Api, { deps: { db, auth }, audit }: ReleaseRouteContext) {
  app.post(
    '/release-tokens',
    {
      preValidation: auth.guard(['admin']),
      schema: {
        summary: 'Create a token that releases one area (shown once).',
        body: z.object({ area: areaSchema, label: z.string().trim().max(100).optional() }).strict(),
        response: answers({ 201: newReleaseTokenSchema }),
      },
    },
    async (request, reply) => {
      // A release token runs code in every visitor's browser: the admin is asked again before one is made.
      auth.requireRecentProof(request);
      const admin = auth.caller(request);
      const { area, label } = request.body;
      const token = `${TOKEN_PREFIX}${area}_${randomBytes(32).toString('base64url')}`;
      const [row] = await db
        .insert(releaseTokens)
        .values({ area, label: label || null, tokenHash: hashToken(token), createdById: admin.id })
        .returning();
      await audit.record({ actor: `admin:${admin.id}`, area, action: 'token-create', reason: label || null });
      reply.status(201);
      return { ...codedWith('notice.releaseTokenCreated', { area }), id: row!.id, area, token };
    },
  );

  app.get(
    '/release-tokens',
    {
      preValidation: auth.guard(['admin']),
      schema: {
        summary: 'The release tokens (never the tokens themselves).',
        response: answers({ 200: z.array(releaseTokenSchema) }),
      },
    },
    async () => {
      const rows = await db.select().from(releaseTokens).orderBy(desc(releaseTokens.id));
      return rows.map((row) => ({
        id: row.id,
        area: row.area as RemoteArea,
        label: row.label,
        createdAt: row.createdAt.toISOString(),
        lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
        revokedAt: row.revokedAt?.toISOString() ?? null,
      }));
    },
  );

  app.delete(
    '/release-tokens/:id',
    {
      preValidation: auth.guard(['admin']),
      schema: {
        summary: 'Revoke a release token.',
        params: idParams('id', texts.release.tokenNotFound),
        response: answers({ 200: z.object(notice) }),
      },
    },
    async (request) => {
      const [row] = await db
        .update(releaseTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(releaseTokens.id, request.params.id), isNull(releaseTokens.revokedAt)))
        .returning();
      if (!row) throw notFound(texts.release.tokenNotFound);
      await audit.record({
        actor: `admin:${auth.caller(request).id}`,
        area: row.area,
        action: 'token-revoke',
        reason: row.label ?? `#${row.id}`,
      });
      return { message: texts.notice.releaseTokenRevoked, code: 'notice.releaseTokenRevoked' as const };
    },
  );
}
