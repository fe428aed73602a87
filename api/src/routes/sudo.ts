/**
 * Asking an admin again before what cannot be undone (a release token, a role, an activation, a revocation), as
 * GitHub's sudo mode does: the password again, or one of the admin's passkeys (WebAuthn), on the console only. A
 * proof renews the session's token with a proof time of now (auth.requireRecentProof reads it); the passkeys are
 * added and removed here, each change itself behind a recent proof. The passkeys' relying party is the console:
 * its host name is their RP ID and its origin the one their answers must name, so no page of the site can use one.
 */
import { coded } from '@btls/shared-api/codes';
import { messageCatalogue as texts } from '@btls/shared-api/messages';
import {
  addPasskeyPayloadSchema,
  messageAnswerSchema,
  passkeyAddedAnswerSchema,
  passkeyCreationOptionsSchema,
  passkeyRequestOptionsSchema,
  passkeysAnswerSchema,
  sudoAnswerSchema,
  sudoPayloadSchema,
  type Passkey,
} from '@btls/shared-api/schemas';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { FastifyRequest } from 'fastify';
import {
  CHALLENGE_LIFETIME_MS,
  deletePasskey,
  insertPasskey,
  keepChallenge,
  passkeyOf,
  passkeysOf,
  passkeyUsed,
  spendChallenge,
  type ChallengePurpose,
  type PasskeyRow,
} from '../accounts/passkeys';
import { verifyPassword, type UserRow } from '../auth';
import { isUniqueViolation } from '../db/client';
import type { Deps } from '../deps';
import { answers, idParams, type Api } from '../http/contract';
import { conflict, forbidden, notFound } from '../http/errors';
import { toUser } from '../serialize';

/** The name browsers show for the console when they ask for a passkey. */
const RELYING_PARTY_NAME = 'BTLS admin console';

const passkeyParams = idParams('id', texts.request.invalidId);

const toPasskey = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

const transportsOf = (row: PasskeyRow) =>
  row.transports ? (row.transports.split(',') as AuthenticatorTransportFuture[]) : undefined;

/** The challenge a WebAuthn answer says it signs (its clientDataJSON's), or undefined when it cannot be read. */
function challengeOf(clientDataJSON: string): string | undefined {
  try {
    const { challenge } = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as {
      challenge?: unknown;
    };
    return typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 200 ? challenge : undefined;
  } catch {
    return undefined;
  }
}

export function sudoRoutes(app: Api, { db, auth, limiters, adminOrigin }: Deps) {
  const expectedOrigin = adminOrigin.origin;
  const rpID = new URL(expectedOrigin).hostname;
  /** Admins' sessions, which exist on the console only (auth.ts). */
  const admin = () => auth.guard(['admin']);
  /** After the guard: a change to the admin's passkeys needs a recent proof, as the other dangerous actions do. */
  const recentProof = async (request: FastifyRequest) => auth.requireRecentProof(request);

  /**
   * Spends the challenge an answer signs, given to this admin for `purpose`: an answer to a challenge we did not
   * give, gave someone else, or gave for the other purpose, or one already used or expired, is refused before its
   * signature is even looked at.
   */
  const spent = async (me: UserRow, purpose: ChallengePurpose, clientDataJSON: string) => {
    const challenge = challengeOf(clientDataJSON);
    return challenge && (await spendChallenge(db, me.id, purpose, challenge)) ? challenge : undefined;
  };

  /** Whether a passkey's answer proves it is this admin: a challenge of ours, signed by one of their passkeys. */
  async function passkeyProves(me: UserRow, response: AuthenticationResponseJSON): Promise<boolean> {
    const challenge = await spent(me, 'sudo', response.response.clientDataJSON);
    if (!challenge) return false;
    const key = await passkeyOf(db, me.id, response.id);
    if (!key) return false;
    try {
      const { verified, authenticationInfo } = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin,
        expectedRPID: rpID,
        credential: {
          id: key.credentialId,
          publicKey: new Uint8Array(key.publicKey),
          counter: key.counter,
          transports: transportsOf(key),
        },
        requireUserVerification: false,
      });
      if (!verified) return false;
      await passkeyUsed(db, key.id, authenticationInfo.newCounter);
      return true;
    } catch {
      // A signature that does not check, a counter gone back (a cloned key), another site's answer.
      return false;
    }
  }

  app.post(
    '/auth/sudo',
    {
      preValidation: admin(),
      schema: {
        summary:
          "Confirm it is you (the password again, or a passkey's answer): a new token that opens the dangerous actions for a while.",
        body: sudoPayloadSchema,
        response: answers({ 200: sudoAnswerSchema }, [429]),
      },
    },
    async (request) => {
      const me = auth.caller(request);
      const { password, passkey } = request.body;
      if (passkey) {
        if (!(await passkeyProves(me, passkey as AuthenticationResponseJSON)))
          throw forbidden(texts.session.passkeyNotAccepted);
      } else {
        // Counted before the check, like a sign-in: whoever holds the session cannot guess the password faster.
        const emailKey = me.email.toLowerCase();
        await limiters.loginEmail.enforce(emailKey);
        if (!(await verifyPassword(me.passwordHash, password ?? ''))) throw forbidden(texts.session.sudoPasswordWrong);
        await limiters.loginEmail.reset(emailKey);
      }
      return {
        ...coded('notice.identityConfirmed'),
        token: await auth.issueToken(me, request),
        user: toUser(me),
      };
    },
  );

  app.post(
    '/auth/sudo/passkey-options',
    {
      preValidation: admin(),
      schema: {
        summary: "A challenge for one of the admin's passkeys to sign (single use, 5 minutes).",
        response: answers({ 200: passkeyRequestOptionsSchema }, [404]),
      },
    },
    async (request) => {
      const me = auth.caller(request);
      const keys = await passkeysOf(db, me.id);
      if (keys.length === 0) throw notFound(texts.session.noPasskey);
      const options = await generateAuthenticationOptions({
        rpID,
        allowCredentials: keys.map((key) => ({ id: key.credentialId, transports: transportsOf(key) })),
        userVerification: 'preferred',
        timeout: CHALLENGE_LIFETIME_MS,
      });
      await keepChallenge(db, me.id, 'sudo', options.challenge);
      return options;
    },
  );

  app.get(
    '/auth/passkeys',
    {
      preValidation: admin(),
      schema: {
        summary: "The signed-in admin's passkeys.",
        response: answers({ 200: passkeysAnswerSchema }),
      },
    },
    async (request) => ({ passkeys: (await passkeysOf(db, auth.caller(request).id)).map(toPasskey) }),
  );

  app.post(
    '/auth/passkeys/options',
    {
      preValidation: [admin(), recentProof],
      schema: {
        summary: 'The options for making a new passkey for the console (needs a recent proof).',
        response: answers({ 200: passkeyCreationOptionsSchema }),
      },
    },
    async (request) => {
      const me = auth.caller(request);
      const keys = await passkeysOf(db, me.id);
      const options = await generateRegistrationOptions({
        rpName: RELYING_PARTY_NAME,
        rpID,
        userName: me.email,
        userDisplayName: `${me.firstName} ${me.lastName}`,
        attestationType: 'none',
        // The same authenticator is not added twice.
        excludeCredentials: keys.map((key) => ({ id: key.credentialId, transports: transportsOf(key) })),
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
        timeout: CHALLENGE_LIFETIME_MS,
      });
      await keepChallenge(db, me.id, 'register', options.challenge);
      return options;
    },
  );

  app.post(
    '/auth/passkeys',
    {
      preValidation: [admin(), recentProof],
      schema: {
        summary: 'Add the passkey made with the options of POST /auth/passkeys/options (needs a recent proof).',
        body: addPasskeyPayloadSchema,
        response: answers({ 201: passkeyAddedAnswerSchema }),
      },
    },
    async (request, reply) => {
      const me = auth.caller(request);
      const { name } = request.body;
      const response = request.body.response as RegistrationResponseJSON;
      // (A 403 as for a passkey's answer in sudo: an answer that does not sign our challenge proves nothing.)
      const challenge = await spent(me, 'register', response.response.clientDataJSON);
      if (!challenge) throw forbidden(texts.session.passkeyNotRegistered);
      let credential;
      try {
        const verification = await verifyRegistrationResponse({
          response,
          expectedChallenge: challenge,
          expectedOrigin,
          expectedRPID: rpID,
          requireUserVerification: false,
        });
        if (!verification.verified) throw forbidden(texts.session.passkeyNotRegistered);
        credential = verification.registrationInfo.credential;
      } catch {
        throw forbidden(texts.session.passkeyNotRegistered);
      }
      let row;
      try {
        row = await insertPasskey(db, {
          userId: me.id,
          credentialId: credential.id,
          publicKey: credential.publicKey,
          counter: credential.counter,
          transports: (credential.transports ?? []).join(','),
          name,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(texts.session.passkeyTaken);
        throw error;
      }
      if (!row) throw new Error('insert returned no row');
      reply.status(201);
      return { ...coded('notice.passkeyAdded'), passkey: toPasskey(row) };
    },
  );

  app.delete(
    '/auth/passkeys/:id',
    {
      preValidation: [admin(), recentProof],
      schema: {
        summary: "Remove one of the admin's passkeys (needs a recent proof).",
        params: passkeyParams,
        response: answers({ 200: messageAnswerSchema }),
      },
    },
    async (request) => {
      if (!(await deletePasskey(db, auth.caller(request).id, request.params.id)))
        throw notFound(texts.session.passkeyNotFound);
      return coded('notice.passkeyRemoved');
    },
  );
}
