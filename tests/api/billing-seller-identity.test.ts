import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FALLBACK_RATES } from '#common/money.ts'
import { formatAmount } from '#common/pricing.ts'
import { meterHour } from '#server/modules/billing/metering-run.ts'
import { issueMonthlyInvoice } from '#server/modules/billing/monthly-invoices.ts'
import { chaseOverdueInvoices } from '#server/modules/billing/overdue.ts'
import { createOrganization, hoursFrom, memberOf, runningCluster } from '#tests/helpers/billing.ts'
import { testConfiguration } from '#tests/helpers/clusters.ts'
import { compileSchematrons, schematronErrors, xsdErrors } from '#tests/helpers/facturx-validators.ts'
import { pdfAttachments, pdfText } from '#tests/helpers/pdf.ts'
import { startTestServer, type TestServer, waitForMail } from '#tests/helpers/server.ts'
import { renderSite } from '#web/site/render-site.tsx'
import { seedCatalog } from '../../scripts/site-catalog.ts'

/**
 * The operator's identity is configuration: a server started with other SELLER_* values prints
 * them on its invoices, in their Factur-X XML (still valid), on the legal pages it serves (built
 * once, with placeholders), in its billing mails and in the public answer the contact page shows;
 * the ways to pay are only those configured.
 */

const OTHER_SELLER = {
  SELLER_LEGAL_NAME: 'Nuage Libre SARL',
  SELLER_LEGAL_FORM: 'SARL (société à responsabilité limitée)',
  SELLER_SHARE_CAPITAL_EUR: '12500',
  SELLER_ADDRESS_LINE1: '3 place Bellecour',
  SELLER_ADDRESS_LINE2: 'Bâtiment B',
  SELLER_POSTCODE: '69002',
  SELLER_CITY: 'Lyon',
  SELLER_SIREN: '732829320',
  SELLER_SIRET: '73282932000074',
  SELLER_RCS_CITY: 'Lyon',
  SELLER_VAT_NUMBER: 'FR44732829320',
  SELLER_IBAN: 'FR7630004000031234567890143',
  SELLER_BIC: 'BNPAFRPPLYO',
  SELLER_SUPPORT_EMAIL: 'aide@nuage.example',
  SELLER_BILLING_EMAIL: 'compta@nuage.example',
  SELLER_PHONE: '+33 4 72 00 00 00',
}

let clientDir: string
/** The other seller, with a bank account and without Stripe. */
let server: TestServer
/** The demo seller (no bank account), with Stripe keys. */
let cardOnly: TestServer

/** A client folder as the build writes it: the app shell and the real /terms and /about pages. */
function builtClient(): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'clusterdeck-seller-client-'))
  writeFileSync(path.join(folder, '__spa-fallback.html'), '<!doctype html><title>app</title>')
  const assets = { stylesheets: ['/assets/app.css'], islandScript: '/assets/site.js' }
  for (const only of ['/terms', '/about']) {
    for (const page of renderSite({
      catalog: seedCatalog(),
      assets,
      siteUrl: 'https://clusterdeck.eu',
      only,
    })) {
      const file = path.join(
        folder,
        page.path,
        page.language === 'en' ? 'index.html' : `index.${page.language}.html`,
      )
      mkdirSync(path.dirname(file), { recursive: true })
      writeFileSync(file, page.html)
    }
  }
  return folder
}

beforeAll(async () => {
  clientDir = builtClient()
  ;[server, cardOnly] = await Promise.all([
    startTestServer({ ...OTHER_SELLER, WEB_CLIENT_DIR: clientDir }),
    startTestServer({ STRIPE_SECRET_KEY: 'sk_test_card_only', STRIPE_WEBHOOK_SECRET: 'whsec_card_only' }),
  ])
  await compileSchematrons()
}, 600_000)
afterAll(async () => {
  await Promise.all([server?.close(), cardOnly?.close()])
  rmSync(clientDir, { recursive: true, force: true })
})

/** A customer with a month of usage invoiced on `on`. */
async function invoicedCustomer(on: TestServer, billingEmail?: string) {
  const organization = await createOrganization(on.db, billingEmail ? { billingEmail } : {})
  const since = new Date('2026-08-03T00:00:00Z')
  await runningCluster(on.db, organization.id, testConfiguration('seller'), { since })
  for (const hour of hoursFrom(since, 30)) await meterHour(on.db, hour)
  const invoice = await issueMonthlyInvoice(on.db, {
    organizationId: organization.id,
    month: '2026-08',
    rates: FALLBACK_RATES,
    at: new Date('2026-09-01T00:15:00Z'),
  })
  const admin = await memberOf(on, organization.id)
  const download = async (format: 'pdf' | 'facturx') => {
    const response = await on.app.inject({
      method: 'GET',
      url: `/api/billing/invoices/${invoice!.id}/${format}`,
      headers: admin.headers,
    })
    expect(response.statusCode).toBe(200)
    return response.rawPayload
  }
  return { organization, invoice: invoice!, download }
}

async function expectValid(xml: string) {
  expect(xsdErrors(xml), 'Factur-X EN16931 XSD').toEqual([])
  expect(await schematronErrors('en16931', xml), 'EN 16931 CII Schematron').toEqual([])
  expect(await schematronErrors('facturx', xml), 'Factur-X EN16931 Schematron').toEqual([])
}

/** The payment sentence of an invoice's PDF text (it ends with the late-payment terms). */
const paymentSentence = (text: string) =>
  text.replace(/\n/g, ' ').match(/(Pay|To pay)[\s\S]*?Late payments/)?.[0] ?? ''

describe('the seller identity from SELLER_*', () => {
  it('is the seller block of the invoice PDF, which offers bank transfer but no card without Stripe', async () => {
    const { invoice, download } = await invoicedCustomer(server)
    const text = await pdfText(await download('pdf'))
    for (const line of [
      'Nuage Libre SARL',
      '3 place Bellecour',
      'Bâtiment B',
      '69002 Lyon',
      'VAT FR44732829320',
      'RCS Lyon 732 829 320 · SIRET 73282932000074',
    ])
      expect(text).toContain(line)
    expect(text).not.toContain('Clusterdeck SAS')
    const sentence = paymentSentence(text)
    expect(sentence).toContain(
      `Pay by bank transfer to Nuage Libre SARL, IBAN FR76 3000 4000 0312 3456 7890 143, BIC BNPAFRPPLYO, quoting ${invoice.number}.`,
    )
    expect(sentence).not.toMatch(/card|SEPA Direct Debit/i)
  })

  it('is the Factur-X seller party, structured, and the XML stays valid', async () => {
    const { download } = await invoicedCustomer(server)
    const xml = (await pdfAttachments(await download('facturx')))['factur-x.xml']!.toString('utf8')
    await expectValid(xml)
    const sellerParty = xml.match(/<ram:SellerTradeParty>[\s\S]*?<\/ram:SellerTradeParty>/)?.[0] ?? ''
    expect(sellerParty).toContain('<ram:Name>Nuage Libre SARL</ram:Name>')
    expect(sellerParty).toMatch(/<ram:ID schemeID="0002">732829320<\/ram:ID>/)
    expect(sellerParty).toContain(
      '<ram:Description>SARL (société à responsabilité limitée), share capital €12,500.00, RCS Lyon 732 829 320</ram:Description>',
    )
    expect(sellerParty).toContain('<ram:PostcodeCode>69002</ram:PostcodeCode>')
    expect(sellerParty).toContain('<ram:LineOne>3 place Bellecour</ram:LineOne>')
    expect(sellerParty).toContain('<ram:LineTwo>Bâtiment B</ram:LineTwo>')
    expect(sellerParty).toContain('<ram:CityName>Lyon</ram:CityName>')
    expect(sellerParty).toContain('<ram:CountryID>FR</ram:CountryID>')
    expect(sellerParty).toContain('compta@nuage.example')
    expect(sellerParty).toMatch(/<ram:ID schemeID="VA">FR44732829320<\/ram:ID>/)
    expect(xml).toMatch(/<ram:IBANID>FR7630004000031234567890143<\/ram:IBANID>/)
  })

  it('is on /terms and /about as served, in English and in French, without a rebuild', async () => {
    for (const [url, language] of [
      ['/terms', 'en'],
      ['/about', 'en'],
      ['/terms?lang=fr', 'fr'],
      ['/about?lang=fr', 'fr'],
    ] as const) {
      const response = await server.app.inject({ method: 'GET', url })
      expect(response.statusCode, url).toBe(200)
      expect(response.headers['content-type']).toContain('text/html')
      expect(response.headers['content-security-policy']).toContain('script-src')
      const html = response.body
      expect(html, url).not.toContain('{{seller.')
      expect(html).not.toContain('Clusterdeck SAS')
      expect(html).toContain('Nuage Libre SARL')
      expect(html).toContain('RCS Lyon 732 829 320')
      expect(html).toContain('3 place Bellecour, Bâtiment B, 69002 Lyon, France')
      expect(html).toContain(
        // French amounts are written the French way: "12 500,00 €".
        language === 'fr'
          ? `au capital de ${formatAmount(1_250_000, 'EUR', 'fr')}`
          : 'with a share capital of €12,500.00',
      )
      expect(html).toContain('aide@nuage.example')
      expect(html).toContain('+33 4 72 00 00 00')
    }
    const terms = (await server.app.inject({ method: 'GET', url: '/terms' })).body
    expect(terms).toContain('SARL (société à responsabilité limitée) with a share capital of €12,500.00')
    expect(terms).toContain('VAT number FR44732829320')
    // The built file itself, which still holds the placeholders, is not served as it is.
    const raw = await server.app.inject({ method: 'GET', url: '/terms/index.html' })
    expect(raw.body).not.toContain('{{seller.')
  })

  it('signs the overdue reminder, whose payment instructions name only bank transfer', async () => {
    const { invoice } = await invoicedCustomer(server, 'ap@customer.example')
    const sentAfter = new Date()
    await chaseOverdueInvoices(server.ctx, new Date(invoice.dueAt.getTime() + 8 * 86_400_000))
    const mail = await waitForMail(server.db, 'ap@customer.example', { after: sentAfter })
    expect(mail.text).toContain(
      `Pay by bank transfer to Nuage Libre SARL, IBAN FR76 3000 4000 0312 3456 7890 143, BIC BNPAFRPPLYO, quoting ${invoice.number}.`,
    )
    expect(mail.text).toContain('Nuage Libre SARL · Billing: compta@nuage.example')
    expect(mail.text).not.toMatch(/card|SEPA/i)
  })
})

describe('GET /api/legal/seller, for the contact page', () => {
  it('answers the configured identity and contacts to anyone, cacheable, and never the bank account', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/legal/seller' })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['cache-control']).toBe('public, max-age=300')
    expect(response.json()).toEqual({
      legalName: 'Nuage Libre SARL',
      legalForm: 'SARL (société à responsabilité limitée)',
      address: {
        streetLines: ['3 place Bellecour', 'Bâtiment B'],
        postcode: '69002',
        city: 'Lyon',
        countryCode: 'FR',
      },
      siren: '732829320',
      rcs: { city: 'Lyon', number: '732829320' },
      vatNumber: 'FR44732829320',
      contacts: {
        supportEmail: 'aide@nuage.example',
        billingEmail: 'compta@nuage.example',
        phone: '+33 4 72 00 00 00',
      },
    })
    // The server offers bank transfer (SELLER_IBAN and SELLER_BIC are set), yet not here.
    for (const bankDetail of ['FR7630004000031234567890143', 'FR76 3000', 'BNPAFRPPLYO'])
      expect(response.body).not.toContain(bankDetail)
    expect(response.body).not.toMatch(/"(iban|bic|bankAccount)"/i)
  })

  it('answers the demo identity by default, with no phone when none is configured', async () => {
    const response = await cardOnly.app.inject({ method: 'GET', url: '/api/legal/seller' })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({
      legalName: 'Clusterdeck SAS',
      vatNumber: 'FR65912345675',
      rcs: { city: 'Paris', number: '912345675' },
      contacts: {
        supportEmail: 'support@clusterdeck.eu',
        billingEmail: 'billing@clusterdeck.eu',
        phone: null,
      },
    })
  })
})

describe('without a bank account', () => {
  it('the invoice offers card and SEPA from the billing page but no bank transfer, and its XML stays valid', async () => {
    const { download } = await invoicedCustomer(cardOnly)
    const sentence = paymentSentence(await pdfText(await download('pdf')))
    expect(sentence).toContain('Pay by card or SEPA Direct Debit from the billing page.')
    expect(sentence).not.toMatch(/bank transfer|IBAN/i)
    const xml = (await pdfAttachments(await download('facturx')))['factur-x.xml']!.toString('utf8')
    await expectValid(xml)
    expect(xml).not.toContain('IBANID')
    expect(xml).toContain('<ram:TypeCode>48</ram:TypeCode>')
  })

  it('the billing page lists no bank transfer', async () => {
    const organization = await createOrganization(cardOnly.db)
    const admin = await memberOf(cardOnly, organization.id)
    const response = await cardOnly.app.inject({
      method: 'GET',
      url: '/api/billing/payment-methods',
      headers: admin.headers,
    })
    expect(response.json()).toMatchObject({
      cardPaymentsConfigured: true,
      bankTransfer: null,
      billingEmail: 'billing@clusterdeck.eu',
    })
  })
})
