import { toast } from '#web/locales/en/toast.ts'
import { registerStrings } from '../i18n.ts'

registerStrings({ toast })
