import { tv } from './tv'
import { focusRing } from './utils'

/**
 * Button classes. In a module of its own (no React Aria), so a TanStack Router `<Link>` can look like a button:
 * `<Link to="/console/offerings/new" className={buttonStyles({ variant: 'primary' })}>New offering</Link>`.
 * Both `pressed:` (RAC's data-pressed) and `active:` (native :active) are set for that reason.
 */
export const buttonStyles = tv({
  extend: focusRing,
  base: [
    'relative inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 rounded-md border',
    'font-medium whitespace-nowrap no-underline transition-colors [-webkit-tap-highlight-color:transparent]',
    'disabled:cursor-not-allowed disabled:border-slate-200 disabled:bg-slate-100 disabled:text-slate-500',
    'pending:cursor-progress forced-colors:disabled:text-[GrayText]',
  ],
  variants: {
    variant: {
      primary:
        'border-transparent bg-accent-600 text-white hover:bg-accent-700 pressed:bg-accent-800 active:bg-accent-800',
      secondary:
        'border-slate-300 bg-white text-slate-900 shadow-xs hover:bg-slate-50 pressed:bg-slate-100 active:bg-slate-100',
      destructive:
        'border-transparent bg-red-600 text-white hover:bg-red-700 pressed:bg-red-800 active:bg-red-800 outline-red-600',
      quiet:
        'border-transparent bg-transparent text-slate-700 hover:bg-slate-100 hover:text-slate-900 pressed:bg-slate-200 active:bg-slate-200',
    },
    size: {
      sm: 'h-8 px-3 text-sm',
      md: 'h-10 px-4 text-sm',
      lg: 'h-12 px-5 text-base',
    },
    isIconOnly: {
      true: 'px-0',
    },
    fullWidth: {
      true: 'w-full',
    },
  },
  compoundVariants: [
    { isIconOnly: true, size: 'sm', class: 'w-8' },
    { isIconOnly: true, size: 'md', class: 'w-10' },
    { isIconOnly: true, size: 'lg', class: 'w-12' },
  ],
  defaultVariants: { variant: 'primary', size: 'md' },
})
