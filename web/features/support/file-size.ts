const KB = 1024
const MB = 1024 * KB

/** 2.4 MB, 350 KB, 12 B: a file's size, in the binary units the attachment limit (10 MB) is given in. */
export function formatFileSize(bytes: number): string {
  if (bytes >= MB) return `${(bytes / MB).toFixed(1)} MB`
  if (bytes >= KB) return `${Math.round(bytes / KB)} KB`
  return `${bytes} B`
}
