import type { InstallationOperationKind, InstallationStep } from '#common/schemas/installations.ts'
import type {
  DriverInstallation,
  InstallationDriver,
  InstallationStepOutcome,
  InstallationStepRun,
} from '../driver.ts'
import { serviceEndpoints, usernameOf } from '../installation-endpoints.ts'
import { fails, type SimulationSettings, walkStep } from './step-walk.ts'

/**
 * Products on simulated clusters: each step takes its realistic time (divided by
 * PROVISIONING_SPEED) from when it first started, then reports what a Helm release of the chart
 * would: ready pods, then the services' addresses and the generated user. Failures come from
 * PROVISIONING_FAILURE_RATE like the cluster steps'.
 */

export const INSTALLATION_STEP_SECONDS: Record<InstallationStep, number> = {
  prepare_namespace: 4,
  apply_release: 20,
  wait_for_ready: 35,
  publish_endpoints: 3,
  remove_release: 15,
  clean_up: 6,
}

export const INSTALLATION_OPERATION_STEPS: Record<InstallationOperationKind, InstallationStep[]> = {
  install: ['prepare_namespace', 'apply_release', 'wait_for_ready', 'publish_endpoints'],
  upgrade: ['apply_release', 'wait_for_ready', 'publish_endpoints'],
  reconfigure: ['apply_release', 'wait_for_ready', 'publish_endpoints'],
  rollback: ['apply_release', 'wait_for_ready', 'publish_endpoints'],
  uninstall: ['remove_release', 'clean_up'],
}

const FAILURE_REASONS: Record<InstallationStep, string> = {
  prepare_namespace: 'The namespace could not be created: the cluster’s API server refused it',
  apply_release: 'The Helm release could not be applied: the chart’s templates were refused',
  wait_for_ready: 'The pods did not become ready in time: an image could not be pulled',
  publish_endpoints: 'The services have no address yet',
  remove_release: 'The Helm release could not be removed: a finalizer is still pending',
  clean_up: 'Some volumes could not be released: they are still attached',
}

export function createSimulatedInstallationDriver(settings: SimulationSettings): InstallationDriver {
  const seconds = (name: InstallationStep) => INSTALLATION_STEP_SECONDS[name] / settings.speed
  const walk = (
    installation: DriverInstallation,
    step: InstallationStepRun,
    working: string,
    done: () => InstallationStepOutcome,
  ): InstallationStepOutcome =>
    walkStep(
      step,
      {
        seconds: seconds(step.name),
        working,
        done,
        failure: `${FAILURE_REASONS[step.name]} (simulated failure)`,
      },
      () => fails(installation, step, settings.failureRate),
    )

  return {
    plan(kind) {
      return INSTALLATION_OPERATION_STEPS[kind].map((name) => ({
        name,
        estimatedSeconds: Math.max(1, Math.round(seconds(name))),
      }))
    },

    async run(kind, installation, step) {
      const release = `${installation.chart.name} ${installation.chart.version}`
      switch (step.name) {
        case 'prepare_namespace':
          return walk(installation, step, `Creating the namespace ${installation.namespace}`, () => ({
            state: 'done',
            message: `Namespace ${installation.namespace} ready`,
          }))
        case 'apply_release':
          return walk(installation, step, `Applying the Helm release ${release}`, () => ({
            state: 'done',
            message:
              kind === 'install'
                ? `Release ${installation.productId} installed from ${release}`
                : `Release ${installation.productId} now at ${release}`,
          }))
        case 'wait_for_ready':
          return walk(installation, step, `Waiting for the pods of ${installation.productName}`, () => ({
            state: 'done',
            message: `${installation.productName} ${installation.version} is ready`,
          }))
        case 'publish_endpoints':
          return walk(installation, step, 'Reading the services’ addresses', () => ({
            state: 'done',
            message: 'Connection details published',
            endpoints: serviceEndpoints(installation),
            ...(installation.productKind === 'middleware' ? { username: usernameOf(installation) } : {}),
          }))
        case 'remove_release':
          return walk(installation, step, `Removing the Helm release ${installation.productId}`, () => ({
            state: 'done',
            message: `Release ${installation.productId} removed`,
          }))
        case 'clean_up':
          return walk(installation, step, `Releasing the volumes of ${installation.namespace}`, () => ({
            state: 'done',
            message: 'Volumes and secrets released',
          }))
      }
    },
  }
}
