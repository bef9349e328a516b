// Validates Kubernetes objects against the API's JSON schemas with kubernetes-models (one model per
// apiVersion and kind, its schema compiled by ajv). Run by schema-validation.util.ts in a plain Node
// process, because the package ships ES modules only, which Jest's CommonJS runtime cannot load.
// Reads a JSON array of objects on stdin; writes a JSON array of { index, message } on stdout.
import { readFileSync } from 'node:fs';

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
