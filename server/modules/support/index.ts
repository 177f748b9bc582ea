/** The support module's front door: what other parts of the server may use. Its other files are its own. */
export { addCoveredMinutes } from './clocks.ts'
export { type InboundMailServer, startInboundMail } from './inbound-mail.ts'
export { sweepTickets } from './officers.ts'
