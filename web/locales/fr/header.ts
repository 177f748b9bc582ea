import type { header as english } from '../en/header.ts'

export const header: typeof english = {}
