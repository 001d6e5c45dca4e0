import { AppError } from '../../errors.ts';
import { chatbotUiSource, isChatbotUiExport } from './chatbot-ui.ts';
import { chatGptSource, isChatGptExport } from './chatgpt.ts';
import { claudeSource, isClaudeExport } from './claude.ts';
import { isParleyExport, parleySource } from './parley.ts';
import type { ImportSource } from './types.ts';

/** Recognise an export by its shape; anything else is 'Unsupported import type' (doc 3 §8). */
export function detectImport(data: unknown): ImportSource {
  if (isChatGptExport(data)) return chatGptSource(data);
  if (isClaudeExport(data)) return claudeSource(data);
  if (isChatbotUiExport(data)) return chatbotUiSource(data);
  if (isParleyExport(data)) return parleySource(data);
  throw new AppError('import_unsupported');
}
