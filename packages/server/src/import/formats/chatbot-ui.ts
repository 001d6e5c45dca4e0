import { type ImportedConversation, type ImportSource, isObject, type Json, str } from './types.ts';

/**
 * Chatbot UI (the legacy app's "Export data"): `{version, history, folders, prompts}`, or a bare
 * array of conversations in its first export version. Messages are a plain sequence with no times.
 */
export function isChatbotUiExport(data: unknown): boolean {
  if (isObject(data)) return data.version !== undefined && Array.isArray(data.history);
  return (
    Array.isArray(data) &&
    data.length > 0 &&
    isObject(data[0]) &&
    Array.isArray(data[0].messages) &&
    typeof data[0].name === 'string'
  );
}

export function convertChatbotUiConversation(item: Json): ImportedConversation {
  const model = isObject(item.model) ? item.model : {};
  const modelId = str(model.id);
  const sender = str(model.name) ?? modelId ?? 'Assistant';
  const parameters: Record<string, unknown> = {};
  if (str(item.prompt)) parameters.promptPrefix = item.prompt;
  if (typeof item.temperature === 'number') parameters.temperature = item.temperature;
  let parent: string | null = null;
  const messages: ImportedConversation['messages'] = [];
  const list = Array.isArray(item.messages) ? item.messages.filter(isObject) : [];
  list.forEach((m, i) => {
    const text = str(m.content)?.trim() ?? '';
    if (!text || (m.role !== 'user' && m.role !== 'assistant')) return;
    const id = `m${i}`;
    const isUser = m.role === 'user';
    messages.push({
      sourceId: id,
      parentSourceId: parent,
      sender: isUser ? 'User' : sender,
      text,
      isCreatedByUser: isUser,
      endpoint: 'openAI',
      model: isUser ? null : modelId,
      createdAt: null,
    });
    parent = id;
  });
  return {
    title: str(item.name) ?? '',
    endpoint: 'openAI',
    model: modelId,
    parameters,
    createdAt: null,
    updatedAt: null,
    messages,
  };
}

export function chatbotUiSource(data: unknown): ImportSource {
  const history = (Array.isArray(data) ? data : ((data as Json).history as unknown[])).filter(isObject);
  return {
    format: 'chatbot-ui',
    total: history.length,
    *conversations() {
      for (const item of history) yield convertChatbotUiConversation(item);
    },
  };
}
