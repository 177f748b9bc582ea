import { officers } from '#web/locales/en/officers.ts'
import { registerStrings } from '../i18n.ts'

registerStrings({ officers })
