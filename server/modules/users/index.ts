/**
 * The users module's front door: what other parts of the server may use. Its other files are its own.
 *
 * Users is the lowest of the identity modules — users (records, lookups, presentation) ← auth ←
 * organizations ← gdpr, and billing builds on it too — so it imports none of them.
 */
export type { UserWithOrganization } from './queries.ts'
export {
  activeAdminsOf,
  findUserByEmail,
  findUserById,
  findUserForLogin,
  toUserResponse,
  userWithOrganizationColumns,
} from './queries.ts'
