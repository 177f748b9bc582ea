import { tools } from '#web/locales/en/tools.ts'
import { registerStrings } from '../i18n.ts'

registerStrings({ tools })
