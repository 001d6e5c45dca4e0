import { type ConversationTag, SAVED_TAG, TAG_DESCRIPTION_MAX, TAG_MAX } from '@parley/schema';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../api/client.ts';
import { useConversationTags, useCreateTag, useUpdateTag } from '../../api/tags.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Input, Textarea } from '../../components/ui/input.tsx';
import { t } from '../../i18n/t.ts';
import { type BookmarkErrors, validateBookmark } from './bookmark-form.ts';

function errorText(errors: BookmarkErrors, field: keyof BookmarkErrors): string | null {
  const error = errors[field];
  if (error === 'required') return t('com_ui_bookmarks_field_required');
  if (error === 'exists') return t('com_ui_bookmarks_create_exists');
  if (error === 'max')
    return t('com_ui_bookmarks_max_length', { max: field === 'tag' ? TAG_MAX : TAG_DESCRIPTION_MAX });
  return null;
}

/**
 * Create or edit a bookmark (doc 3 §5): tag and description with their limits; a new one may be
 * added to the current conversation at once. An unchanged edit saves nothing.
 */
export function BookmarkDialog({
  open,
  onOpenChange,
  bookmark,
  conversationId,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The bookmark being edited; none = a new one. */
  bookmark?: ConversationTag | null;
  /** The open conversation, offered for "add to current conversation" on create. */
  conversationId?: string | null;
  onSaved?: (tag: ConversationTag, previous: string | null) => void;
}) {
  const id = useId();
  const tags = useConversationTags(open);
  const create = useCreateTag();
  const update = useUpdateTag();
  const [tag, setTag] = useState('');
  const [description, setDescription] = useState('');
  const [addToConvo, setAddToConvo] = useState(true);
  const [errors, setErrors] = useState<BookmarkErrors>({});

  useEffect(() => {
    if (!open) return;
    setTag(bookmark?.tag ?? '');
    setDescription(bookmark?.description ?? '');
    setAddToConvo(true);
    setErrors({});
  }, [open, bookmark]);

  const builtin = bookmark?.tag === SAVED_TAG;
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const existing = (tags.data ?? []).map((x) => x.tag);
    const check = validateBookmark({ tag, description }, existing, bookmark);
    setErrors(check.errors);
    if (check.errors.tag === 'exists') toast.warning(t('com_ui_bookmarks_create_exists'));
    if (Object.keys(check.errors).length > 0) return;
    if (check.unchanged) {
      toast.info(t('com_ui_bookmarks_no_changes'));
      onOpenChange(false);
      return;
    }
    const { value } = check;
    try {
      let saved: ConversationTag;
      if (bookmark) {
        saved = await update.mutateAsync({
          tag: bookmark.tag,
          body: {
            ...(value.tag !== bookmark.tag ? { tag: value.tag } : {}),
            description: value.description,
          },
        });
        toast.success(t('com_ui_bookmarks_update_success'));
      } else {
        const attach = !!conversationId && addToConvo;
        saved = await create.mutateAsync({
          tag: value.tag,
          description: value.description || undefined,
          ...(attach ? { conversationId: conversationId ?? undefined, addToConversation: true } : {}),
        });
        toast.success(t('com_ui_bookmarks_create_success'));
      }
      onSaved?.(saved, bookmark?.tag ?? null);
      onOpenChange(false);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'tag_exists') {
        setErrors({ tag: 'exists' });
        toast.warning(t('com_ui_bookmarks_create_exists'));
      } else toast.error(t(bookmark ? 'com_ui_bookmarks_update_error' : 'com_ui_bookmarks_create_error'));
    }
  };

  const tagError = errorText(errors, 'tag');
  const descriptionError = errorText(errors, 'description');
  const busy = create.isPending || update.isPending;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={bookmark ? t('com_ui_bookmarks_edit') : t('com_ui_bookmarks_new')}
        closeLabel={t('com_settings_close')}
      >
        <form onSubmit={onSubmit} className="space-y-4" data-testid="bookmark-dialog" noValidate>
          <div className="space-y-1.5">
            <label htmlFor={`${id}-tag`} className="text-sm font-medium">
              {t('com_ui_bookmarks_title')}
            </label>
            <Input
              id={`${id}-tag`}
              value={tag}
              onChange={(e) => setTag(e.target.value)}
              disabled={builtin}
              aria-invalid={tagError ? true : undefined}
              aria-describedby={tagError ? `${id}-tag-error` : undefined}
              data-testid="bookmark-tag-input"
              autoFocus={!builtin}
            />
            {tagError ? (
              <p id={`${id}-tag-error`} className="text-xs text-destructive" data-testid="bookmark-tag-error">
                {tagError}
              </p>
            ) : null}
            {builtin ? (
              <p className="text-xs text-muted-foreground">{t('com_ui_bookmarks_builtin')}</p>
            ) : null}
          </div>
          <div className="space-y-1.5">
            <label htmlFor={`${id}-description`} className="text-sm font-medium">
              {t('com_ui_bookmarks_description')}
            </label>
            <Textarea
              id={`${id}-description`}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              rows={3}
              aria-invalid={descriptionError ? true : undefined}
              aria-describedby={descriptionError ? `${id}-description-error` : undefined}
              data-testid="bookmark-description-input"
            />
            {descriptionError ? (
              <p
                id={`${id}-description-error`}
                className="text-xs text-destructive"
                data-testid="bookmark-description-error"
              >
                {descriptionError}
              </p>
            ) : null}
          </div>
          {!bookmark && conversationId ? (
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={addToConvo}
                onChange={(e) => setAddToConvo(e.target.checked)}
                data-testid="bookmark-add-to-convo"
              />
              {t('com_ui_bookmarks_add_to_conversation')}
            </label>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('com_ui_cancel')}
            </Button>
            <Button type="submit" variant="primary" disabled={busy} data-testid="bookmark-save">
              {t('com_ui_save')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
