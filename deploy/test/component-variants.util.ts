import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import { type K8sObject, buildKustomization } from './kustomize-build.util';

/*
 * The production overlay with each choice of deploy/components an operator may list, built in a copy
 * of deploy/ whose overlay lists it: what the components' and the NetworkPolicies' tests check.
 */

/** deploy/, where the overlay and the components are. */
export const DEPLOY_DIR = join(__dirname, '..');
export const COMPONENTS_DIR = join(DEPLOY_DIR, 'components');
export const OVERLAY_FILE = 'overlays/production/kustomization.yaml';
export const readEnvExample = (path: string) => readFileSync(`${path}.example`, 'utf8');

/** Each edge alone, then with both optional components: every component is built at least twice. */
export const VARIANTS: Record<string, string[]> = {
  'edge-gateway-api': ['edge-gateway-api'],
  'edge-ingress-nginx': ['edge-ingress-nginx'],
  'edge-gateway-api, cert-manager, monitoring': ['edge-gateway-api', 'cert-manager', 'monitoring'],
  'edge-ingress-nginx, cert-manager, monitoring': ['edge-ingress-nginx', 'cert-manager', 'monitoring'],
};

/** A copy of deploy/ (never a secrets.env), so that its overlay can list other components. */
export function copyOfDeploy(): string {
  const copy = mkdtempSync(join(tmpdir(), 'deploy-components-'));
  cpSync(DEPLOY_DIR, copy, { recursive: true, filter: (source) => !source.endsWith('secrets.env') });
  return copy;
}

/** Lists `components` in the copy's overlay instead of those it lists, comments kept. */
export function listComponents(copy: string, components: string[]): string {
  const document = parseDocument(readFileSync(join(copy, OVERLAY_FILE), 'utf8'));
  document.set(
    'components',
    components.map((component) => `../../components/${component}`),
  );
  writeFileSync(join(copy, OVERLAY_FILE), document.toString());
  return join(copy, 'overlays/production');
}

/** Every variant of VARIANTS, built. */
export function buildVariants(): Record<string, K8sObject[]> {
  const copy = copyOfDeploy();
  try {
    return Object.fromEntries(
      Object.entries(VARIANTS).map(([name, components]) => [
        name,
        buildKustomization(listComponents(copy, components), { readEnvFile: readEnvExample }),
      ]),
    );
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

export const ofKind = (objects: K8sObject[], kind: string) => objects.filter((object) => object.kind === kind);
export const specOf = <T>(object: K8sObject | undefined) => object?.spec as T;

/** The fields of a Gateway API route the checks read. */
export interface RouteSpec {
  parentRefs: Array<{ name: string; namespace: string; sectionName: string }>;
  hostnames?: string[];
  rules: Array<{
    matches?: Array<{ path: { type: string; value: string } }>;
    timeouts?: { request?: string };
    backendRefs: Array<{ name: string; port: number }>;
  }>;
}
