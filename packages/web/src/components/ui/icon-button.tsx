import type { ReactNode } from 'react';
import { Button, type ButtonProps } from './button.tsx';
import { Tooltip } from './tooltip.tsx';

export type IconButtonProps = Omit<ButtonProps, 'variant' | 'size' | 'aria-label' | 'children'> & {
  /** What the button does: its accessible name and, unless `tooltip` says otherwise, its tooltip. */
  label: string;
  /** The icon. */
  children: ReactNode;
  size?: 'icon' | 'icon-sm' | 'icon-xs';
  /** Red on hover, for delete actions. */
  danger?: boolean;
  /** Tooltip content when it should differ from the label; false for none (touch-only bars). */
  tooltip?: ReactNode | false;
  tooltipSide?: 'top' | 'right' | 'bottom' | 'left';
};

/**
 * A button that shows only an icon: Button's `subtle` look in an icon size, named by `label`
 * (DESIGN §3: a primitive wrapped once, so focus ring, size and dark mode are fixed in one place).
 */
export function IconButton({
  label,
  size = 'icon',
  danger = false,
  tooltip,
  tooltipSide,
  ...props
}: IconButtonProps) {
  return (
    <Tooltip content={tooltip || label} side={tooltipSide} disabled={tooltip === false}>
      <Button variant={danger ? 'subtle-danger' : 'subtle'} size={size} aria-label={label} {...props} />
    </Tooltip>
  );
}
