import { chat } from '../chat/chat.ts';

export const provider = chat;
