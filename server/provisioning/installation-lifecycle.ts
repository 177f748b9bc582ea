import type { InstallationOperationKind, InstallationStatus } from '#common/schemas/installations.ts'

/** The installation lifecycle as operations drive it (docs/decisions/017-marketplace.md). */

export const INSTALLATION_TRANSITIONAL_STATUS: Record<InstallationOperationKind, InstallationStatus> = {
  install: 'installing',
  upgrade: 'upgrading',
  reconfigure: 'reconfiguring',
  rollback: 'upgrading',
  uninstall: 'uninstalling',
}
export const INSTALLATION_RESTING_STATUS: Record<InstallationOperationKind, InstallationStatus> = {
  install: 'installed',
  upgrade: 'installed',
  reconfigure: 'installed',
  rollback: 'installed',
  uninstall: 'uninstalled',
}
/** The statuses each kind may start from; a failed installation is retried or uninstalled. */
export const INSTALLATION_STARTS_FROM: Record<InstallationOperationKind, InstallationStatus[]> = {
  install: ['pending'],
  upgrade: ['installed'],
  reconfigure: ['installed'],
  rollback: ['installed'],
  uninstall: ['pending', 'installed', 'failed'],
}
export const INSTALLATION_OPERATION_NAMES: Record<InstallationOperationKind, string> = {
  install: 'Installation',
  upgrade: 'Upgrade',
  reconfigure: 'Reconfiguration',
  rollback: 'Rollback',
  uninstall: 'Removal',
}

export function installationFinishedMessage(
  kind: InstallationOperationKind,
  name: string,
  version: string,
): string {
  switch (kind) {
    case 'install':
      return `${name} ${version} is installed`
    case 'upgrade':
      return `${name} was upgraded to ${version}`
    case 'reconfigure':
      return `${name} runs with its new settings`
    case 'rollback':
      return `${name} was rolled back to ${version}`
    case 'uninstall':
      return `${name} was removed`
  }
}
