import { defineEndpoints } from './endpoint.ts'

export const system = defineEndpoints('system', {})
