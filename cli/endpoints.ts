import { z } from 'zod'
import { defineEndpoints } from '../common/contract/endpoint.ts'
import { api } from '../common/contract/index.ts'
import { apiTokenSchema } from '../common/schemas/accounts.ts'
import { invoiceListQuerySchema, invoiceSummarySchema } from '../common/schemas/billing.ts'
import { ORDER_KINDS, ORDER_STATUSES, orderRequestSchema, orderSchema } from '../common/schemas/clusters.ts'
import {
  installationListQuerySchema,
  installationSchema,
  installationSummarySchema,
} from '../common/schemas/installations.ts'
import { pageQuerySchema, pageSchema } from '../common/schemas/pagination.ts'
import {
  newTicketSchema,
  replySchema,
  ticketListQuerySchema,
  ticketListSchema,
  ticketSchema,
} from '../common/schemas/support.ts'

/**
 * The endpoints the command-line client calls, by their names in the contract. Only the clusters
 * area is in the contract yet; the others are being converted under the names of
 * /work/notes/names.md. Until they merge, `interim` declares the same routes here and the type
 * checker complains about the names below. Once merged: delete `interim` and each `?? interim…`.
 */
const member = { audience: 'member' } as const
const idParams = z.object({ id: z.uuid() })
const file = (mediaType: string) => ({ kind: 'file', mediaType, description: mediaType }) as const
const interim = {
  orders: defineEndpoints('orders', {
    list: {
      ...member,
      token: 'clusters',
      method: 'GET',
      path: '/api/orders',
      summary: "The organization's orders",
      query: pageQuerySchema(25).extend({
        status: z.enum(ORDER_STATUSES).optional(),
        kind: z.enum(ORDER_KINDS).optional(),
      }),
      responses: { 200: pageSchema(orderSchema) },
    },
    get: {
      ...member,
      token: 'clusters',
      method: 'GET',
      path: '/api/orders/:id',
      summary: 'One order',
      params: idParams,
      responses: { 200: orderSchema },
    },
    place: {
      ...member,
      token: 'clusters',
      method: 'POST',
      path: '/api/orders',
      summary: 'Order a cluster',
      headers: z.object({ 'idempotency-key': z.string().min(8).max(200) }),
      body: orderRequestSchema,
      responses: { 200: orderSchema, 201: orderSchema },
    },
  }),
  marketplace: defineEndpoints('marketplace', {
    installations: {
      ...member,
      token: 'marketplace',
      method: 'GET',
      path: '/api/installations',
      summary: "The organization's installations",
      query: installationListQuerySchema,
      responses: { 200: z.object({ items: z.array(installationSummarySchema) }) },
    },
    installation: {
      ...member,
      token: 'marketplace',
      method: 'GET',
      path: '/api/installations/:id',
      summary: 'One installation',
      params: idParams,
      responses: { 200: installationSchema },
    },
  }),
  billing: defineEndpoints('billing', {
    invoices: {
      ...member,
      token: 'billing',
      method: 'GET',
      path: '/api/billing/invoices',
      summary: 'Invoices',
      query: invoiceListQuerySchema,
      responses: { 200: pageSchema(invoiceSummarySchema) },
    },
    invoicePdf: {
      ...member,
      token: 'billing',
      method: 'GET',
      path: '/api/billing/invoices/:id/pdf',
      summary: 'PDF',
      params: idParams,
      responses: { 200: file('application/pdf') },
    },
    invoiceCsv: {
      ...member,
      token: 'billing',
      method: 'GET',
      path: '/api/billing/invoices/:id/csv',
      summary: 'CSV',
      params: idParams,
      responses: { 200: file('text/csv') },
    },
    invoiceFacturx: {
      ...member,
      token: 'billing',
      method: 'GET',
      path: '/api/billing/invoices/:id/facturx',
      summary: 'Factur-X',
      params: idParams,
      responses: { 200: file('application/pdf') },
    },
  }),
  support: defineEndpoints('support', {
    tickets: {
      ...member,
      token: 'support',
      method: 'GET',
      path: '/api/support/tickets',
      summary: 'Tickets',
      query: ticketListQuerySchema,
      responses: { 200: ticketListSchema },
    },
    ticket: {
      ...member,
      token: 'support',
      method: 'GET',
      path: '/api/support/tickets/:id',
      summary: 'One ticket',
      params: idParams,
      responses: { 200: ticketSchema },
    },
    openTicket: {
      ...member,
      token: 'support',
      method: 'POST',
      path: '/api/support/tickets',
      summary: 'Open a ticket',
      body: newTicketSchema,
      responses: { 201: ticketSchema },
    },
    reply: {
      ...member,
      token: 'support',
      method: 'POST',
      path: '/api/support/tickets/:id/messages',
      summary: 'Reply',
      params: idParams,
      body: replySchema,
      responses: { 200: ticketSchema },
    },
  }),
  account: defineEndpoints('account', {
    tokens: {
      audience: 'user',
      method: 'GET',
      path: '/api/user/tokens',
      summary: 'Tokens',
      responses: { 200: z.object({ items: z.array(apiTokenSchema) }) },
    },
    revokeToken: {
      audience: 'user',
      method: 'DELETE',
      path: '/api/user/tokens/:id',
      summary: 'Revoke a token',
      params: idParams,
      responses: { 204: { kind: 'empty', description: 'Revoked' } },
    },
  }),
}

export const endpoints = {
  clusters: api.clusters,
  orders: {
    list: api.orders.list ?? interim.orders.list,
    get: api.orders.get ?? interim.orders.get,
    place: api.orders.place ?? interim.orders.place,
  },
  marketplace: {
    installations: api.marketplace.installations ?? interim.marketplace.installations,
    installation: api.marketplace.installation ?? interim.marketplace.installation,
  },
  billing: {
    invoices: api.billing.invoices ?? interim.billing.invoices,
    invoicePdf: api.billing.invoicePdf ?? interim.billing.invoicePdf,
    invoiceCsv: api.billing.invoiceCsv ?? interim.billing.invoiceCsv,
    invoiceFacturx: api.billing.invoiceFacturx ?? interim.billing.invoiceFacturx,
  },
  support: {
    tickets: api.support.tickets ?? interim.support.tickets,
    ticket: api.support.ticket ?? interim.support.ticket,
    openTicket: api.support.openTicket ?? interim.support.openTicket,
    reply: api.support.reply ?? interim.support.reply,
  },
  account: {
    tokens: api.account.tokens ?? interim.account.tokens,
    revokeToken: api.account.revokeToken ?? interim.account.revokeToken,
  },
}
