import { preferences } from '#web/locales/en/preferences.ts'
import { registerStrings } from '../i18n.ts'

registerStrings({ preferences })
