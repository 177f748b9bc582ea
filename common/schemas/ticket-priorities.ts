/**
 * Ticket priorities, P1 production down … P5 general question: on their own so the catalog (a
 * plan's response targets) and the support desk both read them without importing each other.
 */
export const TICKET_PRIORITIES = ['P1', 'P2', 'P3', 'P4', 'P5'] as const
export type TicketPriority = (typeof TICKET_PRIORITIES)[number]
