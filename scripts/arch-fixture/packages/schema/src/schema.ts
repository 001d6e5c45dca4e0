import { chat } from '../../server/src/chat/chat.ts';

export const schema = chat;
