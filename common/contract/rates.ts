import { defineEndpoints } from './endpoint.ts'

export const rates = defineEndpoints('rates', {})
