/**
 * The notes the product itself writes on the credits it records, in English and in French (an
 * officer's note is kept as typed). The ledger stores both; the screens show the reader's.
 */
export const CREDIT_NOTE_TEXTS = {
  welcome: { note: 'Welcome credit', noteFrench: 'Crédit de bienvenue' },
  migration: { note: 'Migration credit', noteFrench: 'Crédit de migration' },
  purchase: {
    note: 'Bought by card or SEPA Direct Debit',
    noteFrench: 'Acheté par carte ou prélèvement SEPA',
  },
} as const

/** The note of the credits a credit note gives back. */
export function creditNoteRefundTexts(number: string): { note: string; noteFrench: string } {
  return { note: `Credit note ${number}`, noteFrench: `Avoir ${number}` }
}
