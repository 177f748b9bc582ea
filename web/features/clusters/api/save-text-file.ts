/** Hands text fetched by the app to the browser as a downloaded file. */
export function saveTextFile(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/yaml' }))
  const anchor = document.createElement('a')
  anchor.href = url
  anchor.download = fileName
  document.body.append(anchor)
  anchor.click()
  anchor.remove()
  // The download has started from the URL; give the browser a moment before freeing it.
  setTimeout(() => URL.revokeObjectURL(url), 1_000)
}
