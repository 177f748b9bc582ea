import { defineEndpoints } from './endpoint.ts'

export const providers = defineEndpoints('providers', {})
