import { defineEndpoints } from './endpoint.ts'

export const account = defineEndpoints('account', {})
