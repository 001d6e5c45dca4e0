import type { Db } from '../../db/index.ts';

/**
 * The extracted text of the user's file, for "upload as text" (a small document goes into the
 * prompt whole). Null when the file is not theirs or has no text (an image, a failed extraction).
 */
export async function fileText(db: Db, userId: string, fileId: string): Promise<string | null> {
  const row = await db
    .selectFrom('file_texts')
    .select('text')
    .where('user_id', '=', userId)
    .where('file_id', '=', fileId)
    .executeTakeFirst();
  return row?.text ?? null;
}
