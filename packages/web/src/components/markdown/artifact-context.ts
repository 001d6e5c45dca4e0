import { createContext } from 'react';

/** The reply a Markdown text belongs to (features/chat provides it), so its artifact cards name it. */
export const ArtifactMessageContext = createContext<string | null>(null);
