import type { User } from '#common/schemas/auth.ts'

/** The name the header shows for a user: the username, else the email. */
export function displayNameOf(user: Pick<User, 'username' | 'email'>): string {
  return user.username || user.email
}

/** Two letters for the avatar: the first of two words, else the first two of one. */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/[\s._@-]+/)
    .filter(Boolean)
  const letters = words.length > 1 ? `${words[0]?.[0]}${words[1]?.[0]}` : (words[0]?.slice(0, 2) ?? '?')
  return letters.toUpperCase()
}
