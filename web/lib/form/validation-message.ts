import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { matchValidationMessage } from '#common/validation-messages.ts'
import '#web/lib/strings/validation.ts'

/**
 * A field message of the shared catalog (common/validation-messages.ts), from a check in the
 * browser or from the server's 400, in the visitor's language; any other text is shown as it is.
 */
export function useValidationMessage(): (message: string) => string {
  const { t } = useTranslation()
  return useCallback(
    (message: string) => {
      const matched = matchValidationMessage(message)
      return matched ? t(`validation.${matched.id}`, matched.values) : message
    },
    [t],
  )
}
