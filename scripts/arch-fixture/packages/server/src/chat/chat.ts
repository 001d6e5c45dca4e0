export const chat = 'chat';
