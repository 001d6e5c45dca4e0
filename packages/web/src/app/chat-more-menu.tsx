import { Bot, Ellipsis, FileDown, Paperclip, Share2, SquareSlash, Tags } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../components/ui/dropdown-menu.tsx';
import { ExportDialog, type ExportDialogProps } from '../features/export/export-dialog.tsx';
import { ShareDialog } from '../features/share/share-dialog.tsx';
import { t } from '../i18n/t.ts';
import { useSidePanel } from '../store/side-panel.ts';

/**
 * On small screens the header keeps the model picker readable: sharing, export and the
 * bookmarks and files panels move into one overflow menu.
 */
export function ChatMoreMenu({
  share,
  exportProps,
  bookmarksPanel,
  filesPanel = false,
  agentsPanel = false,
  assistantsPanel = false,
  promptsPanel = false,
}: {
  share: boolean;
  /** Export of the open conversation; absent for a new chat. */
  exportProps?: Omit<ExportDialogProps, 'open' | 'onOpenChange'>;
  bookmarksPanel: boolean;
  /** The side panel's 'Attach files' entry (doc 3 §2). */
  filesPanel?: boolean;
  /** The side panel's 'Agent builder' entry (doc 3 §2). */
  agentsPanel?: boolean;
  /** The side panel's assistant builder entry (doc 3 §2). */
  assistantsPanel?: boolean;
  /** The side panel's Prompts entry (doc 3 §2). */
  promptsPanel?: boolean;
}) {
  const [dialog, setDialog] = useState<'share' | 'export' | null>(null);
  const togglePanel = useSidePanel((s) => s.toggle);
  if (
    !share &&
    !exportProps &&
    !bookmarksPanel &&
    !filesPanel &&
    !agentsPanel &&
    !assistantsPanel &&
    !promptsPanel
  )
    return null;
  // Menu items close the menu first; a dialog opened in the same tick would lose focus to it.
  const open = (which: 'share' | 'export') => () => setTimeout(() => setDialog(which), 0);
  const close = (next: boolean) => {
    if (!next) setDialog(null);
  };
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="subtle" size="icon" aria-label={t('com_ui_more_options')} data-testid="chat-more">
            <Ellipsis className="size-5" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="min-w-44">
          {share && exportProps ? (
            <DropdownMenuItem onSelect={open('share')} data-testid="more-share">
              <Share2 />
              {t('com_ui_share')}
            </DropdownMenuItem>
          ) : null}
          {exportProps ? (
            <DropdownMenuItem onSelect={open('export')} data-testid="more-export">
              <FileDown />
              {t('com_nav_export')}
            </DropdownMenuItem>
          ) : null}
          {agentsPanel ? (
            <DropdownMenuItem onSelect={() => togglePanel('agents')} data-testid="more-agents">
              <Bot />
              {t('com_ui_agent_builder')}
            </DropdownMenuItem>
          ) : null}
          {promptsPanel ? (
            <DropdownMenuItem onSelect={() => togglePanel('prompts')} data-testid="more-prompts">
              <SquareSlash />
              {t('com_sidepanel_prompts')}
            </DropdownMenuItem>
          ) : null}
          {bookmarksPanel ? (
            <DropdownMenuItem onSelect={() => togglePanel('bookmarks')} data-testid="more-bookmarks">
              <Tags />
              {t('com_ui_bookmarks')}
            </DropdownMenuItem>
          ) : null}
          {filesPanel ? (
            <DropdownMenuItem onSelect={() => togglePanel('files')} data-testid="more-files">
              <Paperclip />
              {t('com_sidepanel_attach_files')}
            </DropdownMenuItem>
          ) : null}
          {assistantsPanel ? (
            <DropdownMenuItem onSelect={() => togglePanel('assistants')} data-testid="more-assistants">
              <Bot />
              {t('com_sidepanel_assistant_builder')}
            </DropdownMenuItem>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
      {exportProps ? (
        <>
          <ShareDialog
            conversationId={exportProps.conversationId}
            open={dialog === 'share'}
            onOpenChange={close}
          />
          <ExportDialog {...exportProps} open={dialog === 'export'} onOpenChange={close} />
        </>
      ) : null}
    </>
  );
}
