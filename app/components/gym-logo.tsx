const sizes = { sm: 'size-8 text-sm', md: 'size-12 text-lg', lg: 'size-20 text-2xl' } as const

/**
 * A gym's logo (issue 17), kept whole inside a square on white; a gym without one shows its initial,
 * so lists line up either way. Decorative next to the gym's name (`alt=""`) unless `label` is given.
 */
export function GymLogo(props: {
  src: string | null
  name: string
  size?: keyof typeof sizes
  label?: string
}) {
  const size = sizes[props.size ?? 'sm']
  if (props.src) {
    return (
      <img
        src={props.src}
        alt={props.label ?? ''}
        className={`shrink-0 rounded-md border border-slate-200 bg-white object-contain p-0.5 ${size}`}
      />
    )
  }
  const initial = props.name.trim().charAt(0).toUpperCase() || '?'
  const style = `flex shrink-0 items-center justify-center rounded-md bg-slate-100 font-semibold text-slate-600 ${size}`
  if (!props.label) {
    return (
      <span aria-hidden="true" className={style}>
        {initial}
      </span>
    )
  }
  return (
    <span className={style}>
      <span aria-hidden="true">{initial}</span>
      <span className="sr-only">{props.label}</span>
    </span>
  )
}
