export const toast = {
  region: 'Notifications ({{hotkey}})',
  close: 'Close',
}
