/** The leads module's front door: what other parts of the server may use. Its other files are its own. */
export { DEMO_TIME_ZONE } from './constants.ts'
