import { validation } from '#web/locales/en/validation.ts'
import { registerStrings } from '../i18n.ts'

registerStrings({ validation })
