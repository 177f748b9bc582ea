import { defineEndpoints } from './endpoint.ts'

export const leads = defineEndpoints('leads', {})
