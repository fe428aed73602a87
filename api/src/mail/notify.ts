/**
 * Who is told what: each function picks the recipients of one event, renders its e-mail and writes
 * it to the outbox with the transaction it is given, so the notice commits or rolls back with the change.
 * Non-essential e-mails (all but account e-mails) skip users who turned them off.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { passwordResetTokens, users } from '../db/schema';
import { enqueue } from './outbox';
import { sitePaths, templates, type Mail } from './templates';

type UserRow = typeof users.$inferSelect;
type Person = Pick<UserRow, 'firstName' | 'lastName' | 'email' | 'role' | 'emailNotifications' | 'language'>;

export const RESET_TOKEN_MINUTES = 60;

/** The stored form of a reset token: its SHA-256, so a copy of the database opens no account. */
export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Spends every open reset link of a user: called in the transaction that resets or changes the
 * password or deactivates the account, so no link sent before it still opens the account after.
 */
export async function spendResetLinks(tx: Db, userId: number): Promise<void> {
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/** `adminUrl`: the admin console's origin, which e-mails sent to admins link to. */
export function createNotifications(publicUrl: string, adminUrl?: string) {
  const mails = templates(sitePaths(publicUrl, adminUrl));

  const optional = (tx: Db, kind: string, to: Person, mail: Mail, replyTo?: string) =>
    to.emailNotifications ? enqueue(tx, kind, to.email, mail, replyTo) : Promise.resolve();

  const activeAdmins = (tx: Db) =>
    tx
      .select()
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.isActive, true)));

  return {
    applicationReceived: (tx: Db, trainee: Person, course: string, applicationId: number) =>
      optional(tx, 'application-received', trainee, mails.applicationReceived(trainee, course, applicationId)),

    applicationStatusChanged: (
      tx: Db,
      trainee: Person,
      course: string,
      applicationId: number,
      status: string,
      adminNotes: string | null,
    ) =>
      optional(
        tx,
        'application-status',
        trainee,
        mails.applicationStatusChanged(trainee, course, applicationId, status, adminNotes),
      ),

    async trainerAssigned(tx: Db, trainee: Person, trainer: Person, course: string, applicationId: number) {
      await optional(tx, 'trainer-assigned', trainee, mails.trainerAssignedToTrainee(trainee, course, trainer));
      await optional(
        tx,
        'trainer-assigned',
        trainer,
        mails.trainerAssignedToTrainer(trainer, course, trainee, applicationId),
      );
    },

    async trainingCompleted(tx: Db, trainee: Person, trainer: Person, course: string, applicationId: number) {
      for (const admin of await activeAdmins(tx)) {
        await optional(
          tx,
          'training-completed',
          admin,
          mails.trainingCompleted(admin, course, trainee, trainer, applicationId),
        );
      }
    },

    certificateIssued: (tx: Db, trainee: Person, course: string, code: string) =>
      optional(tx, 'certificate-issued', trainee, mails.certificateIssued(trainee, course, code)),

    async contactMessage(tx: Db, message: { name: string; email: string; subject: string; message: string }) {
      for (const admin of await activeAdmins(tx)) {
        await optional(tx, 'contact-message', admin, mails.contactMessage(admin, message), message.email);
      }
    },

    jobApplicationReceived: (
      tx: Db,
      employer: Person,
      job: { id: number; title: string },
      applicant: Person,
      certificates: number,
    ) =>
      optional(tx, 'job-application', employer, mails.jobApplicationReceived(employer, job, applicant, certificates)),

    jobApplicationStatusChanged: (
      tx: Db,
      trainee: Person,
      job: { title: string; companyName: string },
      status: string,
      note: string | null,
    ) => optional(tx, 'job-application-status', trainee, mails.jobApplicationStatusChanged(trainee, job, status, note)),

    /** An account e-mail: sent whatever the preferences. */
    employerWelcome: (tx: Db, employer: Person & { companyName: string | null }) =>
      enqueue(tx, 'employer-welcome', employer.email, mails.employerWelcome(employer)),

    /** A new single-use link (only its hash is stored) and its e-mail; an account e-mail. */
    async passwordReset(tx: Db, user: Pick<UserRow, 'id'> & Person) {
      const token = randomBytes(32).toString('base64url');
      await tx.insert(passwordResetTokens).values({
        userId: user.id,
        tokenHash: hashResetToken(token),
        expiresAt: new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000),
      });
      await enqueue(tx, 'password-reset', user.email, mails.passwordReset(user, token, RESET_TOKEN_MINUTES));
    },
  };
}
export type Notifications = ReturnType<typeof createNotifications>;
