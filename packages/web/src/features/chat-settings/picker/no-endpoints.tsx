import { PlugZap } from 'lucide-react';
import { t } from '../../../i18n/t.ts';

/** Shown in place of the composer when the server offers no endpoint or model. */
export function NoEndpoints() {
  return (
    <div
      role="status"
      data-testid="no-endpoints"
      className="flex items-start gap-3 rounded-[26px] border border-dashed border-border bg-muted/50 px-5 py-4 text-left"
    >
      <PlugZap className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
      <div>
        <p className="text-sm font-medium">{t('com_ui_no_endpoints_title')}</p>
        <p className="mt-1 text-sm text-muted-foreground">{t('com_ui_no_endpoints')}</p>
      </div>
    </div>
  );
}
