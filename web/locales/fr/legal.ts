import type { legal as english } from '../en/legal.ts'

/** L’identité légale de l’exploitant, telle que la page de contact la montre. */
export const legal: typeof english = {
  seller: {
    title: 'Informations sur la société',
    loading: 'Chargement des informations sur la société...',
    loadFailed: 'Les informations sur la société n’ont pas pu être chargées',
    company: 'Société',
    registeredOffice: 'Siège social',
    registration: 'Immatriculation',
    vatNumber: 'N° de TVA intracommunautaire',
    supportEmail: 'Support',
    billingEmail: 'Facturation',
    phone: 'Téléphone',
  },
}
