import { VALIDATION_MESSAGES, type ValidationMessageId } from '#common/validation-messages.ts'

/** The catalog's own English words (common/validation-messages.ts). */
export const validation: Record<ValidationMessageId, string> = VALIDATION_MESSAGES
