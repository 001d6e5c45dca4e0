import type { PromptGroup } from '@parley/schema';
import { Ellipsis, Eye, Pencil, Settings2 } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useUsablePromptGroups } from '../../api/prompts.ts';
import { SidePanel } from '../../components/side-panel.tsx';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.tsx';
import { SearchField } from '../../components/ui/search-field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { t } from '../../i18n/t.ts';
import { usePreferences } from '../../store/preferences.ts';
import { useSession } from '../../store/session.ts';
import { useSidePanel } from '../../store/side-panel.ts';
import '../../i18n/en-prompt-use.ts';
import { filterPrompts, type SearchEntry, toSearchEntries, type UsablePrompt } from './filter.ts';
import { toUsablePrompt } from './to-usable.ts';
import { applyPrompt, specialContext } from './use-prompt.ts';
import { segmentText } from './variables.ts';
import { FilledPreview } from './variables-dialog.tsx';

/** Cards shown at first and added by each 'Show more' (the list may hold thousands). */
const PAGE = 20;

const EMPTY: PromptGroup[] = [];

/**
 * The side panel's Prompts entry (doc 3 §2 entry 3; doc 2 §2.5 prompt cards on /chat/ routes):
 * Manage (to /d/prompts), the auto-send toggle, and the user's prompts as cards. A click on a card
 * uses the prompt (its variables dialog first when it has variables; a blank one does nothing);
 * a card's menu offers Preview, and Edit for its author.
 */
export default function PromptsPanel({ onUse }: { onUse: (text: string, send: boolean) => void }) {
  const open = useSidePanel((s) => s.active === 'prompts');
  const prompts = useUsablePromptGroups(open);
  const autoSend = usePreferences((s) => s.autoSendPrompts);
  const set = usePreferences((s) => s.setPreference);
  const userId = useSession((s) => s.user?.id);
  const [query, setQuery] = useState('');
  const [shown, setShown] = useState(PAGE);
  const [preview, setPreview] = useState<UsablePrompt | null>(null);
  const autoSendId = useId();
  const groups = prompts.data ?? EMPTY;
  const entries = useMemo<SearchEntry[]>(() => toSearchEntries(groups.map(toUsablePrompt)), [groups]);
  const matches = useMemo(() => filterPrompts(entries, query), [entries, query]);

  if (!open) return null;

  const use = (prompt: UsablePrompt) => applyPrompt(prompt, (text) => onUse(text, autoSend));

  return (
    <SidePanel title={t('com_sidepanel_prompts')}>
      <div className="flex flex-col gap-3" data-testid="prompts-panel">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Link
            to="/d/prompts"
            className={buttonClass({ variant: 'outline', size: 'sm' })}
            data-testid="prompts-manage"
          >
            <Settings2 className="size-4" />
            {t('com_prompt_use_manage')}
          </Link>
          <div className="flex items-center gap-2 text-sm">
            <label htmlFor={autoSendId}>{t('com_prompt_use_auto_send')}</label>
            <Switch
              id={autoSendId}
              checked={autoSend}
              onCheckedChange={(v) => set('autoSendPrompts', v)}
              data-testid="prompts-auto-send"
            />
          </div>
        </div>
        {groups.length > PAGE ? (
          <SearchField
            value={query}
            onChange={(v) => {
              setQuery(v);
              setShown(PAGE);
            }}
            label={t('com_prompt_use_filter')}
            testId="prompts-filter"
          />
        ) : null}
        {prompts.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner />
          </div>
        ) : prompts.isError ? (
          <p className="py-4 text-sm text-destructive">{t('com_prompt_use_load_error')}</p>
        ) : matches.length === 0 ? (
          <p className="py-4 text-sm text-muted-foreground">
            {groups.length === 0 ? t('com_prompt_use_empty') : t('com_prompt_use_no_match')}
          </p>
        ) : (
          <ul className="flex flex-col gap-2" aria-label={t('com_prompt_use_list')}>
            {matches.slice(0, shown).map((prompt) => (
              <PromptCard
                key={prompt.groupId}
                prompt={prompt}
                canEdit={prompt.authorId === userId}
                onUse={() => use(prompt)}
                onPreview={() => setPreview(prompt)}
              />
            ))}
          </ul>
        )}
        {matches.length > shown ? (
          <button
            type="button"
            onClick={() => setShown((n) => n + PAGE)}
            className={buttonClass({ variant: 'ghost', size: 'sm', className: 'self-center' })}
          >
            {t('com_prompt_use_show_more')}
          </button>
        ) : null}
      </div>
      <PreviewDialog prompt={preview} onClose={() => setPreview(null)} />
    </SidePanel>
  );
}

function PromptCard({
  prompt,
  canEdit,
  onUse,
  onPreview,
}: {
  prompt: UsablePrompt;
  canEdit: boolean;
  onUse: () => void;
  onPreview: () => void;
}) {
  const navigate = useNavigate();
  return (
    <li className="group relative rounded-xl border border-border bg-background transition-colors hover:bg-accent/60">
      <button
        type="button"
        onClick={onUse}
        aria-label={t('com_prompt_use_card', { name: prompt.name })}
        className="flex w-full min-w-0 flex-col items-start gap-0.5 rounded-xl py-2.5 pl-3 pr-11 text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        data-testid="prompt-card"
      >
        <span className="w-full truncate text-sm font-medium">{prompt.name}</span>
        {prompt.oneliner ? (
          <span className="line-clamp-2 w-full text-xs text-muted-foreground">{prompt.oneliner}</span>
        ) : null}
        {prompt.command ? (
          <span className="w-full truncate font-mono text-xs text-muted-foreground">/{prompt.command}</span>
        ) : null}
      </button>
      <div className="absolute right-1.5 top-1.5">
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button
              variant="subtle"
              size="icon-sm"
              aria-label={t('com_prompt_use_menu', { name: prompt.name })}
              data-testid="prompt-card-menu"
            >
              <Ellipsis className="size-4" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end" className="min-w-36">
            <DropdownMenuItem onSelect={() => setTimeout(onPreview, 0)} data-testid="prompt-card-preview">
              <Eye />
              {t('com_prompt_use_preview')}
            </DropdownMenuItem>
            {canEdit ? (
              <DropdownMenuItem
                onSelect={() => navigate(`/d/prompts/${encodeURIComponent(prompt.groupId)}`)}
                data-testid="prompt-card-edit"
              >
                <Pencil />
                {t('com_prompt_use_edit')}
              </DropdownMenuItem>
            ) : null}
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </li>
  );
}

/** A prompt's production text, its placeholders marked and today's values filled in. */
function PreviewDialog({ prompt, onClose }: { prompt: UsablePrompt | null; onClose: () => void }) {
  const [ctx] = useState(() => specialContext());
  const segments = useMemo(() => (prompt ? segmentText(prompt.text, {}, ctx) : []), [prompt, ctx]);
  return (
    <Dialog
      open={prompt !== null}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      {prompt ? (
        <DialogContent
          title={prompt.name}
          description={prompt.oneliner || undefined}
          closeLabel={t('com_prompt_use_close')}
          className="sm:max-w-xl"
        >
          <FilledPreview segments={segments} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
