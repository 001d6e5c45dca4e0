import type { ToolResource } from '@parley/schema';
import { Paperclip } from 'lucide-react';
import { useRef, useState } from 'react';
import { useFileConfig } from '../../../api/files.ts';
import { Button } from '../../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { Tooltip } from '../../../components/ui/tooltip.tsx';
import { t } from '../../../i18n/t.ts';
import { CHOICE_LABEL } from '../upload-choices.ts';

/**
 * The composer's attach button (doc 3 Composer): a menu of upload types (image, or a document as
 * text, for file search…) that opens the file picker for the chosen one.
 */
export function AttachButton({
  choices,
  onFiles,
  disabled,
}: {
  /** The endpoint's upload types, image first. */
  choices: readonly ToolResource[];
  onFiles: (files: File[], toolResource: ToolResource) => void;
  disabled?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [choice, setChoice] = useState<ToolResource>('image');
  // Whether a pointer opened the menu: then its closing does not focus the button again, which
  // would open the tooltip over the composer (and the drop overlay) after every attach.
  const byPointer = useRef(false);
  // Asked when the menu first opens (not on the chat's first load): whether file search can
  // rank by meaning or only by words.
  const [menuOpened, setMenuOpened] = useState(false);
  const fullTextOnly = useFileConfig(menuOpened).data?.fileSearch.mode === 'full_text';
  const open = (next: ToolResource) => {
    setChoice(next);
    const el = input.current;
    if (!el) return;
    // HEIC by name too: pickers that map types by the OS's registry may leave it out of image/*.
    el.accept = next === 'image' ? 'image/*,.heic,.heif' : '';
    el.click();
  };
  return (
    <>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        data-testid="file-input"
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = '';
          if (files.length > 0) onFiles(files, choice);
        }}
      />
      <DropdownMenu onOpenChange={(next) => next && setMenuOpened(true)}>
        <Tooltip content={t('com_sidepanel_attach_files')}>
          <DropdownMenuTrigger asChild>
            <Button
              variant="subtle"
              size="icon"
              disabled={disabled}
              aria-label={t('com_sidepanel_attach_files')}
              data-testid="attach-button"
              className="rounded-full"
              onPointerDown={() => {
                byPointer.current = true;
              }}
              onKeyDown={() => {
                byPointer.current = false;
              }}
            >
              <Paperclip className="size-[18px]" />
            </Button>
          </DropdownMenuTrigger>
        </Tooltip>
        <DropdownMenuContent
          align="start"
          side="top"
          onCloseAutoFocus={(event) => {
            if (byPointer.current) event.preventDefault();
          }}
        >
          {choices.map((c) => (
            <DropdownMenuItem key={c} onSelect={() => open(c)} data-testid={`attach-${c}`}>
              {c === 'file_search' && fullTextOnly ? (
                <span className="flex flex-col">
                  {t(CHOICE_LABEL[c])}
                  <span className="text-xs text-muted-foreground" data-testid="file-search-full-text">
                    {t('com_files_search_full_text_only')}
                  </span>
                </span>
              ) : (
                t(CHOICE_LABEL[c])
              )}
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
    </>
  );
}
