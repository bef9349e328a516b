import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
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

/** The `apiVersion/kind` of every custom resource that custom-resource-schemas.yaml has a schema for. */
const CUSTOM_RESOURCE_KINDS = new Set(
  Object.keys(
    (parse(readFileSync(join(__dirname, 'custom-resource-schemas.yaml'), 'utf8')) as { kinds: object }).kinds,
  ),
);

/** Whether the object is a custom resource checked by the hand-written schemas, not by kubernetes-models. */
export function isCustomResource(object: K8sObject): boolean {
  return CUSTOM_RESOURCE_KINDS.has(`${object.apiVersion}/${object.kind}`);
}

/**
 * Checks each object against the Kubernetes JSON schema of its apiVersion and kind (types, required
 * fields, formats and enums), with the validators kubernetes-models ships; custom resources against
 * the hand-written schemas of custom-resource-schemas.yaml, which also refuse fields they do not
 * list. They run in a child Node process (schema-validate.mjs): the package is ES modules only.
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
