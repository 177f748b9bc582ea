import { clusterOperationFailedMail, clusterRunningMail } from './mail/provisioning-mails.ts'
import { prepareMail } from './mail/send-mail.ts'
import { syncClusterMeter, syncInstallationMeter } from './modules/billing/index.ts'
import { checkProductSettings, findProduct } from './modules/catalog/index.ts'
import { channelsFor, createNotification } from './modules/notifications/index.ts'
import type { ProvisioningHooks } from './provisioning/index.ts'

/**
 * What the provisioning engine is given of billing, notifications and the catalog, put together
 * here (where the server is composed) so that the engine imports none of them.
 */
export function createProvisioningHooks(): ProvisioningHooks {
  return {
    metering: { syncClusterMeter, syncInstallationMeter },
    notify: {
      channelsFor,
      createNotification,
      clusterRunningMail: (data) => prepareMail(clusterRunningMail, data),
      clusterOperationFailedMail: (data) => prepareMail(clusterOperationFailedMail, data),
    },
    products: { findProduct, checkProductSettings },
  }
}
