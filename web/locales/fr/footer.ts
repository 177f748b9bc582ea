import type { footer as english } from '../en/footer.ts'

export const footer: typeof english = {}
