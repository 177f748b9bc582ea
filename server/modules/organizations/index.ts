/**
 * The organizations module's front door: what other parts of the server may use. Its other files are its own.
 *
 * Order of the identity modules: users ← auth ← organizations (registering, invitations, members,
 * approvals) ← gdpr. Organizations uses users and auth; auth tells it of a proven address through
 * the listener admitVouchedRegistrant, registered at start-up in server/app.ts.
 */
export { admitVouchedRegistrant } from './approvals.ts'
export { retireAccount } from './members.ts'
