import type { FastifyRequest } from 'fastify'

/** Who acts, for which organization: what every service of an organization's data is given. */
export type Caller = { userId: string; organizationId: string }

/** The signed-in caller of a request (after `requireUser` or `requireMember`). */
export function callerOf(request: FastifyRequest): Caller {
  return { userId: request.user.id, organizationId: request.user.organizationId }
}
