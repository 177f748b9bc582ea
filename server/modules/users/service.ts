import { eq } from 'drizzle-orm'
import type { Language } from '#common/language.ts'
import type { User } from '#common/schemas/auth.ts'
import type { Queryable } from '#server/db/client.ts'
import { users } from '#server/db/schema/index.ts'
import { notFound } from '#server/lib/errors.ts'
import { findUserById, toUserResponse } from './queries.ts'

/** The language of the user's mails follows their choice in the app. */
export async function setLanguage(db: Queryable, userId: string, language: Language): Promise<User> {
  await db.update(users).set({ language, updatedAt: new Date() }).where(eq(users.id, userId))
  const user = await findUserById(db, userId)
  if (!user) throw notFound('User not found')
  return toUserResponse(user)
}
