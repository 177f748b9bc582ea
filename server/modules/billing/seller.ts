/** Who issues the invoices: the operator, a French company (its VAT rules are in common/vat.ts). */
export const SELLER = {
  name: 'Clusterdeck SAS',
  address: '10 rue de Rivoli\n75004 Paris\nFrance',
  countryCode: 'FR',
  vatNumber: 'FR32912345678',
  registration: 'RCS Paris 912 345 678',
  email: 'billing@clusterdeck.eu',
} as const

/** Bank transfer is always offered: the invoice number is the reference to quote. */
export const BANK_TRANSFER = {
  beneficiary: SELLER.name,
  iban: 'FR76 3000 4000 0312 3456 7890 143',
  bic: 'BNPAFRPPXXX',
}
