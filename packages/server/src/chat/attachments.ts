import { type FileCitation, type MessageFile, paths } from '@parley/schema';
import { SANDBOX_WORKDIR } from '../code/native.ts';
import type { FilesTable } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { isVisionModel } from '../providers/vision.ts';
import type { Turn } from './context-window.ts';

export type FileRow = FilesTable;

/** What a chat needs of the files capability (files/ implements it over its storage and index). */
export interface ChatFiles {
  /** The user's own files among `fileIds` (another user's are simply not found). */
  owned(userId: string, fileIds: readonly string[]): Promise<FileRow[]>;
  /** A file's bytes as stored (images were normalised for providers at upload). */
  bytes(file: FileRow): Promise<Uint8Array>;
  /** A document's extracted text; null when it has none. */
  text(file: FileRow): Promise<string | null>;
  /** The passages of `files` that best answer `query`, best first. */
  search(userId: string, files: readonly FileRow[], query: string, limit: number): Promise<FileCitation[]>;
  /** A document whose text has at most this many tokens goes into the prompt whole. */
  fileTokenLimit: number;
  /**
   * Why these files cannot go with one message on `endpoint` (the endpoint's fileConfig: count,
   * total size, each file's size and type), or null when they can.
   */
  refusal(endpoint: string, files: readonly FileRow[]): AppError | null;
}

/** Passages of the attached documents given with a question (file search). */
export const FILE_SEARCH_PASSAGES = 8;

/** How a file reaches the model. */
export type FileUse = 'image' | 'text' | 'search' | 'none';

export function fileUse(file: FileRow, fileTokenLimit: number): FileUse {
  if (file.status === 'failed') return 'none';
  switch (file.tool_resource) {
    case 'context':
    case 'ocr':
      return 'text';
    case 'file_search':
      return 'search';
    case 'execute_code':
      return 'none';
  }
  if (file.type.startsWith('image/')) return 'image';
  // Unsaid: a document small enough goes whole, a larger one is searched (issue 14 point 4).
  return file.tokens !== null && file.tokens <= fileTokenLimit ? 'text' : 'search';
}

/**
 * The files a new message is sent with: each must be the user's (else file_not_found, naming
 * none), within the endpoint's file rules (doc 1 §5; the client checks them first, the server's
 * check is the law), and images need a model that reads them (else vision_unsupported), all
 * refused before anything is saved or sent.
 */
export async function checkAttachments(
  files: ChatFiles,
  userId: string,
  fileIds: readonly string[],
  target: { endpoint: string; model: string },
): Promise<FileRow[]> {
  if (fileIds.length === 0) return [];
  const unique = [...new Set(fileIds)];
  const found = await files.owned(userId, unique);
  if (found.length !== unique.length) throw new AppError('file_not_found', undefined, 'files');
  const byId = new Map(found.map((f) => [f.file_id, f]));
  const rows = unique.map((id) => byId.get(id)!);
  const refused = files.refusal(target.endpoint, rows);
  if (refused) throw refused;
  if (rows.some((f) => fileUse(f, files.fileTokenLimit) === 'image') && !isVisionModel(target.model))
    throw new AppError('vision_unsupported', undefined, 'files');
  return rows;
}

/** The files as the message shows them (doc 2 §3.8). */
export function messageFiles(userId: string, rows: readonly FileRow[]): MessageFile[] {
  return rows.map((f) => ({
    file_id: f.file_id,
    filename: f.filename,
    filepath: paths.fileDownload(userId, f.file_id),
    type: f.type,
    bytes: f.bytes,
    ...(f.width !== null ? { width: f.width } : {}),
    ...(f.height !== null ? { height: f.height } : {}),
  }));
}

/** The prompt's turns with their files in, and the passages the reply may cite. */
export interface AttachedTurns {
  turns: Turn[];
  citations: FileCitation[];
}

/**
 * Put each turn's files into the prompt: images as image parts (left out, with a note, for a model
 * that reads none), documents' text inline before the turn's words, and for the newest question
 * the best passages of every searched document in the branch, numbered for citations.
 */
export async function withAttachments(
  files: ChatFiles,
  userId: string,
  turns: readonly Turn[],
  model: string,
): Promise<AttachedTurns> {
  const ids = [
    ...new Set(turns.flatMap((t) => (t.files ?? []).flatMap((f) => (f.file_id ? [f.file_id] : [])))),
  ];
  if (ids.length === 0) return { turns: [...turns], citations: [] };
  // Files deleted since stay on their messages but are gone from the prompt.
  const rows = new Map((await files.owned(userId, ids)).map((f) => [f.file_id, f]));
  const vision = isVisionModel(model);
  const searched: FileRow[] = [];
  const out: Turn[] = [];
  for (const turn of turns) {
    const texts: string[] = [];
    const images: { mediaType: string; data: Uint8Array }[] = [];
    for (const ref of turn.files ?? []) {
      const file = ref.file_id ? rows.get(ref.file_id) : undefined;
      if (!file) continue;
      const use = fileUse(file, files.fileTokenLimit);
      if (use === 'image' && vision) images.push({ mediaType: file.type, data: await files.bytes(file) });
      else if (use === 'text') {
        const text = await files.text(file);
        if (text) texts.push(fileBlock(file.filename, text));
      } else if (use === 'search' && !searched.includes(file)) searched.push(file);
      // A file for code is not read into the prompt: the model is told where execute_code finds it.
      else if (file.tool_resource === 'execute_code')
        texts.push(`[Attached file for code execution: ${SANDBOX_WORKDIR}/${file.filename}]`);
    }
    out.push({
      role: turn.role,
      text: texts.length > 0 ? `${texts.join('\n\n')}\n\n${turn.text}` : turn.text,
      ...(images.length > 0 ? { images } : {}),
    });
  }
  const at = turns.findLastIndex((t) => t.role === 'user');
  if (searched.length === 0 || at < 0) return { turns: out, citations: [] };
  // The question as asked (not with its inlined documents) is what the passages must answer.
  const citations = await files.search(userId, searched, turns[at].text, FILE_SEARCH_PASSAGES);
  const question = out[at];
  if (citations.length > 0) question.text = `${passagesBlock(citations)}\n\n${question.text}`;
  return { turns: out, citations };
}

function fileBlock(filename: string, text: string): string {
  return `[Attached file: ${filename}]\n${text.trimEnd()}\n[End of ${filename}]`;
}

/** The passages, numbered as the reply cites them. */
function passagesBlock(citations: readonly FileCitation[]): string {
  const lines = citations.map(
    (c, i) => `[${i + 1}] ${c.filename}${c.page !== null ? `, page ${c.page}` : ''}:\n${c.text}`,
  );
  return [
    'Passages from the attached files. Where the answer uses one, cite it by its number in square brackets, like [1].',
    ...lines,
    '[End of passages]',
  ].join('\n\n');
}
