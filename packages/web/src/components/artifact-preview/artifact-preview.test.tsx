import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ArtifactPreview from './artifact-preview.tsx';
import { buildDocument } from './build-document.ts';

const ORIGIN = 'http://127.0.0.1:3080';
const VENDOR = `${ORIGIN}/vendor/dev/`;

describe('ArtifactPreview', () => {
  it('renders a frame sandboxed with scripts only (no same-origin) loading the vendor frame document', async () => {
    render(<ArtifactPreview type="text/html" content="<p>hi</p>" reloadKey={0} />);
    const frame = await screen.findByTitle('Artifact preview');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts');
    expect(frame.getAttribute('src')).toMatch(/\/vendor\/[\w-]+\/frame\.html$/);
  });

  it('shows a TSX syntax error', async () => {
    render(
      <ArtifactPreview type="application/vnd.react" content="export default () => <div>" reloadKey={0} />,
    );
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/could not run/));
  });
});

describe('buildDocument', () => {
  it('compiles TSX with the automatic JSX runtime, leaving imports for the import map', async () => {
    const { html, error } = await buildDocument(
      'application/vnd.react',
      "import { useState } from 'react';\nexport default function A(): JSX.Element { const [n] = useState<number>(1); return <b>{n}</b>; }",
      ORIGIN,
      VENDOR,
    );
    expect(error).toBeNull();
    const code = decodeURIComponent(html.match(/data:text\/javascript;charset=utf-8,([^"]*)/)![1]);
    expect(code).toContain("from 'react'");
    expect(code).toContain('react/jsx-runtime');
    expect(code).not.toContain('useState<number>');
  });

  it('renders Markdown without the raw HTML in it', async () => {
    const { html } = await buildDocument(
      'text/markdown',
      '# Title\n\n<script>alert(1)</script>\n\n**bold**',
      ORIGIN,
      VENDOR,
    );
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).not.toContain('alert(1)');
  });
});

describe('compileReact', () => {
  it('rewrites /components/ui/<name> (a URL a data: module cannot resolve) to the @/ alias', async () => {
    const { compileReact } = await import('./transform.ts');
    const code = compileReact(
      "import { Button } from '/components/ui/button';\nimport \"/components/ui/card\";\nconst x = import('/components/ui/tabs');\nconst s = 'from /components/ui/x';\nexport default () => <Button />;",
    );
    expect(code).toContain("from '@/components/ui/button'");
    expect(code).toContain('import "@/components/ui/card"');
    expect(code).toContain("import('@/components/ui/tabs')");
    expect(code).toContain("'from /components/ui/x'");
  });
});
