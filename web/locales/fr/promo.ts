import type { promo as english } from '../en/promo.ts'

export const promo: typeof english = {}
