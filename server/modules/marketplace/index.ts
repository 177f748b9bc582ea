/** The marketplace module's front door: what other parts of the server may use. Its other files are its own. */
export { placeInstallationOrder } from './service.ts'
