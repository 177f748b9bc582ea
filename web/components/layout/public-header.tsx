/** The public header (spec §2): filled in with the header work. */
export function PublicHeader() {
  return <header className="border-b" />
}
