import { accounts } from '#web/locales/en/accounts.ts'
import { registerStrings } from '../i18n.ts'

registerStrings({ accounts })
