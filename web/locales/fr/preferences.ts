import type { preferences as english } from '../en/preferences.ts'

export const preferences: typeof english = {}
