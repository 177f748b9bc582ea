import { sidebar } from '#web/locales/en/sidebar.ts'
import { registerStrings } from '../i18n.ts'

registerStrings({ sidebar })
