import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { K8sObject } from './kustomize-build.util';

export interface ManifestProblem {
  object: string;
  message: string;
}

/** `Kind/namespace/name`, how every problem names its object. */
export function describeObject(object: K8sObject): string {
  const namespace = object?.metadata?.namespace;
  return `${object?.kind}/${namespace ? `${namespace}/` : ''}${object?.metadata?.name}`;
}

/**
 * Checks each object against the Kubernetes JSON schema of its apiVersion and kind (types, required
 * fields, formats and enums), with the validators kubernetes-models ships. They run in a child Node
 * process (schema-validate.mjs): the package is ES modules only.
 */
export function validateAgainstSchemas(objects: K8sObject[]): ManifestProblem[] {
  const child = spawnSync(process.execPath, [join(__dirname, 'schema-validate.mjs')], {
    input: JSON.stringify(objects),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (child.status !== 0) throw new Error(`schema-validate.mjs exited with ${child.status}: ${child.stderr}`);
  const problems = JSON.parse(child.stdout) as Array<{ index: number; message: string }>;
  return problems.map(({ index, message }) => ({ object: describeObject(objects[index]), message }));
}
