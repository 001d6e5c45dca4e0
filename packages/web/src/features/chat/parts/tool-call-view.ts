import { TOOL_PROGRESS_INITIAL, type ToolCall, type ToolCallAttachment } from '@parley/schema';

/** LibreChat names action tools `<function>_action_<domain with --- for dots>`. */
const ACTION_DELIMITER = '_action_';
const DOMAIN_SEPARATOR = '---';
/** MCP tools are `<tool>_mcp_<server>`. */
const MCP_DELIMITER = '_mcp_';

/** One tool call of any kind, reduced to what the block shows. */
export type ToolCallView = {
  id: string;
  /** The tool's name for labels (code runs are labelled as code instead). */
  name: string;
  /** The site an action talks to, when the name carries it readably. */
  domain: string | null;
  /** Code the call ran (code interpreter or execute_code), with its language. */
  code: { lang: string; source: string } | null;
  /** Arguments as readable text (JSON pretty-printed). */
  args: string;
  /** What the tool returned, or what the code printed. */
  output: string;
  progress: number;
  auth: string | null;
  expiresAt: number | null;
  attachments: ToolCallAttachment[];
  /** Tool approval (beyond the spec), when the call needed one. */
  approval: ToolCall['approval'] | null;
};

function prettyArgs(args: ToolCall['args']): string {
  if (args === undefined) return '';
  if (typeof args !== 'string') return JSON.stringify(args, null, 2);
  try {
    const parsed: unknown = JSON.parse(args);
    return typeof parsed === 'object' && parsed !== null ? JSON.stringify(parsed, null, 2) : args;
  } catch {
    return args;
  }
}

/** `{lang, code}` of an execute_code call, whose args are JSON text or the object. */
function executeCodeArgs(args: ToolCall['args']): { lang: string; source: string } | null {
  let value: unknown = args;
  if (typeof args === 'string') {
    try {
      value = JSON.parse(args);
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null) return null;
  const { lang, code } = value as { lang?: unknown; code?: unknown };
  return typeof code === 'string' ? { lang: typeof lang === 'string' ? lang : '', source: code } : null;
}

/** Function name and (readable) domain of an action or MCP tool name. */
function splitName(name: string): { name: string; domain: string | null } {
  if (name.includes(MCP_DELIMITER)) return { name: name.split(MCP_DELIMITER)[0], domain: null };
  const at = name.indexOf(ACTION_DELIMITER);
  if (at < 0) return { name, domain: null };
  const domain = name.slice(at + ACTION_DELIMITER.length).replaceAll(DOMAIN_SEPARATOR, '.');
  // Long domains are stored encoded (a short code with no dots): those are not shown.
  return { name: name.slice(0, at), domain: domain.includes('.') ? domain : null };
}

/** A call without a progress value is done when it has output, else it is at its start. */
function progressOf(call: ToolCall, hasOutput: boolean): number {
  const p = call.progress ?? (hasOutput ? 1 : TOOL_PROGRESS_INITIAL);
  return Number.isFinite(p) ? Math.min(1, Math.max(0, p)) : TOOL_PROGRESS_INITIAL;
}

/** The block's view of a call, whatever kind LibreChat stored (doc 2 §3.8). */
export function toolCallView(call: ToolCall): ToolCallView {
  const base = {
    id: call.id,
    auth: call.auth ?? null,
    expiresAt: call.expires_at ?? null,
    attachments: call.attachments ?? [],
    approval: call.approval ?? null,
  };
  if (call.type === 'code_interpreter' || call.code_interpreter) {
    const ci = call.code_interpreter ?? {};
    const output = (ci.outputs ?? [])
      .map((o) => o.logs ?? '')
      .filter(Boolean)
      .join('\n');
    return {
      ...base,
      name: 'code_interpreter',
      domain: null,
      code: { lang: 'python', source: ci.input ?? '' },
      args: '',
      output,
      progress: progressOf(call, Boolean(ci.outputs?.length)),
    };
  }
  if (call.type === 'function' || call.function) {
    const fn = call.function ?? {};
    const output = fn.output ?? call.output ?? '';
    return {
      ...base,
      ...splitName(fn.name || call.name || 'function'),
      code: null,
      args: prettyArgs(fn.arguments ?? call.args),
      output,
      progress: progressOf(call, Boolean(output)),
    };
  }
  const output = call.output ?? '';
  const rawName = call.name || (call.type && call.type !== 'tool_call' ? call.type : '') || 'tool';
  const code = rawName === 'execute_code' ? executeCodeArgs(call.args) : null;
  return {
    ...base,
    ...splitName(rawName),
    code,
    args: code ? '' : prettyArgs(call.args),
    output,
    progress: progressOf(call, Boolean(output)),
  };
}
