/** The audit module's front door: what other parts of the server may use. Its other files are its own. */

export type { AuditActor } from './service.ts'
export { recordAudit } from './service.ts'
