import { expect } from 'vitest'
import { everyone, type Row } from './matrix-rows.ts'

/** The operator's legal identity (the contact page): public, the same answer for every caller. */
export function legalRows(): Row[] {
  return [
    {
      method: 'GET',
      url: '/api/legal/seller',
      request: () => ({ url: '/api/legal/seller' }),
      expected: everyone(200),
      check: (_caller, response) => {
        expect(response.json().legalName).toBe('Clusterdeck SAS')
        // Bank details are on invoices only, whoever asks.
        expect(response.body).not.toMatch(/"(iban|bic|bankAccount)"/i)
      },
    },
  ]
}
