/**
 * Signing up and in, and passwords: changed with the current one, or reset with a link sent by e-mail. The reads
 * and writes are in accounts/repository.ts.
 */
import { coded, codedWith } from '@btls/shared-api/codes';
import { messageCatalogue as texts } from '@btls/shared-api/messages';
import { account } from '@btls/shared-api/messages';
import {
  authAnswerSchema,
  changePasswordPayloadSchema,
  forgotPasswordPayloadSchema,
  loginPayloadSchema,
  messageAnswerSchema,
  registerPayloadSchema,
  resetLinkCheckAnswerSchema,
  resetLinkCheckPayloadSchema,
  resetPasswordPayloadSchema,
  signedInAnswerSchema,
} from '@btls/shared-api/schemas';
import type { Deps } from '../deps';
import { answers, type Api } from '../http/contract';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../auth';
import { isUniqueViolation } from '../db/client';
import {
  changePassword,
  insertUser,
  resetLinkHolder,
  setPassword,
  spendResetLink,
  userByEmail,
} from '../accounts/repository';
import { hashResetToken, spendResetLinks } from '../mail/notify';
import { conflict, forbidden, notFound, unauthorized } from '../http/errors';
import { toUser } from '../serialize';
import { languageFromHeader } from '@btls/kernel/language';

/** Roles anyone may sign up as; every other role is created by an admin. */
const SELF_SERVICE_ROLES = new Set(['trainee', 'employer']);

export function authRoutes(app: Api, { db, auth, notify, limiters, afterAnswer, metrics, adminOrigin, siteUrl }: Deps) {
  /**
   * Anonymous: creates a trainee, or an employer (with companyName) when role is 'employer'; the answer
   * signs them in. With an admin's token: creates a user of any role, and the answer carries no token.
   */
  app.post(
    '/auth/register',
    {
      schema: {
        summary:
          "Sign up as a trainee or an employer (signed in at once); with an admin's token, create any user (no token).",
        body: registerPayloadSchema,
        response: answers({ 201: authAnswerSchema }, [403, 429]),
      },
    },
    async (request, reply) => {
      const payload = request.body;
      const role = payload.role ?? 'trainee';
      // Nobody signs up on the console: its sessions are admins'.
      if (auth.onConsole(request) && !(await auth.optional(request)))
        throw forbidden(codedWith('session.consoleAdminsOnly', { url: `${siteUrl}/register` }));
      const caller = await auth.optional(request);
      const byAdmin = caller?.role === 'admin';
      if (!byAdmin && !SELF_SERVICE_ROLES.has(role)) {
        throw forbidden(texts.session.onlyAdminCreatesStaff);
      }
      // A trainer's or an admin's account is a role given: asked again, as changing a role is.
      if (byAdmin && !SELF_SERVICE_ROLES.has(role)) auth.requireRecentProof(request);
      // Self-service sign-ups per address; an admin creating accounts is not limited.
      if (!byAdmin) {
        await limiters.registerIp.enforce(request.ip);
      }

      const passwordHash = await hashPassword(payload.password);
      let created;
      try {
        created = await db.transaction(async (tx) => {
          const row = await insertUser(tx, {
            firstName: payload.firstName,
            lastName: payload.lastName,
            email: payload.email,
            passwordHash,
            role,
            companyName: role === 'employer' ? payload.companyName : null,
            language: payload.language ?? languageFromHeader(request.headers['accept-language']),
          });
          if (row?.role === 'employer') await notify.employerWelcome(tx, row);
          return row;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(texts.session.emailTaken);
        throw error;
      }
      if (!created) throw new Error('insert returned no row');

      reply.status(201);
      if (byAdmin) return { ...coded('notice.userCreated'), user: toUser(created) };
      return { ...coded('notice.registered'), token: await auth.issueToken(created, request), user: toUser(created) };
    },
  );

  /**
   * Rate-limited per client address and per e-mail. Each attempt is counted before its password is verified
   * (one atomic increment), so however many arrive at once, at most the limit's number of guesses is checked;
   * a successful login clears the e-mail's count.
   */
  app.post(
    '/auth/login',
    {
      schema: {
        summary: 'Sign in (rate-limited per address and per e-mail).',
        body: loginPayloadSchema,
        response: answers({ 200: signedInAnswerSchema }, [401, 403, 429]),
      },
    },
    async (request) => {
      const { email, password } = request.body;
      const emailKey = email.toLowerCase();
      await limiters.loginIp.enforce(request.ip);
      await limiters.loginEmail.enforce(emailKey);

      const user = await userByEmail(db, emailKey);
      const passwordOk = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), password);
      if (!user || !passwordOk) {
        metrics.loginsFailed.inc();
        throw unauthorized(texts.session.invalidCredentials);
      }
      if (!user.isActive) throw unauthorized(texts.session.deactivated);
      await limiters.loginEmail.reset(emailKey);
      // No admin session is ever made where a candidate release may be running.
      if (user.role === 'admin' && auth.inTrial(request)) throw forbidden(texts.release.notInTrial);
      // An admin's session is made on the console only, where no other team's code runs; the console makes
      // nobody else's. (Said after the password is checked: the refusal tells only its owner the account's role.)
      if (user.role === 'admin' && !auth.onlyConsole(request))
        throw forbidden(codedWith('session.adminOnConsole', { url: `${adminOrigin.origin}/login` }));
      if (user.role !== 'admin' && auth.onConsole(request))
        throw forbidden(codedWith('session.consoleAdminsOnly', { url: `${siteUrl}/login` }));
      return { ...coded('notice.loggedIn'), token: await auth.issueToken(user, request), user: toUser(user) };
    },
  );

  /**
   * The same answer whether or not the account exists (no finding out who has one), and at the same moment:
   * the lookup, the link and its e-mail are done after the answer has gone out, for every e-mail alike (issue
   * 30: the time it took had told which e-mails have accounts). Limited per address and per e-mail, so nobody's
   * inbox can be flooded with links.
   */
  app.post(
    '/auth/forgot-password',
    {
      schema: {
        summary: 'E-mail a reset link; the same answer whether or not the account exists.',
        body: forgotPasswordPayloadSchema,
        response: answers({ 200: messageAnswerSchema }, [429]),
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      await limiters.recoveryIp.enforce(request.ip);
      await limiters.recoveryEmail.enforce(email.toLowerCase());
      afterAnswer(reply, async () => {
        const user = await userByEmail(db, email.toLowerCase());
        if (user?.isActive) await db.transaction((tx) => notify.passwordReset(tx, user));
      });
      return coded('account.resetLinkSent');
    },
  );

  /**
   * Whether a reset link still works, so its page can say so before a password is typed. The token comes in the
   * body (the link carries it in its fragment, which no server sees). Nothing is spent and nothing hashed but the
   * token; it counts as a link tried, with the spending below, so the two together make no better oracle.
   */
  app.post(
    '/auth/reset-password/check',
    {
      schema: {
        summary: 'Whether a reset link still works (nothing spent; rate-limited per address with spending links).',
        body: resetLinkCheckPayloadSchema,
        response: answers({ 200: resetLinkCheckAnswerSchema }, [429]),
      },
    },
    async (request) => {
      await limiters.resetIp.enforce(request.ip);
      return { valid: Boolean(await resetLinkHolder(db, hashResetToken(request.body.token))) };
    },
  );

  /**
   * Spends a reset link (once, within its 60 minutes) and ends every earlier sign-in of its user, and every
   * other link sent to them. Limited per address, and the link is looked up before the new password is hashed:
   * a wrong or used link costs one indexed read, never an argon2 hash.
   */
  app.post(
    '/auth/reset-password',
    {
      schema: {
        summary:
          'Spend a reset link: a new password, every earlier sign-in and every other link ended (rate-limited per address).',
        body: resetPasswordPayloadSchema,
        response: answers({ 200: messageAnswerSchema }, [404, 429]),
      },
    },
    async (request) => {
      const { token, password } = request.body;
      await limiters.resetIp.enforce(request.ip);
      const tokenHash = hashResetToken(token);
      const valid = await resetLinkHolder(db, tokenHash);
      // A link we did not send, or one spent or expired: nothing it names (a bad token is a 400 of the schema).
      if (!valid) throw notFound(account.resetLinkInvalid);
      const passwordHash = await hashPassword(password);
      const reset = await db.transaction(async (tx) => {
        // Spent here, so of two requests with one link only one resets.
        const spent = await spendResetLink(tx, tokenHash);
        if (!spent) return false;
        await setPassword(tx, spent.userId, passwordHash);
        await spendResetLinks(tx, spent.userId);
        return true;
      });
      // Spent meanwhile by another request with the same link.
      if (!reset) throw conflict(account.resetLinkInvalid);
      return coded('account.passwordReset');
    },
  );

  /**
   * A signed-in user changes their password with the current one; every other sign-in ends, and the answer
   * carries a new token so this one goes on. Wrong current passwords count like failed logins.
   */
  app.put(
    '/auth/password',
    {
      preValidation: auth.guard(),
      schema: {
        summary: 'Change the password with the current one; other sign-ins end, the answer carries a new token.',
        body: changePasswordPayloadSchema,
        response: answers({ 200: signedInAnswerSchema }, [403, 429]),
      },
    },
    async (request) => {
      const me = auth.caller(request);
      const { currentPassword, newPassword } = request.body;
      const emailKey = me.email.toLowerCase();
      // Counted before the check, like a login: at most the limit's number of guesses is ever verified.
      await limiters.loginEmail.enforce(emailKey);
      if (!(await verifyPassword(me.passwordHash, currentPassword))) throw forbidden(account.currentPasswordWrong);
      await limiters.loginEmail.reset(emailKey);
      const passwordHash = await hashPassword(newPassword);
      const updated = await db.transaction(async (tx) => {
        const row = await changePassword(tx, me.id, me.sessionVersion, passwordHash);
        // A link sent before the change must not undo it.
        if (row) await spendResetLinks(tx, row.id);
        return row;
      });
      if (!updated) throw conflict(texts.session.accountChanged);
      return {
        ...coded('account.passwordChanged'),
        token: await auth.issueToken(updated, request),
        user: toUser(updated),
      };
    },
  );
}
