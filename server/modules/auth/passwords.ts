import { hash, verify } from '@node-rs/argon2'
import { dictionary } from '@zxcvbn-ts/language-common'
import { validationMessage } from '#common/validation-messages.ts'
import { unprocessable } from '#server/lib/errors.ts'

// OWASP ASVS 5.0 level 2: argon2id with 19 MiB, two passes, one lane.
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

const COMMON_PASSWORD_COUNT = 3_000
const commonPasswords = new Set(
  (dictionary['passwords-common'] as string[])
    .slice(0, COMMON_PASSWORD_COUNT)
    .map((word) => word.toLowerCase()),
)

export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase())
}

/** Length is checked by the shared schema; this adds the rules that need the server. */
export function assertAcceptablePassword(password: string): void {
  if (isCommonPassword(password)) {
    throw unprocessable(validationMessage('passwordTooCommon'), 'PASSWORD_TOO_COMMON')
  }
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS)
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

let timingDummyHash: Promise<string> | undefined
/** Spends the time of a real check when the account does not exist, so timing reveals nothing. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  timingDummyHash ??= hashPassword('clusterdeck-timing-dummy-password')
  await verifyPassword(await timingDummyHash, password)
  return false
}
