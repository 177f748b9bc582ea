import { defineEndpoints } from './endpoint.ts'

export const marketplace = defineEndpoints('marketplace', {})
