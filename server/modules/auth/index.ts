/**
 * The auth module's front door: what other parts of the server may use. Its other files are its own.
 *
 * Order of the identity modules: users (records, lookups, presentation) ← auth (ways in:
 * sessions, tokens, passwords, second factors, the account gate, revocation) ← organizations
 * (registering, invitations, members, approvals) ← gdpr. Auth uses users only; what a higher
 * module must do on auth's events it registers at start-up (onAddressProven,
 * onRevokeClusterCredentials, in server/app.ts).
 */
export { assertEmailVerified, assertMayAct, standingOf } from './account-gate.ts'
export type { TokenSession } from './api-tokens.ts'
export {
  createApiToken,
  findTokenSession,
  listApiTokens,
  mailExpiringTokens,
  revokeApiToken,
} from './api-tokens.ts'
export { consumeAuthToken, issueAuthToken } from './auth-tokens.ts'
export { mailVerificationLink, onAddressProven } from './email-links.ts'
export { assertAcceptablePassword, hashPassword, verifyPassword } from './passwords.ts'
export { confirmPassword } from './reauthentication.ts'
export type { AccessChange } from './revocation.ts'
export { onRevokeClusterCredentials, revokeAccess } from './revocation.ts'
export { devLogin } from './service.ts'
export type { SessionStore } from './session-store.ts'
export { createSessionStore } from './session-store.ts'
export type { ActiveSession, SessionMeta } from './sessions.ts'
export { createSession, deleteSession, endSessions } from './sessions.ts'
export { openSession } from './sign-in.ts'
export { sealPlainTotpSecrets } from './totp.ts'
