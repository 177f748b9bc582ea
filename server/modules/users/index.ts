/** The users module's front door: what other parts of the server may use. Its other files are its own. */
export { confirmEmailChange } from './credentials.ts'
export type { UserWithOrganization } from './queries.ts'
export {
  activeAdminsOf,
  findUserByEmail,
  findUserById,
  findUserForLogin,
  toUserResponse,
  userWithOrganizationColumns,
} from './queries.ts'
