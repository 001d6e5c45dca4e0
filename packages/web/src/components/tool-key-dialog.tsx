import type { AvailableTool } from '@parley/schema';
import { useState } from 'react';
import { useSaveToolAuth } from '../api/agents.ts';
import { t } from '../i18n/t.ts';
import { ToolAuthForm } from './tool-auth-form.tsx';
import { Dialog, DialogContent } from './ui/dialog.tsx';
import '../i18n/en-tools.ts';

/** How long the install error stays (doc 3 §8: 'plugin auth error' plus the server's words, 5 s). */
export const AUTH_ERROR_MS = 5_000;

/**
 * The keys a tool needs before it can be turned on (the agent builder's tools, the composer's
 * Deep Dive and code execution badges): saved with POST /api/user/plugins `install`; a refusal
 * shows 'plugin auth error' and the server's message for 5 s.
 */
export default function ToolKeyDialog({
  tool,
  open,
  onOpenChange,
  onSaved,
  setFields,
}: {
  tool: AvailableTool;
  /** Fields already set (changing values): blank ones keep what is stored. */
  setFields?: ReadonlySet<string>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}) {
  const save = useSaveToolAuth();
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('com_tools_auth_title', { name: tool.name })}
        description={tool.description}
        closeLabel={t('com_ui_close')}
      >
        <div data-testid="tool-key-dialog" className="flex flex-col gap-3">
          {failure ? (
            <p role="alert" className="rounded-xl bg-destructive/10 px-3 py-2 text-sm text-destructive">
              {t('com_tools_plugin_auth_error')} {failure}
            </p>
          ) : null}
          <ToolAuthForm
            tool={tool}
            pending={save.isPending}
            setFields={setFields}
            onCancel={() => onOpenChange(false)}
            onSubmit={(auth) =>
              save.mutate(
                { pluginKey: tool.pluginKey, action: 'install', auth },
                {
                  onSuccess: () => {
                    onSaved();
                    onOpenChange(false);
                  },
                  onError: (error) => {
                    setFailure(error.message);
                    setTimeout(() => setFailure(null), AUTH_ERROR_MS);
                  },
                },
              )
            }
          />
        </div>
      </DialogContent>
    </Dialog>
  );
}
