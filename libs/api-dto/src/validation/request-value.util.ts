import { REQUEST_NESTING_MAX_DEPTH, textContentProblem } from '@app/contracts';

export type RequestValueInspection = { ok: true; value: unknown } | { ok: false; error: string };

/** Field names are echoed in messages; a long one is cut so that the answer stays small. */
const FIELD_LABEL_MAX_LENGTH = 64;

export function fieldLabel(path: string): string {
  return path.length <= FIELD_LABEL_MAX_LENGTH ? path : `${path.slice(0, FIELD_LABEL_MAX_LENGTH)}…`;
}

interface Pending {
  value: unknown;
  path: string;
  depth: number;
  store: (value: unknown) => void;
}

function childPath(parent: string, key: string): string {
  return parent ? `${parent}.${key}` : key;
}

/**
 * The checks every request value (body, query, route params) passes before its DTO sees it, the
 * same for every field at any depth: objects and arrays nest at most `maxDepth` levels, and every
 * string, field names included, is text the portal can store (textContentProblem). A field whose
 * value is null counts as left out: it is dropped, so an optional field stays absent and a required
 * one is reported as required. Answers a copy; the input is not changed. Walks with its own stack,
 * so a deep value cannot exhaust the JavaScript one.
 */
export function inspectRequestValue(input: unknown, maxDepth = REQUEST_NESTING_MAX_DEPTH): RequestValueInspection {
  let result: unknown;
  const pending: Pending[] = [{ value: input, path: '', depth: 0, store: (value) => (result = value) }];
  while (pending.length > 0) {
    const { value, path, depth, store } = pending.pop()!;
    if (typeof value === 'string') {
      const problem = textContentProblem(value);
      if (problem) return { ok: false, error: `${fieldLabel(path || 'value')} ${problem}` };
      store(value);
      continue;
    }
    if (typeof value !== 'object' || value === null) {
      store(value);
      continue;
    }
    if (depth + 1 > maxDepth)
      return { ok: false, error: `request nests objects and arrays deeper than ${maxDepth} levels` };
    const children: Pending[] = [];
    if (Array.isArray(value)) {
      const copy: unknown[] = new Array<unknown>(value.length);
      value.forEach((item: unknown, index) => {
        children.push({
          value: item,
          path: `${path || 'value'}[${index}]`,
          depth: depth + 1,
          store: (checked) => (copy[index] = checked),
        });
      });
      store(copy);
    } else {
      const copy: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) {
        const keyProblem = textContentProblem(key);
        if (keyProblem) return { ok: false, error: `a field name ${keyProblem}` };
        // class-transformer drops these two names without a word; refused here like any unknown field.
        if (key === '__proto__' || key === 'constructor')
          return { ok: false, error: `${fieldLabel(childPath(path, key))} is not an accepted field` };
        if (item === null) continue;
        // defineProperty, not assignment: a field named __proto__ stays a field (then an unknown one).
        children.push({
          value: item,
          path: childPath(path, key),
          depth: depth + 1,
          store: (checked) =>
            Object.defineProperty(copy, key, { value: checked, enumerable: true, writable: true, configurable: true }),
        });
      }
      store(copy);
    }
    // Reversed onto the stack, so fields are checked (and the first problem reported) in order.
    for (let index = children.length - 1; index >= 0; index--) pending.push(children[index]);
  }
  return { ok: true, value: result };
}
