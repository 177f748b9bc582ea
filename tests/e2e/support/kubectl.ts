import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { kubeBinaries } from '../../helpers/kube-binaries.ts'

export type KubectlResult = { code: number; stdout: string; stderr: string }

/**
 * The real kubectl (from the npm package the chart tests use too) run with a kubeconfig the
 * portal handed out, as its owner would run it on their machine. Never throws: a refused
 * connection or a 401 is an answer the tests look at.
 */
export async function kubectl(kubeconfig: string, ...args: string[]): Promise<KubectlResult> {
  const dir = await mkdtemp(path.join(tmpdir(), 'clusterdeck-kubectl-'))
  const file = path.join(dir, 'kubeconfig.yaml')
  await writeFile(file, kubeconfig, { mode: 0o600 })
  try {
    return await new Promise((resolve) => {
      execFile(
        kubeBinaries().kubectl,
        ['--kubeconfig', file, '--request-timeout=20s', ...args],
        // kubectl caches discovery under HOME: each run starts from nothing, as on a new machine.
        { timeout: 60_000, env: { PATH: process.env.PATH ?? '', HOME: dir } },
        (error, stdout, stderr) => {
          const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0
          resolve({ code, stdout, stderr })
        },
      )
    })
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** The node names `kubectl get nodes` lists, in its order. */
export async function kubectlNodeNames(kubeconfig: string): Promise<KubectlResult & { names: string[] }> {
  const result = await kubectl(kubeconfig, 'get', 'nodes', '-o', 'name')
  const names = result.stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => line.replace(/^node\//, ''))
  return { ...result, names }
}
