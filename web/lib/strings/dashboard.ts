import { dashboard } from '#web/locales/en/dashboard.ts'
import { registerStrings } from '../i18n.ts'

registerStrings({ dashboard })
