import { z } from 'zod'

/**
 * The operator's identity as any visitor may read it (GET /api/legal/seller), for the contact
 * page: who the company is, where it is registered and how to reach it. Never its bank account,
 * which only invoices and billing mails carry. Read from the SELLER_* configuration
 * (server/seller-config.ts).
 */
export const publicSellerIdentitySchema = z.object({
  legalName: z.string(),
  /** As written after the name, e.g. "SAS (société par actions simplifiée)". */
  legalForm: z.string(),
  address: z.object({
    /** One or two street lines. */
    streetLines: z.array(z.string()),
    postcode: z.string(),
    city: z.string(),
    /** ISO 3166-1 alpha-2. */
    countryCode: z.string(),
  }),
  /** The French company number: nine digits. */
  siren: z.string(),
  rcs: z.object({ city: z.string(), number: z.string() }),
  vatNumber: z.string(),
  contacts: z.object({
    supportEmail: z.string(),
    billingEmail: z.string(),
    /** Null when the operator gave none. */
    phone: z.string().nullable(),
  }),
})
export type PublicSellerIdentity = z.infer<typeof publicSellerIdentitySchema>
