import { type AvailableTool, type CallToolBody, runCodeLang } from '@parley/schema';
import type { QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { agentToolsQuery, toolAuthQuery } from '../../../api/agents.ts';
import { ApiError } from '../../../api/client.ts';
import { callExecuteCode, EXECUTE_CODE, storeRun } from '../../../api/code-run.ts';
import { knownErrorText } from '../../../api/errors.ts';
import type { CodeRunBlockProps } from '../../../components/markdown/code-run-context.ts';
import { t } from '../../../i18n/t.ts';
import { needsKeys } from '../../../lib/tool-auth.ts';
import '../../../i18n/en-code-run.ts';

/**
 * One click of a code block's run button (doc 2 §4.14), loaded on the first click: the tool's
 * auth status first — keys the user can give open the key dialog instead of a run; a server that
 * cannot run code says why — then the call; its record replaces the block's in the
 * conversation's cached list, and a failure is a toast with the server's words (doc 2 §8.2).
 */
export async function runCodeBlock(
  client: QueryClient,
  { target, blockIndex, lang, code }: CodeRunBlockProps,
): Promise<{ needsKeys?: AvailableTool }> {
  const blocked = await notRunnable(client);
  if (blocked?.reason) {
    toast.error(t('com_ui_run_code_unavailable'), { description: blocked.reason });
    return {};
  }
  if (blocked?.tool) return { needsKeys: blocked.tool };
  const body: CallToolBody = {
    messageId: target.messageId,
    conversationId: target.conversationId,
    partIndex: target.partIndex,
    blockIndex,
    lang: runCodeLang(lang) ?? lang,
    code,
  };
  try {
    storeRun(client, body, await callExecuteCode(body));
  } catch (error) {
    toast.error(t('com_code_run_error'), { description: serverWords(error) });
  }
  return {};
}

/**
 * Why execute_code cannot run for this user, when its auth status says so: the server's reason
 * (no sandbox engine), or the tool whose keys the user can give. Null when it is authenticated or
 * the status cannot be read: then the call goes ahead and its refusal says what is missing.
 */
async function notRunnable(client: QueryClient): Promise<{ reason?: string; tool?: AvailableTool } | null> {
  try {
    const status = await client.fetchQuery(toolAuthQuery(EXECUTE_CODE));
    if (status.authenticated) return null;
    if (status.reason) return { reason: status.reason };
    const tool = (await client.fetchQuery(agentToolsQuery)).find((x) => x.pluginKey === EXECUTE_CODE);
    return tool && needsKeys(tool) ? { tool } : null;
  } catch {
    return null;
  }
}

/**
 * The server's words for a failed run (doc 2 §8.2): they carry what only it knows (the sandbox's
 * reason, the rate limit); our text for a code when it sent none.
 */
function serverWords(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return error.message || knownErrorText(error) || undefined;
}
