import { Asterisk, Bot, Gem, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../lib/cn.ts';

const looks: Record<string, { icon: typeof Bot; className: string }> = {
  openAI: { icon: Sparkles, className: 'bg-[#10a37f] text-white' },
  azureOpenAI: { icon: Sparkles, className: 'bg-[#0078d4] text-white' },
  anthropic: { icon: Asterisk, className: 'bg-[#d97757] text-white' },
  google: { icon: Gem, className: 'bg-[#4285f4] text-white' },
};

/** A small round mark for an endpoint (its iconURL when configured). */
export function EndpointIcon({
  endpoint,
  iconURL,
  size = 'md',
  className,
}: {
  endpoint: string | null | undefined;
  iconURL?: string | null;
  size?: 'sm' | 'md';
  className?: string;
}) {
  const [broken, setBroken] = useState(false);
  const box = size === 'sm' ? 'size-5' : 'size-7';
  const glyph = size === 'sm' ? 'size-3' : 'size-4';
  if (iconURL && !broken) {
    return (
      <img
        src={iconURL}
        alt=""
        className={cn(box, 'shrink-0 rounded-full bg-background object-cover', className)}
        onError={() => setBroken(true)}
      />
    );
  }
  const look = (endpoint && looks[endpoint]) || { icon: Bot, className: 'bg-foreground text-background' };
  const Icon = look.icon;
  return (
    <span
      aria-hidden
      className={cn(
        box,
        'inline-flex shrink-0 items-center justify-center rounded-full',
        look.className,
        className,
      )}
    >
      <Icon className={glyph} strokeWidth={2.25} />
    </span>
  );
}
