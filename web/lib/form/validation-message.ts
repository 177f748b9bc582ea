import { useCallback } from 'react'
import { matchValidationMessage } from '#common/validation-messages.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/validation.ts'

/**
 * A field message of the shared catalog (common/validation-messages.ts), from a check in the
 * browser or from the server's 400, in the visitor's language; any other text is shown as it is.
 * `names` puts the reader's words in place of the server's (a product's name in French).
 */
export function useValidationMessage(): (message: string, names?: Record<string, string>) => string {
  const { t } = useTranslation()
  return useCallback(
    (message: string, names?: Record<string, string>) => {
      const matched = matchValidationMessage(message)
      return matched ? t(`validation.${matched.id}`, { ...matched.values, ...names }) : message
    },
    [t],
  )
}
