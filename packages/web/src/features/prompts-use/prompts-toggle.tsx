import { SquareSlash } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { IconButton } from '../../components/ui/icon-button.tsx';
import { t } from '../../i18n/t.ts';
import { useOpenedOnce } from '../../lib/lazy-on-open.tsx';
import { useSidePanel } from '../../store/side-panel.ts';

// The panel and its cards load when first opened, off /chat/new's critical path.
const PromptsPanel = lazy(() => import('./prompts-panel.tsx'));

/** The header button for the side panel's Prompts entry (doc 3 §2, entry 3). */
export function PromptsToggle() {
  const open = useSidePanel((s) => s.active === 'prompts');
  const toggle = useSidePanel((s) => s.toggle);
  return (
    <IconButton
      label={t('com_sidepanel_prompts')}
      tooltipSide="bottom"
      onClick={() => toggle('prompts')}
      aria-pressed={open}
      data-testid="prompts-panel-button"
    >
      <SquareSlash className="size-5" />
    </IconButton>
  );
}

/**
 * The Prompts panel once opened (it stays mounted, keeping its filter). `onUse` puts a chosen
 * prompt's text in the composer, or sends it (`send`), as the app wires it.
 */
export function PromptsSidePanel({ onUse }: { onUse: (text: string, send: boolean) => void }) {
  const open = useSidePanel((s) => s.active === 'prompts');
  if (!useOpenedOnce(open)) return null;
  return (
    <Suspense fallback={null}>
      <PromptsPanel onUse={onUse} />
    </Suspense>
  );
}
