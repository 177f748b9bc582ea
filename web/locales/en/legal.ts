/** The operator's legal identity, as the contact page shows it. */
export const legal = {
  seller: {
    title: 'Company information',
    loading: 'Loading the company information...',
    loadFailed: 'The company information could not be loaded',
    company: 'Company',
    registeredOffice: 'Registered office',
    registration: 'Registration',
    vatNumber: 'VAT number',
    supportEmail: 'Support',
    billingEmail: 'Billing',
    phone: 'Phone',
  },
}
