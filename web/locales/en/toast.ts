export const toast = {
  /** Each toast's label for screen readers. */
  item: 'Notification',
  region: 'Notifications ({{hotkey}})',
  close: 'Close',
}
