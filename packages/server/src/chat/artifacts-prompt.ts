import type { AgentArtifactsMode } from '@parley/schema';
import type { z } from 'zod';

/** A chat's artifacts mode (doc 3 §3): empty or absent is off. */
export type ArtifactsMode = z.infer<typeof AgentArtifactsMode> | null | undefined;

const BASE = `## Artifacts

You can put substantial, self-contained content the user may want to view, reuse or edit (a web page, an SVG image, a diagram, a document, a React component) in an artifact, shown in a panel beside the chat. Use artifacts for such content only, not for short snippets or explanations; make at most one artifact per reply unless asked for more.

Write an artifact exactly like this:

:::artifact{identifier="kebab-case-id" type="text/html" title="Short title"}
\`\`\`html
...the complete content...
\`\`\`
:::

- identifier: a kebab-case id; reuse it when you update an earlier artifact.
- title: a few words describing the content.
- type, one of:
  - "text/html": a complete single-file HTML page (CSS and JavaScript inline; no external resources or network requests).
  - "image/svg+xml": an SVG image (give it a viewBox).
  - "application/vnd.mermaid": a Mermaid diagram.
  - "text/markdown": a Markdown document.
  - "application/vnd.react": a React function component with a default export, no required props, styled with Tailwind classes. Available imports: react, lucide-react, recharts.
- Always write the full content; never leave parts out with comments such as "rest unchanged".
- Text before or after the artifact is shown in the chat as usual.`;

const SHADCN = `### shadcn/ui

React artifacts may also import the shadcn/ui components from "/components/ui/<name>", for example:
- import { Button } from "/components/ui/button"
- import { Card, CardContent, CardHeader, CardTitle } from "/components/ui/card"
- import { Input } from "/components/ui/input"
- import { Label } from "/components/ui/label"
- import { Tabs, TabsContent, TabsList, TabsTrigger } from "/components/ui/tabs"
- import { Badge } from "/components/ui/badge"
Only these components exist; write others yourself with Tailwind.`;

/**
 * The system prompt addition that teaches the model the artifact format (doc 3 §4 code artifacts
 * rules): `default` the format, `shadcnui` the format and the shadcn/ui components; `custom` adds
 * nothing (the user's own instructions describe artifacts) and off adds nothing.
 */
export function artifactsPrompt(mode: ArtifactsMode): string | undefined {
  if (mode === 'default') return BASE;
  if (mode === 'shadcnui') return `${BASE}\n\n${SHADCN}`;
  return undefined;
}

/** The system prompt with the artifacts addition after it. */
export function withArtifactsPrompt(system: string | undefined, mode: ArtifactsMode): string | undefined {
  const addition = artifactsPrompt(mode);
  if (!addition) return system;
  return system?.trim() ? `${system}\n\n${addition}` : addition;
}
