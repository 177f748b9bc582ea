import { header } from '#web/locales/en/header.ts'
import { registerStrings } from '../i18n.ts'

registerStrings({ header })
