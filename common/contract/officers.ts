import { defineEndpoints } from './endpoint.ts'

export const officers = defineEndpoints('officers', {})
