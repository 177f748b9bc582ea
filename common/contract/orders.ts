import { z } from 'zod'
import {
  ORDER_KINDS,
  ORDER_STATUSES,
  orderQuoteSchema,
  orderRequestSchema,
  orderSchema,
} from '../schemas/orders.ts'
import { pageQuerySchema, pageSchema } from '../schemas/pagination.ts'
import { defineEndpoints } from './endpoint.ts'
import { idempotencyHeaders, idParams } from './parameters.ts'

/** Paths served by more than one method: each written once. */
const ordersPath = '/api/orders'

const orderListQuerySchema = pageQuerySchema(25).extend({
  status: z.enum(ORDER_STATUSES).optional(),
  kind: z.enum(ORDER_KINDS).optional(),
})
/** The organization's orders: its active members, and API tokens of the clusters area. */
const member = { audience: 'member', token: 'clusters' } as const

/** The organization's orders: priced on the server, placed once per key, withdrawn while waiting. */
export const orders = defineEndpoints('orders', {
  list: {
    ...member,
    method: 'GET',
    path: ordersPath,
    summary: "The organization's orders, newest first",
    query: orderListQuerySchema,
    responses: { 200: pageSchema(orderSchema) },
    reads: ['orders'],
  },
  get: {
    ...member,
    method: 'GET',
    path: '/api/orders/:id',
    summary: 'One order of the organization',
    params: idParams,
    responses: { 200: orderSchema },
    errors: [404],
    reads: ['orders'],
  },
  quote: {
    ...member,
    method: 'POST',
    path: '/api/orders/quote',
    summary:
      "The server's price for a configuration, with the promotion applied or refused, and what its invoice will charge",
    description:
      "`invoice` is in the organization's billing currency at today's rate: its credits used first, VAT by its country and VAT number, and the ways to pay the rest.",
    body: orderRequestSchema,
    responses: { 200: orderQuoteSchema },
    reads: ['catalog', 'orders', 'billing', 'rates'],
  },
  place: {
    ...member,
    method: 'POST',
    path: ordersPath,
    summary: 'Order a cluster',
    description:
      'Needs an Idempotency-Key header: the same key and body return the same order (200); the same key with another body is a 409. The price is recomputed on the server.',
    headers: idempotencyHeaders,
    body: orderRequestSchema,
    responses: { 200: orderSchema, 201: orderSchema },
    errors: [409, 422],
    changes: ['orders', 'clusters', 'billing'],
  },
  cancel: {
    ...member,
    method: 'POST',
    path: '/api/orders/:id/cancel',
    summary: 'Withdraw an order that waits for approval',
    params: idParams,
    responses: { 200: orderSchema },
    errors: [404, 409],
    changes: ['orders'],
  },
})
