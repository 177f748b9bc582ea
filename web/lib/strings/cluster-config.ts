import { clusterConfig } from '#web/locales/en/cluster-config.ts'
import { registerStrings } from '../i18n.ts'

registerStrings({ clusterConfig })
