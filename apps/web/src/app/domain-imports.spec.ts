// This test reads the source tree; the client code itself is compiled without Node types.
/// <reference types="node" />
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';

/**
 * The web client's domains (one folder under src each) import one another in one direction only.
 * `app` is left out: it is the composition root that assembles every domain (root reducer, saga,
 * routes) and holds the neutral pieces they share.
 */
const SRC = resolve(__dirname, '..');
const COMPOSITION_ROOT = 'app';

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

const domainOf = (file: string) => relative(SRC, file).split(sep)[0];

/** Relative specifiers a file imports: `… from '…'` (imports, type-only ones too, and re-exports), `import '…'` and `import('…')`. */
function relativeImports(source: string): string[] {
  const pattern = /(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;
  return [...source.matchAll(pattern)].map((match) => match[1]);
}

/** Domain → the other domains its non-test files import. */
function domainGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(SRC)) {
    const from = domainOf(file);
    if (from === COMPOSITION_ROOT || /\.spec\.tsx?$/.test(file) || !relative(SRC, file).includes(sep)) continue;
    const targets = graph.get(from) ?? new Set<string>();
    graph.set(from, targets);
    for (const specifier of relativeImports(readFileSync(file, 'utf8'))) {
      const target = resolve(file, '..', specifier);
      if (!target.startsWith(SRC + sep)) continue;
      const to = domainOf(target);
      if (to !== from && to !== COMPOSITION_ROOT) targets.add(to);
    }
  }
  return graph;
}

/** Every import circle between domains, each as the path that closes it (a → b → … → a). */
function importCircles(graph: Map<string, Set<string>>): string[] {
  const circles = new Set<string>();
  const visit = (domain: string, path: string[]) => {
    for (const next of graph.get(domain) ?? []) {
      const at = path.indexOf(next);
      if (at !== -1) {
        const circle = path.slice(at);
        // One spelling per circle: start at its alphabetically first domain.
        const first = circle.indexOf([...circle].sort()[0]);
        const rotated = [...circle.slice(first), ...circle.slice(0, first)];
        circles.add([...rotated, rotated[0]].join(' → '));
      } else {
        visit(next, [...path, next]);
      }
    }
  };
  for (const domain of graph.keys()) visit(domain, [domain]);
  return [...circles].sort();
}

describe('imports between web domains', () => {
  it('form no circle', () => {
    const graph = domainGraph();
    expect(graph.has('sites') && graph.has('events') && graph.has('livefeed')).toBe(true);
    expect(importCircles(graph)).toEqual([]);
  });

  it('finds a circle when there is one', () => {
    const graph = new Map([
      ['sites', new Set(['livefeed'])],
      ['livefeed', new Set(['events'])],
      ['events', new Set(['sites'])],
      ['toasts', new Set(['sites'])],
    ]);
    expect(importCircles(graph)).toEqual(['events → sites → livefeed → events']);
  });

  it('keeps the live feed actions neutral: they import no domain', () => {
    const actions = readFileSync(join(SRC, 'livefeed', 'livefeed.actions.ts'), 'utf8');
    expect(relativeImports(actions)).toEqual([]);
  });
});
