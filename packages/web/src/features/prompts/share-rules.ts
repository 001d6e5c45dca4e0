import type { PromptGroupUpdateBody } from '@parley/schema';

/**
 * What submitting the share-to-all form does (doc 2 §3.5, §5.9): add the instance project when
 * turned on, remove it when turned off; 'already' when it is on and was already shared (an info
 * message, no call); null when nothing changes.
 */
export function shareAllPatch(
  shared: boolean,
  wanted: boolean,
  instanceProjectId: string,
): PromptGroupUpdateBody | 'already' | null {
  if (wanted && shared) return 'already';
  if (!instanceProjectId || wanted === shared) return null;
  return wanted ? { projectIds: [instanceProjectId] } : { removeProjectIds: [instanceProjectId] };
}
