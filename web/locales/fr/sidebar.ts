import type { sidebar as english } from '../en/sidebar.ts'

export const sidebar: typeof english = {}
