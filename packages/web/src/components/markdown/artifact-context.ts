import { createContext } from 'react';

/** The reply a Markdown text belongs to (features/chat provides it), so its artifact cards name it. */
export const ArtifactMessageContext = createContext<string | null>(null);

/** That reply is still streaming: its artifact cards open the panel to follow it. */
export const ArtifactStreamingContext = createContext(false);
