/** The provider test pages: can clusters be built at a cloud provider? */
export const providers = {
  title: '{{cloud}} ({{service}}) check',
  lead: 'Checks that Clusterdeck can build clusters at {{cloud}}: the Cluster API infrastructure provider is installed in the management cluster, its credentials are in place, and a cluster definition is accepted in a dry run. The check runs each time this page opens.',
  runAgain: 'Run again',
  running: 'Running the check...',
  loading: 'Running the check for {{cloud}}...',
  error: 'The check could not run: {{message}}',
  operatorOnlyTitle: 'Only the platform operator can run this check',
  operatorOnly:
    "These checks look into the platform's own infrastructure: the management cluster and its cloud credentials. Ask the platform operator if you need to know whether clusters can be built here.",
  simulatedTitle: 'Simulated mode',
  simulatedNotice:
    'This server uses the simulated provisioning driver: no cloud and no management cluster were contacted. Each step below says what the Cluster API driver would check.',
  summary: {
    label: 'Result',
    ok: 'All {{count}} checks passed',
    failed_one: '{{count}} of {{total}} checks failed',
    failed_other: '{{count}} of {{total}} checks failed',
    simulated: 'Simulated: {{count}} checks described',
  },
  provider: 'Provider',
  driver: 'Driver',
  drivers: {
    simulated: 'Simulated',
    clusterapi: 'Cluster API',
  },
  checkedAt: 'Checked at',
  duration: 'Duration',
  durationValue: '{{ms}} ms',
  stepsLabel: 'Check steps',
  state: {
    ok: 'OK',
    failed: 'Failed',
    simulated: 'Simulated',
  },
  steps: {
    infrastructure_provider: {
      title: 'Infrastructure provider installed',
      hint: "The provider's CustomResourceDefinitions exist in the management cluster.",
    },
    credentials: {
      title: 'Credentials present',
      hint: "The provider's controllers have a Secret with cloud credentials.",
    },
    dry_run: {
      title: 'Dry-run create',
      hint: 'A Cluster and its infrastructure object pass validation without being created.',
    },
  },
  otherProviders: 'Other providers',
}
