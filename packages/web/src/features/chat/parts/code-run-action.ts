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
 * auth status first (keys the user can give → the key dialog instead of a run), then the call;
 * its record replaces the block's in the conversation's cached list, and a failure is a toast
 * with the server's words (doc 2 §8.2).
 */
export async function runCodeBlock(
  client: QueryClient,
  { target, blockIndex, lang, code }: CodeRunBlockProps,
): Promise<{ needsKeys?: AvailableTool }> {
  const tool = await toolWaitingForKeys(client);
  if (tool) return { needsKeys: tool };
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
 * execute_code when it is not authenticated and takes keys the user can give. When it needs none
 * (the server's engine cannot run) or the status cannot be read, the call goes ahead and its
 * refusal says why, in the server's words.
 */
async function toolWaitingForKeys(client: QueryClient): Promise<AvailableTool | null> {
  try {
    const status = await client.fetchQuery(toolAuthQuery(EXECUTE_CODE));
    if (status.authenticated) return null;
    const tool = (await client.fetchQuery(agentToolsQuery)).find((x) => x.pluginKey === EXECUTE_CODE);
    return tool && needsKeys(tool) ? tool : null;
  } catch {
    return null;
  }
}

/** What the server said went wrong (our text for a code the web words itself). */
function serverWords(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return knownErrorText(error) ?? (error.message || undefined);
}
