import { coded } from '@btls/shared-api/codes';
import type { Deps } from '../deps';
import { answers, nonJson, type Api } from '../http/contract';

/**
 * The embedded database's copy for `npm run backup` while the server runs (it holds the data directory's lock,
 * so the command cannot open it itself). Only to an operator's token (auth.operator): a user's token, any
 * role's, is refused.
 */
export function backupRoutes(app: Api, { auth, database }: Deps) {
  app.get(
    '/backup',
    {
      schema: {
        summary:
          "The embedded database's data directory as a gzipped tar, for `npm run backup` (an operator's token " +
          'signed with the sign-in secret; 409 on PostgreSQL, which `npm run backup` copies with pg_dump).',
        response: answers({ 200: nonJson('application/gzip', 'The data directory (tar.gz)') }, [401, 409]),
      },
    },
    async (request, reply) => {
      if (!(await auth.operator(request, 'btls-backup'))) return reply.status(401).send(coded('session.notLoggedIn'));
      if (!database.dumpDataDir) return reply.status(409).send(coded('request.badRequest'));
      return reply
        .type('application/gzip')
        .header('cache-control', 'no-store')
        .header('content-disposition', 'attachment; filename="btls-data.tar.gz"')
        .send(await database.dumpDataDir());
    },
  );
}
