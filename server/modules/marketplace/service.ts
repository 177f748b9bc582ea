import { installIssues, productMonthlyPriceCents } from '#common/product-rules.ts'
import type { InstallRequest } from '#common/schemas/products.ts'
import type { Queryable } from '#server/db/client.ts'
import type { Caller } from '#server/lib/caller.ts'
import { HttpError, invalidFields } from '#server/lib/errors.ts'
import { checkProductSettings } from '#server/modules/catalog/product-settings.ts'
import { findProduct } from '#server/modules/catalog/products.ts'
import { getCatalog } from '#server/modules/catalog/service.ts'
import { findCluster } from '#server/modules/clusters/service.ts'

/**
 * Whether a product can go onto one of the caller's clusters as asked: an unknown product or
 * another organization's cluster is not found (404); settings against the product's schema are a
 * 400 naming each field; what the cluster or the catalog cannot take is a 422 saying why.
 */
export async function checkInstall(
  db: Queryable,
  caller: Caller,
  productId: string,
  request: InstallRequest,
) {
  const product = await findProduct(db, productId)
  const cluster = await findCluster(db, caller, request.clusterId)
  const { settings, issues: settingIssues } = checkProductSettings(product, request.settings)
  if (settingIssues.length > 0)
    throw invalidFields(
      settingIssues.map((issue) => ({ path: ['body', ...issue.path].join('.'), message: issue.message })),
    )
  const catalog = await getCatalog(db)
  const issues = installIssues(
    {
      product,
      planId: request.planId,
      version: request.version,
      namespace: request.namespace,
      cluster: {
        clusterTypeId: cluster.clusterTypeId,
        kubernetesVersion: cluster.kubernetesVersion,
        status: cluster.status,
        nodePools: cluster.configuration?.nodePools ?? [],
      },
      // Installations of the cluster count here once they exist (docs/decisions/017).
      installed: [],
    },
    catalog,
  )
  if (issues.length > 0)
    throw new HttpError(422, issues.map((issue) => issue.message).join(' '), {
      code: 'INSTALL_REFUSED',
      issues: issues.map((issue) => ({ path: ['body', ...issue.path].join('.'), message: issue.message })),
    })
  return { product, cluster, settings, monthlyPriceCents: productMonthlyPriceCents(product, request.planId) }
}
