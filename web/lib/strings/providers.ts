import { providers } from '#web/locales/en/providers.ts'
import { registerStrings } from '../i18n.ts'

registerStrings({ providers })
