/**
 * Deletes of uploaded files held back while a backup is taken (ADR 059). A backup copies the database
 * first and the uploads after it; a photo replaced in between would otherwise be deleted before it was
 * copied, and the copied database would name a file the copied uploads lack. Files are written once
 * under a new random key and never changed, so holding the deletes back is all a consistent copy needs:
 * everything the copied database names is still on disk when the uploads are copied.
 */
let holders = 0
const held: Array<() => Promise<void>> = []

/** Holds deletes back until the answered function is called (once; later calls do nothing). */
export function holdDeletes(): () => Promise<void> {
  holders += 1
  let released = false
  return async () => {
    if (released) return
    released = true
    holders -= 1
    if (holders > 0) return
    const pending = held.splice(0)
    for (const run of pending) await run()
  }
}

/** Runs a delete now, or after the last hold ends when a backup is being taken. */
export async function deleteOrHold(run: () => Promise<void>): Promise<void> {
  if (holders > 0) {
    held.push(run)
    return
  }
  await run()
}

/** How many deletes wait for a backup to end (for its tests). */
export function heldDeleteCount(): number {
  return held.length
}
