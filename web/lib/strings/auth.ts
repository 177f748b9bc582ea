import { auth } from '#web/locales/en/auth.ts'
import { registerStrings } from '../i18n.ts'

registerStrings({ auth })
