/**
 * shadcn/ui-style components for React artifacts (run inside the preview frame only). Models are
 * taught to import them from `/components/ui/<name>` or `@/components/ui/<name>`; the frame's import
 * map sends every such name to this one module, so any component can be imported from any name.
 * Colours come from the CSS variables the frame document defines (see artifact-preview/frame-doc.ts).
 */
import { type ClassValue, clsx } from 'clsx';
import {
  Accordion as A,
  AlertDialog as AD,
  Avatar as Av,
  Checkbox as Cb,
  Dialog as D,
  Label as L,
  Popover as P,
  Progress as Pr,
  RadioGroup as RG,
  Select as S,
  Separator as Sep,
  Slider as Sl,
  Switch as Sw,
  Tabs as T,
  Toggle as Tg,
  Tooltip as Tt,
} from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';

export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}

type Div = ComponentProps<'div'>;
const div = (base: string, name: string) => {
  const C = ({ className, ...p }: Div) => <div className={cn(base, className)} {...p} />;
  C.displayName = name;
  return C;
};

const buttonVariants = {
  default: 'bg-primary text-primary-foreground hover:bg-primary/90',
  destructive: 'bg-destructive text-white hover:bg-destructive/90',
  outline: 'border border-input bg-background hover:bg-accent hover:text-accent-foreground',
  secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary/80',
  ghost: 'hover:bg-accent hover:text-accent-foreground',
  link: 'text-primary underline-offset-4 hover:underline',
} as const;
const buttonSizes = {
  default: 'h-10 px-4 py-2',
  sm: 'h-9 rounded-md px-3',
  lg: 'h-11 rounded-md px-8',
  icon: 'h-10 w-10',
} as const;

export function buttonVariantsFn({
  variant = 'default',
  size = 'default',
  className,
}: {
  variant?: keyof typeof buttonVariants;
  size?: keyof typeof buttonSizes;
  className?: string;
} = {}) {
  return cn(
    'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-50',
    buttonVariants[variant] ?? buttonVariants.default,
    buttonSizes[size] ?? buttonSizes.default,
    className,
  );
}
export { buttonVariantsFn as buttonVariants };

export function Button({
  className,
  variant,
  size,
  type = 'button',
  ...p
}: ComponentProps<'button'> & { variant?: keyof typeof buttonVariants; size?: keyof typeof buttonSizes }) {
  return <button type={type} className={buttonVariantsFn({ variant, size, className })} {...p} />;
}

export const Card = div('rounded-lg border bg-card text-card-foreground shadow-sm', 'Card');
export const CardHeader = div('flex flex-col space-y-1.5 p-6', 'CardHeader');
export const CardTitle = div('text-2xl font-semibold leading-none tracking-tight', 'CardTitle');
export const CardDescription = div('text-sm text-muted-foreground', 'CardDescription');
export const CardContent = div('p-6 pt-0', 'CardContent');
export const CardFooter = div('flex items-center p-6 pt-0', 'CardFooter');

const field =
  'flex w-full rounded-md border border-input bg-background px-3 py-2 text-sm placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50';
export function Input({ className, ...p }: ComponentProps<'input'>) {
  return <input className={cn('h-10', field, className)} {...p} />;
}
export function Textarea({ className, ...p }: ComponentProps<'textarea'>) {
  return <textarea className={cn('min-h-20', field, className)} {...p} />;
}
export function Label({ className, ...p }: ComponentProps<typeof L.Root>) {
  return <L.Root className={cn('text-sm font-medium leading-none', className)} {...p} />;
}

const badgeVariants = {
  default: 'border-transparent bg-primary text-primary-foreground',
  secondary: 'border-transparent bg-secondary text-secondary-foreground',
  destructive: 'border-transparent bg-destructive text-white',
  outline: 'text-foreground',
} as const;
export function Badge({
  className,
  variant = 'default',
  ...p
}: Div & { variant?: keyof typeof badgeVariants }) {
  return (
    <div
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        badgeVariants[variant] ?? badgeVariants.default,
        className,
      )}
      {...p}
    />
  );
}

export function Alert({
  className,
  variant = 'default',
  ...p
}: Div & { variant?: 'default' | 'destructive' }) {
  return (
    <div
      role="alert"
      className={cn(
        'relative w-full rounded-lg border p-4 [&>svg]:absolute [&>svg]:left-4 [&>svg]:top-4 [&>svg~*]:pl-7',
        variant === 'destructive'
          ? 'border-destructive/50 text-destructive'
          : 'bg-background text-foreground',
        className,
      )}
      {...p}
    />
  );
}
export const AlertTitle = div('mb-1 font-medium leading-none tracking-tight', 'AlertTitle');
export const AlertDescription = div('text-sm', 'AlertDescription');

export function Separator({ className, orientation = 'horizontal', ...p }: ComponentProps<typeof Sep.Root>) {
  return (
    <Sep.Root
      orientation={orientation}
      className={cn(
        'shrink-0 bg-border',
        orientation === 'horizontal' ? 'h-px w-full' : 'h-full w-px',
        className,
      )}
      {...p}
    />
  );
}
export const Skeleton = div('animate-pulse rounded-md bg-muted', 'Skeleton');

export const Tabs = T.Root;
export function TabsList({ className, ...p }: ComponentProps<typeof T.List>) {
  return (
    <T.List
      className={cn(
        'inline-flex h-10 items-center justify-center rounded-md bg-muted p-1 text-muted-foreground',
        className,
      )}
      {...p}
    />
  );
}
export function TabsTrigger({ className, ...p }: ComponentProps<typeof T.Trigger>) {
  return (
    <T.Trigger
      className={cn(
        'inline-flex items-center justify-center whitespace-nowrap rounded-sm px-3 py-1.5 text-sm font-medium transition-all data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm',
        className,
      )}
      {...p}
    />
  );
}
export function TabsContent({ className, ...p }: ComponentProps<typeof T.Content>) {
  return <T.Content className={cn('mt-2 focus-visible:outline-none', className)} {...p} />;
}

export const Select = S.Root;
export const SelectGroup = S.Group;
export const SelectValue = S.Value;
export function SelectTrigger({ className, children, ...p }: ComponentProps<typeof S.Trigger>) {
  return (
    <S.Trigger className={cn('flex h-10 w-full items-center justify-between', field, className)} {...p}>
      {children}
      <S.Icon className="opacity-50">▾</S.Icon>
    </S.Trigger>
  );
}
export function SelectContent({
  className,
  children,
  position = 'popper',
  ...p
}: ComponentProps<typeof S.Content>) {
  return (
    <S.Portal>
      <S.Content
        position={position}
        className={cn(
          'relative z-50 max-h-96 min-w-32 overflow-hidden rounded-md border bg-popover text-popover-foreground shadow-md',
          position === 'popper' && 'w-full min-w-[var(--radix-select-trigger-width)] translate-y-1',
          className,
        )}
        {...p}
      >
        <S.Viewport className="p-1">{children}</S.Viewport>
      </S.Content>
    </S.Portal>
  );
}
export function SelectItem({ className, children, ...p }: ComponentProps<typeof S.Item>) {
  return (
    <S.Item
      className={cn(
        'relative flex w-full cursor-default select-none items-center rounded-sm py-1.5 pl-8 pr-2 text-sm outline-none focus:bg-accent data-[disabled]:opacity-50',
        className,
      )}
      {...p}
    >
      <span className="absolute left-2 flex h-3.5 w-3.5 items-center justify-center">
        <S.ItemIndicator>✓</S.ItemIndicator>
      </span>
      <S.ItemText>{children}</S.ItemText>
    </S.Item>
  );
}
export function SelectLabel({ className, ...p }: ComponentProps<typeof S.Label>) {
  return <S.Label className={cn('py-1.5 pl-8 pr-2 text-sm font-semibold', className)} {...p} />;
}

export function Switch({ className, ...p }: ComponentProps<typeof Sw.Root>) {
  return (
    <Sw.Root
      className={cn(
        'peer inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors data-[state=checked]:bg-primary data-[state=unchecked]:bg-input',
        className,
      )}
      {...p}
    >
      <Sw.Thumb className="pointer-events-none block h-5 w-5 rounded-full bg-background shadow-lg transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0" />
    </Sw.Root>
  );
}
export function Checkbox({ className, ...p }: ComponentProps<typeof Cb.Root>) {
  return (
    <Cb.Root
      className={cn(
        'peer h-4 w-4 shrink-0 rounded-sm border border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground',
        className,
      )}
      {...p}
    >
      <Cb.Indicator className="flex items-center justify-center text-xs leading-none">✓</Cb.Indicator>
    </Cb.Root>
  );
}
export function RadioGroup({ className, ...p }: ComponentProps<typeof RG.Root>) {
  return <RG.Root className={cn('grid gap-2', className)} {...p} />;
}
export function RadioGroupItem({ className, ...p }: ComponentProps<typeof RG.Item>) {
  return (
    <RG.Item
      className={cn('aspect-square h-4 w-4 rounded-full border border-primary text-primary', className)}
      {...p}
    >
      <RG.Indicator className="flex items-center justify-center">
        <span className="h-2.5 w-2.5 rounded-full bg-current" />
      </RG.Indicator>
    </RG.Item>
  );
}
export function Progress({ className, value, ...p }: ComponentProps<typeof Pr.Root>) {
  return (
    <Pr.Root
      className={cn('relative h-4 w-full overflow-hidden rounded-full bg-secondary', className)}
      value={value}
      {...p}
    >
      <Pr.Indicator
        className="h-full w-full flex-1 bg-primary transition-all"
        style={{ transform: `translateX(-${100 - (value ?? 0)}%)` }}
      />
    </Pr.Root>
  );
}
export function Slider({ className, ...p }: ComponentProps<typeof Sl.Root>) {
  return (
    <Sl.Root className={cn('relative flex w-full touch-none select-none items-center', className)} {...p}>
      <Sl.Track className="relative h-2 w-full grow overflow-hidden rounded-full bg-secondary">
        <Sl.Range className="absolute h-full bg-primary" />
      </Sl.Track>
      {(p.value ?? p.defaultValue ?? [0]).map((_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: thumbs have no identity beyond their position
        <Sl.Thumb key={i} className="block h-5 w-5 rounded-full border-2 border-primary bg-background" />
      ))}
    </Sl.Root>
  );
}
export function Toggle({ className, ...p }: ComponentProps<typeof Tg.Root>) {
  return (
    <Tg.Root
      className={cn(
        'inline-flex h-10 items-center justify-center rounded-md px-3 text-sm font-medium hover:bg-muted data-[state=on]:bg-accent',
        className,
      )}
      {...p}
    />
  );
}

export const Accordion = A.Root;
export function AccordionItem({ className, ...p }: ComponentProps<typeof A.Item>) {
  return <A.Item className={cn('border-b', className)} {...p} />;
}
export function AccordionTrigger({ className, children, ...p }: ComponentProps<typeof A.Trigger>) {
  return (
    <A.Header className="flex">
      <A.Trigger
        className={cn('flex flex-1 items-center justify-between py-4 font-medium hover:underline', className)}
        {...p}
      >
        {children}
        <span aria-hidden>▾</span>
      </A.Trigger>
    </A.Header>
  );
}
export function AccordionContent({ className, children, ...p }: ComponentProps<typeof A.Content>) {
  return (
    <A.Content className="overflow-hidden text-sm" {...p}>
      <div className={cn('pb-4 pt-0', className)}>{children}</div>
    </A.Content>
  );
}

function Overlay({ children }: { children: ReactNode }) {
  return <div className="fixed inset-0 z-50 bg-black/80">{children}</div>;
}
const panel =
  'fixed left-1/2 top-1/2 z-50 grid w-full max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 border bg-background p-6 shadow-lg sm:rounded-lg';

export const Dialog = D.Root;
export const DialogTrigger = D.Trigger;
export const DialogClose = D.Close;
export function DialogContent({ className, ...p }: ComponentProps<typeof D.Content>) {
  return (
    <D.Portal>
      <D.Overlay asChild>
        <Overlay>{null}</Overlay>
      </D.Overlay>
      <D.Content className={cn(panel, className)} {...p} />
    </D.Portal>
  );
}
export const DialogHeader = div('flex flex-col space-y-1.5 text-center sm:text-left', 'DialogHeader');
export const DialogFooter = div(
  'flex flex-col-reverse sm:flex-row sm:justify-end sm:space-x-2',
  'DialogFooter',
);
export function DialogTitle({ className, ...p }: ComponentProps<typeof D.Title>) {
  return <D.Title className={cn('text-lg font-semibold', className)} {...p} />;
}
export function DialogDescription({ className, ...p }: ComponentProps<typeof D.Description>) {
  return <D.Description className={cn('text-sm text-muted-foreground', className)} {...p} />;
}

export const AlertDialog = AD.Root;
export const AlertDialogTrigger = AD.Trigger;
export function AlertDialogContent({ className, ...p }: ComponentProps<typeof AD.Content>) {
  return (
    <AD.Portal>
      <AD.Overlay className="fixed inset-0 z-50 bg-black/80" />
      <AD.Content className={cn(panel, className)} {...p} />
    </AD.Portal>
  );
}
export const AlertDialogHeader = DialogHeader;
export const AlertDialogFooter = DialogFooter;
export function AlertDialogTitle({ className, ...p }: ComponentProps<typeof AD.Title>) {
  return <AD.Title className={cn('text-lg font-semibold', className)} {...p} />;
}
export function AlertDialogDescription({ className, ...p }: ComponentProps<typeof AD.Description>) {
  return <AD.Description className={cn('text-sm text-muted-foreground', className)} {...p} />;
}
export function AlertDialogAction({ className, ...p }: ComponentProps<typeof AD.Action>) {
  return <AD.Action className={buttonVariantsFn({ className })} {...p} />;
}
export function AlertDialogCancel({ className, ...p }: ComponentProps<typeof AD.Cancel>) {
  return <AD.Cancel className={buttonVariantsFn({ variant: 'outline', className })} {...p} />;
}

export const Popover = P.Root;
export const PopoverTrigger = P.Trigger;
export function PopoverContent({ className, sideOffset = 4, ...p }: ComponentProps<typeof P.Content>) {
  return (
    <P.Portal>
      <P.Content
        sideOffset={sideOffset}
        className={cn(
          'z-50 w-72 rounded-md border bg-popover p-4 text-popover-foreground shadow-md',
          className,
        )}
        {...p}
      />
    </P.Portal>
  );
}

export const TooltipProvider = Tt.Provider;
export const Tooltip = Tt.Root;
export const TooltipTrigger = Tt.Trigger;
export function TooltipContent({ className, sideOffset = 4, ...p }: ComponentProps<typeof Tt.Content>) {
  return (
    <Tt.Portal>
      <Tt.Content
        sideOffset={sideOffset}
        className={cn(
          'z-50 rounded-md border bg-popover px-3 py-1.5 text-sm text-popover-foreground shadow-md',
          className,
        )}
        {...p}
      />
    </Tt.Portal>
  );
}

export function Avatar({ className, ...p }: ComponentProps<typeof Av.Root>) {
  return (
    <Av.Root
      className={cn('relative flex h-10 w-10 shrink-0 overflow-hidden rounded-full', className)}
      {...p}
    />
  );
}
export function AvatarImage({ className, ...p }: ComponentProps<typeof Av.Image>) {
  return <Av.Image className={cn('aspect-square h-full w-full', className)} {...p} />;
}
export function AvatarFallback({ className, ...p }: ComponentProps<typeof Av.Fallback>) {
  return (
    <Av.Fallback
      className={cn('flex h-full w-full items-center justify-center rounded-full bg-muted', className)}
      {...p}
    />
  );
}

export function Table({ className, ...p }: ComponentProps<'table'>) {
  return (
    <div className="relative w-full overflow-auto">
      <table className={cn('w-full caption-bottom text-sm', className)} {...p} />
    </div>
  );
}
export function TableHeader({ className, ...p }: ComponentProps<'thead'>) {
  return <thead className={cn('[&_tr]:border-b', className)} {...p} />;
}
export function TableBody({ className, ...p }: ComponentProps<'tbody'>) {
  return <tbody className={cn('[&_tr:last-child]:border-0', className)} {...p} />;
}
export function TableFooter({ className, ...p }: ComponentProps<'tfoot'>) {
  return <tfoot className={cn('border-t bg-muted/50 font-medium', className)} {...p} />;
}
export function TableRow({ className, ...p }: ComponentProps<'tr'>) {
  return <tr className={cn('border-b transition-colors hover:bg-muted/50', className)} {...p} />;
}
export function TableHead({ className, ...p }: ComponentProps<'th'>) {
  return (
    <th
      className={cn('h-12 px-4 text-left align-middle font-medium text-muted-foreground', className)}
      {...p}
    />
  );
}
export function TableCell({ className, ...p }: ComponentProps<'td'>) {
  return <td className={cn('p-4 align-middle', className)} {...p} />;
}
export function TableCaption({ className, ...p }: ComponentProps<'caption'>) {
  return <caption className={cn('mt-4 text-sm text-muted-foreground', className)} {...p} />;
}
