import { type AvailableTool, BuiltinTools } from '@parley/schema';
import type { ConversationCode } from '../code/conversation.ts';
import { normalizeLang } from '../code/executor.ts';
import { SANDBOX_WORKDIR } from '../code/native.ts';
import { modelOutput } from '../code/run-text.ts';
import type { CodeLang, EngineName } from '../code/types.ts';
import type { ToolDef, ToolProvider, ToolResult, ToolRunContext } from './types.ts';

export const EXECUTE_CODE_INFO: AvailableTool = {
  pluginKey: BuiltinTools.execute_code,
  name: 'Code Interpreter',
  description:
    'Runs Python, JavaScript or TypeScript in a sandbox on this server, with the files of the conversation.',
};

const LANG_NAMES: Record<CodeLang, string> = { py: 'Python', js: 'JavaScript', ts: 'TypeScript' };

/** What the model is told: the languages offered and what Python has, which depend on the engine. */
function description(langs: readonly CodeLang[], pythonEngine: EngineName | null): string {
  const offered = langs.map((l) => `${LANG_NAMES[l]} (${l})`).join(', ');
  const python =
    pythonEngine === 'native'
      ? ' Python has numpy, pandas and matplotlib; save plots as PNG files (plt.savefig), they are shown to the user.'
      : pythonEngine === 'deno'
        ? ' Python has its standard library only (no numpy or pandas).'
        : '';
  return (
    `Executes code in a sandbox with no network access and returns its status, stdout and stderr. Languages: ${offered}.` +
    `${python} The working directory is ${SANDBOX_WORKDIR}: the files attached to the conversation (and the agent's code files) are copied there before each run, ` +
    'and files from earlier runs in this conversation stay. Files the code writes there are returned to the user. ' +
    'Print what you need to see: only stdout and stderr come back.'
  );
}

/** LibreChat's arguments: `lang` and `code`. */
function parseArgs(args: unknown): { lang: CodeLang; code: string } | string {
  const { lang, code } = (args ?? {}) as { lang?: unknown; code?: unknown };
  if (typeof code !== 'string' || !code.trim())
    return 'No code was given: pass {"lang": "py", "code": "..."}.';
  const normalized = typeof lang === 'string' ? normalizeLang(lang) : null;
  if (!normalized) return `The language ${JSON.stringify(lang)} is not recognised: use py, js or ts.`;
  return { lang: normalized, code };
}

/** One run in the conversation's sandbox session; the files it makes become the call's attachments. */
async function execute(code: ConversationCode, args: unknown, ctx: ToolRunContext): Promise<ToolResult> {
  const parsed = parseArgs(args);
  if (typeof parsed === 'string') return { output: parsed, isError: true };
  ctx.progress(0.3);
  const done = await code.run({
    userId: ctx.userId,
    conversationId: ctx.conversationId,
    messageId: ctx.responseMessageId,
    ...parsed,
    // The user's own attachments in this branch, and the files the agent holds for code.
    inputs: { owned: ctx.conversationFileIds ?? [], listed: ctx.agent.fileIds.execute_code ?? [] },
    signal: ctx.signal,
  });
  return { output: modelOutput(done.run, done.attachments, done.notes), attachments: done.attachments };
}

/**
 * `execute_code` as a tool provider (LibreChat's tool, run by our own sandbox: code/). Listed
 * always, so the builder and the tool auth status can say why it cannot run
 * (`authenticated: false` with the executor's reason); given to a run only when an engine is there.
 */
export function executeCodeTools(code: ConversationCode): ToolProvider {
  return {
    async available() {
      const a = await code.availability();
      return [
        { ...EXECUTE_CODE_INFO, authenticated: a.ok, ...(a.ok ? {} : { unavailableReason: a.reason }) },
      ];
    },

    async resolve(key): Promise<ToolDef | null> {
      if (key !== BuiltinTools.execute_code) return null;
      const a = await code.availability();
      if (!a.ok) return null;
      return {
        name: BuiltinTools.execute_code,
        description: description(a.langs, a.langs.includes('py') ? a.engine : null),
        inputSchema: {
          type: 'object',
          properties: {
            lang: { type: 'string', enum: a.langs, description: 'The language of the code.' },
            code: { type: 'string', description: 'The complete program to run.' },
          },
          required: ['lang', 'code'],
          additionalProperties: false,
        },
        run: (args, ctx) => execute(code, args, ctx),
      };
    },
  };
}
