import { suggestions } from '#web/locales/en/suggestions.ts'
import { registerStrings } from '../i18n.ts'

registerStrings({ suggestions })
