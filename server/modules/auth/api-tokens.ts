import { randomBytes } from 'node:crypto'
import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm'
import { scopesForRole, TOKEN_PREFIX } from '#common/api-scopes.ts'
import { absoluteHref, href } from '#common/routes.ts'
import {
  type ApiToken,
  type ApiTokenRequest,
  type CreatedApiToken,
  TOKEN_MAX_DAYS,
  type TokenLifetime,
} from '#common/schemas/accounts.ts'
import type { ServerContext } from '#server/context.ts'
import type { Queryable } from '#server/db/client.ts'
import { apiTokens, organizations, users } from '#server/db/schema/index.ts'
import { inTransaction } from '#server/db/transaction.ts'
import type { Caller } from '#server/lib/caller.ts'
import { notFound, unprocessable } from '#server/lib/errors.ts'
import { hashToken } from '#server/lib/tokens.ts'
import { tokenExpiringMail } from '#server/mail/account-mails.ts'
import { sendMail } from '#server/mail/send-mail.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import { notifyOfEvent } from '#server/modules/notifications/index.ts'
import { userWithOrganizationColumns } from '#server/modules/users/index.ts'
import { assertEmailVerified, standingOf } from './account-gate.ts'
import type { ActiveSession } from './sessions.ts'

/*
 * Personal API tokens: `cdk_` and 43 random characters, stored as a keyed hash, with scopes that
 * never exceed the creator's role and an expiry that always comes. `Authorization: Bearer` with
 * one authenticates the API without cookies (server/plugins/auth.ts).
 */

const DAY_MS = 24 * 60 * 60 * 1000
/** A token's owner hears of its expiry this many days before. */
export const EXPIRY_NOTICE_DAYS = 7
const LIFETIME_DAYS: Record<TokenLifetime, number> = { '30d': 30, '90d': 90, '1y': 365 }
/** Recording the last use costs a write, so it happens at most this often per token. */
const LAST_USE_EVERY_MS = 60 * 1000

const toApiToken = (row: typeof apiTokens.$inferSelect): ApiToken => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes,
  expiresAt: row.expiresAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  lastUsedIp: row.lastUsedIp,
  createdAt: row.createdAt.toISOString(),
})

/** The caller's tokens still valid, newest first. */
export async function listApiTokens(db: Queryable, userId: string): Promise<ApiToken[]> {
  const rows = await db
    .select()
    .from(apiTokens)
    .where(
      and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, sql`now()`)),
    )
    .orderBy(desc(apiTokens.createdAt))
  return rows.map(toApiToken)
}

function expiryOf(request: ApiTokenRequest, now: Date): Date {
  if (request.lifetime) return new Date(now.getTime() + LIFETIME_DAYS[request.lifetime] * DAY_MS)
  // A chosen day: the token works through that day (UTC).
  const expiresAt = new Date(`${request.expiresOn}T23:59:59.999Z`)
  if (expiresAt.getTime() <= now.getTime())
    throw unprocessable('Choose an expiry date after today', 'TOKEN_EXPIRY_PAST')
  if (expiresAt.getTime() > now.getTime() + TOKEN_MAX_DAYS * DAY_MS)
    throw unprocessable('A token lives at most one year: choose an earlier date', 'TOKEN_EXPIRY_TOO_FAR')
  return expiresAt
}

export async function createApiToken(
  ctx: ServerContext,
  caller: Caller,
  request: ApiTokenRequest,
): Promise<CreatedApiToken> {
  const [owner] = await ctx.db
    .select({ emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, caller.userId))
  assertEmailVerified(owner!)
  const allowed = scopesForRole(caller.role ?? 'user')
  const beyond = request.scopes.filter((scope) => !allowed.includes(scope))
  if (beyond.length > 0)
    throw unprocessable(`Your role does not allow ${beyond.join(', ')}`, 'SCOPE_EXCEEDS_ROLE')
  const now = new Date()
  const expiresAt = expiryOf(request, now)
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`
  return inTransaction(ctx, async (uow) => {
    const { tx } = uow
    const [row] = await tx
      .insert(apiTokens)
      .values({
        userId: caller.userId,
        organizationId: caller.organizationId,
        name: request.name,
        prefix: token.slice(0, TOKEN_PREFIX.length + 6),
        tokenHash: hashToken(ctx.config.sessionSecret, token),
        scopes: [...new Set(request.scopes)],
        expiresAt,
      })
      .returning()
    await recordAudit(
      tx,
      caller,
      'token.created',
      { type: 'api_token', id: row!.id, label: request.name },
      {
        scopes: row!.scopes,
        expiresAt: expiresAt.toISOString(),
      },
    )
    await notifyOfEvent(uow, 'security', {
      userId: caller.userId,
      type: 'info',
      title: 'New API token',
      message: `The API token “${request.name}” was created; it expires on ${expiresAt.toISOString().slice(0, 10)}.`,
      link: href('account'),
    })
    return { ...toApiToken(row!), token }
  })
}

export async function revokeApiToken(ctx: ServerContext, caller: Caller, id: string) {
  await inTransaction(ctx.db, async ({ tx }) => {
    const [row] = await tx
      .update(apiTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, caller.userId), isNull(apiTokens.revokedAt)))
      .returning()
    if (!row) throw notFound('Token not found')
    await recordAudit(tx, caller, 'token.revoked', { type: 'api_token', id, label: row.name })
  })
}

export type TokenSession = ActiveSession & { token: { id: string; scopes: string[] } }

/**
 * The caller behind a Bearer token: valid, not revoked, of an account the gate lets act. Its last use (time
 * and address) is recorded at most once a minute.
 */
export async function findTokenSession(
  db: Queryable,
  secret: string,
  token: string,
  ip: string,
): Promise<TokenSession | undefined> {
  if (!token.startsWith(TOKEN_PREFIX)) return undefined
  const [row] = await db
    .select({
      id: apiTokens.id,
      scopes: apiTokens.scopes,
      expiresAt: apiTokens.expiresAt,
      lastUsedAt: apiTokens.lastUsedAt,
      user: { ...userWithOrganizationColumns, mfaSecret: users.mfaSecret },
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(
      and(
        eq(apiTokens.tokenHash, hashToken(secret, token)),
        isNull(apiTokens.revokedAt),
        gt(apiTokens.expiresAt, sql`now()`),
        // The token belongs to the organization it was made in.
        eq(users.organizationId, apiTokens.organizationId),
      ),
    )
  if (!row || standingOf(row.user) !== 'active') return undefined
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > LAST_USE_EVERY_MS)
    await db
      .update(apiTokens)
      .set({ lastUsedAt: new Date(), lastUsedIp: ip })
      .where(
        and(
          eq(apiTokens.id, row.id),
          or(
            isNull(apiTokens.lastUsedAt),
            lt(apiTokens.lastUsedAt, new Date(Date.now() - LAST_USE_EVERY_MS)),
          ),
        ),
      )
  return {
    idHash: `token:${row.id}`,
    id: row.id,
    mfaPending: false,
    mfaAttempts: 0,
    expiresAt: row.expiresAt,
    user: row.user,
    token: { id: row.id, scopes: row.scopes },
  }
}

/** Mails each person whose token expires within 7 days, once per token. */
export async function mailExpiringTokens(ctx: ServerContext, now = new Date()): Promise<number> {
  return inTransaction(ctx, async (uow) => {
    const { tx } = uow
    const expiring = await tx
      .update(apiTokens)
      .set({ expiryMailedAt: now })
      .where(
        and(
          isNull(apiTokens.revokedAt),
          isNull(apiTokens.expiryMailedAt),
          gt(apiTokens.expiresAt, now),
          lt(apiTokens.expiresAt, new Date(now.getTime() + EXPIRY_NOTICE_DAYS * DAY_MS)),
        ),
      )
      .returning({ userId: apiTokens.userId, name: apiTokens.name, expiresAt: apiTokens.expiresAt })
    for (const token of expiring) {
      const [owner] = await tx.select().from(users).where(eq(users.id, token.userId))
      if (owner?.membershipStatus !== 'active') continue
      await sendMail(uow, tokenExpiringMail, owner, {
        name: owner.name,
        token: token.name,
        date: token.expiresAt.toISOString().slice(0, 10),
        url: absoluteHref(ctx.config.appUrl, 'account'),
      })
    }
    return expiring.length
  })
}
