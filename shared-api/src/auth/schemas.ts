/**
 * Confirming it is you before a dangerous action (the console's sudo mode) and an admin's passkeys: the payloads
 * and answers as zod schemas. The browser's WebAuthn answers are checked here for shape and size only; what they
 * sign is checked by the API.
 */
import { z } from 'zod';
import { session } from '../messages';
import { documentedWith, noticeFields, requiredText } from '../schema-blocks';
import { signedInAnswerSchema } from '../users/schemas';

/** A base64url text of the WebAuthn answers (ids, signatures, encoded data), bounded. */
const base64url = (max: number) => z.string({ error: session.passkeyNotAccepted }).max(max, session.passkeyNotAccepted);

/** What `navigator.credentials.get()` signed, as @simplewebauthn/browser hands it over (AuthenticationResponseJSON). */
export const passkeyAssertionSchema = z.object(
  {
    id: base64url(1_400),
    rawId: base64url(1_400),
    type: z.literal('public-key', { error: session.passkeyNotAccepted }),
    response: z.object(
      {
        clientDataJSON: base64url(4_000),
        authenticatorData: base64url(4_000),
        signature: base64url(2_000),
        userHandle: base64url(200).optional(),
      },
      { error: session.passkeyNotAccepted },
    ),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  },
  { error: session.passkeyNotAccepted },
);
export type PasskeyAssertion = z.input<typeof passkeyAssertionSchema>;

/** What `navigator.credentials.create()` made, as @simplewebauthn/browser hands it over (RegistrationResponseJSON). */
export const passkeyRegistrationSchema = z.object(
  {
    id: base64url(1_400),
    rawId: base64url(1_400),
    type: z.literal('public-key', { error: session.passkeyNotRegistered }),
    response: z.object(
      {
        clientDataJSON: base64url(4_000),
        attestationObject: base64url(20_000),
        authenticatorData: base64url(4_000).optional(),
        transports: z.array(z.string().max(40)).max(10).optional(),
        publicKeyAlgorithm: z.number().int().optional(),
        publicKey: base64url(2_000).optional(),
      },
      { error: session.passkeyNotRegistered },
    ),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  },
  { error: session.passkeyNotRegistered },
);
export type PasskeyRegistration = z.input<typeof passkeyRegistrationSchema>;

/** The second proof: the password again, or a passkey's signature of the challenge the server gave. */
export const sudoPayloadSchema = documentedWith(
  z
    .object({
      password: z
        .string({ error: session.proofRequired })
        .min(1, session.proofRequired)
        .max(256, session.sudoPasswordWrong)
        .optional(),
      passkey: passkeyAssertionSchema.optional(),
    })
    .refine((p) => (p.password !== undefined) !== (p.passkey !== undefined), { message: session.proofRequired }),
  {
    oneOf: [
      {
        description: 'The password again.',
        type: 'object',
        properties: { password: { type: 'string', minLength: 1, maxLength: 256 } },
        required: ['password'],
        not: { required: ['passkey'] },
      },
      {
        description: "A passkey's answer to the challenge of POST /auth/sudo/passkey-options.",
        type: 'object',
        properties: { passkey: { type: 'object' } },
        required: ['passkey'],
        not: { required: ['password'] },
      },
    ],
  },
);
export type SudoPayload = z.input<typeof sudoPayloadSchema>;
/** Like a sign-in's: a new token whose proof is now. */
export const sudoAnswerSchema = signedInAnswerSchema;

/** One of the admin's passkeys, as listed (never its key). */
export const passkeySchema = z.object({
  id: z.number(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeysAnswerSchema = z.object({ passkeys: z.array(passkeySchema) });
export type PasskeysAnswer = z.infer<typeof passkeysAnswerSchema>;

export const addPasskeyPayloadSchema = z.object({
  name: requiredText(session.passkeyNameRequired, 80),
  response: passkeyRegistrationSchema,
});
export type AddPasskeyPayload = z.input<typeof addPasskeyPayloadSchema>;
export const passkeyAddedAnswerSchema = z.object({ ...noticeFields, passkey: passkeySchema });
export type PasskeyAddedAnswer = z.infer<typeof passkeyAddedAnswerSchema>;

/** A credential the browser is to use or leave out, by its id. */
const credentialDescriptorSchema = z.object({
  id: z.string(),
  type: z.literal('public-key'),
  transports: z.array(z.string()).optional(),
});
const userVerificationSchema = z.enum(['required', 'preferred', 'discouraged']);

/** Options for `navigator.credentials.get()` (PublicKeyCredentialRequestOptionsJSON, as the API makes them). */
export const passkeyRequestOptionsSchema = z.object({
  challenge: z.string(),
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(credentialDescriptorSchema).optional(),
  userVerification: userVerificationSchema.optional(),
});
export type PasskeyRequestOptions = z.infer<typeof passkeyRequestOptionsSchema>;

/** Options for `navigator.credentials.create()` (PublicKeyCredentialCreationOptionsJSON, as the API makes them). */
export const passkeyCreationOptionsSchema = z.object({
  challenge: z.string(),
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal('public-key') })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(credentialDescriptorSchema).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      userVerification: userVerificationSchema.optional(),
    })
    .optional(),
  attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
});
export type PasskeyCreationOptions = z.infer<typeof passkeyCreationOptionsSchema>;
