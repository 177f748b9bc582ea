import { messageResponseSchema } from '../schemas/errors.ts'
import {
  contactRequestSchema,
  contactSalesRequestSchema,
  customQuoteRequestSchema,
  demoBookingReceiptSchema,
  demoBookingRequestSchema,
  demoSlotsResponseSchema,
  leadReceiptSchema,
  newsletterConfirmRequestSchema,
  newsletterConfirmResponseSchema,
  newsletterSubscribeRequestSchema,
  workloadMigrationRequestSchema,
} from '../schemas/leads.ts'
import { defineEndpoints } from './endpoint.ts'
import { noQuery } from './parameters.ts'

/**
 * A request form of the public site: open to everyone and limited per address on its own
 * (LEAD_RATE_LIMIT_PER_IP per LEAD_RATE_LIMIT_WINDOW_SECONDS), since each one sends mail.
 */
const form = {
  audience: 'anyone',
  method: 'POST',
  rateLimited: true,
  responses: { 201: leadReceiptSchema },
  changes: ['leads'],
} as const

/** The lead forms of the public site, the demo booking and the newsletter's double opt-in. */
export const leads = defineEndpoints('leads', {
  contactSales: {
    ...form,
    path: '/api/leads/contact-sales',
    summary: 'Ask the sales team to get in touch',
    body: contactSalesRequestSchema,
  },
  customQuote: {
    ...form,
    path: '/api/leads/custom-quote',
    summary: 'Ask for a quote tailored to a cluster project',
    body: customQuoteRequestSchema,
  },
  workloadMigration: {
    ...form,
    path: '/api/leads/workload-migration',
    summary: 'Ask for help moving workloads to Clusterdeck',
    body: workloadMigrationRequestSchema,
  },
  contact: {
    ...form,
    path: '/api/leads/contact',
    summary: 'Send a message to the Clusterdeck team',
    body: contactRequestSchema,
  },
  demoSlots: {
    audience: 'anyone',
    method: 'GET',
    path: '/api/leads/demo-slots',
    query: noQuery,
    summary: 'The free 30-minute demo slots of the next 10 business days (09:00–17:00, Paris time)',
    responses: { 200: demoSlotsResponseSchema },
    reads: ['leads'],
  },
  scheduleDemo: {
    ...form,
    path: '/api/leads/schedule-demo',
    summary: 'Book a demo in one of the free slots',
    description: 'A slot booked by someone else in the meantime answers 409 (code SLOT_TAKEN).',
    body: demoBookingRequestSchema,
    responses: { 201: demoBookingReceiptSchema },
    errors: [409, 422],
  },
  subscribeNewsletter: {
    audience: 'anyone',
    method: 'POST',
    path: '/api/newsletter/subscriptions',
    summary: 'Subscribe to the newsletter: a link to confirm the subscription is mailed (double opt-in)',
    rateLimited: true,
    body: newsletterSubscribeRequestSchema,
    responses: { 200: messageResponseSchema },
  },
  confirmNewsletter: {
    audience: 'anyone',
    method: 'POST',
    path: '/api/newsletter/confirm',
    summary: 'Confirm a newsletter subscription with the token of the mailed link',
    description: 'An unknown or expired token answers 400 (code INVALID_TOKEN).',
    rateLimited: true,
    body: newsletterConfirmRequestSchema,
    responses: { 200: newsletterConfirmResponseSchema },
    errors: [400],
  },
})
