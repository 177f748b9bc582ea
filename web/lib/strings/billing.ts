import { billing } from '#web/locales/en/billing.ts'
import { registerStrings } from '../i18n.ts'

registerStrings({ billing })
