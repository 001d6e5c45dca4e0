import { type ComponentType, createContext } from 'react';

/**
 * The passages a reply cites (features/citations provides them): how many there are, so that
 * Markdown links [1]…[count], and how a citation mark is shown. Absent: no citations.
 */
export interface CitationsValue {
  count: number;
  Mark: ComponentType<{ n: number }>;
}

export const CitationsContext = createContext<CitationsValue | null>(null);
