/** The rules of the lead forms in one place; tests check them by value. */

/** Demos are given in the sales team's working hours, in Paris. */
export const DEMO_TIME_ZONE = 'Europe/Paris'
export const DEMO_SLOT_MINUTES = 30
/** Slots are offered on this many business days (Monday to Friday), starting tomorrow. */
export const DEMO_BUSINESS_DAYS = 10
/** The first slot starts at 09:00 and the last one ends at 17:00. */
export const DEMO_DAY_START_MINUTE = 9 * 60
export const DEMO_DAY_END_MINUTE = 17 * 60

/** How long the link of a newsletter confirmation mail works. */
export const NEWSLETTER_TOKEN_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000
