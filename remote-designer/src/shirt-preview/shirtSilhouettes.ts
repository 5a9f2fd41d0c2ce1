import type { ShirtStyle } from '@tshirt/shared';

/** The preview is drawn in this coordinate box; every silhouette shares it so the frame never moves. */
export const PREVIEW_VIEWBOX = { width: 500, height: 520 } as const;
const CENTER_X = PREVIEW_VIEWBOX.width / 2;

/** The print area is 12 × 16 inches, so artwork always sits in a 3:4 box. */
export const PRINT_ASPECT_RATIO = 12 / 16;

/** A 12-inch front print on a shirt about 20 inches across the chest: as large as it prints. */
export const PRINT_SHARE_OF_CHEST = 12 / 20;

type Point = readonly [x: number, y: number];

/** One step of the right half of an outline, drawn from the neck down to the hem. */
type Segment =
  | { kind: 'line'; to: Point }
  | { kind: 'quad'; control: Point; to: Point }
  | { kind: 'cubic'; control1: Point; control2: Point; to: Point };

interface SilhouetteShape {
  neckTopY: number;
  neckHalfWidth: number;
  /** How far the front neckline dips below the shoulders' neck points. */
  neckDepth: number;
  shoulder: Point;
  sleeveOuter: Point;
  sleeveInner: Point;
  armpit: Point;
  /** From the armpit down to the hem's corner. */
  side: readonly Segment[];
  /** How far the hem's middle hangs below its corners. */
  hemDrop: number;
  /** Where the print area starts below the collar (its width follows from the chest). */
  printArea: { top: number };
}

export interface PrintArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Silhouette {
  /** The whole garment outline (the neck opening is left out). */
  outline: string;
  /** The inside of the back, seen through the neck opening. */
  neckOpening: string;
  /** The front neckline, drawn as the collar rib. */
  neckline: string;
  /** Stitch lines a little inside the sleeve and bottom hems. */
  hemStitches: string;
  /** Soft creases where fabric gathers: under the arms and where the sleeves bend. */
  folds: string;
  printArea: PrintArea;
  /** Across the chest, armpit to armpit: what a shirt's width is measured as. */
  chestWidth: number;
  /** Where the soft shadow under the garment falls. */
  floorY: number;
}

const MEN: SilhouetteShape = {
  neckTopY: 36,
  neckHalfWidth: 50,
  neckDepth: 42,
  shoulder: [388, 62],
  sleeveOuter: [476, 166],
  sleeveInner: [426, 204],
  armpit: [396, 182],
  side: [{ kind: 'cubic', control1: [398, 290], control2: [399, 400], to: [400, 492] }],
  hemDrop: 7,
  printArea: { top: 118 },
};

/** Women's: fitted waist, short cap sleeves, a deeper scoop neck. */
const WOMEN: SilhouetteShape = {
  neckTopY: 38,
  neckHalfWidth: 62,
  neckDepth: 74,
  shoulder: [360, 60],
  sleeveOuter: [420, 122],
  sleeveInner: [398, 152],
  armpit: [366, 166],
  side: [
    { kind: 'cubic', control1: [364, 226], control2: [346, 262], to: [346, 306] },
    { kind: 'cubic', control1: [346, 370], control2: [370, 430], to: [376, 486] },
  ],
  hemDrop: 9,
  printArea: { top: 146 },
};

/** Youth: narrower and shorter, hung lower so it sits centred in the same frame. */
const YOUTH: SilhouetteShape = {
  neckTopY: 84,
  neckHalfWidth: 42,
  neckDepth: 34,
  shoulder: [356, 104],
  sleeveOuter: [424, 184],
  sleeveInner: [386, 212],
  armpit: [360, 194],
  side: [{ kind: 'cubic', control1: [361, 280], control2: [362, 380], to: [363, 446] }],
  hemDrop: 6,
  printArea: { top: 148 },
};

const SHAPES: Readonly<Record<ShirtStyle, SilhouetteShape>> = {
  "Men's": MEN,
  "Women's": WOMEN,
  Youth: YOUTH,
};

const mirror = ([x, y]: Point): Point => [PREVIEW_VIEWBOX.width - x, y];
const at = ([x, y]: Point): string => `${round(x)} ${round(y)}`;
const round = (value: number): number => Math.round(value * 10) / 10;

function draw(segment: Segment): string {
  switch (segment.kind) {
    case 'line':
      return `L ${at(segment.to)}`;
    case 'quad':
      return `Q ${at(segment.control)} ${at(segment.to)}`;
    case 'cubic':
      return `C ${at(segment.control1)} ${at(segment.control2)} ${at(segment.to)}`;
  }
}

/** The same steps walked backwards on the left half: mirrored, reversed, controls swapped. */
function mirroredReversed(start: Point, segments: readonly Segment[]): Segment[] {
  const starts = [start, ...segments.map((segment) => segment.to)];
  return segments
    .map((segment, index): Segment => {
      const to = mirror(starts[index] as Point);
      switch (segment.kind) {
        case 'line':
          return { kind: 'line', to };
        case 'quad':
          return { kind: 'quad', control: mirror(segment.control), to };
        case 'cubic':
          return { kind: 'cubic', control1: mirror(segment.control2), control2: mirror(segment.control1), to };
      }
    })
    .reverse();
}

/** A point a little way along the line from `from` towards `to`. */
function towards(from: Point, to: Point, distance: number): Point {
  const length = Math.hypot(to[0] - from[0], to[1] - from[1]);
  return [from[0] + ((to[0] - from[0]) / length) * distance, from[1] + ((to[1] - from[1]) / length) * distance];
}

function buildSilhouette(shape: SilhouetteShape): Silhouette {
  const neckRight: Point = [CENTER_X + shape.neckHalfWidth, shape.neckTopY];
  const neckLeft = mirror(neckRight);
  const [shoulderX, shoulderY] = shape.shoulder;
  // The shoulder seam bows outward slightly, the way a filled garment does.
  const rightHalf: Segment[] = [
    { kind: 'line', to: shape.shoulder },
    {
      kind: 'quad',
      control: [(shoulderX + shape.sleeveOuter[0]) / 2 + 8, (shoulderY + shape.sleeveOuter[1]) / 2 - 10],
      to: shape.sleeveOuter,
    },
    { kind: 'line', to: shape.sleeveInner },
    {
      kind: 'quad',
      control: [(shape.sleeveInner[0] + shape.armpit[0]) / 2, shape.armpit[1] + 6],
      to: shape.armpit,
    },
    ...shape.side,
  ];
  const hemRight = rightHalf[rightHalf.length - 1]?.to ?? shape.armpit;
  const hemLeft = mirror(hemRight);
  const hemMiddle: Point = [CENTER_X, hemRight[1] + shape.hemDrop * 2];
  const leftHalf = mirroredReversed(neckRight, rightHalf);
  const necklineControlY = shape.neckTopY + (shape.neckDepth * 4) / 3;
  const neckline = `M ${at(neckLeft)} C ${at([CENTER_X - shape.neckHalfWidth * 0.55, necklineControlY])} ${at([
    CENTER_X + shape.neckHalfWidth * 0.55,
    necklineControlY,
  ])} ${at(neckRight)}`;

  const outline = [
    `M ${at(neckRight)}`,
    ...rightHalf.map(draw),
    `Q ${at(hemMiddle)} ${at(hemLeft)}`,
    ...leftHalf.map(draw),
    `C ${at([CENTER_X - shape.neckHalfWidth * 0.55, necklineControlY])} ${at([
      CENTER_X + shape.neckHalfWidth * 0.55,
      necklineControlY,
    ])} ${at(neckRight)}`,
    'Z',
  ].join(' ');

  const backNeckY = shape.neckTopY + shape.neckDepth * 0.35;
  const neckOpening = `${neckline} Q ${at([CENTER_X, backNeckY])} ${at(neckLeft)} Z`;

  const stitchInset = 11;
  const sleeveStitchOuter = towards(shape.sleeveOuter, shape.shoulder, stitchInset);
  const sleeveStitchInner = towards(shape.sleeveInner, shape.armpit, stitchInset);
  const hemStitchY = hemRight[1] - stitchInset;
  const hemStitches = [
    `M ${at(sleeveStitchOuter)} L ${at(sleeveStitchInner)}`,
    `M ${at(mirror(sleeveStitchOuter))} L ${at(mirror(sleeveStitchInner))}`,
    `M ${at([hemLeft[0] + 3, hemStitchY])} Q ${at([CENTER_X, hemStitchY + shape.hemDrop * 2])} ${at([
      hemRight[0] - 3,
      hemStitchY,
    ])}`,
  ].join(' ');

  const [armpitX, armpitY] = shape.armpit;
  const bodyHeight = hemRight[1] - armpitY;
  const foldsRight = [
    // Drape from under the arm towards the middle of the chest.
    `M ${at([armpitX - 4, armpitY + 8])} Q ${at([armpitX - 24, armpitY + bodyHeight * 0.12])} ${at([
      armpitX - 58,
      armpitY + bodyHeight * 0.18,
    ])}`,
    // Where the sleeve bends away from the shoulder.
    `M ${at(towards(shape.shoulder, shape.sleeveOuter, 22))} Q ${at([
      (shape.sleeveInner[0] + shape.shoulder[0]) / 2,
      (shape.sleeveInner[1] + shape.shoulder[1]) / 2 + 8,
    ])} ${at(towards(shape.sleeveInner, shape.armpit, 4))}`,
  ];
  const foldsLeft = foldsRight.map((path) => mirrorPath(path));
  const folds = [...foldsRight, ...foldsLeft].join(' ');

  const chestWidth = 2 * (shape.armpit[0] - CENTER_X);
  const printWidth = Math.round(chestWidth * PRINT_SHARE_OF_CHEST);
  const printArea: PrintArea = {
    x: CENTER_X - printWidth / 2,
    y: shape.printArea.top,
    width: printWidth,
    height: printWidth / PRINT_ASPECT_RATIO,
  };

  return {
    outline,
    neckOpening,
    neckline,
    hemStitches,
    folds,
    printArea,
    chestWidth,
    floorY: hemMiddle[1] + 6,
  };
}

/** Mirrors every x of a path made of absolute `M`/`L`/`Q`/`C` commands and number pairs. */
function mirrorPath(path: string): string {
  const tokens = path.split(' ');
  let expectX = true;
  return tokens
    .map((token) => {
      if (/^[A-Z]$/.test(token)) return token;
      const value = Number(token);
      const mirrored = expectX ? round(PREVIEW_VIEWBOX.width - value) : value;
      expectX = !expectX;
      return String(mirrored);
    })
    .join(' ');
}

const SILHOUETTES: Readonly<Record<ShirtStyle, Silhouette>> = {
  "Men's": buildSilhouette(SHAPES["Men's"]),
  "Women's": buildSilhouette(SHAPES["Women's"]),
  Youth: buildSilhouette(SHAPES.Youth),
};

export function silhouetteFor(style: ShirtStyle): Silhouette {
  return SILHOUETTES[style];
}
