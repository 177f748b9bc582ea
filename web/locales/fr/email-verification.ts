import type { emailVerification as english } from '../en/email-verification.ts'

export const emailVerification: typeof english = {}
