import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { type AuthTokenPurpose, authTokens } from '#server/db/schema/index.ts'
import { badRequest } from '#server/lib/errors.ts'
import { generateToken, hashToken } from '#server/lib/tokens.ts'

export const TOKEN_LIFETIME_MS: Record<AuthTokenPurpose, number> = {
  verify_email: 24 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
  magic_link: 15 * 60 * 1000,
  change_email: 24 * 60 * 60 * 1000,
}

/** Issues a one-time token; earlier unused tokens of the same purpose stop working. */
export async function issueAuthToken(
  db: Queryable,
  secret: string,
  userId: string,
  purpose: AuthTokenPurpose,
) {
  const token = generateToken()
  await db
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)))
  await db.insert(authTokens).values({
    userId,
    purpose,
    tokenHash: hashToken(secret, token),
    expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS[purpose]),
  })
  return token
}

/** Uses the token up in one statement, so two requests racing with it cannot both succeed. */
export async function consumeAuthToken(
  db: Queryable,
  secret: string,
  token: string,
  purpose: AuthTokenPurpose,
): Promise<string> {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(authTokens.tokenHash, hashToken(secret, token)),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: authTokens.userId })
  if (!row)
    throw badRequest('This link is invalid or has expired. Please request a new one.', 'INVALID_TOKEN')
  return row.userId
}

/** After a password reset no older link of any kind may still sign in or reset. */
export async function revokeAuthTokens(db: Queryable, userId: string): Promise<void> {
  await db
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(authTokens.userId, userId), isNull(authTokens.usedAt)))
}
