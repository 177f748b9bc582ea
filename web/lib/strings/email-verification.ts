import { emailVerification } from '#web/locales/en/email-verification.ts'
import { registerStrings } from '../i18n.ts'

registerStrings({ emailVerification })
