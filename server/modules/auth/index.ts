/** The auth module's front door: what other parts of the server may use. Its other files are its own. */
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
export { assertAcceptablePassword, hashPassword, verifyPassword } from './passwords.ts'
export { confirmPassword } from './reauthentication.ts'
export type { AccessChange } from './revocation.ts'
export { revokeAccess } from './revocation.ts'
export { devLogin } from './service.ts'
export type { SessionStore } from './session-store.ts'
export type { ActiveSession, SessionMeta } from './sessions.ts'
export { createSession, endSessions } from './sessions.ts'
export { openSession } from './sign-in.ts'
