// This test reads the source tree; the client code itself is compiled without Node types.
/// <reference types="node" />
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';

/**
 * The web client's layout, one folder under src each: the root (`app`: store, root reducer and
 * saga, routes, shells and the screens that gather several domains' tabs), the shared kernel
 * (`shared`: what any domain may use) and the domains (every other folder). Domains import the
 * kernel and one another in one direction only; the kernel imports no domain; the root imports the
 * domains and no domain imports it. Tests are left out: they may build the whole store through
 * the root, as the running client does.
 */
const SRC = resolve(__dirname, '..');
const ROOT = 'app';
const KERNEL = 'shared';

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

const folderOf = (file: string) => relative(SRC, file).split(sep)[0];

/** Relative specifiers a file imports: `… from '…'` (imports, type-only ones too, and re-exports), `import '…'` and `import('…')`. */
function relativeImports(source: string): string[] {
  const pattern = /(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;
  return [...source.matchAll(pattern)].map((match) => match[1]);
}

/** Folder (root, kernel or domain) → the other folders its non-test files import. */
function importGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(SRC)) {
    const from = folderOf(file);
    if (/\.spec\.tsx?$/.test(file) || !relative(SRC, file).includes(sep)) continue;
    const targets = graph.get(from) ?? new Set<string>();
    graph.set(from, targets);
    for (const specifier of relativeImports(readFileSync(file, 'utf8'))) {
      const target = resolve(file, '..', specifier);
      if (!target.startsWith(SRC + sep)) continue;
      const to = folderOf(target);
      if (to !== from) targets.add(to);
    }
  }
  return graph;
}

/** The imports between domains only (the root and the kernel left out). */
function domainGraph(graph: Map<string, Set<string>>): Map<string, Set<string>> {
  const isDomain = (folder: string) => folder !== ROOT && folder !== KERNEL;
  return new Map(
    [...graph]
      .filter(([from]) => isDomain(from))
      .map(([from, targets]) => [from, new Set([...targets].filter(isDomain))]),
  );
}

/** The imports the layout forbids, as `from → to`: the kernel importing any other folder, a domain importing the root. */
function forbiddenImports(graph: Map<string, Set<string>>): string[] {
  return [...graph]
    .flatMap(([from, targets]) => [...targets].map((to) => [from, to]))
    .filter(([from, to]) => from === KERNEL || (from !== ROOT && to === ROOT))
    .map(([from, to]) => `${from} → ${to}`)
    .sort();
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
    const graph = domainGraph(importGraph());
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

describe('the root and the shared kernel', () => {
  it('the kernel imports no domain nor the root, and no domain imports the root', () => {
    const graph = importGraph();
    // The root assembles the domains and the domains use the kernel: both kinds of import exist.
    expect(graph.get(ROOT)?.has('sites') && graph.get('sites')?.has(KERNEL)).toBe(true);
    expect(forbiddenImports(graph)).toEqual([]);
  });

  it('finds the forbidden imports when there are some', () => {
    const graph = new Map([
      [ROOT, new Set(['sites', KERNEL])],
      [KERNEL, new Set(['sites', ROOT])],
      ['sites', new Set([KERNEL, ROOT, 'events'])],
      ['events', new Set([KERNEL])],
    ]);
    expect(forbiddenImports(graph)).toEqual(['shared → app', 'shared → sites', 'sites → app']);
  });
});
