import { defineEndpoints } from './endpoint.ts'

export const billing = defineEndpoints('billing', {})
