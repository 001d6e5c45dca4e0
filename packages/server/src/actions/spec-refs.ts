import { ACTION_REF_DEPTH_MAX, ACTION_SPEC_MAX_NODES } from '@parley/schema';

/**
 * A spec's `$ref`s checked before any library resolves them: only local pointers (an external one
 * would make the server read a file or fetch a URL), no cycles (the tools' schemas must be finite),
 * a bounded nesting depth, and a bounded size once every ref is expanded (a few refs that each use
 * the next one twice grow a small file exponentially). Returns what is wrong, or null.
 */
export function checkRefs(root: unknown): string | null {
  const sizes = new Map<string, { nodes: number; depth: number }>();
  const onPath: string[] = [];
  let problem: string | null = null;

  const target = (ref: string): unknown => {
    let node: unknown = root;
    for (const raw of ref.slice(2).split('/')) {
      const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      if (!node || typeof node !== 'object' || !(key in node)) return undefined;
      node = (node as Record<string, unknown>)[key];
    }
    return node;
  };

  /** Nodes and ref depth of `node` with its refs expanded (Infinity once a problem is found). */
  const measure = (node: unknown): { nodes: number; depth: number } => {
    if (problem) return { nodes: Number.POSITIVE_INFINITY, depth: 0 };
    if (Array.isArray(node)) {
      let nodes = 1;
      let depth = 0;
      for (const v of node) {
        const m = measure(v);
        nodes += m.nodes;
        depth = Math.max(depth, m.depth);
        if (nodes > ACTION_SPEC_MAX_NODES) break;
      }
      return { nodes, depth };
    }
    if (!node || typeof node !== 'object') return { nodes: 1, depth: 0 };
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string') return measureRef(ref);
    let nodes = 1;
    let depth = 0;
    for (const v of Object.values(node)) {
      const m = measure(v);
      nodes += m.nodes;
      depth = Math.max(depth, m.depth);
      if (nodes > ACTION_SPEC_MAX_NODES) break;
    }
    return { nodes, depth };
  };

  const measureRef = (ref: string): { nodes: number; depth: number } => {
    if (!ref.startsWith('#/')) {
      problem = `Only references inside the spec are allowed ($ref "${ref.slice(0, 200)}").`;
      return { nodes: Number.POSITIVE_INFINITY, depth: 0 };
    }
    const known = sizes.get(ref);
    if (known) return known;
    if (onPath.includes(ref)) {
      problem = `The spec has recursive references: ${[...onPath.slice(onPath.indexOf(ref)), ref].join(' → ')}.`;
      return { nodes: Number.POSITIVE_INFINITY, depth: 0 };
    }
    const node = target(ref);
    if (node === undefined) {
      problem = `The reference ${ref} points to nothing in the spec.`;
      return { nodes: Number.POSITIVE_INFINITY, depth: 0 };
    }
    onPath.push(ref);
    const inner = measure(node);
    onPath.pop();
    const m = { nodes: inner.nodes, depth: inner.depth + 1 };
    if (!problem && m.depth > ACTION_REF_DEPTH_MAX)
      problem = `The spec's references nest more than ${ACTION_REF_DEPTH_MAX} levels deep.`;
    sizes.set(ref, m);
    return m;
  };

  const total = measure(root);
  if (problem) return problem;
  if (total.nodes > ACTION_SPEC_MAX_NODES)
    return `The spec is too large once its references are expanded (more than ${ACTION_SPEC_MAX_NODES} nodes).`;
  return null;
}
