import { compileSchematrons } from '#tests/helpers/facturx-validators.ts'

/**
 * The Factur-X Schematrons compiled once before the API tests start (about a minute each on a
 * fresh clone, then cached in node_modules/.cache): compiled inside a test file, they competed
 * for the CPU with the servers that file starts.
 */
export default async function setup() {
  await compileSchematrons()
}
