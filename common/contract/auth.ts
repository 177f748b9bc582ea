import { z } from 'zod'
import {
  emailRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  mfaCodeSchema,
  mfaDisableRequestSchema,
  mfaRequiredSchema,
  mfaSetupResponseSchema,
  passkeyNameSchema,
  passkeyRegistrationSchema,
  passkeySchema,
  passkeySignInSchema,
  passwordConfirmationSchema,
  recoveryCodeSchema,
  recoveryCodesResponseSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  tokenRequestSchema,
  userSchema,
  webauthnOptionsSchema,
} from '../schemas/auth.ts'
import { messageResponseSchema } from '../schemas/errors.ts'
import { defineEndpoints, empty } from './endpoint.ts'
import { idParams } from './parameters.ts'

/** Paths served by more than one method: each written once. */
const authPasskeysPath = '/api/auth/passkeys'
const authPasskeysByIdPath = '/api/auth/passkeys/:id'

/** A signed-in answer, or the word that the second factor comes next. */
const signedInOrMfaRequired = z.union([userSchema, mfaRequiredSchema])
/** The token of a mailed link, read by the handler: a missing or malformed one opens the "invalid" page. */
const mailLinkQuery = z.object({ token: z.string().max(500).optional() })
/** A browser is sent to the result page; a client that asks for JSON reads the outcome. */
const mailLinkAnswer = {
  200: z
    .object({ status: z.enum(['verified', 'invalid']) })
    .describe('The outcome, to a client that accepts JSON'),
  303: empty('To the result page: /verify-email?status=verified or invalid'),
} as const
const passkeyLoginOptionsSchema = z.object({ challengeId: z.uuid(), options: webauthnOptionsSchema })

/** Limited per address: what can be guessed (a password, a code, a token, who has an account). */
const guessable = { audience: 'anyone', rateLimited: true } as const
/** The signed-in person's own second factor and passkeys (never with an API token). */
const own = { audience: 'user' } as const

/**
 * Signing in and out, registering, the links mailed to prove an address or reset a password, and
 * the signed-in person's second factor and passkeys.
 */
export const auth = defineEndpoints('auth', {
  login: {
    ...guessable,
    method: 'POST',
    path: '/api/login',
    summary: 'Sign in with username or email and password',
    body: loginRequestSchema,
    responses: { 200: loginResponseSchema },
    errors: [401, 403],
    changes: ['session'],
  },
  loginWithMfaCode: {
    ...guessable,
    method: 'POST',
    path: '/api/login/mfa',
    summary: 'Complete a sign-in with the code of the authenticator app',
    body: mfaCodeSchema,
    responses: { 200: userSchema },
    errors: [401, 403],
    changes: ['session'],
  },
  loginWithRecoveryCode: {
    ...guessable,
    method: 'POST',
    path: '/api/login/recovery-code',
    summary: 'Complete a sign-in with one of the recovery codes instead of the authenticator',
    body: recoveryCodeSchema,
    responses: { 200: userSchema },
    errors: [401, 403],
    changes: ['session', 'accountSecurity'],
  },
  register: {
    ...guessable,
    method: 'POST',
    path: '/api/register',
    summary: 'Create an account (and its organization, or a request to join one) and sign in',
    body: registerRequestSchema,
    responses: { 200: userSchema },
    errors: [409, 422],
    changes: ['session', 'account'],
  },
  logout: {
    audience: 'anyone',
    openToPending: true,
    method: 'POST',
    path: '/api/logout',
    summary: 'Sign out',
    responses: { 200: messageResponseSchema },
    changes: ['session'],
  },
  resendVerification: {
    ...guessable,
    method: 'POST',
    path: '/api/auth/resend-verification',
    summary: 'Send the email verification link again',
    body: emailRequestSchema,
    responses: { 200: messageResponseSchema },
  },
  verifyEmail: {
    audience: 'anyone',
    method: 'GET',
    path: '/api/auth/verify-email',
    summary: 'The link of the verification mail: verifies the address and opens the result page',
    description:
      'A link in mail that proves an address opens the API, which records the proof and sends the browser to the result page (docs/decisions/003-mail-links.md).',
    query: mailLinkQuery,
    responses: mailLinkAnswer,
    changes: ['account'],
  },
  confirmEmail: {
    audience: 'anyone',
    method: 'GET',
    path: '/api/auth/confirm-email',
    summary: 'The link of an address change: the account takes the new address and the result page opens',
    query: mailLinkQuery,
    responses: mailLinkAnswer,
    changes: ['account'],
  },
  forgotPassword: {
    ...guessable,
    method: 'POST',
    path: '/api/auth/forgot-password',
    summary: 'Mail a password reset link',
    body: emailRequestSchema,
    responses: { 200: messageResponseSchema },
  },
  resetPassword: {
    ...guessable,
    method: 'POST',
    path: '/api/auth/reset-password',
    summary: 'Set a new password with the token of a reset link',
    body: resetPasswordRequestSchema,
    responses: { 200: messageResponseSchema },
    // 400: the link is invalid or has expired; 422: a common password.
    errors: [400, 422],
    changes: ['account', 'accountSecurity', 'apiTokens', 'clusterCredentials'],
  },
  requestMagicLink: {
    ...guessable,
    method: 'POST',
    path: '/api/auth/magic-link',
    summary: 'Mail a one-time sign-in link',
    body: emailRequestSchema,
    responses: { 200: messageResponseSchema },
  },
  loginWithMagicLink: {
    ...guessable,
    method: 'POST',
    path: '/api/auth/magic-link/verify',
    summary: 'Sign in with the token of a magic link',
    body: tokenRequestSchema,
    responses: { 200: signedInOrMfaRequired },
    // 400: the link is invalid or has expired; 401/403: an account the gate keeps out.
    errors: [400, 401, 403],
    changes: ['session', 'account'],
  },

  setUpMfa: {
    ...own,
    rateLimited: true,
    method: 'POST',
    path: '/api/auth/mfa/setup',
    summary: 'Start enrolling an authenticator app (needs the password)',
    body: passwordConfirmationSchema,
    responses: { 200: mfaSetupResponseSchema },
    // 401: the password is wrong; 409: two-factor authentication is already on.
    errors: [401, 409],
  },
  enableMfa: {
    ...own,
    method: 'POST',
    path: '/api/auth/mfa/enable',
    summary: 'Turn two-factor authentication on with a first code; answers the ten recovery codes, once',
    body: mfaCodeSchema,
    responses: { 200: recoveryCodesResponseSchema },
    // 400: set-up not started, or a wrong code; 409: already on.
    errors: [400, 409],
    changes: ['account', 'accountSecurity', 'audit'],
  },
  regenerateRecoveryCodes: {
    ...own,
    rateLimited: true,
    method: 'POST',
    path: '/api/auth/mfa/recovery-codes',
    summary: 'Make ten new recovery codes (needs the password); the old ones stop working',
    body: passwordConfirmationSchema,
    responses: { 200: recoveryCodesResponseSchema },
    // 401: the password is wrong; 409: two-factor authentication is off.
    errors: [401, 409],
    changes: ['accountSecurity', 'audit'],
  },
  disableMfa: {
    ...own,
    rateLimited: true,
    method: 'POST',
    path: '/api/auth/mfa/disable',
    summary: 'Turn two-factor authentication off (needs the password and a code)',
    body: mfaDisableRequestSchema,
    responses: { 200: messageResponseSchema },
    // 400: a wrong code; 401: the password is wrong; 409: two-factor authentication is off.
    errors: [400, 401, 409],
    changes: ['account', 'accountSecurity', 'audit'],
  },

  passkeyLoginOptions: {
    ...guessable,
    method: 'POST',
    path: '/api/login/passkey/options',
    summary: 'A challenge for signing in with a passkey (used once, within five minutes)',
    responses: { 200: passkeyLoginOptionsSchema },
  },
  loginWithPasskey: {
    ...guessable,
    method: 'POST',
    path: '/api/login/passkey',
    summary:
      'Sign in with a passkey instead of a password; without user verification an account with two-factor authentication gives its code next',
    body: passkeySignInSchema,
    responses: { 200: signedInOrMfaRequired },
    // 401: the passkey or its challenge is refused; 401/403: an account the gate keeps out.
    errors: [401, 403],
    changes: ['session', 'accountSecurity'],
  },
  passkeys: {
    ...own,
    method: 'GET',
    path: authPasskeysPath,
    summary: "The signed-in person's passkeys",
    responses: { 200: z.object({ items: z.array(passkeySchema) }) },
    reads: ['accountSecurity'],
  },
  passkeyRegistrationOptions: {
    ...own,
    method: 'POST',
    path: '/api/auth/passkeys/options',
    summary: 'The options for the browser to create a new passkey',
    responses: { 200: webauthnOptionsSchema },
    // 403: the address is not verified yet.
    errors: [403],
  },
  registerPasskey: {
    ...own,
    method: 'POST',
    path: authPasskeysPath,
    summary: "Register the browser's new passkey under a name",
    body: passkeyRegistrationSchema,
    responses: { 201: passkeySchema },
    // 400: the set-up expired or the passkey could not be verified.
    errors: [400],
    changes: ['accountSecurity', 'audit'],
  },
  renamePasskey: {
    ...own,
    method: 'PATCH',
    path: authPasskeysByIdPath,
    summary: 'Rename a passkey',
    params: idParams,
    body: passkeyNameSchema,
    responses: { 200: passkeySchema },
    errors: [404],
    changes: ['accountSecurity'],
  },
  removePasskey: {
    ...own,
    method: 'DELETE',
    path: authPasskeysByIdPath,
    summary: 'Remove a passkey: it no longer signs in',
    params: idParams,
    responses: { 204: empty('Removed') },
    errors: [404],
    changes: ['accountSecurity', 'audit'],
  },
})
