import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Language } from '#common/language.ts'
import { FALLBACK_RATES } from '#common/money.ts'
import { formatAmount } from '#common/pricing.ts'
import { users } from '#server/db/schema/index.ts'
import { meterHour } from '#server/modules/billing/metering-run.ts'
import { issueMonthlyInvoice } from '#server/modules/billing/monthly-invoices.ts'
import { createOrganization, hoursFrom, memberOf, runningCluster } from '#tests/helpers/billing.ts'
import { testConfiguration } from '#tests/helpers/clusters.ts'
import { compileSchematrons, schematronErrors, xsdErrors } from '#tests/helpers/facturx-validators.ts'
import { pdfAttachments, pdfText } from '#tests/helpers/pdf.ts'
import { pdfFonts, pdfSelfDescription, xmpValue } from '#tests/helpers/pdfa.ts'
import { startTestServer, type TestServer } from '#tests/helpers/server.ts'

/**
 * The Factur-X XML of a real invoice and of a real credit note, checked by the official
 * validators: the Factur-X EN16931 XSD, the EN 16931 CII Schematron and the Factur-X Schematron;
 * and the PDFs (plain and Factur-X, invoice and credit note, English and French) as PDF/A-3B
 * asks: fonts embedded as subsets, Info and XMP agreeing, the language, no false tagged claim.
 */

let server: TestServer
let officer: Awaited<ReturnType<typeof memberOf>>

beforeAll(async () => {
  await startServer()
  await compileSchematrons()
}, 600_000)
afterAll(() => server.close())

async function startServer() {
  server = await startTestServer()
  const operator = await createOrganization(server.db)
  officer = await memberOf(server, operator.id)
  await server.db.update(users).set({ isOfficer: true }).where(eq(users.id, officer.userId))
}

/** A customer with a PO number and a month of usage invoiced. */
async function invoicedCustomer(language: Language = 'en') {
  const organization = await createOrganization(server.db, {
    billingAddress: '12 rue de la Paix\nBâtiment B\n75002 Paris\nFrance',
    purchaseOrderNumber: 'PO-2026-0042',
    language,
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

async function downloaded(organizationId: string, invoiceId: string, format: 'pdf' | 'facturx') {
  const admin = await memberOf(server, organizationId)
  const response = await server.app.inject({
    method: 'GET',
    url: `/api/billing/invoices/${invoiceId}/${format}`,
    headers: admin.headers,
  })
  expect(response.statusCode).toBe(200)
  return response.rawPayload
}

async function facturXml(organizationId: string, invoiceId: string) {
  const attachments = await pdfAttachments(await downloaded(organizationId, invoiceId, 'facturx'))
  return attachments['factur-x.xml']!.toString('utf8')
}

async function creditNoteOf(invoiceId: string) {
  const created = await server.app.inject({
    method: 'POST',
    url: `/api/officers/invoices/${invoiceId}/credit-notes`,
    headers: officer.headers,
    payload: { amountCents: 50, reason: 'Service credit for an outage' },
  })
  expect(created.statusCode).toBe(201)
  return created.json() as { id: string; number: string }
}

/** What PDF/A-3B asks of the file and what it says of itself. */
async function expectPdfA3b(bytes: Buffer, expected: { language: Language; title: string }) {
  const fonts = pdfFonts(bytes)
  expect(fonts.length).toBeGreaterThan(0)
  for (const font of fonts) expect(font, font.name).toMatchObject({ embedded: true, subset: true })

  const pdf = await pdfSelfDescription(bytes)
  expect(xmpValue(pdf.xmp, 'pdfaid:part')).toBe('3')
  expect(xmpValue(pdf.xmp, 'pdfaid:conformance')).toBe('B')
  expect(xmpValue(pdf.xmp, 'pdf:PDFVersion') ?? pdf.headerVersion).toBe(pdf.headerVersion)
  expect(pdf.info.title).toBe(expected.title)
  expect(xmpValue(pdf.xmp, 'dc:title')).toBe(pdf.info.title)
  expect(xmpValue(pdf.xmp, 'dc:creator')).toBe(pdf.info.author)
  expect(xmpValue(pdf.xmp, 'dc:description')).toBe(pdf.info.subject)
  expect(xmpValue(pdf.xmp, 'pdf:Producer')).toBe(pdf.info.producer)
  expect(xmpValue(pdf.xmp, 'pdf:Keywords')).toBe(pdf.info.keywords)
  expect(xmpValue(pdf.xmp, 'xmp:CreatorTool')).toBe(pdf.info.creator)
  expect(pdf.lang).toBe(expected.language)
  if (pdf.marked) expect(pdf.hasStructTreeRoot, 'Marked true needs a structure tree').toBe(true)
  return pdf
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
    const creditNote = await creditNoteOf(invoice.id)
    const xml = await facturXml(organization.id, creditNote.id)
    expect(xml).toContain('<ram:TypeCode>381</ram:TypeCode>')
    await expectValid(xml)
  })
})

describe('PDF/A-3B', () => {
  it('the invoice PDF, its Factur-X PDF and a credit note: embedded font subsets, Info and XMP agreeing, the language', async () => {
    const { organization, invoice } = await invoicedCustomer()
    const plain = await expectPdfA3b(await downloaded(organization.id, invoice.id, 'pdf'), {
      language: 'en',
      title: `Invoice ${invoice.number}`,
    })
    expect(plain.marked).toBe(false)
    const facturx = await expectPdfA3b(await downloaded(organization.id, invoice.id, 'facturx'), {
      language: 'en',
      title: `Invoice ${invoice.number}`,
    })
    // The Factur-X library's empty structure tree and tagged claim are gone.
    expect(facturx.marked).toBe(false)
    expect(facturx.hasStructTreeRoot).toBe(false)
    expect(xmpValue(facturx.xmp, 'fx:ConformanceLevel')).toBe('EN 16931')
    expect(xmpValue(facturx.xmp, 'fx:DocumentFileName')).toBe('factur-x.xml')

    const creditNote = await creditNoteOf(invoice.id)
    for (const format of ['pdf', 'facturx'] as const)
      await expectPdfA3b(await downloaded(organization.id, creditNote.id, format), {
        language: 'en',
        title: `Credit note ${creditNote.number}`,
      })
  })

  it("a French organization's invoice and credit note are in French, amounts the French way, and the XML still validates", async () => {
    const { organization, invoice } = await invoicedCustomer('fr')
    const pdf = await downloaded(organization.id, invoice.id, 'pdf')
    await expectPdfA3b(pdf, { language: 'fr', title: `Facture ${invoice.number}` })
    const text = await pdfText(pdf)
    const lines = text.split('\n')
    expect(lines[0]).toBe(`Facture ${invoice.number}`)
    expect(text).toMatch(/Émise le \d{1,2} septembre 2026 · Période du 1 août 2026 au 31 août 2026/)
    const total = formatAmount(invoice.totalCents, 'EUR', 'fr')
    expect(total).toMatch(/^\d{1,3}(?:\u202f\d{3})*,\d{2}\u00a0€$/)
    // Its no-break spaces read back as spaces.
    expect(lines).toContain(`Total TTC ${total.replace(/\s+/g, ' ')}`)
    expect(text).toContain('Désignation Heures Prix unitaire Montant')
    expect(text).not.toMatch(/Subtotal|Bill to|Invoice /)

    const facturx = await downloaded(organization.id, invoice.id, 'facturx')
    await expectPdfA3b(facturx, { language: 'fr', title: `Facture ${invoice.number}` })
    const xml = (await pdfAttachments(facturx))['factur-x.xml']!.toString('utf8')
    await expectValid(xml)
    expect(xml).toContain('Payable au plus tard le')

    const creditNote = await creditNoteOf(invoice.id)
    const creditNotePdf = await downloaded(organization.id, creditNote.id, 'pdf')
    await expectPdfA3b(creditNotePdf, { language: 'fr', title: `Avoir ${creditNote.number}` })
    expect((await pdfText(creditNotePdf)).split('\n')[0]).toBe(`Avoir ${creditNote.number}`)
    await expectValid(
      (await pdfAttachments(await downloaded(organization.id, creditNote.id, 'facturx')))[
        'factur-x.xml'
      ]!.toString('utf8'),
    )
  })
})
