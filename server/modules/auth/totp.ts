import { and, eq, isNotNull, isNull, lt, notLike, or } from 'drizzle-orm'
import { generateSecret, generateURI, verify } from 'otplib'
import type { Queryable } from '#server/db/client.ts'
import { users } from '#server/db/schema/index.ts'
import { isSealed, openSecret, sealSecret } from '#server/lib/secrets.ts'

const ISSUER = 'Clusterdeck'

export function newTotpSecret(): string {
  return generateSecret()
}

export function totpUri(secret: string, accountName: string): string {
  return generateURI({ issuer: ISSUER, label: accountName, secret })
}

/** A TOTP seed is stored sealed (`users.mfa_secret`): a copy of the database yields no codes. */
export function sealTotpSecret(secretsKey: Buffer, secret: string): string {
  return sealSecret(secretsKey, secret)
}

/**
 * The seed, opened only to check a code. A seed stored before seeds were sealed is plain base32
 * (never `v1.`): it still works, and the start-up step seals it (`sealPlainTotpSecrets`).
 */
function openTotpSecret(secretsKey: Buffer, stored: string): string {
  return isSealed(stored) ? openSecret(secretsKey, stored) : stored
}

/**
 * Start-up step: seals the seeds stored in plain text (before seeds were sealed, or by the demo
 * seed, which runs without the key). Each row is changed only if it still holds that plain seed,
 * so instances starting together do not seal one twice. Returns how many it sealed.
 */
export async function sealPlainTotpSecrets(db: Queryable, secretsKey: Buffer): Promise<number> {
  const plain = await db
    .select({ id: users.id, secret: users.mfaSecret })
    .from(users)
    .where(and(isNotNull(users.mfaSecret), notLike(users.mfaSecret, 'v1.%')))
  let sealed = 0
  for (const row of plain) {
    const [updated] = await db
      .update(users)
      .set({ mfaSecret: sealTotpSecret(secretsKey, row.secret!) })
      .where(and(eq(users.id, row.id), eq(users.mfaSecret, row.secret!)))
      .returning({ id: users.id })
    if (updated) sealed++
  }
  return sealed
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
export async function consumeTotp(
  db: Queryable,
  secretsKey: Buffer,
  userId: string,
  code: string,
): Promise<boolean> {
  const [row] = await db
    .select({ secret: users.mfaSecret, lastTimeStep: users.mfaLastTimeStep })
    .from(users)
    .where(eq(users.id, userId))
  if (!row?.secret) return false
  const timeStep = await totpTimeStep(openTotpSecret(secretsKey, row.secret), code, row.lastTimeStep)
  if (timeStep === null) return false
  const [stored] = await db
    .update(users)
    .set({ mfaLastTimeStep: timeStep })
    .where(and(eq(users.id, userId), or(isNull(users.mfaLastTimeStep), lt(users.mfaLastTimeStep, timeStep))))
    .returning({ id: users.id })
  return stored !== undefined
}
