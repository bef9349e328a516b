import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IPodSpec } from 'kubernetes-models/v1/PodSpec';
import type { K8sObject } from './kustomize-build.util';
import { findObject } from './workload.util';

/**
 * The environment a container starts with, as the kubelet builds it from the manifests: `envFrom`
 * first, then `env` in order (a later entry wins), with `$(NAME)` replaced by a variable defined
 * before it. Secret values are not in the repository, so each Secret key is given by
 * `secretValue`; a key the Secret does not have, or a ConfigMap that is not there, throws.
 */
export function containerEnvironment(
  container: IContainer,
  pod: { name: string; namespace: string | undefined },
  objects: K8sObject[],
  secretValue: (secret: string, key: string) => string,
): Record<string, string> {
  const values: Record<string, string> = {};
  const configMapData = (name: string) => {
    const configMap = findObject(objects, 'ConfigMap', name, pod.namespace);
    if (!configMap) throw new Error(`container ${container.name}: ConfigMap ${name} does not exist`);
    return (configMap.data ?? {}) as Record<string, string>;
  };
  const secretKeys = (name: string) => {
    const secret = findObject(objects, 'Secret', name, pod.namespace);
    if (!secret) throw new Error(`container ${container.name}: Secret ${name} does not exist`);
    return Object.keys((secret.data ?? {}) as Record<string, string>);
  };

  for (const source of container.envFrom ?? []) {
    const prefix = source.prefix ?? '';
    if (source.configMapRef?.name) {
      for (const [key, value] of Object.entries(configMapData(source.configMapRef.name))) values[prefix + key] = value;
    }
    if (source.secretRef?.name) {
      for (const key of secretKeys(source.secretRef.name))
        values[prefix + key] = secretValue(source.secretRef.name, key);
    }
  }

  for (const variable of container.env ?? []) {
    const from = variable.valueFrom;
    if (from?.configMapKeyRef) {
      const data = configMapData(from.configMapKeyRef.name ?? '');
      if (!(from.configMapKeyRef.key in data)) {
        throw new Error(`${variable.name}: ConfigMap ${from.configMapKeyRef.name} has no ${from.configMapKeyRef.key}`);
      }
      values[variable.name] = data[from.configMapKeyRef.key];
    } else if (from?.secretKeyRef) {
      const { name = '', key } = from.secretKeyRef;
      if (!secretKeys(name).includes(key)) throw new Error(`${variable.name}: Secret ${name} has no ${key}`);
      values[variable.name] = secretValue(name, key);
    } else if (from?.fieldRef) {
      values[variable.name] = podField(from.fieldRef.fieldPath, pod);
    } else if (from) {
      throw new Error(`${variable.name}: only ConfigMap, Secret and pod name or namespace values are read here`);
    } else {
      values[variable.name] = expand(variable.value ?? '', values);
    }
  }
  return values;
}

function podField(path: string, pod: { name: string; namespace: string | undefined }): string {
  if (path === 'metadata.name') return pod.name;
  if (path === 'metadata.namespace' && pod.namespace) return pod.namespace;
  throw new Error(`fieldRef ${path} is not read here`);
}

/** `$(NAME)` of a variable defined earlier; `$$(NAME)` stays literal, an unknown name too (as Kubernetes does). */
function expand(value: string, defined: Record<string, string>): string {
  return value.replace(/\$\$|\$\(([A-Za-z_][A-Za-z0-9_]*)\)/g, (match, name: string | undefined) => {
    if (name === undefined) return '$';
    return name in defined ? defined[name] : match;
  });
}

/**
 * Where the file at `path` comes from in the container: the volume mounted above it and the key of
 * the Secret or ConfigMap that fills it. Throws when no mount of the container provides the file.
 */
export function mountedFileSource(
  path: string,
  container: IContainer,
  volumes: NonNullable<IPodSpec['volumes']>,
): { kind: 'Secret' | 'ConfigMap'; name: string; key: string } {
  for (const mount of container.volumeMounts ?? []) {
    const prefix = `${mount.mountPath.replace(/\/+$/, '')}/`;
    if (!path.startsWith(prefix)) continue;
    const file = path.slice(prefix.length);
    const volume = volumes.find((candidate) => candidate.name === mount.name);
    const source = volume?.secret
      ? { kind: 'Secret' as const, name: volume.secret.secretName ?? '', items: volume.secret.items }
      : volume?.configMap
        ? { kind: 'ConfigMap' as const, name: volume.configMap.name ?? '', items: volume.configMap.items }
        : undefined;
    if (!source) continue;
    // Without items every key is a file of its own name; with items, only the listed ones.
    const key = source.items ? source.items.find((item) => item.path === file)?.key : file;
    if (key !== undefined) return { kind: source.kind, name: source.name, key };
  }
  throw new Error(`container ${container.name}: no Secret or ConfigMap volume provides ${path}`);
}
