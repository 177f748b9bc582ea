import { and, eq, isNull, lt, or } from 'drizzle-orm'
import { generateSecret, generateURI, verify } from 'otplib'
import type { Queryable } from '#server/db/client.ts'
import { users } from '#server/db/schema/index.ts'

const ISSUER = 'Clusterdeck'

export function newTotpSecret(): string {
  return generateSecret()
}

export function totpUri(secret: string, accountName: string): string {
  return generateURI({ issuer: ISSUER, label: accountName, secret })
}

/**
 * The time step of a valid code — the current one or one either side (30 s of clock drift) —
 * later than `afterTimeStep`; null for anything else.
 */
export async function totpTimeStep(secret: string, code: string, afterTimeStep?: number | null) {
  try {
    const result = await verify({
      secret,
      token: code,
      epochTolerance: 30,
      ...(afterTimeStep == null ? {} : { afterTimeStep }),
    })
    return result.valid && 'timeStep' in result ? result.timeStep : null
  } catch {
    return null
  }
}

/**
 * Accepts a code of the user's authenticator once: its time step is stored, and a code of that
 * step or an earlier one is refused after, even inside its 30 s window. Two requests racing with
 * one code: the conditional update lets one through.
 */
export async function consumeTotp(db: Queryable, userId: string, code: string): Promise<boolean> {
  const [row] = await db
    .select({ secret: users.mfaSecret, lastTimeStep: users.mfaLastTimeStep })
    .from(users)
    .where(eq(users.id, userId))
  if (!row?.secret) return false
  const timeStep = await totpTimeStep(row.secret, code, row.lastTimeStep)
  if (timeStep === null) return false
  const [stored] = await db
    .update(users)
    .set({ mfaLastTimeStep: timeStep })
    .where(and(eq(users.id, userId), or(isNull(users.mfaLastTimeStep), lt(users.mfaLastTimeStep, timeStep))))
    .returning({ id: users.id })
  return stored !== undefined
}
