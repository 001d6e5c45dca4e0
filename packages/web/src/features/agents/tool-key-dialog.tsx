import type { AvailableTool } from '@parley/schema';
import { useState } from 'react';
import { toast } from 'sonner';
import { useSaveToolAuth } from '../../api/agents.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import { t } from '../../i18n/t.ts';
import { missingAuthFields } from './tool-auth.ts';
import '../../i18n/en-agents.ts';

/**
 * The keys a tool needs before it can be turned on (web search's search, scraper and reranker
 * keys): every field required ('{label} is required.'), saved with POST /api/user/plugins.
 */
export default function ToolKeyDialog({
  tool,
  open,
  onOpenChange,
  onSaved,
}: {
  tool: AvailableTool;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<string[]>([]);
  const save = useSaveToolAuth();
  const fields = tool.authConfig ?? [];

  const submit = () => {
    const missing = missingAuthFields(fields, values);
    setErrors(missing.map((f) => t('com_agents_field_required_named', { label: f.label })));
    if (missing.length > 0) return;
    save.mutate(
      { pluginKey: tool.pluginKey, action: 'install', auth: values },
      {
        onSuccess: () => {
          onOpenChange(false);
          onSaved();
        },
        onError: (error) => toast.error(`${t('com_agents_plugin_auth_error')} ${error.message}`),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={tool.name} description={tool.description} closeLabel={t('com_ui_close')}>
        <form
          className="flex flex-col gap-3 p-6"
          data-testid="tool-key-dialog"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          {fields.map((field) => (
            <div key={field.authField} className="text-sm">
              <label htmlFor={`tool-key-${field.authField}`} className="mb-1 block font-medium">
                {field.label}
              </label>
              <Input
                id={`tool-key-${field.authField}`}
                type="password"
                autoComplete="off"
                value={values[field.authField] ?? ''}
                placeholder={field.description}
                data-testid={`tool-key-${field.authField}`}
                onChange={(e) => {
                  const value = e.target.value;
                  setValues((v) => ({ ...v, [field.authField]: value }));
                }}
              />
            </div>
          ))}
          {errors.length > 0 ? (
            <ul role="alert" className="text-xs text-destructive" data-testid="tool-key-errors">
              {errors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => onOpenChange(false)}>
              {t('com_ui_cancel')}
            </Button>
            <Button variant="primary" type="submit" disabled={save.isPending} data-testid="tool-key-save">
              {t('com_ui_save')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
