import { legal } from '#web/locales/en/legal.ts'
import { registerStrings } from '../i18n.ts'

registerStrings({ legal })
