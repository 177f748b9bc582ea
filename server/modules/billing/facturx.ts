import { type Invoice as EInvoice, FormatFactoryService } from '@e-invoice-eu/core'
import type { Language } from '#common/language.ts'
import type { PaymentOptions } from '#common/payment-instructions.ts'
import { formatAmount, HOURLY_PRICE_DECIMALS, MILLICENTS_PER_CENT } from '#common/pricing.ts'
import type { Invoice } from '#common/schemas/billing.ts'
import { rcsText, type SellerIdentity } from '#common/seller-identity.ts'
import { documentWords, formatDocumentDate, vatMentionOf } from './document-words.ts'
import { invoicePdfMetadata, renderInvoicePages } from './invoice-pdf.ts'
import { lineDescriptionIn } from './line-descriptions.ts'
import { finishPdfA } from './pdfa.ts'
import type { InvoiceIssuer } from './seller.ts'

/**
 * An invoice as Factur-X (EN 16931 profile): the pages of `renderInvoicePdf` made PDF/A-3 with the
 * invoice's CII XML inside, produced by `@e-invoice-eu/core` from its UBL-shaped model, then
 * finished as every billing PDF is (pdfa.ts: the library's metadata and empty structure tree
 * replaced). The PARIS discount and the credits applied are document-level allowances, as they
 * come before VAT. Codes are language-neutral; the free texts (notes, allowance reasons, payment
 * terms) are in the organization's language.
 */

type Money = `${number}`
type Party = EInvoice['ubl:Invoice']['cac:AccountingSupplierParty']['cac:Party']
type TaxCategory = { id: 'S' | 'AE' | 'G'; percent: Money; exemptionCode?: string; exemption?: string }

/** Cents as the decimal text the XML carries. */
const amount = (cents: number): Money => (cents / 100).toFixed(2) as Money

function taxCategoryOf(invoice: Invoice, language: Language): TaxCategory {
  const mention = vatMentionOf(invoice, language) ?? undefined
  if (invoice.vatTreatment === 'reverse_charge')
    return {
      id: 'AE',
      percent: '0',
      exemptionCode: 'VATEX-EU-AE',
      exemption: mention,
    }
  if (invoice.vatTreatment === 'export')
    return { id: 'G', percent: '0', exemptionCode: 'VATEX-EU-G', exemption: mention }
  return { id: 'S', percent: String(invoice.vatRatePercent) as Money }
}

const taxScheme = { 'cac:TaxScheme': { 'cbc:ID': 'VAT' } } as const

/**
 * A postal address typed as lines (street, more lines, then postcode and city, maybe the country)
 * as EN 16931 structures it: line one, line two, postcode, city and country code. The postcode is
 * the first word of the last line that starts with a digit (as in "75004 Paris"); lines after it
 * (the country's name) are left out, the country being given by its code.
 */
export function postalAddressOf(text: string) {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
  const cityLine = lines.findLastIndex((line, index) => index > 0 && /^\d[\w-]*\s+\S/.test(line))
  if (cityLine === -1)
    return { lineOne: lines[0], lineTwo: lines.slice(1, -1).join(', ') || undefined, city: lines.at(-1) }
  const [, postcode, city] = lines[cityLine]!.match(/^(\S+)\s+(.+)$/)!
  return { lineOne: lines[0], lineTwo: lines.slice(1, cityLine).join(', ') || undefined, postcode, city }
}

function addressOf(text: string, countryCode: string) {
  const address = postalAddressOf(text)
  return {
    ...(address.lineOne ? { 'cbc:StreetName': address.lineOne } : {}),
    ...(address.lineTwo ? { 'cbc:AdditionalStreetName': address.lineTwo } : {}),
    ...(address.city && address.city !== address.lineOne ? { 'cbc:CityName': address.city } : {}),
    ...(address.postcode ? { 'cbc:PostalZone': address.postcode } : {}),
    'cac:Country': { 'cbc:IdentificationCode': countryCode },
  }
}

/**
 * A line's quantity and net price as printed on the PDF: hours at the hourly price (four
 * decimals), so that quantity × price is the line's amount before a cap; a line without an hourly
 * price is one unit at its amount.
 */
function quantityAndPrice(line: Invoice['lines'][number]) {
  if (line.unitPriceMillicents !== null && line.quantity > 0)
    return {
      quantity: String(line.quantity),
      unit: 'HUR',
      price: (line.unitPriceMillicents / (MILLICENTS_PER_CENT * 100)).toFixed(HOURLY_PRICE_DECIMALS) as Money,
    }
  return { quantity: '1', unit: 'C62', price: amount(line.amountCents) }
}

/** The seller's address as EN 16931 structures it (BG-5): it is configured line by line. */
function sellerAddressOf(seller: SellerIdentity) {
  const [lineOne, ...more] = seller.address.streetLines
  return {
    'cbc:StreetName': lineOne,
    ...(more.length > 0 ? { 'cbc:AdditionalStreetName': more.join(', ') } : {}),
    'cbc:CityName': seller.address.city,
    'cbc:PostalZone': seller.address.postcode,
    'cac:Country': { 'cbc:IdentificationCode': seller.address.countryCode },
  }
}

/**
 * The seller (BG-4): its SIREN as the legal registration identifier BT-30 (scheme 0002, the
 * French SIRENE register), its legal form, share capital and register as the additional legal
 * information BT-33 French invoices must carry, its billing address as contact.
 */
function sellerPartyOf(seller: SellerIdentity): Party {
  return {
    'cbc:EndpointID': seller.contacts.billingEmail,
    'cbc:EndpointID@schemeID': 'EM',
    'cac:PartyName': { 'cbc:Name': seller.legalName },
    'cac:PostalAddress': sellerAddressOf(seller),
    'cac:PartyTaxScheme': [{ 'cbc:CompanyID': seller.vatNumber, ...taxScheme }],
    'cac:PartyLegalEntity': {
      'cbc:RegistrationName': seller.legalName,
      'cbc:CompanyID': seller.siren,
      'cbc:CompanyID@schemeID': '0002',
      'cbc:CompanyLegalForm': legalInformationOf(seller),
    },
    'cac:Contact': {
      ...(seller.contacts.phone ? { 'cbc:Telephone': seller.contacts.phone } : {}),
      'cbc:ElectronicMail': seller.contacts.billingEmail,
    },
  } as Party
}

/** BT-33, the seller's additional legal information: legal form, share capital, register. */
function legalInformationOf(seller: SellerIdentity): string {
  return `${seller.legalForm}, share capital ${formatAmount(seller.shareCapitalCents, 'EUR')}, ${rcsText(seller)}`
}

/**
 * The seller's additional legal information BT-33 (`ram:Description`, after its name), which
 * `@e-invoice-eu/core` leaves out of the EN 16931 profile's CII.
 */
export function withSellerLegalInformation(cii: CiiNode, seller: SellerIdentity): CiiNode {
  const root = cii['rsm:CrossIndustryInvoice'] as CiiNode | undefined
  const transaction = root?.['rsm:SupplyChainTradeTransaction'] as CiiNode | undefined
  const agreement = transaction?.['ram:ApplicableHeaderTradeAgreement'] as CiiNode | undefined
  const party = agreement?.['ram:SellerTradeParty'] as CiiNode | undefined
  if (!root || !transaction || !agreement || !party) return cii
  const described = ordered({ ...party, 'ram:Description': legalInformationOf(seller) }, [
    'ram:ID',
    'ram:GlobalID',
    'ram:Name',
    'ram:Description',
  ])
  return {
    ...cii,
    'rsm:CrossIndustryInvoice': {
      ...root,
      'rsm:SupplyChainTradeTransaction': {
        ...transaction,
        'ram:ApplicableHeaderTradeAgreement': { ...agreement, 'ram:SellerTradeParty': described },
      },
    },
  }
}

/**
 * The payment instructions (BG-16), only for a way that is offered: a credit transfer (30) to the
 * configured account, or else a bank card (48) through the billing page; none when neither is.
 */
function paymentMeansOf(payment: PaymentOptions, reference: string) {
  if (payment.bankTransfer)
    return [
      {
        'cbc:PaymentMeansCode': '30',
        'cbc:PaymentID': reference,
        'cac:PayeeFinancialAccount': {
          'cbc:ID': payment.bankTransfer.iban.replaceAll(' ', ''),
          'cbc:Name': payment.bankTransfer.beneficiary,
        },
      },
    ]
  if (payment.card) return [{ 'cbc:PaymentMeansCode': '48', 'cbc:PaymentID': reference }]
  return undefined
}

export function eInvoiceOf(invoice: Invoice, issuer: InvoiceIssuer, language: Language = 'en'): EInvoice {
  const currency = invoice.currency as 'EUR'
  const words = documentWords(language)
  const mention = vatMentionOf(invoice, language)
  const category = taxCategoryOf(invoice, language)
  const classified = { 'cbc:ID': category.id, 'cbc:Percent': category.percent, ...taxScheme }
  const charges = invoice.lines.filter((line) => line.kind !== 'discount')
  const allowances = [
    { reason: words.allowance.discount, cents: invoice.discountCents },
    { reason: words.allowance.credits, cents: invoice.creditsAppliedCents },
  ].filter((allowance) => allowance.cents > 0)
  const seller = sellerPartyOf(issuer.seller)
  const paymentMeans = paymentMeansOf(issuer.payment, invoice.paymentReference)

  return {
    'ubl:Invoice': {
      'cbc:CustomizationID': 'urn:cen.eu:en16931:2017',
      'cbc:ID': invoice.number,
      'cbc:IssueDate': invoice.issuedAt.slice(0, 10),
      'cbc:DueDate': invoice.dueAt.slice(0, 10),
      'cbc:InvoiceTypeCode': invoice.kind === 'credit_note' ? '381' : '380',
      ...(mention ? { 'cbc:Note': [mention] } : {}),
      'cbc:DocumentCurrencyCode': currency,
      ...(invoice.customer.purchaseOrderNumber
        ? { 'cbc:BuyerReference': invoice.customer.purchaseOrderNumber }
        : {}),
      'cac:InvoicePeriod': { 'cbc:StartDate': invoice.periodStart, 'cbc:EndDate': invoice.periodEnd },
      ...(invoice.customer.purchaseOrderNumber
        ? { 'cac:OrderReference': { 'cbc:ID': invoice.customer.purchaseOrderNumber } }
        : {}),
      ...(invoice.correctsInvoiceNumber
        ? {
            'cac:BillingReference': [
              { 'cac:InvoiceDocumentReference': { 'cbc:ID': invoice.correctsInvoiceNumber } },
            ],
          }
        : {}),
      'cac:AccountingSupplierParty': { 'cac:Party': seller },
      'cac:AccountingCustomerParty': {
        'cac:Party': {
          'cbc:EndpointID': invoice.customer.email ?? issuer.seller.contacts.billingEmail,
          'cbc:EndpointID@schemeID': 'EM',
          'cac:PartyName': { 'cbc:Name': invoice.customer.name },
          'cac:PostalAddress': addressOf(invoice.customer.address, invoice.customer.countryCode),
          ...(invoice.customer.vatNumber
            ? { 'cac:PartyTaxScheme': { 'cbc:CompanyID': invoice.customer.vatNumber, ...taxScheme } }
            : {}),
          'cac:PartyLegalEntity': { 'cbc:RegistrationName': invoice.customer.name },
        },
      } as EInvoice['ubl:Invoice']['cac:AccountingCustomerParty'],
      ...(paymentMeans ? { 'cac:PaymentMeans': paymentMeans } : {}),
      'cac:PaymentTerms': { 'cbc:Note': words.payableBy(formatDocumentDate(invoice.dueAt, language)) },
      ...(allowances.length > 0
        ? {
            'cac:AllowanceCharge': allowances.map((allowance) => ({
              'cbc:ChargeIndicator': 'false',
              'cbc:AllowanceChargeReason': allowance.reason,
              'cbc:Amount': amount(allowance.cents),
              'cbc:Amount@currencyID': currency,
              'cac:TaxCategory': classified,
            })),
          }
        : {}),
      'cac:TaxTotal': [
        {
          'cbc:TaxAmount': amount(invoice.vatCents),
          'cbc:TaxAmount@currencyID': currency,
          'cac:TaxSubtotal': [
            {
              'cbc:TaxableAmount': amount(invoice.taxableCents),
              'cbc:TaxableAmount@currencyID': currency,
              'cbc:TaxAmount': amount(invoice.vatCents),
              'cbc:TaxAmount@currencyID': currency,
              'cac:TaxCategory': {
                ...classified,
                ...(category.exemptionCode ? { 'cbc:TaxExemptionReasonCode': category.exemptionCode } : {}),
                ...(category.exemption ? { 'cbc:TaxExemptionReason': category.exemption } : {}),
              },
            },
          ],
        },
      ],
      'cac:LegalMonetaryTotal': {
        'cbc:LineExtensionAmount': amount(invoice.subtotalCents),
        'cbc:LineExtensionAmount@currencyID': currency,
        'cbc:TaxExclusiveAmount': amount(invoice.taxableCents),
        'cbc:TaxExclusiveAmount@currencyID': currency,
        'cbc:TaxInclusiveAmount': amount(invoice.totalCents),
        'cbc:TaxInclusiveAmount@currencyID': currency,
        ...(allowances.length > 0
          ? {
              'cbc:AllowanceTotalAmount': amount(invoice.discountCents + invoice.creditsAppliedCents),
              'cbc:AllowanceTotalAmount@currencyID': currency,
            }
          : {}),
        'cbc:PayableAmount': amount(invoice.totalCents),
        'cbc:PayableAmount@currencyID': currency,
      },
      'cac:InvoiceLine': charges.map((line, index) => {
        const { quantity, unit, price } = quantityAndPrice(line)
        // A line that reached its monthly price: its hours at their price, less the cap as a line allowance (BG-27).
        const capCents = line.listAmountCents === null ? 0 : line.listAmountCents - line.amountCents
        return {
          'cbc:ID': String(index + 1),
          'cbc:InvoicedQuantity': quantity,
          'cbc:InvoicedQuantity@unitCode': unit,
          'cbc:LineExtensionAmount': amount(line.amountCents),
          'cbc:LineExtensionAmount@currencyID': currency,
          ...(capCents > 0
            ? {
                'cac:AllowanceCharge': [
                  {
                    'cbc:ChargeIndicator': 'false',
                    'cbc:AllowanceChargeReasonCode': '95',
                    'cbc:AllowanceChargeReason': words.cappedReason,
                    // CII carries no currency on a line's amounts (CII-DT-031): the document's applies.
                    'cbc:Amount': amount(capCents),
                  },
                ],
              }
            : {}),
          'cac:Item': {
            'cbc:Name': lineDescriptionIn(line.description, language),
            'cac:ClassifiedTaxCategory': classified,
          },
          'cac:Price': {
            'cbc:PriceAmount': price,
            'cbc:PriceAmount@currencyID': currency,
          },
        }
      }),
    },
  } as EInvoice
}

type Log = { debug(message: string): void; warn(message: string): void; error(message: string): void }

type CiiNode = Record<string, unknown>

/** The keys of `node` in the order given, then the others as they were. */
function ordered(node: CiiNode, order: string[]): CiiNode {
  const known = order.filter((key) => key in node)
  const rest = Object.keys(node).filter((key) => !order.includes(key))
  return Object.fromEntries([...known, ...rest].map((key) => [key, node[key]]))
}

/**
 * What `@e-invoice-eu/core` leaves out of the EN 16931 profile's CII, put in its schema's order:
 * the delivery (mandatory, even empty) before the settlement, and the buyer's purchase order as
 * the order reference BT-13 (the library writes it only in the Extended profile).
 */
export function completeCii(cii: CiiNode, invoice: Invoice): CiiNode {
  const root = cii['rsm:CrossIndustryInvoice'] as CiiNode | undefined
  const transaction = root?.['rsm:SupplyChainTradeTransaction'] as CiiNode | undefined
  if (!root || !transaction) return cii
  const agreement = transaction['ram:ApplicableHeaderTradeAgreement'] as CiiNode
  const orderNumber = invoice.customer.purchaseOrderNumber
  const completedAgreement = ordered(
    orderNumber
      ? { ...agreement, 'ram:BuyerOrderReferencedDocument': { 'ram:IssuerAssignedID': orderNumber } }
      : agreement,
    [
      'ram:BuyerReference',
      'ram:SellerTradeParty',
      'ram:BuyerTradeParty',
      'ram:SellerTaxRepresentativeTradeParty',
      'ram:SellerOrderReferencedDocument',
      'ram:BuyerOrderReferencedDocument',
      'ram:ContractReferencedDocument',
      'ram:AdditionalReferencedDocument',
      'ram:SpecifiedProcuringProject',
    ],
  )
  const completedTransaction = ordered(
    {
      ...transaction,
      'ram:ApplicableHeaderTradeAgreement': completedAgreement,
      'ram:ApplicableHeaderTradeDelivery': transaction['ram:ApplicableHeaderTradeDelivery'] ?? {},
    },
    [
      'ram:IncludedSupplyChainTradeLineItem',
      'ram:ApplicableHeaderTradeAgreement',
      'ram:ApplicableHeaderTradeDelivery',
      'ram:ApplicableHeaderTradeSettlement',
    ],
  )
  return {
    ...cii,
    'rsm:CrossIndustryInvoice': { ...root, 'rsm:SupplyChainTradeTransaction': completedTransaction },
  }
}

export async function renderFacturX(
  invoice: Invoice,
  issuer: InvoiceIssuer,
  log: Log,
  language: Language,
  createdAt = new Date(),
): Promise<Buffer> {
  const pdf = await renderInvoicePages(invoice, language, issuer)
  const formatter = new FormatFactoryService().createFormatService('Factur-X-EN16931', {
    log: (message: string) => log.debug(message),
    warn: (message: string) => log.warn(message),
    error: (message: string) => log.error(message),
  }) as ReturnType<FormatFactoryService['createFormatService']> & { renderXML(data: object): string }
  // The CII is completed as data, just before the library writes it as XML into the PDF.
  const renderXML = formatter.renderXML.bind(formatter)
  formatter.renderXML = (data) =>
    renderXML(withSellerLegalInformation(completeCii(data as CiiNode, invoice), issuer.seller))
  const eInvoice = structuredClone(eInvoiceOf(invoice, issuer, language))
  formatter.fillInvoiceDefaults(eInvoice)
  const rendered = await formatter.generate(eInvoice, {
    format: 'Factur-X-EN16931',
    lang: language === 'fr' ? 'fr-fr' : 'en-us',
    pdf: { buffer: pdf, filename: `${invoice.number}.pdf`, mimetype: 'application/pdf' },
  })
  return finishPdfA(rendered as Uint8Array, invoicePdfMetadata(invoice, language, issuer, createdAt), {
    fileName: 'factur-x.xml',
    conformanceLevel: 'EN 16931',
  })
}
