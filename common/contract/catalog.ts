import { defineEndpoints } from './endpoint.ts'

export const catalog = defineEndpoints('catalog', {})
