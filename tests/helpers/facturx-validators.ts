import { spawn, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import SaxonJS from 'saxon-js'

/**
 * Factur-X XML checked by the official validators, as a receiving platform would: the Factur-X
 * EN16931 XSD with libxml2's xmllint, then the EN 16931 CII Schematron and the Factur-X EN16931
 * Schematron (their compiled XSLT 2.0) with SaxonJS. tests/fixtures/facturx/README.md says where
 * each file comes from.
 */

const FIXTURES = path.resolve('tests/fixtures/facturx')
const XSD = path.join(FIXTURES, 'xsd/Factur-X_EN16931.xsd')
export const SCHEMATRONS = {
  en16931: path.join(FIXTURES, 'schematron/EN16931-CII-validation.xslt'),
  facturx: path.join(FIXTURES, 'schematron/Factur-X_1.09_EN16931.xsl'),
} as const
type SchematronName = keyof typeof SCHEMATRONS
/**
 * Compiling an XSLT to SEF takes about a minute, so each is kept by the hash of its source and of
 * its place (the SEF refers to files beside its source by absolute path).
 */
const SEF_CACHE = path.resolve('node_modules/.cache/facturx-sef')

/** xmllint, installed from Debian's packages when missing and we are root (scripts/ensure-document-tools.sh). */
function ensureXmllint() {
  const found = spawnSync('xmllint', ['--version'], { stdio: 'ignore' })
  if (found.status === 0) return
  const installed = spawnSync('bash', ['scripts/ensure-document-tools.sh'], { encoding: 'utf8' })
  if (installed.status !== 0) throw new Error(`xmllint is missing: ${installed.stderr}`)
}

/** The XSD's errors (none when the XML is valid). */
export function xsdErrors(xml: string): string[] {
  ensureXmllint()
  const directory = mkdtempSync(path.join(os.tmpdir(), 'facturx-xsd-'))
  try {
    const file = path.join(directory, 'factur-x.xml')
    writeFileSync(file, xml)
    const result = spawnSync('xmllint', ['--noout', '--nonet', '--schema', XSD, file], { encoding: 'utf8' })
    if (result.status === 0) return []
    const errors = result.stderr
      .split('\n')
      .map((line) => line.replace(`${file}:`, 'line ').trim())
      .filter((line) => line && !line.endsWith('fails to validate'))
    return errors.length > 0 ? errors : [`xmllint exited with ${result.status}`]
  } finally {
    rmSync(directory, { recursive: true, force: true })
  }
}

/** The SEF of a Schematron XSLT, compiled with xslt3 on first use and kept (see SEF_CACHE). */
export async function compiledSchematron(name: SchematronName): Promise<string> {
  const source = SCHEMATRONS[name]
  const hash = createHash('sha256').update(source).update(readFileSync(source)).digest('hex').slice(0, 16)
  const sef = path.join(SEF_CACHE, `${path.basename(source)}.${hash}.sef.json`)
  if (existsSync(sef)) return sef
  mkdirSync(SEF_CACHE, { recursive: true })
  const partial = `${sef}.${process.pid}.partial`
  const xslt3 = path.resolve('node_modules/xslt3/xslt3.js')
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [xslt3, `-xsl:${source}`, `-export:${partial}`, '-nogo'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (chunk) => {
      stderr += chunk
    })
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`xslt3 could not compile ${source}: ${stderr}`)),
    )
  })
  renameSync(partial, sef)
  return sef
}

/**
 * Both Schematrons compiled, one after the other: about a minute each the first time (then they
 * are cached). Called once a test's servers are up, so the compiler does not starve their start.
 */
export async function compileSchematrons(): Promise<void> {
  await compiledSchematron('en16931')
  await compiledSchematron('facturx')
}

export type Assertion = { id: string; flag: string; location: string; text: string }

const decode = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')

/** Every failed assertion of the Schematron's report (SVRL), with its flag and text. */
export async function schematronAssertions(name: SchematronName, xml: string): Promise<Assertion[]> {
  const sef = await compiledSchematron(name)
  const result = await SaxonJS.transform(
    { stylesheetFileName: sef, sourceText: xml, destination: 'serialized' },
    'async',
  )
  const svrl = String(result.principalResult)
  return [...svrl.matchAll(/<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g)].map(
    ([, attributes, body]) => {
      const attribute = (key: string) => attributes!.match(new RegExp(`\\b${key}="([^"]*)"`))?.[1] ?? ''
      const text = body!.match(/<svrl:text>([\s\S]*?)<\/svrl:text>/)?.[1] ?? ''
      return {
        id: attribute('id'),
        // The Factur-X Schematron flags its warnings only: an assertion without a flag is an error.
        flag: attribute('flag') || 'error',
        location: decode(attribute('location')),
        text: decode(text).replace(/\s+/g, ' ').trim(),
      }
    },
  )
}

/** The failed assertions that make the XML invalid (flag fatal or error), one line each. */
export async function schematronErrors(name: SchematronName, xml: string): Promise<string[]> {
  const assertions = await schematronAssertions(name, xml)
  return assertions
    .filter((assertion) => assertion.flag === 'fatal' || assertion.flag === 'error')
    .map((assertion) => `[${assertion.id}] ${assertion.text} (at ${assertion.location})`)
}
