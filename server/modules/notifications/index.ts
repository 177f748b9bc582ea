/** The notifications module's front door: what other parts of the server may use. Its other files are its own. */
export { channelsFor, createNotification, notifyOfEvent, notifyOfficers } from './service.ts'
