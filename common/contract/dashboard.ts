import { defineEndpoints } from './endpoint.ts'

export const dashboard = defineEndpoints('dashboard', {})
