import { join } from 'node:path';
import ts from 'typescript';
import type { K8sObject } from './kustomize-build.util';
import { describeObject, isCustomResource, type ManifestProblem } from './schema-validation.util';

/**
 * Finds fields Kubernetes does not know (a `readinesProbe` typo, a field at the wrong depth), which
 * the API's JSON schemas let through and the API server drops without a word. Each object is written
 * as an object literal typed with kubernetes-models' declaration of its kind, and TypeScript's
 * excess property check names every unknown field; its type errors are reported too. Nothing is
 * written to disk: the sources live in memory beside this file, so that node_modules resolves.
 * Custom resources have no declaration there: their hand-written schemas refuse unknown fields
 * instead (validateAgainstSchemas).
 */
export function findUnknownFields(objects: K8sObject[]): ManifestProblem[] {
  const sources = new Map<string, { text: string; object: K8sObject }>();
  objects.forEach((object, index) => {
    if (isCustomResource(object)) return;
    const fileName = join(__dirname, `__manifest-${index}.ts`);
    const kind = /^[A-Za-z0-9]+$/.test(object.kind) ? object.kind : 'Unknown';
    const text =
      `import type { I${kind} } from 'kubernetes-models/${object.apiVersion}/${kind}';\n` +
      `export const manifest: I${kind} = ${JSON.stringify(object, null, 1)};\n`;
    sources.set(fileName, { text, object });
  });

  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
    lib: ['lib.es2023.d.ts'],
    target: ts.ScriptTarget.ES2023,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
  };
  const host = ts.createCompilerHost(options);
  const readSource = host.getSourceFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.getSourceFile = (fileName, languageVersion, ...rest) => {
    const source = sources.get(fileName);
    return source
      ? ts.createSourceFile(fileName, source.text, languageVersion)
      : readSource(fileName, languageVersion, ...rest);
  };
  host.fileExists = (fileName) => sources.has(fileName) || fileExists(fileName);

  const program = ts.createProgram([...sources.keys()], options, host);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const source = diagnostic.file ? sources.get(diagnostic.file.fileName) : undefined;
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
    return { object: source ? describeObject(source.object) : '(TypeScript)', message: message.replace(/"/g, '') };
  });
}
