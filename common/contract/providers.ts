import { providerCheckParamsSchema, providerCheckSchema } from '../schemas/providers.ts'
import { defineEndpoints } from './endpoint.ts'

/**
 * The provider checks diagnose the operator's own infrastructure (with the Cluster API driver they
 * read the management cluster's secrets): the platform operator's, in a session, never a token's.
 */
export const providers = defineEndpoints('providers', {
  check: {
    audience: 'superAdmin',
    method: 'GET',
    path: '/api/providers/:provider/check',
    summary: 'Check that clusters can be built at a cloud provider',
    description:
      'Runs the provisioning driver’s checks: the Cluster API infrastructure provider is installed, its credentials are present, and a dry-run create is accepted. With the simulated driver, `simulated` is true and the steps say what would be checked. Providers: gcp, aws, azure, ibm, huawei, alibaba, digitalocean. The platform operator (super_admin) only, signed in: 403 for anyone else and for API tokens.',
    params: providerCheckParamsSchema,
    responses: { 200: providerCheckSchema },
    errors: [404],
  },
})
