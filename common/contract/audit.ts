import { defineEndpoints } from './endpoint.ts'

export const audit = defineEndpoints('audit', {})
