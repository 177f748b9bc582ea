import { api as endpoints } from '../../common/contract/index.ts'
import { KUBECONFIG_LIFETIMES, type KubeconfigLifetime } from '../../common/schemas/clusters.ts'
import type { CommandSpec } from '../command.ts'
import { EXIT, usageError } from '../errors.ts'
import {
  credentialExpiries,
  execCacheFile,
  execCredential,
  execKubeconfig,
  kubeconfigPath,
  mergeKubeconfig,
  parseKubeconfig,
  readCachedCredential,
  readKubeconfig,
  stringifyKubeconfig,
  writeCachedCredential,
  writePrivateFile,
} from '../kubeconfig.ts'
import { clusterIdOf } from './clusters.ts'

export const kubeCommands: CommandSpec[] = [
  {
    name: 'kubeconfig save',
    summary: "Save a cluster's kubeconfig into your kubeconfig file (a personal credential)",
    args: ['<cluster>'],
    options: {
      kubeconfig: {
        type: 'string',
        value: '<file>',
        description: 'The file to merge into (default: $KUBECONFIG, else ~/.kube/config)',
      },
      lifetime: {
        type: 'string',
        value: KUBECONFIG_LIFETIMES.join('|'),
        description: 'How long the credential lives (default 7d)',
      },
      'set-context': { type: 'boolean', description: "Make the cluster's context the current one" },
      exec: {
        type: 'boolean',
        description:
          'A user that calls clusterdeck kubeconfig exec-credential: short-lived tokens, renewed as needed',
      },
    },
    details:
      'Clusters, users and contexts are merged by name: same-named entries are replaced, the rest kept.\nThe file is written with mode 0600.',
    run: async (context) => {
      const id = await clusterIdOf(context, context.positionals[0]!)
      const lifetime = context.string('lifetime')
      if (lifetime !== undefined && !(KUBECONFIG_LIFETIMES as readonly string[]).includes(lifetime))
        throw usageError(`--lifetime must be one of ${KUBECONFIG_LIFETIMES.join(', ')}`)
      let incoming: ReturnType<typeof parseKubeconfig>
      let expiries: { user: string; expiresAt: string }[]
      if (context.flag('exec')) {
        if (lifetime)
          throw usageError('--lifetime and --exec do not go together: exec credentials live an hour')
        const answer = await context.call(endpoints.clusters.execCredential, { params: { id } })
        const settings = context.settings()
        // The first credential is cached: kubectl's first call needs no second one.
        writeCachedCredential(execCacheFile(context.io.env, settings.url, settings.token!, id), answer)
        incoming = execKubeconfig(answer, id, {
          ...context.io.self,
          env: [
            { name: 'CLUSTERDECK_URL', value: settings.url },
            ...(context.io.env.CLUSTERDECK_CONFIG
              ? [{ name: 'CLUSTERDECK_CONFIG', value: settings.configFile }]
              : []),
          ],
        })
        expiries = []
      } else {
        const file = await context.call(endpoints.clusters.kubeconfig, {
          params: { id },
          body: { lifetime: (lifetime ?? '7d') as KubeconfigLifetime },
        })
        incoming = parseKubeconfig(new TextDecoder().decode(file.bytes))
        expiries = credentialExpiries(incoming)
      }
      const target = kubeconfigPath(context.io.env, context.string('kubeconfig'))
      const merged = mergeKubeconfig(readKubeconfig(target), incoming, {
        setContext: context.flag('set-context'),
      })
      writePrivateFile(target, stringifyKubeconfig(merged))
      const contextName = incoming['current-context'] ?? ''
      const result = {
        kubeconfig: target,
        context: contextName,
        currentContext: merged['current-context'],
        exec: context.flag('exec'),
        credentials: expiries,
      }
      if (context.output === 'table') {
        context.print(
          `Saved context ${contextName} to ${target}${merged['current-context'] === contextName ? ' (current)' : ''}`,
        )
        for (const entry of expiries) context.print(`Credential ${entry.user} expires ${entry.expiresAt}`)
        if (context.flag('exec'))
          context.print('The user renews its short-lived credential through clusterdeck.')
      } else
        context.print(
          context.output === 'json'
            ? JSON.stringify(result, null, 2)
            : (await import('yaml')).stringify(result),
        )
      return EXIT.ok
    },
  },
  {
    name: 'kubeconfig exec-credential',
    summary: 'kubectl exec credential plugin: print a short-lived token as an ExecCredential',
    args: ['<cluster>'],
    details:
      'Called by kubectl for a user written by kubeconfig save --exec. The credential is cached under\n~/.cache/clusterdeck (0600) until five minutes before it ends.',
    run: async (context) => {
      const clusterId = context.positionals[0]!
      const settings = context.settings()
      const id = await clusterIdOf(context, clusterId)
      const cacheFile = execCacheFile(context.io.env, settings.url, settings.token ?? '', id)
      let credential = readCachedCredential(cacheFile)
      if (!credential) {
        const answer = await context.call(endpoints.clusters.execCredential, { params: { id } })
        credential = { token: answer.token, expiresAt: answer.expiresAt }
        writeCachedCredential(cacheFile, credential)
      }
      context.print(JSON.stringify(execCredential(credential.token, credential.expiresAt)))
      return EXIT.ok
    },
  },
]
