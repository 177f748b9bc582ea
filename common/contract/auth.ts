import { defineEndpoints } from './endpoint.ts'

export const auth = defineEndpoints('auth', {})
