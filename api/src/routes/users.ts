/**
 * The users: the admin's list and changes, the trainers to assign, the employers' talent search, and each
 * user's own profile and settings. The reads and writes are in users/repository.ts.
 */
import type { FastifyRequest } from 'fastify';
import { messageCatalogue as texts } from '@btls/shared-api/messages';
import { validation } from '@btls/shared-api/messages';
import {
  certifiedTraineeSchema,
  deleteUserQuerySchema,
  messageAnswerSchema,
  pageQuerySchema,
  preferencesAnswerSchema,
  preferencesPayloadSchema,
  preferencesSavedAnswerSchema,
  profilePayloadSchema,
  trainerSchema,
  userAnswerSchema,
  userListQuerySchema,
  userSchema,
  userStatusPayloadSchema,
  userUpdatePayloadSchema,
  type CertifiedTrainee,
} from '@btls/shared-api/schemas';
import type { Deps } from '../deps';
import { isForeignKeyViolation } from '../db/client';
import { answers, idParams, type Api } from '../http/contract';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { coded, codedWith } from '@btls/shared-api/codes';
import { asLanguage } from '../language';
import { setPageHeaders } from '../http/paging';
import { toUser } from '../serialize';
import { spendResetLinks } from '../mail/notify';
import {
  activeTrainers,
  deleteJobsOf,
  deleteUser,
  findUser,
  hasJobPosting,
  keepingAnAdmin,
  pageOfCertifiedTrainees,
  pageOfUsers,
  updateUser,
  type UserRow,
} from '../users/repository';

const userParams = idParams('id', texts.user.invalidId);
const userNotFound = (id: number) => notFound(codedWith('user.notFound', { id }));

export function userRoutes(app: Api, deps: Deps) {
  userListRoutes(app, deps);
  ownAccountRoutes(app, deps);
  userAdminRoutes(app, deps);
}

/** The lists: the admin's, the trainers to assign, and the talent search. */
function userListRoutes(app: Api, { db, auth }: Deps) {
  /** A page of the users, newest first; `q` searches names, e-mail and company; `role` and `status` filter. */
  app.get(
    '/users',
    {
      preValidation: auth.guard(['admin']),
      schema: {
        summary: 'A page of the users, newest first.',
        querystring: userListQuerySchema,
        response: answers({ 200: userSchema.array() }),
      },
    },
    async (request, reply) => {
      const query = request.query;
      const { rows, total } = await pageOfUsers(db, query);
      setPageHeaders(request, reply, query, rows.length, total);
      return rows.map(toUser);
    },
  );

  /** Active trainers: the people an approved application can be assigned to. */
  app.get(
    '/users/trainers',
    {
      preValidation: auth.guard(['admin']),
      schema: {
        summary: 'The active trainers (for assigning one).',
        response: answers({ 200: trainerSchema.array() }),
      },
    },
    async () => {
      return activeTrainers(db);
    },
  );

  /**
   * Active users holding certificates who agreed to be shown (privacy), most recently certified first, a page of people at a time; courses and
   * codes in parallel lists. `q` searches names, e-mail and certified course titles.
   */
  app.get(
    '/users/certified-trainees',
    {
      preValidation: auth.guard(['employer', 'admin']),
      schema: {
        summary: 'The talent search: certified trainees who agreed to be shown, most recently certified first (paged).',
        querystring: pageQuerySchema,
        response: answers({ 200: certifiedTraineeSchema.array() }),
      },
    },
    async (request, reply) => {
      const query = request.query;
      const { rows, total } = await pageOfCertifiedTrainees(db, query);
      setPageHeaders(request, reply, query, rows.length, total);
      return rows satisfies CertifiedTrainee[];
    },
  );
}

/** The caller's own profile and settings. */
function ownAccountRoutes(app: Api, { db, auth }: Deps) {
  /** The caller's own names, and company fields for employers; never e-mail or role. */
  app.put(
    '/users/me/profile',
    {
      preValidation: auth.guard(),
      schema: {
        summary: "The caller's own names (and company fields for employers).",
        body: profilePayloadSchema,
        response: answers({ 200: userAnswerSchema }),
      },
    },
    async (request) => {
      const me = auth.caller(request);
      const payload = request.body;
      const isEmployer = me.role === 'employer';
      if (isEmployer && !payload.companyName) throw badRequest(validation.profileRequired);
      const updated = await updateUser(db, me.id, {
        firstName: payload.firstName,
        lastName: payload.lastName,
        ...(isEmployer
          ? {
              companyName: payload.companyName,
              companyWebsite: payload.companyWebsite,
              companyDescription: payload.companyDescription,
            }
          : {}),
      });
      return { ...coded('notice.profileUpdated'), user: toUser(updated!) };
    },
  );

  /** The caller's own settings: non-essential e-mails on or off, being listed in the talent search, and their language. */
  app.get(
    '/users/me/preferences',
    {
      preValidation: auth.guard(),
      schema: { summary: "The caller's own settings.", response: answers({ 200: preferencesAnswerSchema }) },
    },
    async (request) => {
      const me = auth.caller(request);
      return preferencesOf(me);
    },
  );

  app.put(
    '/users/me/preferences',
    {
      preValidation: auth.guard(),
      schema: {
        summary: "Change the caller's own settings.",
        body: preferencesPayloadSchema,
        response: answers({ 200: preferencesSavedAnswerSchema }),
      },
    },
    async (request) => {
      const me = auth.caller(request);
      const payload = request.body;
      const updated = await updateUser(db, me.id, payload);
      return {
        ...coded('account.preferencesSaved'),
        preferences: preferencesOf(updated!),
      };
    },
  );
}

/** An admin's changes to a user: a reset link, activation, names and role, deletion. */
function userAdminRoutes(app: Api, { db, auth, notify }: Deps) {
  /** An admin sends a user a reset link (the same e-mail as "Forgot password?"); sign-ins stay until it is used. */
  app.post(
    '/users/:id/reset-link',
    {
      preValidation: auth.guard(['admin']),
      schema: {
        summary: 'Send a user a password reset link.',
        params: userParams,
        response: answers({ 200: messageAnswerSchema }),
      },
    },
    async (request) => {
      const { id } = request.params;
      const user = await findUser(db, id);
      if (!user) throw userNotFound(id);
      if (!user.isActive) throw conflict(texts.user.deactivatedNoReset);
      await db.transaction((tx) => notify.passwordReset(tx, user));
      return codedWith('account.resetLinkSentByAdmin', { email: user.email });
    },
  );

  /** Before a change to another admin's account: a recent proof of the caller (auth.requireRecentProof). */
  const askedAgainForAnAdmin = async (request: FastifyRequest, id: number) => {
    if ((await findUser(db, id))?.role === 'admin') auth.requireRecentProof(request);
  };

  app.put(
    '/users/:id/status',
    {
      preValidation: auth.guard(['admin']),
      schema: {
        summary: 'Activate or deactivate a user.',
        params: userParams,
        body: userStatusPayloadSchema,
        response: answers({ 200: userAnswerSchema }),
      },
    },
    async (request) => {
      const admin = auth.caller(request);
      const { id } = request.params;
      const { isActive } = request.body;
      if (id === admin.id && !isActive) throw forbidden(texts.user.cannotDeactivateSelf);
      // An admin's account switched on or off is an admin's power given back or taken away, as a role is.
      await askedAgainForAnAdmin(request, id);
      const updated = await keepingAnAdmin(db, async (tx) => {
        const row = await updateUser(tx, id, { isActive });
        // A link sent before the deactivation must not open the account again.
        if (row && !isActive) await spendResetLinks(tx, row.id);
        return row;
      });
      if (!updated) throw userNotFound(id);
      return { ...coded(isActive ? 'notice.userActivated' : 'notice.userDeactivated'), user: toUser(updated) };
    },
  );

  app.put(
    '/users/:id',
    {
      preValidation: auth.guard(['admin']),
      schema: {
        summary: "Edit a user's names and role.",
        params: userParams,
        body: userUpdatePayloadSchema,
        response: answers({ 200: userAnswerSchema }),
      },
    },
    async (request) => {
      const admin = auth.caller(request);
      const { id } = request.params;
      const payload = request.body;
      if (id === admin.id && payload.role !== 'admin') throw forbidden(validation.ownRoleFromAdmin);
      // A role is power given or taken away: asked again, as the other dangerous actions are.
      const current = await findUser(db, id);
      if (!current) throw userNotFound(id);
      if (current.role !== payload.role) auth.requireRecentProof(request);
      const updated = await keepingAnAdmin(db, (tx) => updateUser(tx, id, payload));
      if (!updated) throw userNotFound(id);
      return { ...coded('notice.userUpdated'), user: toUser(updated) };
    },
  );

  /**
   * Refused when records depend on the user (the database's foreign keys decide): deactivate instead. An
   * employer's job postings go with the account when `deleteJobs=true` says the admin confirmed it.
   */
  app.delete(
    '/users/:id',
    {
      preValidation: auth.guard(['admin']),
      schema: {
        summary: 'Delete a user no records depend on (`deleteJobs=true`: with their job postings).',
        params: userParams,
        querystring: deleteUserQuerySchema,
        response: answers({ 200: messageAnswerSchema }),
      },
    },
    async (request) => {
      const admin = auth.caller(request);
      const { id } = request.params;
      const { deleteJobs } = request.query;
      if (id === admin.id) throw forbidden(validation.deleteSelf);
      await askedAgainForAnAdmin(request, id);
      try {
        await keepingAnAdmin(db, async (tx) => {
          if (deleteJobs) await deleteJobsOf(tx, id);
          if (!(await deleteUser(tx, id))) throw userNotFound(id);
        });
      } catch (error) {
        if (isForeignKeyViolation(error)) {
          if ((await hasJobPosting(db, id)) && !deleteJobs) throw conflict(validation.employerHasJobs);
          throw conflict(coded('user.hasHistory'));
        }
        throw error;
      }
      return coded('notice.userDeleted');
    },
  );
}

/** The settings as answered: the e-mail and talent-search switches and the language. */
const preferencesOf = (row: UserRow) => ({
  emailNotifications: row.emailNotifications,
  showInTalentSearch: row.showInTalentSearch,
  language: asLanguage(row.language),
});
