import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';

/**
 * The small part of kustomize that deploy/ uses, so the manifests can be checked without kubectl:
 * plain resource files and bases, `components`, `namespace`, `images`, `secretGenerator` from env
 * files and inline JSON 6902 `patches` aimed at one kind and name. Anything else in a
 * kustomization.yaml is refused, so that a field this build would silently skip cannot creep in.
 * Generated Secrets keep their plain name (kustomize adds a hash suffix and rewrites the references
 * to it). Stricter than kustomize in one way: a patch whose target matches nothing is an error.
 *
 * In kustomize's order: a kustomization gathers its resources (a directory among them is built on
 * its own, as a Kustomization), runs its generators, then its components; only then its patches,
 * namespace and images, over everything gathered. A component (kind Component, apiVersion
 * kustomize.config.k8s.io/v1alpha1) is not built on its own: its resources join the objects of the
 * kustomization that lists it, and its patches apply to all of them, its parent's resources too.
 * Two objects of one kind, namespace and name are refused, as kustomize refuses them.
 */

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  [field: string]: unknown;
}

export interface KustomizeBuildOptions {
  /** The content of an env file a secretGenerator names (e.g. its committed `.example` instead). */
  readEnvFile(path: string): string;
}

interface Kustomization {
  apiVersion?: string;
  kind?: string;
  namespace?: string;
  resources?: string[];
  components?: string[];
  images?: Array<{ name: string; newName?: string; newTag?: string; digest?: string }>;
  secretGenerator?: Array<{ name: string; envs?: string[]; options?: { labels?: Record<string, string> } }>;
  patches?: Array<{ target?: { kind?: string; name?: string }; patch?: string; path?: string }>;
}

const SUPPORTED_FIELDS = new Set([
  'apiVersion',
  'kind',
  'namespace',
  'resources',
  'components',
  'images',
  'secretGenerator',
  'patches',
]);
/** Kinds without a namespace among those deploy/ may use. */
const CLUSTER_SCOPED_KINDS = new Set(['Namespace', 'ClusterRole', 'ClusterRoleBinding', 'StorageClass']);

export function buildKustomization(dir: string, options: KustomizeBuildOptions): K8sObject[] {
  return accumulate(dir, [], 'Kustomization', options);
}

const KUSTOMIZATION_VERSION = 'kustomize.config.k8s.io/v1beta1';
const COMPONENT_VERSION = 'kustomize.config.k8s.io/v1alpha1';

/**
 * Builds the kustomization in `dir` onto `objects`: a Kustomization starts from none, a component
 * from the objects of the kustomization that lists it (kustomize's accumulator).
 */
function accumulate(
  dir: string,
  objects: K8sObject[],
  expected: 'Kustomization' | 'Component',
  options: KustomizeBuildOptions,
): K8sObject[] {
  const file = join(dir, 'kustomization.yaml');
  const kustomization = parse(readFileSync(file, 'utf8')) as Kustomization & Record<string, unknown>;
  const unsupported = Object.keys(kustomization).filter((field) => !SUPPORTED_FIELDS.has(field));
  if (unsupported.length > 0) throw new Error(`${file}: fields this build does not support: ${unsupported.join(', ')}`);
  const kind = kustomization.kind ?? 'Kustomization';
  if (kind !== expected) {
    throw new Error(
      expected === 'Component'
        ? `${file}: listed as a component, but its kind is ${kind}`
        : `${file}: a ${kind} is listed under components, never as a resource`,
    );
  }
  const version = kind === 'Component' ? COMPONENT_VERSION : KUSTOMIZATION_VERSION;
  if (kustomization.apiVersion !== undefined && kustomization.apiVersion !== version) {
    throw new Error(`${file}: the apiVersion of a ${kind} is ${version}`);
  }

  const add = (added: K8sObject[]) => {
    for (const object of added) {
      const id = objectId(object);
      if (objects.some((existing) => objectId(existing) === id)) throw new Error(`${file}: ${id} is there twice`);
      objects.push(object);
    }
  };
  for (const entry of kustomization.resources ?? []) {
    const path = resolve(dir, entry);
    if (statSync(path).isDirectory()) add(accumulate(path, [], 'Kustomization', options));
    else add(readManifestFile(path));
  }
  for (const generator of kustomization.secretGenerator ?? []) add([generateSecret(generator, dir, options)]);
  for (const entry of kustomization.components ?? []) {
    const path = resolve(dir, entry);
    if (!statSync(path).isDirectory()) throw new Error(`${file}: component ${entry} is not a directory`);
    accumulate(path, objects, 'Component', options);
  }
  for (const patch of kustomization.patches ?? []) applyPatch(objects, patch, file);
  for (const image of kustomization.images ?? []) setImage(objects, image);
  if (kustomization.namespace !== undefined) {
    for (const object of objects) {
      if (!CLUSTER_SCOPED_KINDS.has(object.kind)) object.metadata.namespace = kustomization.namespace;
    }
  }
  return objects;
}

/** What kustomize tells objects apart by: the API group (not its version), kind, namespace and name. */
function objectId(object: K8sObject): string {
  const group = object.apiVersion.includes('/') ? object.apiVersion.slice(0, object.apiVersion.lastIndexOf('/')) : '';
  return `${group ? `${group}/` : ''}${object.kind}/${object.metadata.namespace ?? '~'}/${object.metadata.name}`;
}

/** Every YAML document of a file, empty ones left out. */
export function readManifestFile(path: string): K8sObject[] {
  return parseAllDocuments(readFileSync(path, 'utf8'))
    .map((document) => {
      if (document.errors.length > 0) throw new Error(`${path}: ${document.errors[0].message}`);
      return document.toJS() as K8sObject | null;
    })
    .filter((object): object is K8sObject => object !== null);
}

/** `KEY=value` lines; blank lines and # comments skipped, as kustomize reads them. */
export function parseEnvFile(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const equals = trimmed.indexOf('=');
    if (equals <= 0) throw new Error(`not a KEY=value line: ${trimmed}`);
    values[trimmed.slice(0, equals)] = trimmed.slice(equals + 1);
  }
  return values;
}

function generateSecret(
  generator: NonNullable<Kustomization['secretGenerator']>[number],
  dir: string,
  options: KustomizeBuildOptions,
): K8sObject {
  const data: Record<string, string> = {};
  for (const envFile of generator.envs ?? []) {
    for (const [key, value] of Object.entries(parseEnvFile(options.readEnvFile(resolve(dir, envFile))))) {
      data[key] = Buffer.from(value).toString('base64');
    }
  }
  const labels = generator.options?.labels;
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name: generator.name, ...(labels ? { labels: { ...labels } } : {}) },
    type: 'Opaque',
    data,
  };
}

type JsonPatchOperation = { op: string; path: string; value?: unknown };

function applyPatch(objects: K8sObject[], patch: NonNullable<Kustomization['patches']>[number], file: string): void {
  const { target } = patch;
  if (!target?.kind || !target.name || patch.patch === undefined || patch.path !== undefined) {
    throw new Error(`${file}: only inline patches aimed at one kind and name are supported`);
  }
  const matches = objects.filter((object) => object.kind === target.kind && object.metadata.name === target.name);
  if (matches.length !== 1)
    throw new Error(`${file}: patch target ${target.kind}/${target.name} matches ${matches.length}`);
  const operations = parse(patch.patch) as JsonPatchOperation[];
  if (!Array.isArray(operations))
    throw new Error(`${file}: a patch of ${target.kind}/${target.name} is not a JSON 6902 list`);
  for (const operation of operations) applyOperation(matches[0], operation, `${file} (${target.kind}/${target.name})`);
}

function applyOperation(object: K8sObject, operation: JsonPatchOperation, where: string): void {
  const tokens = operation.path
    .split('/')
    .slice(1)
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
  const last = tokens.pop();
  if (last === undefined) throw new Error(`${where}: empty patch path`);
  let parent: unknown = object;
  for (const token of tokens) {
    parent = (parent as Record<string, unknown>)?.[token];
    if (typeof parent !== 'object' || parent === null) throw new Error(`${where}: ${operation.path} does not exist`);
  }
  const exists = Array.isArray(parent) ? Number(last) < parent.length : last in (parent as object);
  if ((operation.op === 'replace' || operation.op === 'remove') && !exists) {
    throw new Error(`${where}: cannot ${operation.op} ${operation.path}, which does not exist`);
  }
  switch (operation.op) {
    case 'replace':
    case 'add':
      if (Array.isArray(parent) && operation.op === 'add') {
        parent.splice(last === '-' ? parent.length : Number(last), 0, operation.value);
      } else if (Array.isArray(parent)) parent[Number(last)] = operation.value;
      else (parent as Record<string, unknown>)[last] = operation.value;
      return;
    case 'remove':
      if (Array.isArray(parent)) parent.splice(Number(last), 1);
      else delete (parent as Record<string, unknown>)[last];
      return;
    default:
      throw new Error(`${where}: patch operation '${operation.op}' is not supported`);
  }
}

function setImage(objects: K8sObject[], image: NonNullable<Kustomization['images']>[number]): void {
  for (const object of objects) {
    for (const container of podContainers(object)) {
      const { name, tag } = splitImage(container.image);
      if (name !== image.name) continue;
      const newName = image.newName ?? name;
      if (image.digest) container.image = `${newName}@${image.digest}`;
      else container.image = image.newTag ? `${newName}:${image.newTag}` : tag ? `${newName}:${tag}` : newName;
    }
  }
}

function splitImage(image: string): { name: string; tag?: string } {
  const at = image.indexOf('@');
  if (at >= 0) return { name: image.slice(0, at) };
  const colon = image.lastIndexOf(':');
  // A colon before the last slash belongs to a registry's port, not to a tag.
  if (colon > image.lastIndexOf('/')) return { name: image.slice(0, colon), tag: image.slice(colon + 1) };
  return { name: image };
}

/** The containers and init containers of a workload's pod template (none for other kinds). */
export function podContainers(object: K8sObject): Array<{ name: string; image: string }> {
  const spec = (object.spec as { template?: { spec?: Record<string, unknown> } } | undefined)?.template?.spec;
  if (!spec) return [];
  return [...((spec.initContainers as []) ?? []), ...((spec.containers as []) ?? [])];
}
