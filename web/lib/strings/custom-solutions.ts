import { customSolutions } from '#web/locales/en/custom-solutions.ts'
import { registerStrings } from '../i18n.ts'

registerStrings({ customSolutions })
