import { home } from '#web/locales/en/home.ts'
import { registerStrings } from '../i18n.ts'

registerStrings({ home })
