import {
  BuiltinTools,
  CallToolBody,
  CallToolParams,
  CallToolResult,
  runCodeLang,
  ToolCallsQuery,
  ToolCallsResponse,
} from '@parley/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { codePolicy } from '../auth/policies/code.ts';
import { authorize, loadActor } from '../auth/policies/policy.ts';
import { resultText, runOutcome } from '../code/run-text.ts';
import { CodeUnavailableError } from '../code/types.ts';
import type { MessageRow } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { deleteFiles } from '../files/delete-files.ts';
import { presentToolCall } from '../presenters/tool-call.ts';
import type { Services } from '../services.ts';

/** The ids of the files attached along a branch (messages' `files`). */
function branchFileIds(branch: readonly MessageRow[]): string[] {
  const ids = branch.flatMap((m) =>
    m.files
      ? (JSON.parse(m.files) as { file_id?: string }[]).flatMap((f) => (f.file_id ? [f.file_id] : []))
      : [],
  );
  return [...new Set(ids)];
}

/**
 * The run button (doc 2 §4.14, §5.8, §7; LibreChat's routes): POST /:toolId/call runs one code block
 * of one of the user's replies in the conversation's sandbox session, with the files attached along
 * its branch, and keeps the outcome as the block's tool-call record; GET /calls lists a
 * conversation's records so the results survive a reload. Needs RUN_CODE use; one call a second
 * per user; never runs when no sandbox engine can (503 code_unavailable, with the reason).
 */
export const toolCallRoutes: FastifyPluginAsyncZod<{ ctx: Services }> = async (app, { ctx }) => {
  app.post(
    '/:toolId/call',
    {
      schema: { params: CallToolParams, body: CallToolBody, response: { 200: CallToolResult } },
      onRequest: ctx.abuse.limit('toolCall'),
    },
    async (req, reply) => {
      if (req.params.toolId !== BuiltinTools.execute_code) throw new AppError('not_found', 'Tool not found.');
      const userId = req.user.id;
      authorize(codePolicy.canRun(await loadActor(ctx.repos.roles, req.user)));
      const { messageId, conversationId, partIndex, blockIndex, code } = req.body;
      const lang = runCodeLang(req.body.lang);
      if (!lang) throw new AppError('validation', 'The language is not recognised.', 'lang');
      const message = await ctx.repos.messages.get(userId, messageId);
      if (!message || message.conversation_id !== conversationId) throw new AppError('message_not_found');
      const available = await ctx.code.availability();
      if (!available.ok)
        throw new AppError('code_unavailable', `Code execution is unavailable: ${available.reason}`);

      // A client that leaves stops its run (the sandbox is killed, the record says aborted).
      const controller = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) controller.abort();
      });
      const branch = await ctx.repos.messages.branch(userId, conversationId, messageId);
      const done = await ctx.code
        .run({
          userId,
          conversationId,
          messageId,
          lang,
          code,
          inputs: { owned: branchFileIds(branch), listed: [] },
          signal: controller.signal,
        })
        .catch((err) => {
          // An engine for another language may be there, but none for this one.
          if (err instanceof CodeUnavailableError) throw new AppError('code_unavailable', err.message);
          throw err;
        });
      const answer: CallToolResult = {
        result: resultText(done.run),
        attachments: done.attachments,
        run: runOutcome(done.run),
      };
      const replaced = await ctx.repos.toolCalls.put({
        user_id: userId,
        message_id: messageId,
        part_index: partIndex,
        block_index: blockIndex,
        conversation_id: conversationId,
        tool_id: BuiltinTools.execute_code,
        result: answer.result,
        attachments: JSON.stringify(answer.attachments),
        run: JSON.stringify(answer.run),
        created_at: Date.now(),
      });
      // The block's earlier run is replaced: the files only it showed go too.
      const stale = replaced
        ? presentToolCall(replaced).attachments.flatMap((a) => (a.file_id ? [a.file_id] : []))
        : [];
      if (stale.length > 0)
        await deleteFiles(ctx, userId, stale, (err) =>
          req.log.warn({ err }, 'code output bytes left after replace'),
        );
      return answer;
    },
  );

  app.get(
    '/calls',
    { schema: { querystring: ToolCallsQuery, response: { 200: ToolCallsResponse } } },
    async (req) =>
      (await ctx.repos.toolCalls.listByConversation(req.user.id, req.query.conversationId)).map(
        presentToolCall,
      ),
  );
};
