import type { Prompt, PromptGroup } from '@parley/schema';
import { Diff, Share2, Star, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { IconButton } from '../../components/ui/icon-button.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { t } from '../../i18n/t.ts';
import '../../i18n/en-prompts.ts';
import { cn } from '../../lib/cn.ts';
import type { EditorMode } from './editor-mode.ts';
import { formatVersionDate, versionNumber, versionTags } from './versions.ts';

/**
 * The group's actions (doc 2 §2.5, §4.7, §4.8): share and delete; in advanced mode the versions
 * (newest first, numbered total − index, dated, tagged latest/production), make-production,
 * always-make-production and the version compare. A column beside the editor on wide screens,
 * the 320 px slide-in panel on small ones.
 */
export function ActionsPanel({
  group,
  versions,
  loading,
  selectedIndex,
  onSelect,
  mode,
  alwaysMakeProduction,
  onAlwaysMakeProduction,
  onMakeProduction,
  makingProduction,
  onDeleteVersion,
  onShare,
  onDeleteGroup,
  onCompare,
}: {
  group: PromptGroup;
  versions: Prompt[];
  loading: boolean;
  selectedIndex: number;
  onSelect: (index: number) => void;
  mode: EditorMode;
  alwaysMakeProduction: boolean;
  onAlwaysMakeProduction: (on: boolean) => void;
  onMakeProduction: () => void;
  makingProduction: boolean;
  onDeleteVersion: (index: number) => void;
  onShare: () => void;
  onDeleteGroup: () => void;
  onCompare: () => void;
}) {
  const toggleId = useId();
  const selected = versions[selectedIndex];
  const isProduction = Boolean(selected) && selected._id === group.productionId;
  return (
    <div className="flex flex-col gap-4 p-4" data-testid="prompt-actions">
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" className="h-9" onClick={onShare} data-testid="prompt-share">
          <Share2 className="size-4" />
          {t('com_prompts_share')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          className="h-9 text-destructive hover:text-destructive"
          onClick={onDeleteGroup}
          data-testid="prompt-delete-group"
        >
          <Trash2 className="size-4" />
          {t('com_prompts_delete_group')}
        </Button>
      </div>
      {mode === 'advanced' ? (
        <>
          <Button
            variant="primary"
            size="sm"
            className="h-9"
            disabled={!selected || isProduction || makingProduction}
            onClick={onMakeProduction}
            data-testid="prompt-make-production"
          >
            <Star className="size-4" />
            {isProduction ? t('com_prompts_is_production') : t('com_prompts_make_production')}
          </Button>
          <div className="flex items-center justify-between gap-3">
            <label htmlFor={toggleId} className="min-w-0 text-sm">
              <span className="block">{t('com_prompts_always_production')}</span>
              <span className="block text-xs text-muted-foreground">
                {t('com_prompts_always_production_hint')}
              </span>
            </label>
            <Switch
              id={toggleId}
              checked={alwaysMakeProduction}
              onCheckedChange={onAlwaysMakeProduction}
              data-testid="prompt-always-production"
            />
          </div>
          <section className="flex flex-col gap-2">
            <div className="flex items-center justify-between gap-2">
              <h3 className="text-sm font-semibold">{t('com_prompts_versions')}</h3>
              <IconButton
                label={t('com_prompts_compare')}
                size="icon-sm"
                disabled={versions.length < 2}
                onClick={onCompare}
                data-testid="prompt-compare"
              >
                <Diff className="size-4" />
              </IconButton>
            </div>
            {loading ? (
              <ul aria-hidden className="flex flex-col gap-1">
                {Array.from({ length: 6 }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders
                  <li key={i} className="h-12 animate-pulse rounded-lg bg-muted/60" />
                ))}
              </ul>
            ) : (
              <ol className="flex flex-col gap-1" data-testid="prompt-versions">
                {versions.map((v, i) => {
                  const tags = versionTags(i, v._id, group.productionId);
                  const n = versionNumber(versions.length, i);
                  return (
                    <li key={v._id} className="flex items-center gap-1">
                      <button
                        type="button"
                        onClick={() => onSelect(i)}
                        aria-current={i === selectedIndex ? 'true' : undefined}
                        data-testid="prompt-version"
                        data-version={n}
                        className={cn(
                          'flex min-h-12 min-w-0 flex-1 flex-col rounded-lg px-2.5 py-1.5 text-left transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                          i === selectedIndex ? 'bg-accent' : 'hover:bg-accent/60',
                        )}
                      >
                        <span className="flex items-center gap-2 text-sm font-medium">
                          {t('com_prompts_version_n', { 0: n })}
                          <VersionMarker latest={tags.latest} production={tags.production} />
                        </span>
                        <span className="text-xs tabular-nums text-muted-foreground">
                          {formatVersionDate(v.createdAt)}
                        </span>
                      </button>
                      <IconButton
                        label={t('com_prompts_delete_version')}
                        size="icon-sm"
                        danger
                        onClick={() => onDeleteVersion(i)}
                        data-testid="prompt-delete-version"
                      >
                        <Trash2 className="size-4" />
                      </IconButton>
                    </li>
                  );
                })}
              </ol>
            )}
          </section>
        </>
      ) : null}
    </div>
  );
}

/** latest and production as one combined marker (doc 2 §4.8). */
function VersionMarker({ latest, production }: { latest: boolean; production: boolean }) {
  if (!latest && !production) return null;
  return (
    <span className="inline-flex overflow-hidden rounded-full border border-border text-[11px] font-normal leading-5">
      {latest ? (
        <span className="px-1.5 text-muted-foreground" data-testid="version-latest">
          {t('com_prompts_latest')}
        </span>
      ) : null}
      {production ? (
        <span
          className={cn(
            'bg-green-600/15 px-1.5 text-green-700 dark:text-green-300',
            latest && 'border-l border-border',
          )}
          data-testid="version-production"
        >
          {t('com_prompts_production')}
        </span>
      ) : null}
    </span>
  );
}
