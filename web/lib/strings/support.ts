import { support } from '#web/locales/en/support.ts'
import { registerStrings } from '../i18n.ts'

registerStrings({ support })
