import { ChevronDown } from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import type { TranslationKey } from '../../../i18n/t.ts';
import { t } from '../../../i18n/t.ts';
import { SIMPLE_ENDPOINT, SIMPLE_TIERS } from '../chat-settings.ts';
import type { EndpointOption } from '../endpoint-options.ts';
import type { ActiveModel } from '../use-chat-settings.ts';

const TIER_TEXT: Record<(typeof SIMPLE_TIERS)[number]['id'], [TranslationKey, TranslationKey]> = {
  economical: ['com_ui_tier_economical', 'com_ui_tier_economical_hint'],
  balanced: ['com_ui_tier_balanced', 'com_ui_tier_balanced_hint'],
  advanced: ['com_ui_tier_advanced', 'com_ui_tier_advanced_hint'],
};

/** The simple model picker (doc 3 §4): three tiers on the openAI endpoint. */
export function SimplePicker({
  options,
  active,
  onChoose,
}: {
  options: EndpointOption[];
  active: ActiveModel | null;
  onChoose: (model: string) => void;
}) {
  const offered = options.find((o) => o.name === SIMPLE_ENDPOINT)?.models ?? [];
  const tier =
    active?.endpoint === SIMPLE_ENDPOINT && !active.spec
      ? SIMPLE_TIERS.find((x) => x.model === active.model)
      : undefined;
  const label = tier ? t(TIER_TEXT[tier.id][0]) : (active?.label ?? t('com_ui_select_model'));
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <button
          type="button"
          data-testid="simple-picker"
          aria-label={t('com_ui_model_picker_label', { model: label })}
          className="group inline-flex h-10 items-center gap-2 rounded-xl px-2.5 text-[17px] font-medium transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring data-[state=open]:bg-accent"
        >
          <span className="truncate">{label}</span>
          <ChevronDown className="size-4 shrink-0 text-muted-foreground transition-transform group-data-[state=open]:rotate-180" />
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-72">
        <DropdownMenuRadioGroup value={tier?.model ?? ''} onValueChange={onChoose}>
          {SIMPLE_TIERS.map((x) => (
            <DropdownMenuRadioItem
              key={x.id}
              value={x.model}
              disabled={!offered.includes(x.model)}
              data-testid="tier-option"
              data-tier={x.id}
              className="items-start"
            >
              <span className="min-w-0">
                <span className="block">{t(TIER_TEXT[x.id][0])}</span>
                <span className="block text-xs text-muted-foreground">{t(TIER_TEXT[x.id][1])}</span>
              </span>
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
