import { leads } from '#web/locales/en/leads.ts'
import { registerStrings } from '../i18n.ts'

registerStrings({ leads })
