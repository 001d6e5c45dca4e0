import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { enAdmin } from './en-admin.ts';
import { enAgentGallery } from './en-agent-gallery.ts';
import { enAgents } from './en-agents.ts';
import { enArtifactPreview } from './en-artifact-preview.ts';
import { enArtifacts } from './en-artifacts.ts';
import { enAssistants } from './en-assistants.ts';
import { enAuth } from './en-auth.ts';
import { enCodeRun } from './en-code-run.ts';
import { enFiles } from './en-files.ts';
import { enPromptUse } from './en-prompt-use.ts';
import { enPrompts } from './en-prompts.ts';
import { enTools } from './en-tools.ts';

/**
 * Area texts load with the modules that show them (t.ts). The rule that makes that safe: a module
 * that names a key of an area file imports that file itself, so the texts are registered before
 * the module's code runs, whatever loaded it. A key used without the import would render as its
 * own name on screen.
 */
const src = path.resolve(import.meta.dirname, '..');
const AREAS = [
  { file: 'en-auth.ts', keys: Object.keys(enAuth) },
  { file: 'en-admin.ts', keys: Object.keys(enAdmin) },
  { file: 'en-files.ts', keys: Object.keys(enFiles) },
  { file: 'en-agents.ts', keys: Object.keys(enAgents) },
  { file: 'en-agent-gallery.ts', keys: Object.keys(enAgentGallery) },
  { file: 'en-assistants.ts', keys: Object.keys(enAssistants) },
  { file: 'en-tools.ts', keys: Object.keys(enTools) },
  { file: 'en-artifacts.ts', keys: Object.keys(enArtifacts) },
  { file: 'en-artifact-preview.ts', keys: Object.keys(enArtifactPreview) },
  { file: 'en-code-run.ts', keys: Object.keys(enCodeRun) },
  { file: 'en-prompt-use.ts', keys: Object.keys(enPromptUse) },
  { file: 'en-prompts.ts', keys: Object.keys(enPrompts) },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'i18n' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Keys named in a source as string literals ('…', "…" or `…`). */
const namedKeys = (text: string) => new Set(text.match(/(?<=['"`])com_[a-z0-9_]+(?=['"`])/g) ?? []);

describe('area texts', () => {
  const files = sourceFiles(src).map((file) => ({ file, text: readFileSync(file, 'utf8') }));

  it('are imported by every module that names one of their keys', () => {
    const missing: string[] = [];
    for (const { file, keys } of AREAS) {
      const areaKeys = new Set(keys);
      for (const source of files) {
        const uses = [...namedKeys(source.text)].filter((k) => areaKeys.has(k));
        if (uses.length > 0 && !source.text.includes(`i18n/${file}'`))
          missing.push(`${path.relative(src, source.file)} names ${uses[0]} but does not import ${file}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('the check sees a module that forgets the import', () => {
    const text = "import { t } from '../i18n/t.ts';\nt('com_admin_users');";
    expect([...namedKeys(text)].some((k) => k in enAdmin)).toBe(true);
    expect(text.includes("i18n/en-admin.ts'")).toBe(false);
  });

  it('never define a key twice', () => {
    const all = [Object.keys(en), ...AREAS.map((a) => a.keys)].flat();
    expect(all.length).toBe(new Set(all).size);
  });

  it('stay out of the core dictionary the chat loads', () => {
    expect(Object.keys(en).filter((k) => k.startsWith('com_auth_') || k.startsWith('com_admin_'))).toEqual(
      [],
    );
  });
});
