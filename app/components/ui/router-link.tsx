import { createLink } from '@tanstack/react-router'
import { Link as RACLink } from 'react-aria-components'

/**
 * A React Aria Link that navigates with TanStack Router (`to`, `params`, `search`, preloading), for
 * navigation that must be a RAC control, e.g. the side navigation. Style it with `className`.
 */
export const RouterLink = createLink(RACLink)
