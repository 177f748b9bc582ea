import { defineEndpoints } from './endpoint.ts'

export const organization = defineEndpoints('organization', {})
