/**
 * Reset links mailed before their token moved into the fragment (`/reset-password/<token>`) still work: the
 * browser that opens one is sent on to the same page with the token in the fragment, where no server, log or
 * page render sees it again. This answer is the only thing that reads the path: the token is neither looked up
 * nor spent here (the page spends it, once, with the new password), no cache keeps the answer, and no Referer
 * carries the address on. The request log hides the path (http/logging.ts).
 */
import type { FastifyInstance } from 'fastify';
import { sitePaths } from './templates';

/** A token as notify.ts makes them (32 random bytes, base64url): nothing else is repeated into the answer. */
const MAILED_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The links' page on this site, and with the token in its fragment (the form the e-mails use now). */
const { resetPasswordPage, resetPassword } = sitePaths('');

export function oldResetLinks(app: FastifyInstance) {
  app.get<{ Params: { token: string } }>(
    '/reset-password/:token',
    // A page's address, not a call of the API: out of the OpenAPI document (test/openapi.test.ts says why).
    { schema: { hide: true } },
    async (request, reply) => {
      const { token } = request.params;
      // Not a token we mail: the page without one, which says the link is incomplete.
      const target = MAILED_TOKEN.test(token) ? resetPassword(token) : resetPasswordPage;
      return reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer').redirect(target, 303);
    },
  );
}
