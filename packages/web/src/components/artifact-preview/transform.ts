import { transform } from 'sucrase';

/**
 * TSX/JSX → an ES module the frame's import map can resolve (sucrase: types stripped, JSX to the
 * automatic runtime, imports left as they are). Loaded with the preview only (a dynamic import).
 * Throws with sucrase's message (line and column) on a syntax error.
 */
export function compileReact(source: string): string {
  return transform(source, {
    transforms: ['typescript', 'jsx'],
    jsxRuntime: 'automatic',
    production: true,
    filePath: 'artifact.tsx',
  }).code;
}
