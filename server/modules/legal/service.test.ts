import { describe, expect, it } from 'vitest'
import { loadConfig } from '#server/config.ts'
import { publicSellerIdentity } from './service.ts'

const SECRET = 'a-session-secret-of-at-least-32-characters'

describe('the public seller identity', () => {
  it('is the configured name, registration, address and contacts, without the bank account', () => {
    const { seller } = loadConfig({
      SESSION_SECRET: SECRET,
      SELLER_IBAN: 'FR7630004000031234567890143',
      SELLER_BIC: 'BNPAFRPPXXX',
      SELLER_PHONE: '+33 1 23 45 67 89',
    })
    expect(seller.bankAccount).toBeDefined()
    expect(publicSellerIdentity(seller)).toEqual({
      legalName: 'Clusterdeck SAS',
      legalForm: 'SAS (société par actions simplifiée)',
      address: {
        streetLines: ['27 rue du Faubourg Poissonnière'],
        postcode: '75009',
        city: 'Paris',
        countryCode: 'FR',
      },
      siren: '912345675',
      rcs: { city: 'Paris', number: '912345675' },
      vatNumber: 'FR65912345675',
      contacts: {
        supportEmail: 'support@clusterdeck.eu',
        billingEmail: 'billing@clusterdeck.eu',
        phone: '+33 1 23 45 67 89',
      },
    })
  })

  it('says there is no phone when none is configured', () => {
    const { seller } = loadConfig({ SESSION_SECRET: SECRET })
    expect(publicSellerIdentity(seller).contacts.phone).toBeNull()
  })
})
