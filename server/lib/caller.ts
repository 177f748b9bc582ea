import type { FastifyRequest } from 'fastify'
import type { UserRole } from '#common/schemas/accounts.ts'

/**
 * Who acts, for which organization: what every service of an organization's data is given. The
 * label, address and browser go into the audit entries the service writes.
 */
export type Caller = {
  userId: string
  organizationId: string
  /** The caller's email, as the audit log names them. */
  label?: string
  ip?: string
  userAgent?: string
  role?: UserRole
  /** The session making the request, which a change to one's own account keeps. */
  sessionId?: string
}

/** The signed-in caller of a request (after `requireUser` or `requireMember`). */
export function callerOf(request: FastifyRequest): Caller {
  return {
    userId: request.user.id,
    organizationId: request.user.organizationId,
    label: request.user.email,
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 400),
    role: request.user.role,
    sessionId: request.sessionId,
  }
}
