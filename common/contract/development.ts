import { defineEndpoints } from './endpoint.ts'

export const development = defineEndpoints('development', {})
