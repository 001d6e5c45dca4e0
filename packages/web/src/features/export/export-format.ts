import {
  type Conversation,
  EXPORT_CSV_COLUMNS,
  type ExportType,
  type Message,
  NO_PARENT,
} from '@parley/schema';

/** The export dialog's choices (doc 3 §4 Export dialog). */
export type ExportOptions = {
  type: ExportType;
  includeOptions: boolean;
  branches: boolean;
  recursive: boolean;
};

/** Defaults: screenshot, options on, branches off, recursive on. */
export const DEFAULT_EXPORT_OPTIONS: ExportOptions = {
  type: 'screenshot',
  includeOptions: true,
  branches: false,
  recursive: true,
};

export const EXPORT_EXTENSIONS: Record<ExportType, string> = {
  screenshot: 'png',
  text: 'txt',
  markdown: 'md',
  json: 'json',
  csv: 'csv',
};

const MIME: Record<ExportType, string> = {
  screenshot: 'image/png',
  text: 'text/plain;charset=utf-8',
  markdown: 'text/markdown;charset=utf-8',
  json: 'application/json',
  csv: 'text/csv;charset=utf-8',
};
export const exportMime = (type: ExportType) => MIME[type];

/** Which options a type supports: branches for json and csv; endpoint options except csv and screenshot; recursive for json. */
export function exportSupport(type: ExportType): { options: boolean; branches: boolean; recursive: boolean } {
  return {
    options: type !== 'csv' && type !== 'screenshot',
    branches: type === 'json' || type === 'csv',
    recursive: type === 'json',
  };
}

/** Choosing a type turns its supported options on and the unsupported ones off. */
export function withType(prev: ExportOptions, type: ExportType): ExportOptions {
  const support = exportSupport(type);
  return { ...prev, type, includeOptions: support.options, branches: support.branches };
}

const MAX_NAME = 120;

/** A safe file name (without extension) from a title: no path or reserved characters. */
export function sanitizeFileName(name: string): string {
  const clean = name
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we strip
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]+/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s_]+|[.\s]+$/g, '')
    .slice(0, MAX_NAME)
    .trim();
  return clean || 'conversation';
}

/** The file name to download: the sanitized name with the type's extension. */
export function exportFileName(name: string, type: ExportType): string {
  const ext = EXPORT_EXTENSIONS[type];
  const base = sanitizeFileName(name.replace(new RegExp(`\\.${ext}$`, 'i'), ''));
  return `${base}.${ext}`;
}

function childrenIndex(messages: readonly Message[]): Map<string, Message[]> {
  const ids = new Set(messages.map((m) => m.messageId));
  const children = new Map<string, Message[]>();
  for (const m of messages) {
    const parent =
      ids.has(m.parentMessageId) && m.parentMessageId !== m.messageId ? m.parentMessageId : NO_PARENT;
    const list = children.get(parent) ?? [];
    list.push(m);
    children.set(parent, list);
  }
  for (const list of children.values()) list.sort((a, b) => a.createdAt - b.createdAt);
  return children;
}

/** Every message in reading order: depth first, siblings oldest first. */
export function treeOrder(messages: readonly Message[]): Message[] {
  const children = childrenIndex(messages);
  const out: Message[] = [];
  const seen = new Set<string>();
  const stack = [...(children.get(NO_PARENT) ?? [])].reverse();
  while (stack.length > 0) {
    const m = stack.pop()!;
    if (seen.has(m.messageId)) continue;
    seen.add(m.messageId);
    out.push(m);
    const kids = children.get(m.messageId);
    if (kids) for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
  }
  return out;
}

/** The default branch: from the root, always the newest child (what the chat shows by default). */
export function latestBranch(messages: readonly Message[]): Message[] {
  const children = childrenIndex(messages);
  const out: Message[] = [];
  const seen = new Set<string>();
  let parent = NO_PARENT;
  for (;;) {
    const kids = children.get(parent);
    const next = kids?.[kids.length - 1];
    if (!next || seen.has(next.messageId)) return out;
    seen.add(next.messageId);
    out.push(next);
    parent = next.messageId;
  }
}

/**
 * The messages an export covers: all branches, or only the visible one (the branch the chat
 * shows, when given and known; else the newest path).
 */
export function exportMessages(
  messages: readonly Message[],
  branches: boolean,
  visibleBranch?: readonly string[] | null,
): Message[] {
  if (branches) return treeOrder(messages);
  if (visibleBranch && visibleBranch.length > 0) {
    const byId = new Map(messages.map((m) => [m.messageId, m]));
    const picked = visibleBranch.map((id) => byId.get(id));
    if (picked.every((m) => m !== undefined)) return picked as Message[];
  }
  return latestBranch(messages);
}

export type MessageNode = Message & { children: MessageNode[] };

/** Nest messages under their parents; messages whose parent is not exported become roots. */
export function nestMessages(messages: readonly Message[]): MessageNode[] {
  const nodes = new Map<string, MessageNode>(messages.map((m) => [m.messageId, { ...m, children: [] }]));
  const roots: MessageNode[] = [];
  for (const m of messages) {
    const node = nodes.get(m.messageId)!;
    const parent = m.parentMessageId !== m.messageId ? nodes.get(m.parentMessageId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** The readable text of a message: its text, else its text parts. */
export function messageText(m: Message): string {
  if (m.text) return m.text;
  return (m.content ?? [])
    .map((p) => (p.type === 'text' ? p.text : p.type === 'error' ? p.error : ''))
    .filter(Boolean)
    .join('\n');
}

/** Endpoint settings of the conversation (the "options" an export can include). */
export function conversationOptions(c: Conversation): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const fields: Record<string, unknown> = {
    endpoint: c.endpoint,
    endpointType: c.endpointType,
    model: c.model,
    spec: c.spec,
    ...c.parameters,
  };
  for (const [key, value] of Object.entries(fields))
    if (value !== null && value !== undefined) out[key] = value;
  return out;
}

const optionValue = (v: unknown) => (typeof v === 'object' ? JSON.stringify(v) : String(v));

export type ExportInput = {
  conversation: Conversation;
  messages: readonly Message[];
  options: ExportOptions;
  visibleBranch?: readonly string[] | null;
  /** When the export was made (injected for tests). */
  now?: Date;
};

const RULE = '########################';

export function toText({
  conversation: c,
  messages,
  options,
  visibleBranch,
  now = new Date(),
}: ExportInput): string {
  let out = `Conversation\n${RULE}\nconversationId: ${c.conversationId}\nendpoint: ${c.endpoint ?? ''}\ntitle: ${c.title}\nexportAt: ${now.toISOString()}\n${RULE}\n`;
  if (options.includeOptions) {
    out += `\nOptions\n${RULE}\n`;
    for (const [key, value] of Object.entries(conversationOptions(c)))
      out += `${key}: ${optionValue(value)}\n`;
    out += `${RULE}\n`;
  }
  out += `\nHistory\n${RULE}\n`;
  for (const m of exportMessages(messages, false, visibleBranch)) {
    out += `>> ${m.sender}:\n${messageText(m)}\n`;
    if (m.error) out += '(This is an error message)\n';
    if (m.unfinished) out += '(This is an unfinished message)\n';
    out += '\n\n';
  }
  return out;
}

export function toMarkdown({
  conversation: c,
  messages,
  options,
  visibleBranch,
  now = new Date(),
}: ExportInput): string {
  let out = `# Conversation\n- conversationId: ${c.conversationId}\n- endpoint: ${c.endpoint ?? ''}\n- title: ${c.title}\n- exportAt: ${now.toISOString()}\n`;
  if (options.includeOptions) {
    out += '\n## Options\n';
    for (const [key, value] of Object.entries(conversationOptions(c)))
      out += `- ${key}: ${optionValue(value)}\n`;
  }
  out += '\n## History\n';
  for (const m of exportMessages(messages, false, visibleBranch)) {
    out += `**${m.sender}**\n${messageText(m)}\n`;
    if (m.error) out += '*(This is an error message)*\n';
    if (m.unfinished) out += '*(This is an unfinished message)*\n';
    out += '\n\n';
  }
  return out;
}

/**
 * Our JSON export, which is LibreChat's: conversation fields, optional options, then messages —
 * nested under `messagesTree` when recursive, else a flat `messages` list.
 */
export function toJson({
  conversation: c,
  messages,
  options,
  visibleBranch,
  now = new Date(),
}: ExportInput): string {
  const data: Record<string, unknown> = {
    conversationId: c.conversationId,
    endpoint: c.endpoint,
    title: c.title,
    exportAt: now.toISOString(),
    branches: options.branches,
    recursive: options.recursive,
  };
  if (options.includeOptions) data.options = conversationOptions(c);
  const list = exportMessages(messages, options.branches, visibleBranch);
  if (options.recursive) data.messagesTree = nestMessages(list);
  else data.messages = list;
  return `${JSON.stringify(data, null, 2)}\n`;
}

/** A CSV cell; text a spreadsheet would run as a formula is prefixed with a quote mark. */
function csvCell(value: unknown): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (/^[=+@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** CSV with the spec's columns (doc 1 §5), one row per message. */
export function toCsv({ messages, options, visibleBranch }: ExportInput): string {
  const rows = [EXPORT_CSV_COLUMNS.join(',')];
  for (const m of exportMessages(messages, options.branches, visibleBranch)) {
    const values: Record<(typeof EXPORT_CSV_COLUMNS)[number], unknown> = {
      sender: m.sender,
      text: messageText(m),
      isCreatedByUser: m.isCreatedByUser,
      error: m.error,
      unfinished: m.unfinished,
      messageId: m.messageId,
      parentMessageId: m.parentMessageId,
      createdAt: new Date(m.createdAt).toISOString(),
    };
    rows.push(EXPORT_CSV_COLUMNS.map((col) => csvCell(values[col])).join(','));
  }
  return `${rows.join('\r\n')}\r\n`;
}

/** The file body for a text-based type. */
export function formatExport(input: ExportInput): string {
  switch (input.options.type) {
    case 'text':
      return toText(input);
    case 'markdown':
      return toMarkdown(input);
    case 'json':
      return toJson(input);
    case 'csv':
      return toCsv(input);
    case 'screenshot':
      throw new Error('A screenshot is not a text export');
  }
}
