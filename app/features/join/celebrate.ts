/**
 * SPEC §9's celebration: confetti of circles, rectangles, hearts and images (the app's icon), fired once
 * from both sides. Loaded only on the welcome screen, and never for a member who prefers reduced motion.
 */
export async function celebrate(): Promise<void> {
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return
  const { default: confetti } = await import('canvas-confetti')
  const heart = confetti.shapeFromPath({
    path: 'M167 72c19,-38 37,-56 75,-56 42,0 76,33 76,75 0,76 -76,151 -151,227 -76,-76 -151,-151 -151,-227 0,-42 33,-75 75,-75 38,0 57,18 76,56z',
  })
  const image = await iconShape()
  const shapes: confetti.Shape[] = ['circle', 'square', heart, ...(image ? [image] : [])]
  const colors = ['#0d9488', '#14b8a6', '#f59e0b', '#f43f5e', '#6366f1']
  const burst = (originX: number, angle: number) =>
    confetti({
      particleCount: 80,
      spread: 70,
      angle,
      origin: { x: originX, y: 0.7 },
      shapes,
      colors,
      scalar: 1.1,
    })
  await Promise.all([burst(0, 60), burst(1, 120)])
}

/** The app's icon as a 20 px particle, drawn at half scale like the library's own text shapes. */
async function iconShape(): Promise<confetti.Shape | null> {
  try {
    const response = await fetch('/icon-192.png')
    if (!response.ok) return null
    const bitmap = await createImageBitmap(await response.blob(), { resizeWidth: 20, resizeHeight: 20 })
    // Half scale, centred: the six numbers the library's own text shapes carry. Its types say a DOMMatrix,
    // but it reads them with `new DOMMatrix(shape.matrix)`, which throws for a DOMMatrix ("The provided
    // value cannot be converted to a sequence", logged on every welcome page): it must be the numbers.
    const halfScale: readonly number[] = [0.5, 0, 0, 0.5, -5, -5]
    return { type: 'bitmap', bitmap, matrix: halfScale as unknown as DOMMatrix }
  } catch {
    return null
  }
}
