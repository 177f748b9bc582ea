import { defineEndpoints } from './endpoint.ts'

export const usage = defineEndpoints('usage', {})
