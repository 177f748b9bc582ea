import { writeFileSync } from 'node:fs'
import { api as endpoints } from '../../common/contract/index.ts'
import type { InvoiceSummary } from '../../common/schemas/billing.ts'
import type { InstallationSummary } from '../../common/schemas/installations.ts'
import type { Order } from '../../common/schemas/orders.ts'
import { TICKET_CATEGORIES, TICKET_PRIORITIES, type TicketSummary } from '../../common/schemas/support.ts'
import type { CommandSpec } from '../command.ts'
import { EXIT, usageError } from '../errors.ts'
import { ago, type Column, formatList, formatOne, money } from '../output.ts'

const orderColumns: Column<Order>[] = [
  ['Reference', (order) => order.reference],
  ['Id', (order) => order.id],
  ['Kind', (order) => order.kind],
  ['Status', (order) => order.status],
  ['Cluster', (order) => order.clusterName],
  ['Total', (order) => money(order.price.totalCents)],
  ['Created', (order) => ago(order.createdAt)],
]
const installationColumns: Column<InstallationSummary>[] = [
  ['Product', (installation) => installation.productName],
  ['Id', (installation) => installation.id],
  ['Cluster', (installation) => installation.clusterName],
  ['Namespace', (installation) => installation.namespace],
  ['Version', (installation) => installation.version],
  ['Status', (installation) => installation.status],
  ['Monthly', (installation) => money(installation.monthlyPriceCents)],
]
const invoiceColumns: Column<InvoiceSummary>[] = [
  ['Number', (invoice) => invoice.number],
  ['Id', (invoice) => invoice.id],
  ['Kind', (invoice) => invoice.kind],
  ['Status', (invoice) => invoice.status],
  ['Issued', (invoice) => ago(invoice.issuedAt)],
  ['Total', (invoice) => money(invoice.totalCents, invoice.currency)],
  ['Due', (invoice) => money(invoice.amountDueCents, invoice.currency)],
]
const ticketColumns: Column<TicketSummary>[] = [
  ['Number', (ticket) => ticket.number],
  ['Id', (ticket) => ticket.id],
  ['Status', (ticket) => ticket.status],
  ['Priority', (ticket) => ticket.priority],
  ['Category', (ticket) => ticket.category],
  ['Subject', (ticket) => ticket.subject],
  ['Updated', (ticket) => ago(ticket.updatedAt)],
]

const limitOption = { limit: { type: 'string', value: '<n>', description: 'At most this many' } } as const
const limitOf = (text: string | undefined) => {
  if (text === undefined) return {}
  if (!/^\d+$/.test(text)) throw usageError('--limit must be a whole number')
  return { limit: Number(text) }
}

const INVOICE_FORMATS = {
  pdf: { endpoint: () => endpoints.billing.invoicePdf, suffix: '.pdf' },
  csv: { endpoint: () => endpoints.billing.invoiceCsv, suffix: '.csv' },
  facturx: { endpoint: () => endpoints.billing.invoiceFacturx, suffix: '-facturx.pdf' },
} as const

async function textOf(given: string | undefined, readStdin: () => Promise<string>, what: string) {
  const text = given === '-' || given === undefined ? await readStdin() : given
  if (!text.trim()) throw usageError(`Give ${what} (or - to read it from stdin)`)
  return text
}

export const recordCommands: CommandSpec[] = [
  {
    name: 'orders list',
    summary: "List the organization's orders, newest first",
    options: { ...limitOption },
    run: async (context) => {
      const page = await context.call(endpoints.orders.list, { query: limitOf(context.string('limit')) })
      context.print(formatList(page.items as Order[], context.output, orderColumns))
      return EXIT.ok
    },
  },
  {
    name: 'orders get',
    summary: 'Show one order',
    args: ['<order-id>'],
    run: async (context) => {
      const order = (await context.call(endpoints.orders.get, {
        params: { id: context.positionals[0]! },
      })) as Order
      context.print(
        formatOne(order, context.output, [...orderColumns, ['Approval', (entry) => entry.approvalReason]]),
      )
      return EXIT.ok
    },
  },
  {
    name: 'installations list',
    summary: "List the organization's marketplace installations",
    run: async (context) => {
      const { items } = await context.call(endpoints.marketplace.installations, { query: {} })
      context.print(formatList(items as InstallationSummary[], context.output, installationColumns))
      return EXIT.ok
    },
  },
  {
    name: 'installations get',
    summary: 'Show one installation',
    args: ['<installation-id>'],
    run: async (context) => {
      const installation = await context.call(endpoints.marketplace.installation, {
        params: { id: context.positionals[0]! },
      })
      context.print(formatOne(installation as InstallationSummary, context.output, installationColumns))
      return EXIT.ok
    },
  },
  {
    name: 'invoices list',
    summary: 'List invoices and credit notes, newest first',
    options: { ...limitOption },
    run: async (context) => {
      const page = await context.call(endpoints.billing.invoices, { query: limitOf(context.string('limit')) })
      context.print(formatList(page.items as InvoiceSummary[], context.output, invoiceColumns))
      return EXIT.ok
    },
  },
  {
    name: 'invoices download',
    summary: 'Download an invoice as PDF, CSV or Factur-X',
    args: ['<invoice-id>'],
    options: {
      format: { type: 'string', value: 'pdf|csv|facturx', description: 'Default pdf' },
      out: {
        type: 'string',
        value: '<file>',
        description: "Where to write it (default: the server's file name; - for stdout)",
      },
    },
    run: async (context) => {
      const format = (context.string('format') ?? 'pdf') as keyof typeof INVOICE_FORMATS
      const chosen = INVOICE_FORMATS[format]
      if (!chosen) throw usageError('--format must be pdf, csv or facturx')
      const id = context.positionals[0]!
      const file = await context.call(chosen.endpoint(), { params: { id } })
      const target = context.string('out') ?? file.filename ?? `invoice-${id}${chosen.suffix}`
      if (target === '-') {
        context.io.stdout(Buffer.from(file.bytes).toString('latin1'))
        return EXIT.ok
      }
      writeFileSync(target, file.bytes)
      const result = { file: target, bytes: file.bytes.length, mediaType: file.mediaType }
      context.print(
        context.output === 'json'
          ? JSON.stringify(result, null, 2)
          : `Wrote ${target} (${result.bytes} bytes)`,
      )
      return EXIT.ok
    },
  },
  {
    name: 'tickets list',
    summary: "List the organization's support tickets",
    run: async (context) => {
      const { items } = await context.call(endpoints.support.tickets, { query: {} })
      context.print(formatList(items as TicketSummary[], context.output, ticketColumns))
      return EXIT.ok
    },
  },
  {
    name: 'tickets open',
    summary: 'Open a support ticket',
    options: {
      subject: { type: 'string', value: '<text>', description: 'One line' },
      description: {
        type: 'string',
        value: '<text|->',
        description: 'The message (- or nothing: read stdin)',
      },
      category: { type: 'string', value: TICKET_CATEGORIES.join('|'), description: 'Default technical' },
      priority: { type: 'string', value: TICKET_PRIORITIES.join('|'), description: 'Default P3' },
    },
    run: async (context) => {
      const subject = context.string('subject')
      if (!subject) throw usageError('--subject is required')
      const ticket = await context.call(endpoints.support.openTicket, {
        body: {
          subject,
          description: await textOf(context.string('description'), context.io.readStdin, '--description'),
          category: (context.string('category') ?? 'technical') as (typeof TICKET_CATEGORIES)[number],
          priority: (context.string('priority') ?? 'P3') as (typeof TICKET_PRIORITIES)[number],
        },
      })
      context.print(formatOne(ticket as TicketSummary, context.output, ticketColumns))
      return EXIT.ok
    },
  },
  {
    name: 'tickets reply',
    summary: 'Reply to a ticket',
    args: ['<ticket-id>'],
    options: {
      message: {
        type: 'string',
        short: 'm',
        value: '<text|->',
        description: 'The reply (- or nothing: read stdin)',
      },
    },
    run: async (context) => {
      const ticket = await context.call(endpoints.support.reply, {
        params: { id: context.positionals[0]! },
        body: { body: await textOf(context.string('message'), context.io.readStdin, '--message') },
      })
      context.print(formatOne(ticket as TicketSummary, context.output, ticketColumns))
      return EXIT.ok
    },
  },
]
