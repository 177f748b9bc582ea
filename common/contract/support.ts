import { defineEndpoints } from './endpoint.ts'

export const support = defineEndpoints('support', {})
