import { marketing } from '#web/locales/en/marketing.ts'
import { registerStrings } from '../i18n.ts'

registerStrings({ marketing })
