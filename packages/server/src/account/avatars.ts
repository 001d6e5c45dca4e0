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

/** Agent avatars (doc 3 §5): PNG, JPEG, GIF or WebP by their bytes. */
export type AgentAvatarType = AvatarType | 'gif' | 'webp';

export const AGENT_AVATAR_CONTENT_TYPES: Record<AgentAvatarType, string> = {
  ...AVATAR_CONTENT_TYPES,
  gif: 'image/gif',
  webp: 'image/webp',
};

/** An agent avatar's type by its magic bytes, or null. */
export function detectAgentAvatarType(data: Buffer): AgentAvatarType | null {
  const profile = detectAvatarType(data);
  if (profile) return profile;
  const ascii = (from: number, to: number) => data.subarray(from, to).toString('latin1');
  if (data.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) return 'gif';
  if (data.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}

const AGENT_ID = /^agent_[A-Za-z0-9_-]{1,58}$/;
const AGENT_FILE_NAME = /^[0-9a-f]{32}\.(png|jpg|gif|webp)$/;

/**
 * Agent avatars under DATA_DIR/avatars/agents/<agentId>/<random>.<ext>, served like profile
 * pictures (an unguessable name a plain <img> can load): shared agents show their avatar to all.
 */
export function agentAvatarStore(dataDir: string) {
  const root = path.join(dataDir, 'avatars', 'agents');
  const agentDir = (agentId: string) => {
    if (!AGENT_ID.test(agentId)) throw new Error('Invalid agent id for an avatar path.');
    return path.join(root, agentId);
  };
  return {
    async save(agentId: string, data: Buffer, type: AgentAvatarType): Promise<string> {
      const dir = agentDir(agentId);
      await mkdir(dir, { recursive: true });
      const name = `${randomBytes(16).toString('hex')}.${type}`;
      await writeFile(path.join(dir, name), data, { mode: 0o600 });
      return `/api/files/avatars/agents/${agentId}/${name}`;
    },
    /** Remove the agent's pictures except `keepUrl`. */
    async prune(agentId: string, keepUrl: string | null): Promise<void> {
      const dir = agentDir(agentId);
      const keep = keepUrl?.split('/').pop();
      const names = await readdir(dir).catch(() => [] as string[]);
      await Promise.all(names.filter((n) => n !== keep).map((n) => rm(path.join(dir, n), { force: true })));
    },
    /** The agent was deleted. */
    async removeAll(agentId: string): Promise<void> {
      if (AGENT_ID.test(agentId)) await rm(agentDir(agentId), { recursive: true, force: true });
    },
    resolve(agentId: string, name: string): { file: string; type: AgentAvatarType } | null {
      if (!AGENT_ID.test(agentId) || !AGENT_FILE_NAME.test(name)) return null;
      return { file: path.join(root, agentId, name), type: name.split('.').pop() as AgentAvatarType };
    },
  };
}
export type AgentAvatarStore = ReturnType<typeof agentAvatarStore>;
