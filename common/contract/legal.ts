import { defineEndpoints } from './endpoint.ts'

export const legal = defineEndpoints('legal', {})
