import { DateInput, DateSegment } from 'react-aria-components'
import { fieldBorderStyles } from './field'
import { twMerge } from './tv'

/**
 * The typed-in segments of a date or time field (day / month / year, hour / minute / am-pm) in the
 * field border every text-like field shares. Used inside a RAC DateField or TimeField.
 */
export function SegmentedInput() {
  return (
    <DateInput
      className={(renderProps) =>
        twMerge(
          'flex h-10 w-full items-center rounded-md bg-white px-3 text-base text-slate-900',
          'outline-0 outline-offset-2 outline-accent-600 focus-within:outline-2 forced-colors:outline-[Highlight]',
          fieldBorderStyles({
            isFocusWithin: renderProps.isFocusWithin,
            isInvalid: renderProps.isInvalid,
            isDisabled: renderProps.isDisabled,
          }),
        )
      }
    >
      {(segment) => (
        <DateSegment
          segment={segment}
          className={twMerge(
            'rounded-sm px-0.5 tabular-nums caret-transparent outline-0',
            'type-literal:px-0 placeholder-shown:text-slate-500',
            'focused:bg-accent-600 focused:text-white forced-colors:focused:bg-[Highlight]',
            'disabled:text-slate-500',
          )}
        />
      )}
    </DateInput>
  )
}
