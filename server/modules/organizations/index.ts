/** The organizations module's front door: what other parts of the server may use. Its other files are its own. */
export { admitVouchedRegistrant, askForPromotion, myPromotionRequest } from './approvals.ts'
export { createOrganizationWithBillingId } from './billing-ids.ts'
export { retireAccount } from './members.ts'
