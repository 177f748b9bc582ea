import { defineEndpoints } from './endpoint.ts'

export const notifications = defineEndpoints('notifications', {})
