import { lazyOnOpen } from '../../lib/lazy-on-open.tsx';

/** The bookmark create/edit dialog, loaded when it first opens (off /chat/new's critical path). */
export const BookmarkDialog = lazyOnOpen(() =>
  import('./bookmark-dialog.tsx').then((m) => ({ default: m.BookmarkDialog })),
);
