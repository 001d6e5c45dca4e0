import { Paperclip } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { IconButton } from '../../components/ui/icon-button.tsx';
import { t } from '../../i18n/t.ts';
import { useSidePanel } from '../../store/side-panel.ts';
import type { ComposerTarget } from './store/attachments.ts';

// The panel and its table load when first opened, off /chat/new's critical path.
const FilesPanel = lazy(() => import('./files-panel.tsx'));

/** The header button for the side panel's 'Attach files' entry (doc 3 §2). */
export function FilesToggle() {
  const open = useSidePanel((s) => s.active === 'files');
  const toggle = useSidePanel((s) => s.toggle);
  return (
    <IconButton
      label={t('com_sidepanel_attach_files')}
      tooltipSide="bottom"
      onClick={() => toggle('files')}
      aria-pressed={open}
      data-testid="files-panel-button"
    >
      <Paperclip className="size-5" />
    </IconButton>
  );
}

/** The Files panel when it is the open side panel. */
export function FilesSidePanel({ target }: { target: ComposerTarget }) {
  const open = useSidePanel((s) => s.active === 'files');
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <FilesPanel target={target} />
    </Suspense>
  );
}
