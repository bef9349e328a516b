// Validates Kubernetes objects against the API's JSON schemas with kubernetes-models (one model per
// apiVersion and kind, its schema compiled by ajv). Run by schema-validation.util.ts in a plain Node
// process, because the package ships ES modules only, which Jest's CommonJS runtime cannot load.
// Reads a JSON array of objects on stdin; writes a JSON array of { index, message } on stdout.
//
// kubernetes-models knows the Kubernetes API's own kinds only: for any other it has no model, and
// an object of it is reported ("no schema for …"). The custom resources deploy/ uses (Gateway API,
// cert-manager, Prometheus Operator) are checked instead against the hand-written schemas of
// custom-resource-schemas.yaml, with the ajv that kubernetes-models' validators are built on.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parse } from 'yaml';

const require = createRequire(import.meta.resolve('@kubernetes-models/validate'));
const Ajv = require('ajv').default;

const customResources = parse(readFileSync(new URL('custom-resource-schemas.yaml', import.meta.url), 'utf8'));
const ajv = new Ajv({ allErrors: true, strict: true });
const customValidators = new Map();

const objects = JSON.parse(readFileSync(0, 'utf8'));
const problems = [];
for (const [index, object] of objects.entries()) {
  problems.push(...(await validate(object)).map((message) => ({ index, message })));
}
process.stdout.write(JSON.stringify(problems));

async function validate(object) {
  const { apiVersion, kind } = object ?? {};
  if (typeof apiVersion !== 'string' || typeof kind !== 'string' || !/^[A-Za-z0-9]+$/.test(kind)) {
    return ['apiVersion and kind must name a Kubernetes type'];
  }
  const customSchema = customResources.kinds[`${apiVersion}/${kind}`];
  if (customSchema) return validateCustomResource(`${apiVersion}/${kind}`, customSchema, object);
  // Core types live under v1/, the others under <group>/<version>/ (apps/v1/Deployment).
  let model;
  try {
    model = (await import(`kubernetes-models/${apiVersion}/${kind}`))[kind];
  } catch {
    model = undefined;
  }
  if (typeof model !== 'function') return [`no schema for ${apiVersion} ${kind}`];
  try {
    new model(object).validate();
    return [];
  } catch (error) {
    return [error instanceof Error ? error.message : String(error)];
  }
}

/** Every error ajv finds, as `data/spec/… must …`, naming the field that is not allowed. */
function validateCustomResource(id, schema, object) {
  if (!customValidators.has(id)) {
    customValidators.set(id, ajv.compile({ ...schema, definitions: customResources.definitions }));
  }
  const check = customValidators.get(id);
  if (check(object)) return [];
  return check.errors.map((error) => {
    const field = error.params?.additionalProperty;
    return `data${error.instancePath} ${error.message}${field ? `: ${field}` : ''}`;
  });
}
