import { notifications } from '#web/locales/en/notifications.ts'
import { registerStrings } from '../i18n.ts'

registerStrings({ notifications })
