/** Users, sign-in and sign-up, profiles and preferences (docs/product.md §3, docs/product.md §4, docs/product.md §7). */
import { z } from 'zod';
import { LANGUAGES, MIN_PASSWORD_LENGTH, ROLES } from '../constants';
import { account, session, user as userText, validation } from '../messages';
import {
  NOT_BLANK,
  activeStatus,
  documentedWith,
  email,
  flag,
  idSchema,
  noticeFields,
  optionalText,
  optionalUrl,
  pageQuerySchema,
  personName,
  queryParam,
  requiredText,
} from '../schema-blocks';

export const roleSchema = z.enum(ROLES, { error: validation.invalidRole });

/** A user's language: their e-mails are written in it. */
export const languageSchema = z.enum(LANGUAGES, { error: session.invalidLanguage });

export const userSchema = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: roleSchema,
  isActive: z.boolean(),
  companyName: z.string().nullable(),
  companyWebsite: z.string().nullable(),
  companyDescription: z.string().nullable(),
  language: languageSchema,
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** A password being chosen (sign-up, reset, change): the product's minimum length. */
const newPassword = z
  .string({ error: validation.requiredFields })
  .min(1, validation.requiredFields)
  .min(MIN_PASSWORD_LENGTH, validation.passwordTooShort)
  .max(200, session.passwordTooLong);

export const registerPayloadSchema = documentedWith(
  z
    .object({
      firstName: personName(validation.requiredFields),
      lastName: personName(validation.requiredFields),
      email,
      password: newPassword,
      role: roleSchema.optional(),
      companyName: optionalText(200),
      /** When absent, the request's Accept-Language picks it (rw, fr, else en). */
      language: languageSchema.optional(),
    })
    .refine((p) => p.role !== 'employer' || p.companyName !== null, {
      message: session.companyNameRequired,
      path: ['companyName'],
    }),
  {
    oneOf: [
      {
        description: 'An employer names their company.',
        properties: { role: { const: 'employer' }, companyName: { type: 'string', pattern: NOT_BLANK } },
        required: ['role', 'companyName'],
      },
      {
        description: "Any other role (trainee when none is given; trainer and admin only with an admin's token).",
        properties: { role: { enum: ROLES.filter((role) => role !== 'employer') } },
      },
    ],
  },
);
export type RegisterPayload = z.input<typeof registerPayloadSchema>;

/** Bounded before anything else runs: no limiter key or password hash is ever made of a huge text. */
export const loginPayloadSchema = z.object({
  email: requiredText(session.credentialsRequired, 254, validation.invalidEmail),
  password: z
    .string({ error: session.credentialsRequired })
    .min(1, session.credentialsRequired)
    .max(256, session.invalidCredentials),
});
export type LoginPayload = z.input<typeof loginPayloadSchema>;

export const forgotPasswordPayloadSchema = z.object({ email });
export type ForgotPasswordPayload = z.input<typeof forgotPasswordPayloadSchema>;

/** A reset link's token, as the page reads it from the link's fragment. */
const resetToken = requiredText(account.resetLinkInvalid, 200, account.resetLinkInvalid);

export const resetPasswordPayloadSchema = z.object({ token: resetToken, password: newPassword });
export type ResetPasswordPayload = z.input<typeof resetPasswordPayloadSchema>;

/** Whether a reset link still works, asked before a password is typed (nothing is spent). */
export const resetLinkCheckPayloadSchema = z.object({ token: resetToken });
export type ResetLinkCheckPayload = z.input<typeof resetLinkCheckPayloadSchema>;
export const resetLinkCheckAnswerSchema = z.object({
  /** Sent by us, neither spent nor expired, to an active account. */
  valid: z.boolean(),
});
export type ResetLinkCheckAnswer = z.infer<typeof resetLinkCheckAnswerSchema>;

export const changePasswordPayloadSchema = z.object({
  currentPassword: z
    .string({ error: validation.requiredFields })
    .min(1, validation.requiredFields)
    .max(200, account.currentPasswordWrong),
  newPassword,
});
export type ChangePasswordPayload = z.input<typeof changePasswordPayloadSchema>;

/** A user's own settings: non-essential e-mails, and (trainees) being listed in the employers' talent search. */
export const preferencesSchema = z.object({
  emailNotifications: flag,
  showInTalentSearch: flag,
  language: languageSchema,
});
export type Preferences = z.infer<typeof preferencesSchema>;
export const preferencesPayloadSchema = preferencesSchema.partial();
/** The settings as the API answers them (plain booleans: an answer is checked on its way out). */
export const preferencesAnswerSchema = z.object({
  emailNotifications: z.boolean(),
  showInTalentSearch: z.boolean(),
  language: languageSchema,
});
export const preferencesSavedAnswerSchema = z.object({ ...noticeFields, preferences: preferencesAnswerSchema });
export type PreferencesSavedAnswer = z.infer<typeof preferencesSavedAnswerSchema>;
export type PreferencesPayload = z.input<typeof preferencesPayloadSchema>;

/** What the browser keeps under btlsToken and btlsUser (docs/product.md §3 "Session"). */
export const sessionSchema = z.object({ token: z.string(), user: userSchema });
export type Session = z.infer<typeof sessionSchema>;

export const authAnswerSchema = z.object({
  ...noticeFields,
  token: z.string().optional(),
  user: userSchema,
});
export type AuthAnswer = z.infer<typeof authAnswerSchema>;
/** A sign-in (login, password change): the answer always carries the new token. */
export const signedInAnswerSchema = authAnswerSchema.extend({ token: z.string() });
export type SignedInAnswer = z.infer<typeof signedInAnswerSchema>;

export const userUpdatePayloadSchema = z.object({
  firstName: personName(validation.editUserRequired),
  lastName: personName(validation.editUserRequired),
  role: z.enum(ROLES, {
    error: (iss) =>
      iss.input === undefined || iss.input === '' ? validation.editUserRequired : validation.invalidRole,
  }),
});
export type UserUpdatePayload = z.input<typeof userUpdatePayloadSchema>;

/** `?deleteJobs=true`: the admin confirmed that an employer's job postings go with the account. */
export const deleteUserQuerySchema = z.object({
  deleteJobs: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

export const userStatusPayloadSchema = z.object({ isActive: flag });

/** `id` picks one user (the edit screen finds its user in this list, docs/product.md §7). */
export const userListQuerySchema = pageQuerySchema.extend({
  role: queryParam(roleSchema),
  status: activeStatus,
  id: queryParam(idSchema(userText.invalidId)),
});
export type UserStatusPayload = z.input<typeof userStatusPayloadSchema>;

export const profilePayloadSchema = z.object({
  firstName: personName(validation.profileRequired),
  lastName: personName(validation.profileRequired),
  companyName: optionalText(200),
  companyWebsite: optionalUrl(validation.invalidWebsiteUrl),
  companyDescription: optionalText(5000),
});
export type ProfilePayload = z.input<typeof profilePayloadSchema>;

export const trainerSchema = userSchema.pick({ id: true, firstName: true, lastName: true, email: true });
export type Trainer = z.infer<typeof trainerSchema>;

export const certifiedTraineeSchema = z.object({
  userId: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  certifiedCourses: z.array(z.string()),
  certificateCodes: z.array(z.string()),
});
export type CertifiedTrainee = z.infer<typeof certifiedTraineeSchema>;

export const userAnswerSchema = z.object({ ...noticeFields, user: userSchema });
export type UserAnswer = z.infer<typeof userAnswerSchema>;
