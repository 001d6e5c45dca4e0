import { transform } from 'sucrase';

/**
 * TSX/JSX → an ES module the frame's import map can resolve (sucrase: types stripped, JSX to the
 * automatic runtime, imports left as they are). Loaded with the preview only (a dynamic import).
 * Throws with sucrase's message (line and column) on a syntax error.
 */
export function compileReact(source: string): string {
  const { code } = transform(source, {
    transforms: ['typescript', 'jsx'],
    jsxRuntime: 'automatic',
    production: true,
    filePath: 'artifact.tsx',
  });
  return rootedToAlias(code);
}

/**
 * `/components/ui/x` is a URL, not a bare name: inside the frame's data: module it cannot be resolved
 * (no hierarchical base) before the import map is consulted. Rewrite it to `@/components/ui/x`,
 * which the import map maps like a bare name.
 */
export function rootedToAlias(code: string): string {
  return code.replace(/((?:\bfrom|\bimport)\s*\(?\s*)(['"])\/components\/ui\//g, '$1$2@/components/ui/');
}
