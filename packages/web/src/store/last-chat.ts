/**
 * The chat the user was last on, for pages outside the chat shell whose back link returns to it
 * (doc 2 §2.5: the prompts' back-to-chat link goes to the previous conversation, or a new one).
 * Kept for the tab's life only.
 */
let lastConversationId: string | null = null;

export function rememberChat(conversationId: string | null): void {
  lastConversationId = conversationId;
}

/** /chat/{id} of the last conversation, or /chat/new. */
export function lastChatPath(): string {
  return lastConversationId ? `/chat/${encodeURIComponent(lastConversationId)}` : '/chat/new';
}
