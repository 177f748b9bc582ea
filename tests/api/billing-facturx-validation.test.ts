import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FALLBACK_RATES } from '#common/money.ts'
import { users } from '#server/db/schema/index.ts'
import { issueMonthlyInvoice } from '#server/modules/billing/invoicing.ts'
import { meterHour } from '#server/modules/billing/metering.ts'
import { createOrganization, hoursFrom, memberOf, runningCluster } from '#tests/helpers/billing.ts'
import { testConfiguration } from '#tests/helpers/clusters.ts'
import { compiledSchematron, schematronErrors, xsdErrors } from '#tests/helpers/facturx-validators.ts'
import { pdfAttachments } from '#tests/helpers/pdf.ts'
import { startTestServer, type TestServer } from '#tests/helpers/server.ts'

/**
 * The Factur-X XML of a real invoice and of a real credit note, checked by the official
 * validators: the Factur-X EN16931 XSD, the EN 16931 CII Schematron and the Factur-X Schematron.
 */

let server: TestServer
let officer: Awaited<ReturnType<typeof memberOf>>

beforeAll(async () => {
  // Compiling the two Schematrons takes about a minute the first time (then they are cached).
  await Promise.all([compiledSchematron('en16931'), compiledSchematron('facturx'), startServer()])
}, 300_000)
afterAll(() => server.close())

async function startServer() {
  server = await startTestServer()
  const operator = await createOrganization(server.db)
  officer = await memberOf(server, operator.id)
  await server.db.update(users).set({ isOfficer: true }).where(eq(users.id, officer.userId))
}

/** A customer with a PO number and a month of usage invoiced. */
async function invoicedCustomer() {
  const organization = await createOrganization(server.db, {
    billingAddress: '12 rue de la Paix\nBâtiment B\n75002 Paris\nFrance',
    purchaseOrderNumber: 'PO-2026-0042',
  })
  const since = new Date('2026-08-03T00:00:00Z')
  await runningCluster(server.db, organization.id, testConfiguration('facturx'), { since })
  for (const hour of hoursFrom(since, 30)) await meterHour(server.db, hour)
  const invoice = await issueMonthlyInvoice(server.db, {
    organizationId: organization.id,
    month: '2026-08',
    rates: FALLBACK_RATES,
    at: new Date('2026-09-01T00:15:00Z'),
  })
  return { organization, invoice: invoice! }
}

async function facturXml(organizationId: string, invoiceId: string) {
  const admin = await memberOf(server, organizationId)
  const response = await server.app.inject({
    method: 'GET',
    url: `/api/billing/invoices/${invoiceId}/facturx`,
    headers: admin.headers,
  })
  expect(response.statusCode).toBe(200)
  const attachments = await pdfAttachments(response.rawPayload)
  return attachments['factur-x.xml']!.toString('utf8')
}

async function expectValid(xml: string) {
  expect(xsdErrors(xml), 'Factur-X EN16931 XSD').toEqual([])
  expect(await schematronErrors('en16931', xml), 'EN 16931 CII Schematron').toEqual([])
  expect(await schematronErrors('facturx', xml), 'Factur-X EN16931 Schematron').toEqual([])
}

describe('Factur-X XML', () => {
  it("of an invoice passes the official XSD and Schematrons, with the buyer's order and the period", async () => {
    const { organization, invoice } = await invoicedCustomer()
    const xml = await facturXml(organization.id, invoice.id)
    await expectValid(xml)
    expect(xml).toMatch(
      /<ram:BuyerOrderReferencedDocument>\s*<ram:IssuerAssignedID>PO-2026-0042<\/ram:IssuerAssignedID>/,
    )
    expect(xml).toMatch(/<ram:BillingSpecifiedPeriod>[\s\S]*20260801[\s\S]*20260831/)
    expect(xml).toContain('<ram:PostcodeCode>75002</ram:PostcodeCode>')
    expect(xml).toContain('<ram:CityName>Paris</ram:CityName>')
    expect(xml).toContain('<ram:LineOne>12 rue de la Paix</ram:LineOne>')

    // The validators do refuse: a grand total that is not the sum, a delivery left out.
    const wrongTotal = xml.replace(/<ram:GrandTotalAmount>[^<]*</, '<ram:GrandTotalAmount>999999.99<')
    expect((await schematronErrors('en16931', wrongTotal)).join('\n')).toContain('BR-CO-15')
    const noDelivery = xml.replace(/<ram:ApplicableHeaderTradeDelivery\/>/, '')
    expect(noDelivery).not.toBe(xml)
    expect(xsdErrors(noDelivery).join('\n')).toContain('ApplicableHeaderTradeDelivery')
  })

  it('of a credit note passes the official XSD and Schematrons', async () => {
    const { organization, invoice } = await invoicedCustomer()
    const created = await server.app.inject({
      method: 'POST',
      url: `/api/officers/invoices/${invoice.id}/credit-notes`,
      headers: officer.headers,
      payload: { amountCents: 50, reason: 'Service credit for an outage' },
    })
    expect(created.statusCode).toBe(201)
    const xml = await facturXml(organization.id, created.json().id)
    expect(xml).toContain('<ram:TypeCode>381</ram:TypeCode>')
    await expectValid(xml)
  })
})
