import { chat } from '../chat/chat.ts';

export const route = chat;
