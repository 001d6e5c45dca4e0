import { DROPDOWN_SEARCH_THRESHOLD, type DropdownOption, type DropdownSetting } from '@parley/schema';
import { useId, useState } from 'react';
import { t } from '../../../i18n/t.ts';
import { cn } from '../../../lib/cn.ts';
import { FieldHeader, hintId, inputClass } from './field.tsx';
import { tk } from './label.ts';

const optionLabel = (o: DropdownOption) => (o.labelKey ? tk(o.labelKey) : o.value);

/** A select; long lists (more than DROPDOWN_SEARCH_THRESHOLD options) get a filter box above it. */
export function DropdownField({
  setting,
  value,
  onChange,
}: {
  setting: DropdownSetting;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const id = useId();
  const [query, setQuery] = useState('');
  const searchable = setting.options.length > DROPDOWN_SEARCH_THRESHOLD;
  const current = value ?? setting.default ?? '';
  const needle = query.trim().toLowerCase();
  // The selected option stays listed so the select never shows a value it does not contain.
  const visible = needle
    ? setting.options.filter((o) => o.value === current || optionLabel(o).toLowerCase().includes(needle))
    : setting.options;

  return (
    <div>
      <FieldHeader id={id} setting={setting} />
      {searchable ? (
        <input
          type="search"
          data-testid={`param-${setting.key}-search`}
          aria-label={t('com_param_search')}
          placeholder={t('com_param_search')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          className={cn(inputClass, 'mt-1.5 w-full')}
        />
      ) : null}
      <select
        id={id}
        data-testid={`param-${setting.key}`}
        value={current}
        aria-describedby={hintId(id, setting)}
        onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
        className={cn(inputClass, 'mt-1.5 w-full', value === undefined && 'text-muted-foreground')}
      >
        {setting.default === undefined ? <option value="">{t('com_param_default')}</option> : null}
        {visible.map((o) => (
          <option key={o.value} value={o.value}>
            {optionLabel(o)}
          </option>
        ))}
      </select>
    </div>
  );
}
