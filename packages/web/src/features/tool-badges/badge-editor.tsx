import { GripVertical, Plus, X } from 'lucide-react';
import { type DragEvent, type KeyboardEvent, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { t } from '../../i18n/t.ts';
import { cn } from '../../lib/cn.ts';
import { addBadge, dropBadge, removeBadge, shownBadges, stepBadge } from './badge-edits.ts';
import type { BadgeDefs } from './badge-row.tsx';
import type { BadgeId, BadgeLayout } from './badges.ts';
import '../../i18n/en-tools.ts';

/**
 * Badge edit mode (doc 3 §4): drag a badge onto another to reorder (or the arrow keys on its
 * grip), remove one, add a removed one back; Save commits the list, Cancel discards the draft.
 * Badges the server cannot serve now are arranged too, marked as not available here.
 */
export default function BadgeEditor({
  badges: BADGES,
  layout,
  available,
  onSave,
  onCancel,
}: {
  /** The badges' icons and labels (handed in: importing the row would share it with this chunk). */
  badges: BadgeDefs;
  layout: BadgeLayout;
  available: Record<BadgeId, boolean>;
  onSave: (layout: BadgeLayout) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState(layout);
  const [dragged, setDragged] = useState<BadgeId | null>(null);
  const [over, setOver] = useState<BadgeId | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const shown = shownBadges(draft);
  const label = (id: BadgeId) => t(BADGES[id].label);

  const moved = (next: BadgeLayout, id: BadgeId) => {
    setDraft(next);
    setAnnouncement(
      t('com_tools_badge_moved', { label: label(id), position: shownBadges(next).indexOf(id) + 1 }),
    );
  };
  const onDrop = (event: DragEvent, target: BadgeId) => {
    event.preventDefault();
    const id = dragged ?? (event.dataTransfer.getData('text/plain') as BadgeId);
    setDragged(null);
    setOver(null);
    if (id && shown.includes(id)) moved(dropBadge(draft, id, target), id);
  };
  const onGripKey = (event: KeyboardEvent, id: BadgeId) => {
    const delta = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[event.key];
    if (!delta) return;
    event.preventDefault();
    moved(stepBadge(draft, id, delta), id);
  };

  return (
    <div className="flex min-w-0 flex-col gap-2" data-testid="badge-editor">
      <p className="text-xs text-muted-foreground">{t('com_tools_edit_badges_hint')}</p>
      <ul className="flex flex-wrap items-center gap-1" data-testid="badge-editor-shown">
        {shown.map((id) => {
          const Icon = BADGES[id].icon;
          return (
            <li
              key={id}
              draggable
              data-testid={`badge-edit-${id}`}
              onDragStart={(e) => {
                setDragged(id);
                e.dataTransfer.effectAllowed = 'move';
                e.dataTransfer.setData('text/plain', id);
              }}
              onDragEnd={() => {
                setDragged(null);
                setOver(null);
              }}
              onDragOver={(e) => {
                e.preventDefault();
                e.dataTransfer.dropEffect = 'move';
                setOver(id);
              }}
              onDragLeave={() => setOver((o) => (o === id ? null : o))}
              onDrop={(e) => onDrop(e, id)}
              className={cn(
                'inline-flex h-9 cursor-grab items-center gap-1 rounded-full border border-dashed border-border pl-1 pr-1 text-sm',
                dragged === id && 'opacity-40',
                over === id && dragged !== id && 'bg-accent',
                !available[id] && 'text-muted-foreground',
              )}
            >
              <button
                type="button"
                onKeyDown={(e) => onGripKey(e, id)}
                aria-label={t('com_tools_badge_drag', { label: label(id) })}
                title={t('com_tools_badge_drag', { label: label(id) })}
                data-testid={`badge-grip-${id}`}
                className="inline-flex size-7 items-center justify-center rounded-full text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <GripVertical className="size-4" />
              </button>
              <Icon className="size-4" aria-hidden />
              <span>
                {label(id)}
                {available[id] ? null : (
                  <span className="ml-1 text-xs">({t('com_tools_badge_unavailable')})</span>
                )}
              </span>
              <button
                type="button"
                onClick={() => setDraft(removeBadge(draft, id))}
                aria-label={t('com_tools_badge_remove', { label: label(id) })}
                data-testid={`badge-remove-${id}`}
                className="inline-flex size-7 items-center justify-center rounded-full text-muted-foreground hover:bg-accent hover:text-destructive focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <X className="size-4" />
              </button>
            </li>
          );
        })}
      </ul>
      {draft.hidden.length > 0 ? (
        <div className="flex flex-wrap items-center gap-1" data-testid="badge-editor-removed">
          <span className="text-xs text-muted-foreground">{t('com_tools_removed_badges')}</span>
          {draft.hidden.map((id) => (
            <Button
              key={id}
              size="sm"
              variant="outline"
              onClick={() => setDraft(addBadge(draft, id))}
              aria-label={t('com_tools_badge_add', { label: label(id) })}
              data-testid={`badge-add-${id}`}
              className="rounded-full"
            >
              <Plus className="size-4" />
              {label(id)}
            </Button>
          ))}
        </div>
      ) : null}
      <div className="flex gap-2">
        <Button size="sm" variant="primary" onClick={() => onSave(draft)} data-testid="badge-save">
          {t('com_tools_save_badges')}
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel} data-testid="badge-cancel">
          {t('com_tools_cancel_badges')}
        </Button>
      </div>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
