import type { ModelParameters, ParameterSetting } from '@parley/schema';
import { RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { t } from '../../../i18n/t.ts';
import { cn } from '../../../lib/cn.ts';
import { DropdownField } from './dropdown-field.tsx';
import { FieldHeader, hintId } from './field.tsx';
import { tk } from './label.ts';
import { NumberField } from './number-field.tsx';
import { SliderField } from './slider-field.tsx';
import { TagsField } from './tags-field.tsx';

export type ParametersPatch = Partial<ModelParameters>;

export interface ParametersPanelProps {
  /** From `parameterSettings()` in @parley/schema. */
  settings: ParameterSetting[];
  /** Only what the user changed; anything absent shows the setting's default. */
  values: Partial<ModelParameters>;
  /** One key at a time; `undefined` means "back to unset". */
  onChange: (patch: ParametersPatch) => void;
  onReset: () => void;
  className?: string;
}

/** The model parameters form (doc 2 §5.7). Stateless about values: the caller owns them. */
export function ParametersPanel({ settings, values, onChange, onReset, className }: ParametersPanelProps) {
  // Remounting the fields on reset drops half-typed text, pending debounces and warnings.
  const [generation, setGeneration] = useState(0);
  return (
    <div data-testid="parameters-panel" className={cn('flex flex-col', className)}>
      <div className="divide-y divide-border">
        {settings.map((setting) => (
          <div key={`${setting.key}-${generation}`} className="py-3">
            <SettingControl setting={setting} values={values} onChange={onChange} />
          </div>
        ))}
      </div>
      <Button
        variant="outline"
        size="sm"
        data-testid="param-reset"
        className="mt-3 self-start"
        onClick={() => {
          setGeneration((g) => g + 1);
          onReset();
        }}
      >
        <RotateCcw className="size-3.5" />
        {t('com_param_reset')}
      </Button>
    </div>
  );
}

function SettingControl({
  setting,
  values,
  onChange,
}: {
  setting: ParameterSetting;
  values: Partial<ModelParameters>;
  onChange: (patch: ParametersPatch) => void;
}) {
  const set = (value: unknown) => onChange({ [setting.key]: value } as ParametersPatch);
  switch (setting.component) {
    case 'slider':
      return <SliderField setting={setting} value={values[setting.key]} onCommit={set} />;
    case 'number':
      return <NumberField setting={setting} value={values[setting.key]} onChange={set} />;
    case 'dropdown':
      return <DropdownField setting={setting} value={values[setting.key]} onChange={set} />;
    case 'tags':
      return <TagsField setting={setting} value={values[setting.key]} onChange={set} />;
    case 'switch':
      return <SwitchControl setting={setting} value={values[setting.key]} onChange={set} />;
    case 'textarea':
      return <TextareaControl setting={setting} value={values[setting.key]} onChange={set} />;
  }
}

function SwitchControl({
  setting,
  value,
  onChange,
}: {
  setting: Extract<ParameterSetting, { component: 'switch' }>;
  value: boolean | undefined;
  onChange: (value: boolean) => void;
}) {
  const id = useId();
  return (
    <FieldHeader
      id={id}
      setting={setting}
      aside={
        <Switch
          id={id}
          data-testid={`param-${setting.key}`}
          aria-describedby={hintId(id, setting)}
          checked={value ?? setting.default}
          onCheckedChange={onChange}
        />
      }
    />
  );
}

function TextareaControl({
  setting,
  value,
  onChange,
}: {
  setting: Extract<ParameterSetting, { component: 'textarea' }>;
  value: string | null | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const id = useId();
  return (
    <div>
      <FieldHeader id={id} setting={setting} />
      <textarea
        id={id}
        data-testid={`param-${setting.key}`}
        rows={3}
        maxLength={setting.maxLength}
        value={value ?? ''}
        placeholder={setting.placeholderKey ? tk(setting.placeholderKey) : undefined}
        aria-describedby={hintId(id, setting)}
        onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
        className="mt-1.5 block max-h-60 min-h-20 w-full resize-y rounded-xl border border-border bg-background px-3 py-2 text-sm outline-none focus:border-ring focus:ring-2 focus:ring-ring/25"
      />
    </div>
  );
}
