import type { ParameterSetting } from '@parley/schema';
import type { ReactNode } from 'react';
import { inputClass as textBox } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import { tk } from './label.ts';

/** The panel's compact text box: the one input look (components/ui/input.tsx), small. */
export const inputClass = textBox('sm');

/** The id of a setting's hint, for aria-describedby (undefined when it has none). */
export const hintId = (id: string, setting: ParameterSetting) =>
  setting.descriptionKey ? `${id}-hint` : undefined;

/** Label (tied to the control by id), optional hint, and a slot beside the label. */
export function FieldHeader({
  id,
  setting,
  aside,
  className,
}: {
  id: string;
  setting: ParameterSetting;
  aside?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('flex items-center justify-between gap-3', className)}>
      <div className="min-w-0">
        <label htmlFor={id} className="block text-sm font-medium">
          {tk(setting.labelKey)}
        </label>
        {setting.descriptionKey ? (
          <p id={hintId(id, setting)} className="mt-0.5 text-xs text-muted-foreground">
            {tk(setting.descriptionKey)}
          </p>
        ) : null}
      </div>
      {aside}
    </div>
  );
}
