import { installations } from '#web/locales/en/installations.ts'
import { registerStrings } from '../i18n.ts'

registerStrings({ installations })
