import { defineEndpoints } from './endpoint.ts'

export const orders = defineEndpoints('orders', {})
