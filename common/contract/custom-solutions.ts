import { defineEndpoints } from './endpoint.ts'

export const customSolutions = defineEndpoints('custom solutions', {})
