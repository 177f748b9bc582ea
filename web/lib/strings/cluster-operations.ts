import { clusterOperations } from '#web/locales/en/cluster-operations.ts'
import { registerStrings } from '../i18n.ts'

registerStrings({ clusterOperations })
