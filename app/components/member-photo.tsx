import { useState } from 'react'
import { tv } from '~/components/ui/tv'

const photoStyles = tv({
  base: 'shrink-0 rounded-full',
  variants: { size: { sm: 'size-9 text-xs', md: 'size-10 text-sm', lg: 'size-16 text-lg' } },
  defaultVariants: { size: 'sm' },
})

/**
 * A member's photo, so staff know who they are looking at; their initials while they have none, or when
 * the photo won't load (gone from the store) rather than a broken image. Decorative: the name is always
 * beside it.
 */
export function MemberPhoto(props: { url: string | null; name: string; size?: 'sm' | 'md' | 'lg' }) {
  const [failed, setFailed] = useState(false)
  const classes = photoStyles({ size: props.size })
  if (props.url && !failed) {
    return (
      <img
        src={props.url}
        alt=""
        onError={() => setFailed(true)}
        className={`${classes} bg-slate-100 object-cover`}
      />
    )
  }
  const initials = props.name
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('')
  return (
    <span
      aria-hidden="true"
      className={`${classes} flex items-center justify-center bg-slate-200 font-medium text-slate-700`}
    >
      {initials}
    </span>
  )
}
