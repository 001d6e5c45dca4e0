import type { AvailableTool, FileCitation, ToolCallAttachment } from '@parley/schema';

/**
 * The tool registry's contract (issue 15; actions and MCP servers plug in the same way in issue 16).
 * A tool is a JSON-schema'd function the model may call; the loop (chat/agent/) runs it with a
 * context that says who is asking, and bounds its time and output whatever the tool does.
 */

/** What a tool sees of the run that calls it. Everything it reads must be scoped to these ids. */
export interface ToolRunContext {
  /** The user the reply is for: their files, keys and conversations only. */
  userId: string;
  conversationId: string;
  responseMessageId: string;
  /** The agent running the tool (the knowledge files it lists are readable through it). */
  agent: {
    id: string;
    authorId: string;
    fileIds: Partial<Record<'file_search' | 'context' | 'execute_code' | 'ocr', string[]>>;
  };
  /** The user's files attached in this conversation's branch (file_search reads them as the user). */
  conversationFileIds?: readonly string[];
  /**
   * Citations the reply already holds: a tool numbers its own passages from `citationBase + 1` so
   * the reply's [n] markers stay unique across calls; at most `maxCitations` in all.
   */
  citationBase?: number;
  maxCitations?: number;
  /** Cancelled when the user stops the reply or the tool's timeout passes. */
  signal: AbortSignal;
  /** Report progress (0..1) while running; the loop forwards it as the tool call's progress. */
  progress(value: number): void;
  /**
   * Ask the user to sign in (an action's OAuth): the call shows `url` as its sign-in link with the
   * trust warning until `expiresAt` (ms), and the tool's timeout is extended to wait for it. Absent
   * where nobody could click a link.
   */
  signIn?(url: string, expiresAt: number): void;
  /** The sign-in is done (or abandoned): the link is taken down. */
  signedIn?(): void;
}

/** Who a run's tools are resolved for: the user, and the agent whose tools they are (actions are per agent). */
export interface ToolResolveContext {
  userId: string;
  agentId?: string;
}

/** A tool's answer: text for the model, plus citations the reply may show as [n]. */
export interface ToolResult {
  /** What the model gets back (bounded by the loop to TOOL_OUTPUT_MAX_CHARS). */
  output: string;
  /** The tool failed; `output` says how, in words the model can act on. */
  isError?: boolean;
  /** Sources the answer may cite (file passages, web pages). */
  citations?: FileCitation[];
  /**
   * Files the call produced, already in the files store (execute_code's plots and outputs): the
   * loop puts them on the tool call part, so the reply shows them under the call.
   */
  attachments?: ToolCallAttachment[];
}

/** One callable tool as the model sees it. */
export interface ToolDef {
  /** The function name given to the model (unique within a run). */
  name: string;
  description: string;
  /** JSON Schema of the arguments (an object schema). */
  inputSchema: Record<string, unknown>;
  run(args: unknown, ctx: ToolRunContext): Promise<ToolResult>;
}

/**
 * A source of tools: the built-ins (file_search, web_search), and later actions and MCP servers.
 * `available` is what the builder lists; `resolve` gives the tools for one run of an agent whose
 * `tools` list holds `key` (null when this provider does not serve that key or it is not usable).
 */
export interface ToolProvider {
  available(userId: string): Promise<AvailableTool[]>;
  resolve(key: string, ctx: ToolResolveContext): Promise<ToolDef | null>;
  /** Text for the system prompt of a run whose tools include these keys (MCP server instructions). */
  instructions?(keys: readonly string[], ctx: { userId: string }): Promise<string[]>;
}
