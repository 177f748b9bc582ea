import type { PublicSellerIdentity } from '#common/schemas/legal.ts'
import type { SellerIdentity } from '#common/seller-identity.ts'

/**
 * What any visitor may read of the operator's identity: its name, registration, address and
 * contacts. Built field by field, so that nothing added to the configuration later (such as the
 * bank account, which belongs on invoices only) reaches the public answer by itself.
 */
export function publicSellerIdentity(seller: SellerIdentity): PublicSellerIdentity {
  const { address, rcs, contacts } = seller
  return {
    legalName: seller.legalName,
    legalForm: seller.legalForm,
    address: {
      streetLines: [...address.streetLines],
      postcode: address.postcode,
      city: address.city,
      countryCode: address.countryCode,
    },
    siren: seller.siren,
    rcs: { city: rcs.city, number: rcs.number },
    vatNumber: seller.vatNumber,
    contacts: {
      supportEmail: contacts.supportEmail,
      billingEmail: contacts.billingEmail,
      phone: contacts.phone ?? null,
    },
  }
}
