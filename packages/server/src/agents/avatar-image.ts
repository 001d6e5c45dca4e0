import type { AgentAvatarType } from '../account/avatars.ts';
import { IMAGE_MAX_INPUT_PIXELS } from '../files/normalize-image.ts';

/** Longest edge an agent avatar is stored at (it is shown at icon sizes; value not shown). */
export const AGENT_AVATAR_EDGE_PX = 512;

/**
 * The stored avatar: upright, at most AGENT_AVATAR_EDGE_PX a side, without metadata (a shared
 * agent shows its avatar to every user: no camera EXIF or GPS goes with it). A GIF keeps its first
 * frame, as PNG. Throws when the bytes do not decode.
 */
export async function normalizeAgentAvatar(
  data: Buffer,
  type: AgentAvatarType,
): Promise<{ data: Buffer; type: AgentAvatarType }> {
  const { default: sharp } = await import('sharp');
  const out: AgentAvatarType = type === 'gif' ? 'png' : type;
  const pipeline = sharp(data, { limitInputPixels: IMAGE_MAX_INPUT_PIXELS })
    .rotate()
    .resize(AGENT_AVATAR_EDGE_PX, AGENT_AVATAR_EDGE_PX, { fit: 'inside', withoutEnlargement: true });
  const encoded =
    out === 'jpg' ? pipeline.jpeg({ quality: 90 }) : out === 'webp' ? pipeline.webp() : pipeline.png();
  return { data: await encoded.toBuffer(), type: out };
}
