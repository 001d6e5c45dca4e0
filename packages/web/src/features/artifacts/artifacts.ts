import { type Message, parseArtifactBlocks } from '@parley/schema';

/** An artifact of the visible branch (doc 2 §3.9), with its block's streaming state. */
export type Artifact = {
  id: string;
  identifier: string;
  type: string;
  title: string;
  content: string;
  language: string;
  messageId: string;
  /** Place among the artifacts of its reply (the edit call's `index`). */
  index: number;
  lastUpdateTime: number;
  complete: boolean;
  contentStarted: boolean;
};

/** A reply's artifacts: over its text parts in order when it has parts, else over its text. */
function blocksOf(message: Message) {
  const parts = message.content?.filter((p) => p.type === 'text');
  if (parts && parts.length > 0) return parts.flatMap((p) => parseArtifactBlocks(p.text));
  return parseArtifactBlocks(message.text);
}

/**
 * The branch's artifacts, ordered by lastUpdateTime (doc 3 §4). One seen before keeps its time
 * unless its code changed (then `now`); a new one dates from its reply, so a reload orders them as
 * they were written. Unchanged artifacts keep their object, so the panel re-renders only on change.
 */
export function extractArtifacts(
  messages: readonly Message[],
  previous: ReadonlyMap<string, Artifact>,
  now: number,
): Artifact[] {
  const out: Artifact[] = [];
  for (const message of messages) {
    if (message.isCreatedByUser || !message.text.includes('artifact')) continue;
    blocksOf(message).forEach((b, index) => {
      const id = `${message.messageId}:${index}`;
      const prev = previous.get(id);
      const same =
        prev &&
        prev.content === b.content &&
        prev.complete === b.complete &&
        prev.contentStarted === b.contentStarted &&
        prev.title === b.title &&
        prev.type === b.type &&
        prev.identifier === b.identifier;
      if (same) {
        out.push(prev);
        return;
      }
      out.push({
        id,
        identifier: b.identifier,
        type: b.type,
        title: b.title,
        content: b.content,
        language: b.language,
        messageId: message.messageId,
        index,
        lastUpdateTime: prev
          ? prev.content === b.content
            ? prev.lastUpdateTime
            : now
          : message.createdAt + index,
        complete: b.complete,
        contentStarted: b.contentStarted,
      });
    });
  }
  return out.sort((a, b) => a.lastUpdateTime - b.lastUpdateTime);
}

const EXTENSIONS: Record<string, string> = {
  'text/html': 'html',
  'application/vnd.code-html': 'html',
  'image/svg+xml': 'svg',
  'application/vnd.mermaid': 'mmd',
  'text/markdown': 'md',
  'text/md': 'md',
  'text/plain': 'txt',
  'application/vnd.react': 'tsx',
  'application/vnd.ant.react': 'tsx',
};

/** The download's file name: the title as a slug, with the type's extension. */
export function downloadName(a: Pick<Artifact, 'title' | 'type' | 'language' | 'identifier'>): string {
  const base =
    (a.title || a.identifier || 'artifact')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'artifact';
  const ext = EXTENSIONS[a.type] ?? (/^[a-z0-9]{1,8}$/.test(a.language) ? a.language : 'txt');
  return `${base}.${ext}`;
}

/** The MIME type a download is saved with. */
export function downloadType(type: string): string {
  if (type === 'text/html' || type === 'image/svg+xml' || type === 'text/markdown') return type;
  return 'text/plain';
}
