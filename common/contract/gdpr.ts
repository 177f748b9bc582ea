import { defineEndpoints } from './endpoint.ts'

export const gdpr = defineEndpoints('gdpr', {})
