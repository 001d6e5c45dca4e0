/** A usable prompt as the `/` popover and the prompt cards show it (doc 3 §3 prompt group). */
export type UsablePrompt = {
  /** The group's id (the usage counter and the Edit link use it). */
  groupId: string;
  name: string;
  /** The slash command, lower-case a-z0-9 and hyphens; null when the group has none. */
  command: string | null;
  oneliner: string;
  category: string;
  /** The production version's text. */
  text: string;
  /** The group's author (only they see Edit in a card's menu). */
  authorId: string;
};

/** What the filter reads per prompt, lower-cased once when the list arrives, not per keystroke. */
export type SearchEntry = { prompt: UsablePrompt; command: string; name: string };

export function toSearchEntries(prompts: readonly UsablePrompt[]): SearchEntry[] {
  return prompts.map((prompt) => ({
    prompt,
    command: prompt.command?.toLowerCase() ?? '',
    name: prompt.name.toLowerCase(),
  }));
}

/** The query the composer text asks for: what follows the leading `/`. */
export function slashQuery(text: string): string {
  return text.startsWith('/') ? text.slice(1).trim().toLowerCase() : '';
}

/**
 * The prompts matching a query by command or name (doc 2 §2.5, issue 18 point 3), best first:
 * command starting with it, name starting with it, command containing it, name containing it;
 * the list's order within each rank. An empty query matches everything.
 */
export function filterPrompts(entries: readonly SearchEntry[], query: string): UsablePrompt[] {
  const q = query.trim().toLowerCase();
  if (!q) return entries.map((e) => e.prompt);
  const ranks: UsablePrompt[][] = [[], [], [], []];
  for (const e of entries) {
    if (e.command.startsWith(q)) ranks[0].push(e.prompt);
    else if (e.name.startsWith(q)) ranks[1].push(e.prompt);
    else if (e.command.includes(q)) ranks[2].push(e.prompt);
    else if (e.name.includes(q)) ranks[3].push(e.prompt);
  }
  return ranks.flat();
}

/** The next highlighted row for a key: up and down wrap around; none when the list is empty. */
export function moveActive(index: number, count: number, step: 1 | -1): number {
  if (count === 0) return -1;
  if (index < 0) return step === 1 ? 0 : count - 1;
  return (index + step + count) % count;
}
