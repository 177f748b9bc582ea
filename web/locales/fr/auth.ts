import type { auth as english } from '../en/auth.ts'

export const auth: typeof english = {}
