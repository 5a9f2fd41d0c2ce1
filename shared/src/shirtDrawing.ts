/**
 * The plain tee the shop draws its shirts with (the order pages, the confirmation email's picture):
 * one outline in its own units, and where the print area sits on the chest.
 */
export const SHIRT_DRAWING = {
  viewBox: { width: 400, height: 440 },
  outline:
    'M160 28 C176 62 224 62 240 28 L306 48 Q352 78 386 134 L338 172 L312 152 L316 418 ' +
    'Q200 430 84 418 L88 152 L62 172 L14 134 Q48 78 94 48 Z',
  collar: 'M160 28 C176 62 224 62 240 28',
  neckOpening: 'M160 28 C176 62 224 62 240 28 Q200 38 160 28 Z',
  /** 3:4, the shape of the 12 × 16 inch print area, centred on the chest. */
  printArea: { x: 135, y: 84, width: 130, height: (130 * 4) / 3 },
} as const;
