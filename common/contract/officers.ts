import { z } from 'zod'
import {
  creditGrantRequestSchema,
  creditGrantResponseSchema,
  creditNoteRequestSchema,
  invoiceSummarySchema,
  officerInvoiceQuerySchema,
  officerInvoiceSchema,
} from '../schemas/billing.ts'
import { ORDER_STATUSES, orderApprovalSchema, orderRejectionSchema, orderSchema } from '../schemas/orders.ts'
import { pageQuerySchema, pageSchema } from '../schemas/pagination.ts'
import {
  officerReplySchema,
  officerTicketQuerySchema,
  officerTicketUpdateSchema,
  ticketListSchema,
  ticketSchema,
} from '../schemas/support.ts'
import { defineEndpoints } from './endpoint.ts'
import { idParams } from './parameters.ts'
import { attachmentFile, attachmentParams } from './support.ts'

/** Paths served by more than one method: each written once. */
const officersTicketsByIdPath = '/api/officers/tickets/:id'

const officer = { audience: 'officer' } as const
/** An officer's decision on an order waiting for approval. */
const decision = {
  ...officer,
  method: 'POST',
  params: idParams,
  responses: { 200: orderSchema },
  errors: [404, 409],
  reads: ['orders'],
  changes: ['orders', 'officerReviews', 'clusters'],
} as const

/**
 * The officers panel: whether the caller may open it (any signed-in person may ask), the reviews
 * only officers do (orders waiting for approval; invoices, credit notes and credits), and the
 * support desk's queue of every organization's and visitor's tickets.
 */
export const officers = defineEndpoints('officers', {
  checkAccess: {
    audience: 'user',
    openToPending: true,
    method: 'GET',
    path: '/api/officers/check-access',
    summary: 'Whether the caller may open the officers panel',
    responses: { 200: z.boolean() },
    reads: ['account'],
  },
  orders: {
    ...officer,
    method: 'GET',
    path: '/api/officers/orders',
    summary: 'Orders of every organization, for review (default: those waiting for approval)',
    query: pageQuerySchema(25).extend({ status: z.enum(ORDER_STATUSES).default('pending_approval') }),
    responses: { 200: pageSchema(orderSchema) },
    reads: ['orders', 'officerReviews'],
  },
  approveOrder: {
    ...decision,
    path: '/api/officers/orders/:id/approve',
    summary: 'Approve an order: its cluster is created and provisioning starts',
    body: orderApprovalSchema,
  },
  rejectOrder: {
    ...decision,
    path: '/api/officers/orders/:id/reject',
    summary: 'Decline an order, with the reason the customer will read',
    body: orderRejectionSchema,
  },
  invoices: {
    ...officer,
    method: 'GET',
    path: '/api/officers/invoices',
    summary: 'Invoices of every organization (default: the overdue ones)',
    query: officerInvoiceQuerySchema,
    responses: { 200: pageSchema(officerInvoiceSchema) },
    reads: ['invoices', 'officerReviews'],
  },
  issueCreditNote: {
    ...officer,
    method: 'POST',
    path: '/api/officers/invoices/:id/credit-notes',
    summary: 'Issue a credit note against an invoice, with its reason',
    params: idParams,
    body: creditNoteRequestSchema,
    responses: { 201: invoiceSummarySchema },
    errors: [404, 422],
    changes: ['invoices', 'billing', 'officerReviews'],
  },
  grantCredits: {
    ...officer,
    method: 'POST',
    path: '/api/officers/credits',
    summary: 'Grant credits to an organization, until a date',
    body: creditGrantRequestSchema,
    responses: { 201: creditGrantResponseSchema },
    errors: [404, 422],
    changes: ['billing'],
  },

  tickets: {
    ...officer,
    method: 'GET',
    path: '/api/officers/tickets',
    summary: "Every organization's and visitor's tickets, the most urgent clock first",
    query: officerTicketQuerySchema,
    responses: { 200: ticketListSchema },
    reads: ['tickets'],
  },
  supportOfficers: {
    ...officer,
    method: 'GET',
    path: '/api/officers/support-officers',
    summary: 'The officers a ticket can be assigned to',
    responses: { 200: z.object({ items: z.array(z.object({ id: z.uuid(), name: z.string() })) }) },
  },
  ticket: {
    ...officer,
    method: 'GET',
    path: officersTicketsByIdPath,
    summary: 'One ticket with its thread and internal notes',
    params: idParams,
    responses: { 200: ticketSchema },
    errors: [404],
    reads: ['tickets'],
  },
  updateTicket: {
    ...officer,
    method: 'PATCH',
    path: officersTicketsByIdPath,
    summary: 'Change the state, the priority (its targets follow) or the assignee',
    params: idParams,
    body: officerTicketUpdateSchema,
    responses: { 200: ticketSchema },
    errors: [404, 422],
    changes: ['tickets'],
  },
  replyToTicket: {
    ...officer,
    method: 'POST',
    path: '/api/officers/tickets/:id/messages',
    summary: 'Reply to the customer (mailed) or add an internal note they never see',
    params: idParams,
    body: officerReplySchema,
    responses: { 200: ticketSchema },
    errors: [404, 413, 415],
    changes: ['tickets'],
  },
  ticketAttachment: {
    ...officer,
    method: 'GET',
    path: '/api/officers/tickets/:id/attachments/:attachmentId',
    summary: 'A file attached to the thread or to a note',
    params: attachmentParams,
    responses: { 200: attachmentFile },
    errors: [404],
    reads: ['tickets'],
  },
})
