import { eq } from 'drizzle-orm'
import type { ServerContext } from '#server/context.ts'
import { users } from '#server/db/schema/index.ts'
import type { Caller } from '#server/lib/caller.ts'
import { unauthorized } from '#server/lib/errors.ts'
import { verifyPassword } from './passwords.ts'
import { attemptSignIn } from './sign-in.ts'

/**
 * The password asked again before a change of the account's secrets (password, address, second
 * factor). It is a sign-in attempt like any other: refused while the account is locked out, a
 * wrong one counted against it and logged, and its routes are limited per address.
 */
export async function confirmPassword(ctx: ServerContext, caller: Caller, password: string) {
  const [account] = await ctx.db
    .select({
      id: users.id,
      email: users.email,
      organizationId: users.organizationId,
      membershipStatus: users.membershipStatus,
      role: users.role,
      isOfficer: users.isOfficer,
      passwordHash: users.passwordHash,
      mfaEnabled: users.mfaEnabled,
    })
    .from(users)
    .where(eq(users.id, caller.userId))
  const right =
    account !== undefined &&
    (await attemptSignIn(ctx.db, {
      account,
      meta: { ip: caller.ip, userAgent: caller.userAgent },
      policy: ctx.config.loginLockout,
      reason: 'reauthentication',
      prove: () => verifyPassword(account.passwordHash, password),
    }))
  if (!right) throw unauthorized('Your password is not correct', 'INVALID_PASSWORD')
  return { email: account!.email, mfaEnabled: account!.mfaEnabled }
}
