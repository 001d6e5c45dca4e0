import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AVATAR_DEFAULT_SIZE_LIMIT } from '@parley/schema';
import type { YamlConfig } from '../config/yaml.ts';

export type AvatarType = 'png' | 'jpg';

export const AVATAR_CONTENT_TYPES: Record<AvatarType, string> = { png: 'image/png', jpg: 'image/jpeg' };

/** Bytes allowed for a profile picture: librechat.yaml `fileConfig.avatarSizeLimit` is in MB. */
export function avatarSizeLimit(yaml: YamlConfig): number {
  const mb = yaml.fileConfig?.avatarSizeLimit;
  return mb ? Math.round(mb * 1024 * 1024) : AVATAR_DEFAULT_SIZE_LIMIT;
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The image type by its magic bytes, whatever the file name or declared type says. */
export function detectAvatarType(data: Buffer): AvatarType | null {
  if (data.length >= PNG.length && PNG.every((b, i) => data[i] === b)) return 'png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpg';
  return null;
}

const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const FILE_NAME = /^[0-9a-f]{32}\.(png|jpg)$/;

/**
 * Profile pictures on disk under DATA_DIR/avatars/<userId>/<random>.<ext>. The URL carries 128
 * random bits, so it is unguessable and can be used by a plain <img> (which sends no bearer token);
 * a new upload gets a new name (cacheable forever) and removes the previous files.
 */
export function avatarStore(dataDir: string) {
  const root = path.join(dataDir, 'avatars');
  const userDir = (userId: string) => {
    if (!USER_ID.test(userId)) throw new Error('Invalid user id for an avatar path.');
    return path.join(root, userId);
  };
  return {
    /** Store the image and return its URL; older pictures of the user are deleted. */
    async save(userId: string, data: Buffer, type: AvatarType): Promise<string> {
      const dir = userDir(userId);
      await mkdir(dir, { recursive: true });
      const name = `${randomBytes(16).toString('hex')}.${type}`;
      await writeFile(path.join(dir, name), data, { mode: 0o600 });
      return `/api/files/avatars/${userId}/${name}`;
    },

    /** Remove every picture of the user except `keepUrl` (the one now on record). */
    async prune(userId: string, keepUrl: string | null): Promise<void> {
      const dir = userDir(userId);
      const keep = keepUrl?.split('/').pop();
      const names = await readdir(dir).catch(() => [] as string[]);
      await Promise.all(names.filter((n) => n !== keep).map((n) => rm(path.join(dir, n), { force: true })));
    },

    /** Delete all of the user's pictures (account deletion). */
    async removeAll(userId: string): Promise<void> {
      await rm(userDir(userId), { recursive: true, force: true });
    },

    /** The file behind a URL's parts, or null when the parts are not a valid avatar name. */
    resolve(userId: string, name: string): { file: string; type: AvatarType } | null {
      if (!USER_ID.test(userId) || !FILE_NAME.test(name)) return null;
      return { file: path.join(root, userId, name), type: name.endsWith('.png') ? 'png' : 'jpg' };
    },
  };
}
export type AvatarStore = ReturnType<typeof avatarStore>;
