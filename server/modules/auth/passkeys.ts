import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server'
import { and, desc, eq, gt, sql } from 'drizzle-orm'
import type { Passkey } from '#common/schemas/auth.ts'
import type { ServerContext } from '#server/context.ts'
import type { Queryable } from '#server/db/client.ts'
import { passkeys, users, webauthnChallenges } from '#server/db/schema/index.ts'
import { inTransaction } from '#server/db/transaction.ts'
import type { Caller } from '#server/lib/caller.ts'
import { badRequest, notFound, unauthorized } from '#server/lib/errors.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import { findUserById, toUserResponse } from '#server/modules/users/index.ts'
import { assertEmailVerified, assertMayEnter } from './account-gate.ts'
import { createSession, type SessionMeta } from './sessions.ts'
import { openSession } from './sign-in.ts'

/*
 * Passkeys (WebAuthn): registered from the account page, then a way in on /auth without a password.
 * Each challenge is kept server-side for five minutes and used once.
 */

const CHALLENGE_TTL_MS = 5 * 60 * 1000
const RP_NAME = 'Clusterdeck'

function relyingParty(appUrl: string) {
  const url = new URL(appUrl)
  return { rpID: url.hostname, origin: url.origin }
}

const toPasskey = (row: typeof passkeys.$inferSelect): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
})

export async function listPasskeys(db: Queryable, userId: string): Promise<Passkey[]> {
  const rows = await db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(desc(passkeys.createdAt))
  return rows.map(toPasskey)
}

/** The options for the browser to create a passkey (a proven address first); those the person has are excluded. */
export async function registrationOptions(ctx: ServerContext, caller: Caller) {
  const { rpID } = relyingParty(ctx.config.appUrl)
  const [user] = await ctx.db
    .select({ email: users.email, name: users.name, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, caller.userId))
  // A passkey added before the address is proven could outlive the owner taking the account back.
  assertEmailVerified(user!)
  const existing = await ctx.db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, caller.userId))
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userName: user!.email,
    userDisplayName: user!.name,
    userID: new TextEncoder().encode(caller.userId),
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: row.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  })
  await ctx.db.delete(webauthnChallenges).where(eq(webauthnChallenges.userId, caller.userId))
  await ctx.db.insert(webauthnChallenges).values({
    userId: caller.userId,
    purpose: 'register',
    challenge: options.challenge,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
  })
  return asJson(options)
}

/** The library's options are plain JSON for the browser, typed as its own interfaces. */
const asJson = (options: object) => options as Record<string, unknown>

const unverified = () =>
  badRequest('The passkey could not be verified. Please try again.', 'PASSKEY_NOT_VERIFIED')

export async function registerPasskey(
  ctx: ServerContext,
  caller: Caller,
  name: string,
  response: RegistrationResponseJSON,
) {
  const { rpID, origin } = relyingParty(ctx.config.appUrl)
  return inTransaction(ctx.db, async ({ tx }) => {
    const [challenge] = await tx
      .delete(webauthnChallenges)
      .where(
        and(
          eq(webauthnChallenges.userId, caller.userId),
          eq(webauthnChallenges.purpose, 'register'),
          gt(webauthnChallenges.expiresAt, sql`now()`),
        ),
      )
      .returning()
    if (!challenge)
      throw badRequest('The passkey set-up has expired. Please start again.', 'PASSKEY_CHALLENGE_MISSING')
    const verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    }).catch(() => ({ verified: false as const }))
    if (!verification.verified) throw unverified()
    const { credential } = verification.registrationInfo
    const [row] = await tx
      .insert(passkeys)
      .values({
        userId: caller.userId,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name,
      })
      .returning()
    await recordAudit(tx, caller, 'passkey.added', { type: 'passkey', id: row!.id, label: name })
    return toPasskey(row!)
  })
}

export async function renamePasskey(db: Queryable, caller: Caller, id: string, name: string) {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, caller.userId)))
    .returning()
  if (!row) throw notFound('Passkey not found')
  return toPasskey(row)
}

export async function removePasskey(ctx: ServerContext, caller: Caller, id: string) {
  await inTransaction(ctx.db, async ({ tx }) => {
    const [row] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, caller.userId)))
      .returning()
    if (!row) throw notFound('Passkey not found')
    await recordAudit(tx, caller, 'passkey.removed', { type: 'passkey', id, label: row.name })
  })
}

/** A challenge for signing in with any passkey of this site (the browser offers the person's own). */
export async function authenticationOptions(ctx: ServerContext) {
  const { rpID } = relyingParty(ctx.config.appUrl)
  const options = await generateAuthenticationOptions({ rpID, userVerification: 'preferred' })
  // Lapsed challenges leave with each new one.
  await ctx.db.delete(webauthnChallenges).where(sql`${webauthnChallenges.expiresAt} < now()`)
  const [row] = await ctx.db
    .insert(webauthnChallenges)
    .values({
      purpose: 'authenticate',
      challenge: options.challenge,
      expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
    })
    .returning({ id: webauthnChallenges.id })
  return { challengeId: row!.id, options: asJson(options) }
}

const refused = () => unauthorized('This passkey could not sign you in', 'PASSKEY_REFUSED')

/**
 * Signs in with a passkey: it proves who the person is and that they hold the device; with user
 * verification it is two factors in one.
 */
export async function signInWithPasskey(
  ctx: ServerContext,
  challengeId: string,
  response: AuthenticationResponseJSON,
  meta: SessionMeta,
) {
  const { rpID, origin } = relyingParty(ctx.config.appUrl)
  return inTransaction(ctx.db, async ({ tx }) => {
    const [challenge] = await tx
      .delete(webauthnChallenges)
      .where(
        and(
          eq(webauthnChallenges.id, challengeId),
          eq(webauthnChallenges.purpose, 'authenticate'),
          gt(webauthnChallenges.expiresAt, sql`now()`),
        ),
      )
      .returning()
    if (!challenge) throw refused()
    const [found] = await tx
      .select({ passkey: passkeys, account: users })
      .from(passkeys)
      .innerJoin(users, eq(users.id, passkeys.userId))
      .where(eq(passkeys.credentialId, response.id))
      .for('update', { of: passkeys })
    if (!found) throw refused()
    const verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
      credential: {
        id: found.passkey.credentialId,
        publicKey: new Uint8Array(found.passkey.publicKey),
        counter: found.passkey.counter,
        transports: found.passkey.transports as never,
      },
    }).catch(() => ({ verified: false as const, authenticationInfo: undefined }))
    if (!verification.verified || !verification.authenticationInfo) throw refused()
    assertMayEnter(found.account)
    await tx
      .update(passkeys)
      .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: new Date() })
      .where(eq(passkeys.id, found.passkey.id))
    // Without user verification (PIN, biometrics) a passkey is one factor, like a password: an
    // account with two-factor authentication still gives its code.
    if (found.account.mfaEnabled && !verification.authenticationInfo.userVerified) {
      const session = await createSession(tx, ctx.config.sessionSecret, found.account.id, {
        ...meta,
        mfaPending: true,
      })
      return { kind: 'mfa-required' as const, session }
    }
    const session = await openSession(tx, ctx.config.sessionSecret, found.account, meta, 'passkey')
    return {
      kind: 'signed-in' as const,
      user: toUserResponse((await findUserById(tx, found.account.id))!),
      session,
    }
  })
}
