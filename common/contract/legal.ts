import { publicSellerIdentitySchema } from '../schemas/legal.ts'
import { defineEndpoints } from './endpoint.ts'
import { noQuery } from './parameters.ts'

/** The operator's legal identity for the public site; open to everyone, like the catalog. */
export const legal = defineEndpoints('legal', {
  seller: {
    audience: 'anyone',
    method: 'GET',
    path: '/api/legal/seller',
    query: noQuery,
    summary:
      "The operator's legal identity: name and form, registered office, RCS, SIREN, VAT number and contacts",
    description:
      'Read from the SELLER_* configuration at start-up. Bank details are never part of it: they are printed on invoices only.',
    responses: { 200: publicSellerIdentitySchema },
  },
})
