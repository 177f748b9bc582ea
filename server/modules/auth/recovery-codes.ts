import { randomInt } from 'node:crypto'
import { and, count, eq, isNull } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { recoveryCodes } from '#server/db/schema/index.ts'
import { hashToken } from '#server/lib/tokens.ts'

/** Ten codes for a lost authenticator, each usable once: shown when made, then only their hashes. */

export const RECOVERY_CODE_COUNT = 10
// No 0/o, 1/l/i: a code read from paper is typed right.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

function newCode(): string {
  const characters = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)])
  return `${characters.slice(0, 5).join('')}-${characters.slice(5).join('')}`
}

/** What a person typed, as it was made: case, spaces and the dash do not matter. */
export function normaliseRecoveryCode(typed: string): string {
  const plain = typed.toLowerCase().replace(/[^a-z0-9]/g, '')
  return `${plain.slice(0, 5)}-${plain.slice(5)}`
}

/** Replaces the user's codes with ten new ones and returns them, the only time they are seen. */
export async function issueRecoveryCodes(db: Queryable, secret: string, userId: string): Promise<string[]> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId))
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode)
  await db.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashToken(secret, code) })))
  return codes
}

/** Uses a code once; false when it is unknown or already used. */
export async function consumeRecoveryCode(db: Queryable, secret: string, userId: string, typed: string) {
  const [used] = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashToken(secret, normaliseRecoveryCode(typed))),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id })
  return used !== undefined
}

export async function recoveryCodesLeft(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
  return row?.left ?? 0
}
