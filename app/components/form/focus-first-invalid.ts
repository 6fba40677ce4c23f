/**
 * SPEC §5: "On a failed form the first field marked as an error scrolls into view." Scrolls the first
 * element inside `root` with `aria-invalid="true"` (an input, a date segment, a checkbox's input) to the
 * middle of the screen, so its label above and its error below are visible too, then focuses it so a
 * screen reader reads the field and its error. Returns whether it found one.
 *
 * Call it after React has rendered the errors (the kit's `form.Form` waits a frame), not synchronously
 * in the submit handler, or the attributes are not there yet.
 */
export function focusFirstInvalidField(root: ParentNode | null | undefined): boolean {
  // `data-form-error` marks a list's own message (e.g. an empty list of opening hours) that has no input.
  const field = root?.querySelector<HTMLElement>('[aria-invalid="true"], [data-form-error]')
  if (!field) return false
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches
  field.scrollIntoView({ block: 'center', behavior: reduceMotion ? 'auto' : 'smooth' })
  // Focusing would scroll again, abruptly, before the smooth scroll ends.
  field.focus({ preventScroll: true })
  return true
}
