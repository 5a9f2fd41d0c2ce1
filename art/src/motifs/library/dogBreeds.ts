/**
 * Dogs by breed: one standing dog, seen from the side, drawn from a breed's build (body length,
 * leg length, head and muzzle), its ears, its tail and its coat's markings. Coat colours follow
 * the shopper's palette like every motif, so a breed is told by its shape and its markings:
 * the dachshund's long low body, the corgi's big ears and stub tail, the pug's black mask and
 * curled tail, the husky's pale face and belly, the German shepherd's saddle and bushy tail.
 */
import { circle, ellipse, line, path, rect, transformParts, type Motif, type MotifPart, type PartRole } from '../motif';

type Ears = 'drop' | 'long' | 'prick' | 'big' | 'bat' | 'fold' | 'puff';
type Tail = 'otter' | 'plume' | 'curl' | 'stub' | 'brush' | 'whip' | 'pom';
type Coat = 'plain' | 'saddle' | 'mask' | 'husky' | 'bib' | 'tricolour';

interface Breed {
  id: string;
  name: string;
  keywords: readonly string[];
  tagline: string;
  /** Torso length and depth, and leg length (motif units). */
  length: number;
  depth: number;
  legs: number;
  /** Head radius, muzzle length and depth. */
  head: number;
  muzzle: number;
  jaw: number;
  ears: Ears;
  tail: Tail;
  coat: Coat;
  /** Long feathered fur under the belly, on the chest and the backs of the legs. */
  feathered?: boolean;
  /** A poodle's clip: thin legs and body with round puffs. */
  clipped?: boolean;
  /** Forehead wrinkles and a jowly mouth. */
  wrinkles?: boolean;
  /** Heavy hanging lips. */
  jowls?: boolean;
  /** The neck lifts the head this much above the shoulders. */
  neck?: number;
}

const GROUND = 184;
const r1 = (value: number) => Math.round(value * 10) / 10;
const xy = (x: number, y: number) => `${r1(x)} ${r1(y)}`;

/** A point on the ellipse (cx, cy, rx, ry) at an angle in degrees (0 = right, 90 = down). */
function onEllipse(cx: number, cy: number, rx: number, ry: number, degrees: number): [number, number] {
  const angle = (degrees * Math.PI) / 180;
  return [cx + Math.cos(angle) * rx, cy + Math.sin(angle) * ry];
}

/** The part of an ellipse's area between two angles (clockwise from `from` to `to`) and a wavy chord. */
function ellipseCap(cx: number, cy: number, rx: number, ry: number, from: number, to: number, wave: number): string {
  const [x1, y1] = onEllipse(cx, cy, rx, ry, from);
  const [x2, y2] = onEllipse(cx, cy, rx, ry, to);
  const large = (to - from + 360) % 360 > 180 ? 1 : 0;
  const [mx, my] = [(x1 + x2) / 2, (y1 + y2) / 2];
  // The chord bulges toward the centre by `wave`, with one ripple, as a marking's edge does.
  const [nx, ny] = [cx - mx, cy - my];
  const norm = Math.hypot(nx, ny) || 1;
  const [bx, by] = [mx + (nx / norm) * wave, my + (ny / norm) * wave];
  return `M${xy(x1, y1)}A${r1(rx)} ${r1(ry)} 0 ${large} 1 ${xy(x2, y2)}Q${xy((x2 + bx) / 2 + (nx / norm) * wave * 0.6, (y2 + by) / 2 + (ny / norm) * wave * 0.6)} ${xy(bx, by)}T${xy(x1, y1)}Z`;
}

/** A pair of legs as rounded columns from the body down to the ground, and their paws (two parts). */
function legPair(xs: readonly number[], top: number, width: number, paw: PartRole, forward = 0): MotifPart[] {
  const half = width / 2;
  const bottom = GROUND - 2;
  const columns = xs.map((x) => `M${xy(x - half, top)}L${xy(x - half, bottom - half)}A${r1(half)} ${r1(half)} 0 0 0 ${xy(x + half, bottom - half)}L${xy(x + half, top)}Z`);
  const [rx, ry] = [width * 0.62, 4.5];
  const paws = xs.map((x) => {
    const cx = x + 2 + forward;
    return `M${xy(cx - rx, GROUND - 3)}A${r1(rx)} ${ry} 0 1 0 ${xy(cx + rx, GROUND - 3)}A${r1(rx)} ${ry} 0 1 0 ${xy(cx - rx, GROUND - 3)}Z`;
  });
  return [path('base', columns.join('')), path(paw, paws.join(''))];
}

/** The parts moved and scaled together so the drawing fills the motif box, standing on its floor. */
function fitToBox(parts: MotifPart[]): MotifPart[] {
  let [left, top, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity];
  const include = (x: number, y: number, pad = 0) => {
    left = Math.min(left, x - pad);
    right = Math.max(right, x + pad);
    top = Math.min(top, y - pad);
    bottom = Math.max(bottom, y + pad);
  };
  for (const { shape, stroke } of parts) {
    const pad = (stroke ?? 0) / 2;
    if (shape.kind === 'circle') include(shape.cx, shape.cy, shape.r + pad);
    else if (shape.kind === 'ellipse') include(shape.cx, shape.cy, Math.max(shape.rx, shape.ry));
    else if (shape.kind === 'rect') {
      include(shape.x, shape.y);
      include(shape.x + shape.width, shape.y + shape.height);
    } else {
      // Absolute coordinates only: relative moves stay near the point before them.
      const absolute = shape.d.replace(/[mlhvcsqtaz][^MLHVCSQTAZ]*/g, '');
      for (const [, command, args] of absolute.matchAll(/([MLCSQT])([^MLHVCSQTAZ]*)/g)) {
        const numbers = (args?.match(/-?\d*\.?\d+/g) ?? []).map(Number);
        for (let index = 0; index + 1 < numbers.length; index += 2) if (command) include(numbers[index] as number, numbers[index + 1] as number, pad);
      }
    }
  }
  const scale = Math.min(180 / (right - left), 172 / (bottom - top));
  // transformParts scales about the box's centre (100, 100).
  return transformParts(parts, { scale, dx: 100 - ((left + right) / 2 - 100) * scale - 100, dy: 188 - ((bottom - 100) * scale + 100) });
}

function dogParts(breed: Breed): MotifPart[] {
  const { length, depth, legs, head, muzzle, jaw } = breed;
  const neck = breed.neck ?? head * 0.55;
  // Centre the whole dog, tail to nose, in the box.
  const reach = head * 1.1 + muzzle;
  const cx = 100 + (20 - reach) / 2 - 4;
  const rx = length / 2;
  const ry = depth / 2;
  const cy = GROUND - legs - ry + 7;
  const top = cy - ry;
  const front = cx + rx;
  const rear = cx - rx;
  const hx = front - head * 0.1 + (breed.clipped ? 4 : 0);
  const hy = top - neck;
  const legWidth = breed.clipped ? 8 : Math.max(11, Math.min(16, depth * 0.3));
  const legTop = cy + ry * 0.45;
  const white: PartRole = breed.coat === 'plain' || breed.coat === 'saddle' || breed.coat === 'mask' ? 'base' : 'light';
  const parts: MotifPart[] = [];

  // Tail first, behind the body.
  const [tx, ty] = [rear + 4, top + depth * 0.22];
  switch (breed.tail) {
    case 'otter':
      parts.push(path('base', `M${xy(tx + 2, ty - 6)}C${xy(tx - 26, ty - 2)} ${xy(tx - 34, ty + 18)} ${xy(tx - 40, ty + 34)}C${xy(tx - 30, ty + 22)} ${xy(tx - 20, ty + 12)} ${xy(tx + 4, ty + 8)}Z`));
      break;
    case 'plume':
      parts.push(path('base', `M${xy(tx + 4, ty - 6)}C${xy(tx - 30, ty - 16)} ${xy(tx - 52, ty + 6)} ${xy(tx - 50, ty + 30)}L${xy(tx - 44, ty + 24)}L${xy(tx - 40, ty + 36)}L${xy(tx - 33, ty + 26)}L${xy(tx - 26, ty + 34)}C${xy(tx - 22, ty + 18)} ${xy(tx - 10, ty + 10)} ${xy(tx + 4, ty + 10)}Z`));
      break;
    case 'brush':
      parts.push(path('base', `M${xy(tx + 4, ty - 4)}C${xy(tx - 22, ty + 4)} ${xy(tx - 34, ty + 28)} ${xy(tx - 30, ty + 58)}C${xy(tx - 22, ty + 60)} ${xy(tx - 16, ty + 54)} ${xy(tx - 14, ty + 46)}C${xy(tx - 14, ty + 30)} ${xy(tx - 6, ty + 18)} ${xy(tx + 6, ty + 12)}Z`));
      parts.push(path('dark', `M${xy(tx - 31, ty + 44)}C${xy(tx - 31, ty + 52)} ${xy(tx - 30, ty + 56)} ${xy(tx - 30, ty + 58)}C${xy(tx - 22, ty + 60)} ${xy(tx - 16, ty + 54)} ${xy(tx - 14, ty + 46)}Z`));
      break;
    case 'curl':
      parts.push(path(breed.coat === 'husky' ? 'base' : 'base', `M${xy(tx + 6, top + 4)}C${xy(tx - 4, top - 24)} ${xy(tx + 26, top - 34)} ${xy(tx + 30, top - 14)}C${xy(tx + 32, top - 2)} ${xy(tx + 18, top + 2)} ${xy(tx + 16, top - 8)}C${xy(tx + 22, top - 12)} ${xy(tx + 20, top - 22)} ${xy(tx + 12, top - 18)}C${xy(tx + 6, top - 14)} ${xy(tx + 10, top)} ${xy(tx + 16, top + 6)}Z`));
      if (breed.coat === 'husky') parts.push(path('light', `M${xy(tx + 30, top - 14)}C${xy(tx + 32, top - 2)} ${xy(tx + 18, top + 2)} ${xy(tx + 16, top - 8)}C${xy(tx + 22, top - 10)} ${xy(tx + 26, top - 12)} ${xy(tx + 30, top - 14)}Z`));
      break;
    case 'stub':
      parts.push(ellipse('base', tx - 2, ty - 2, 9, 7, -30));
      break;
    case 'whip':
      parts.push(path('base', `M${xy(tx + 4, ty - 3)}C${xy(tx - 12, ty - 10)} ${xy(tx - 22, ty - 26)} ${xy(tx - 20, ty - 46)}C${xy(tx - 16, ty - 30)} ${xy(tx - 8, ty - 16)} ${xy(tx + 6, ty + 5)}Z`));
      if (breed.coat === 'tricolour') parts.push(ellipse('light', tx - 19, ty - 42, 4, 7, 10));
      break;
    case 'pom':
      parts.push(line(`M${xy(tx + 2, ty)}C${xy(tx - 8, ty - 8)} ${xy(tx - 14, ty - 20)} ${xy(tx - 14, ty - 32)}`, 6));
      parts.push(circle('base', tx - 14, ty - 38, 12));
      break;
  }

  // Far legs, a step behind the near ones.
  const frontLegX = front - Math.min(18, length * 0.22);
  const backLegX = rear + Math.min(20, length * 0.24);
  parts.push(...legPair([frontLegX + 9, backLegX + 9], legTop, legWidth, white, 1));

  // The body and neck as one silhouette, so line-drawing styles show no construction lines: the
  // back follows the torso's ellipse (markings cut from it line up), then the neck rises to the
  // head, the chest swells, the belly tucks up and the rump rounds off.
  const [rumpX, rumpY] = onEllipse(cx, cy, rx, ry, 200);
  const [withersX, withersY] = onEllipse(cx, cy, rx, ry, 295);
  const nape: [number, number] = [hx - head * 0.55, hy + head * 0.35];
  const throat: [number, number] = [hx + head * 0.35, hy + head * 0.8];
  const chest: [number, number] = [front + depth * 0.14, cy - ry * 0.05];
  const brisket: [number, number] = [front - depth * 0.25, cy + ry + 2];
  const stifle: [number, number] = [rear + depth * 0.5, cy + ry + 1];
  const buttock: [number, number] = [rear - 4, cy + ry * 0.15];
  const belly = `C${xy(brisket[0] - (brisket[0] - stifle[0]) * 0.3, cy + ry * 0.72)} ${xy(stifle[0] + (brisket[0] - stifle[0]) * 0.3, cy + ry * 0.72)} ${xy(stifle[0], stifle[1])}`;
  parts.push(
    path(
      'base',
      `M${xy(rumpX, rumpY)}A${r1(rx)} ${r1(ry)} 0 0 1 ${xy(withersX, withersY)}` +
        `C${xy(withersX + (nape[0] - withersX) * 0.2, withersY - 2)} ${xy(nape[0] - head * 0.1, nape[1] + head * 0.5)} ${xy(nape[0], nape[1])}` +
        `L${xy(throat[0], throat[1])}` +
        `C${xy(throat[0] + 2, throat[1] + head * 0.4)} ${xy(chest[0], chest[1] - ry * 0.5)} ${xy(chest[0], chest[1])}` +
        `C${xy(chest[0], chest[1] + ry * 0.6)} ${xy(brisket[0] + depth * 0.2, brisket[1])} ${xy(brisket[0], brisket[1])}` +
        belly +
        `C${xy(stifle[0] - depth * 0.3, stifle[1])} ${xy(buttock[0], buttock[1] + ry * 0.5)} ${xy(buttock[0], buttock[1])}` +
        `C${xy(buttock[0], buttock[1] - ry * 0.3)} ${xy(rumpX - 4, rumpY + 2)} ${xy(rumpX, rumpY)}Z`,
    ),
  );
  // The thigh's curve.
  parts.push(line(`M${xy(rear + depth * 0.25, cy - ry * 0.35)}Q${xy(rear + depth * 0.75, cy + ry * 0.05)} ${xy(rear + depth * 0.6, cy + ry * 0.85)}`, 2.5));

  if (breed.clipped) {
    // The poodle clip: a big chest puff, a hip puff and pompons at the ankles.
    parts.push(ellipse('base', front - 6, cy - 2, 24, ry + 12));
    parts.push(circle('base', rear + 6, cy - 2, ry + 6));
  }

  // Markings on the body.
  if (breed.coat === 'saddle' || breed.coat === 'tricolour') parts.push(path('dark', ellipseCap(cx, cy, rx, ry, 202, 292, ry * 0.55)));
  if (breed.coat === 'husky') {
    // A pale belly along the silhouette's own underline.
    parts.push(path('light', `M${xy(brisket[0], brisket[1])}${belly}Q${xy(cx, cy + ry * 0.15)} ${xy(brisket[0], brisket[1])}Z`));
  }
  if (breed.coat === 'bib' || breed.coat === 'husky' || breed.coat === 'tricolour') {
    parts.push(ellipse('light', front - depth * 0.14, cy + ry * 0.15, depth * 0.3, ry * 0.8, -12));
  }

  // Near legs.
  parts.push(...legPair([frontLegX, backLegX], legTop, legWidth, white));
  if (breed.clipped) {
    const pompon = (x: number) => `M${xy(x - 8, GROUND - 10)}A9 9 0 1 0 ${xy(x + 10, GROUND - 10)}A9 9 0 1 0 ${xy(x - 8, GROUND - 10)}Z`;
    parts.push(path('base', [frontLegX, backLegX, frontLegX + 9, backLegX + 9].map(pompon).join('')));
  }
  if (breed.feathered) {
    // Feathering: soft locks along the belly (over the tops of the legs), a ruff down the chest,
    // and the breeches behind the haunch.
    const fy = cy + ry * 0.4;
    let fringe = `M${xy(rear + 14, fy)}L${xy(front - 2, fy)}`;
    const locks = 6;
    for (let index = 0; index < locks; index += 1) {
      const x1 = front - 2 - ((front - rear - 16) * index) / locks;
      const x2 = front - 2 - ((front - rear - 16) * (index + 1)) / locks;
      const tip = cy + ry + (index < 2 ? 18 : 13);
      fringe += `Q${xy(x1 + 1, tip)} ${xy((x1 + x2) / 2 - 2, tip)}Q${xy(x2 + 3, tip - 5)} ${xy(x2, cy + ry)}`;
    }
    parts.push(path('base', `${fringe}Z`));
    const chest = front - depth * 0.32 + depth * 0.46;
    parts.push(path('base', `M${xy(chest - 8, top)}Q${xy(chest + 6, top + 6)} ${xy(chest + 2, top + 14)}Q${xy(chest + 10, top + 18)} ${xy(chest + 4, top + 26)}Q${xy(chest + 10, top + 32)} ${xy(chest + 2, top + 38)}L${xy(chest - 8, top + 36)}Z`));
    parts.push(path('base', `M${xy(rear + 6, cy - 4)}Q${xy(rear - 8, cy + 8)} ${xy(rear - 4, cy + 20)}Q${xy(rear - 10, cy + 26)} ${xy(rear - 2, cy + 34)}Q${xy(rear + 6, cy + 26)} ${xy(rear + 14, cy + 20)}Z`));
  }
  // Collar and head.
  const neckAngle = (Math.atan2(hy - (top + depth * 0.3), hx - (front - depth * 0.25)) * 180) / Math.PI;
  if (breed.clipped) {
    const neckLength = Math.hypot(hy - (top + depth * 0.3), hx - (front - depth * 0.25));
    parts.push(ellipse('base', (hx + front) / 2 - 2, (hy + top) / 2 + 6, head * 0.9, neckLength / 2 + 6, neckAngle + 90));
  }
  const collarX = hx - head * 0.25;
  const collarY = hy + head * 0.95;
  parts.push(rect('accent', collarX - head * 0.75, collarY - 4, head * 1.5, 8, 4, neckAngle + 90));
  parts.push(circle('accent', collarX + 2, collarY + 7, 4.5));

  // Ears behind the head.
  const earX = hx - head * 0.35;
  const earTop = hy - head * 0.7;
  const earRole: PartRole = breed.coat === 'mask' || breed.coat === 'tricolour' ? (breed.coat === 'mask' ? 'dark' : 'second') : 'base';
  const back = (role: PartRole, d: string) => parts.push(path(role, d));
  if (breed.ears === 'prick' || breed.ears === 'big' || breed.ears === 'bat') {
    const height = breed.ears === 'prick' ? head * 1.15 : breed.ears === 'bat' ? head * 1.2 : head * 1.45;
    const width = breed.ears === 'bat' ? head * 0.85 : breed.ears === 'big' ? head * 0.85 : head * 0.7;
    // The far ear shows its tip beyond the near one.
    for (const shift of [head * (breed.ears === 'bat' ? 0.95 : 0.55), 0]) {
      const x = earX + shift;
      const tipX = x - width * 0.2 + shift * (breed.ears === 'bat' ? 0.45 : 0.25);
      const tipY = earTop - height + shift * 0.12;
      const tip =
        breed.ears === 'bat'
          ? `Q${xy(tipX - width * 0.6, tipY - 2)} ${xy(tipX, tipY)}Q${xy(tipX + width * 0.6, tipY - 2)} ${xy(x + width * 0.55, earTop + 6)}`
          : `L${xy(tipX, tipY)}L${xy(x + width * 0.55, earTop + 6)}`;
      back(earRole, `M${xy(x - width * 0.6, earTop + 8)}${tip}Z`);
      if (shift === 0) {
        parts.push(path(breed.coat === 'mask' ? 'dark' : 'accent', `M${xy(x - width * 0.3, earTop + 4)}L${xy(tipX + 1, tipY + height * 0.45)}L${xy(x + width * 0.25, earTop + 6)}Z`, { opacity: 0.8 }));
      }
    }
  }

  parts.push(circle('base', hx, hy, head));
  if (breed.clipped) parts.push(circle('base', hx - head * 0.2, hy - head * 0.85, head * 0.75));

  // Muzzle, with the face's markings.
  const mx = hx + head * 0.55 + muzzle * 0.45;
  const my = hy + head * 0.3;
  const mrx = muzzle * 0.55 + head * 0.32;
  const muzzleRole: PartRole = breed.coat === 'mask' ? 'dark' : breed.coat === 'plain' || breed.coat === 'saddle' ? 'base' : 'light';
  if (breed.coat === 'husky') {
    // The husky's mask: a pale face with the dark cap, eyebrows and stripe kept.
    parts.push(path('light', `M${xy(hx - head * 0.7, hy + head * 0.1)}C${xy(hx - head * 0.5, hy - head * 0.4)} ${xy(hx - head * 0.05, hy - head * 0.2)} ${xy(hx + head * 0.1, hy - head * 0.55)}C${xy(hx + head * 0.35, hy - head * 0.2)} ${xy(hx + head * 0.8, hy - head * 0.3)} ${xy(hx + head, hy)}L${xy(hx + head * 0.6, hy + head * 0.9)}C${xy(hx, hy + head * 1.1)} ${xy(hx - head * 0.6, hy + head * 0.8)} ${xy(hx - head * 0.7, hy + head * 0.1)}Z`));
  }
  if (breed.coat === 'saddle') parts.push(ellipse('dark', mx + 2, my, mrx * 0.9, jaw * 0.95));
  parts.push(ellipse(muzzleRole, mx, my, mrx, jaw));
  if (breed.coat === 'tricolour' || breed.coat === 'bib') {
    // A white blaze up the face.
    parts.push(path('light', `M${xy(hx + head * 0.3, hy + head * 0.2)}Q${xy(hx + head * 0.15, hy - head * 0.5)} ${xy(hx - head * 0.05, hy - head * 0.85)}L${xy(hx + head * 0.25, hy - head * 0.8)}Q${xy(hx + head * 0.45, hy - head * 0.3)} ${xy(hx + head * 0.75, hy + head * 0.1)}Z`));
  }
  if (breed.jowls) {
    // Heavy flews hanging below the mouth.
    parts.push(path(muzzleRole, `M${xy(mx - mrx * 0.7, my + jaw * 0.3)}Q${xy(mx - mrx * 0.5, my + jaw * 1.6)} ${xy(mx + mrx * 0.2, my + jaw * 1.25)}Q${xy(mx + mrx * 0.8, my + jaw * 1.1)} ${xy(mx + mrx * 0.85, my + jaw * 0.2)}Z`));
  }
  // Nose, mouth, eye.
  const nx = mx + mrx - 4;
  const ny = my - jaw * 0.45;
  parts.push(ellipse('dark', nx, ny, 6.5, 5));
  parts.push(line(`M${xy(nx - 1, ny + 5)}Q${xy(nx - 2, my + jaw * 0.55)} ${xy(mx - mrx * 0.3, my + jaw * 0.45)}`, 2.5));
  // Flat-faced breeds look out over the nose with round, bulging eyes.
  const flat = muzzle < 8;
  const eyeX = hx + head * (flat ? 0.5 : 0.42);
  const eyeY = hy - head * (flat ? 0.36 : 0.2);
  const eye = Math.max(4, head * (flat ? 0.22 : 0.18));
  if (breed.wrinkles) {
    parts.push(line(`M${xy(hx - head * 0.2, hy - head * 0.55)}q${r1(head * 0.25)} -5 ${r1(head * 0.5)} 0M${xy(hx - head * 0.1, hy - head * 0.35)}q${r1(head * 0.2)} -4 ${r1(head * 0.4)} 0`, 2));
    parts.push(line(`M${xy(mx - mrx * 0.6, my - jaw * 0.9)}q${r1(mrx * 0.4)} 6 ${r1(mrx * 0.9)} 0`, 2));
  }
  if (flat) parts.push(circle('light', eyeX, eyeY, eye + 2.5));
  parts.push(circle('dark', eyeX, eyeY, eye));
  parts.push(circle('light', eyeX + eye * 0.3, eyeY - eye * 0.35, Math.max(1.2, eye * 0.32)));

  // Hanging ears in front of the head.
  if (breed.ears === 'drop' || breed.ears === 'long' || breed.ears === 'puff') {
    const long = breed.ears === 'long' ? 1.5 : breed.ears === 'puff' ? 1.3 : 1.05;
    const width = breed.ears === 'puff' ? head * 0.75 : head * 0.58;
    const bottom = hy + head * long;
    const role: PartRole = breed.ears === 'puff' ? 'base' : earRole === 'base' ? 'second' : earRole;
    if (breed.ears === 'puff') {
      parts.push(ellipse(role, earX, hy + head * 0.45, width * 0.7, head * 0.95));
    } else {
      parts.push(path(role, `M${xy(earX - width * 0.45, earTop + 2)}C${xy(earX - width * 0.85, hy + head * 0.2)} ${xy(earX - width * 0.7, bottom)} ${xy(earX - width * 0.05, bottom)}C${xy(earX + width * 0.45, bottom)} ${xy(earX + width * 0.55, hy)} ${xy(earX + width * 0.5, earTop + 2)}Z`));
    }
  }
  if (breed.ears === 'fold') {
    // A small flap folded forward over the top of the head.
    parts.push(path(earRole === 'base' ? 'second' : earRole, `M${xy(hx - head * 0.75, hy - head * 0.55)}Q${xy(hx - head * 0.45, hy - head * 1.1)} ${xy(hx - head * 0.05, hy - head * 0.95)}L${xy(hx + head * 0.02, hy - head * 0.45)}Q${xy(hx - head * 0.4, hy - head * 0.6)} ${xy(hx - head * 0.75, hy - head * 0.55)}Z`));
  }
  return fitToBox(parts);
}

function breedMotif(breed: Breed): Motif {
  return { id: breed.id, category: 'animals', name: breed.name, keywords: breed.keywords, tagline: breed.tagline, parts: dogParts(breed) };
}

const BREEDS: readonly Breed[] = [
  {
    id: 'golden-retriever', name: 'a golden retriever', tagline: 'Life Is Golden',
    keywords: ['goldenretriever', 'retriever', 'goldens', 'goldenretrievers', 'goldie'],
    length: 76, depth: 40, legs: 42, head: 20, muzzle: 18, jaw: 10, ears: 'drop', tail: 'plume', coat: 'plain', feathered: true,
  },
  {
    id: 'labrador', name: 'a Labrador', tagline: 'Life Is Better With A Lab',
    keywords: ['labrador', 'labradors', 'labradorretriever', 'blacklab', 'yellowlab', 'chocolatelab', 'labmom', 'labdad', 'lablover'],
    length: 76, depth: 42, legs: 42, head: 20, muzzle: 18, jaw: 11, ears: 'drop', tail: 'otter', coat: 'plain',
  },
  {
    id: 'german-shepherd', name: 'a German shepherd', tagline: 'Loyal To The Core',
    keywords: ['germanshepherd', 'germanshepherds', 'shepherd', 'gsd', 'alsatian', 'k9', 'policedog', 'malinois'],
    length: 84, depth: 40, legs: 44, head: 19, muzzle: 22, jaw: 9, ears: 'prick', tail: 'brush', coat: 'saddle', neck: 14,
  },
  {
    id: 'dachshund', name: 'a dachshund', tagline: 'Wiener Takes All',
    keywords: ['dachshund', 'dachshunds', 'doxie', 'doxies', 'wienerdog', 'weinerdog', 'sausagedog', 'wiener', 'weiner', 'dackel'],
    length: 110, depth: 34, legs: 16, head: 17, muzzle: 20, jaw: 8, ears: 'long', tail: 'whip', coat: 'plain', neck: 12,
  },
  {
    id: 'corgi', name: 'a corgi', tagline: 'Short Legs, Big Heart',
    keywords: ['corgi', 'corgis', 'pembroke', 'welshcorgi', 'corgibutt'],
    length: 92, depth: 40, legs: 18, head: 20, muzzle: 13, jaw: 9, ears: 'big', tail: 'stub', coat: 'bib', neck: 10,
  },
  {
    id: 'pug', name: 'a pug', tagline: 'Pug Life',
    keywords: ['pug', 'pugs', 'puglife', 'puggle'],
    length: 62, depth: 44, legs: 26, head: 24, muzzle: 3, jaw: 12, ears: 'fold', tail: 'curl', coat: 'mask', wrinkles: true, neck: 8,
  },
  {
    id: 'husky', name: 'a husky', tagline: 'Howl Yeah',
    keywords: ['husky', 'huskies', 'siberianhusky', 'malamute', 'malamutes', 'sleddog'],
    length: 76, depth: 40, legs: 42, head: 20, muzzle: 16, jaw: 9, ears: 'prick', tail: 'curl', coat: 'husky',
  },
  {
    id: 'beagle', name: 'a beagle', tagline: 'Follow Your Nose',
    keywords: ['beagle', 'beagles', 'hound', 'hounds', 'bassethound', 'basset', 'coonhound', 'bloodhound'],
    length: 70, depth: 38, legs: 32, head: 20, muzzle: 16, jaw: 10, ears: 'long', tail: 'whip', coat: 'tricolour',
  },
  {
    id: 'poodle', name: 'a poodle', tagline: 'Oodles Of Poodles',
    keywords: ['poodle', 'poodles', 'doodle', 'doodles', 'goldendoodle', 'labradoodle', 'bernedoodle', 'cavapoo', 'maltipoo', 'cockapoo'],
    length: 58, depth: 30, legs: 48, head: 17, muzzle: 17, jaw: 7, ears: 'puff', tail: 'pom', coat: 'plain', clipped: true, neck: 20,
  },
  {
    id: 'bulldog', name: 'a bulldog', tagline: 'Built Like A Bulldog',
    keywords: ['bulldog', 'bulldogs', 'englishbulldog', 'britishbulldog', 'mastiff'],
    length: 74, depth: 50, legs: 24, head: 26, muzzle: 4, jaw: 15, ears: 'fold', tail: 'stub', coat: 'bib', wrinkles: true, jowls: true, neck: 4,
  },
  {
    id: 'french-bulldog', name: 'a French bulldog', tagline: 'Ooh La La',
    keywords: ['frenchbulldog', 'frenchbulldogs', 'frenchie', 'frenchies', 'bostonterrier'],
    length: 62, depth: 42, legs: 26, head: 23, muzzle: 4, jaw: 12, ears: 'bat', tail: 'stub', coat: 'bib', wrinkles: true, neck: 6,
  },
  {
    id: 'pit-bull', name: 'a pit bull', tagline: 'Love Is A Pit Bull',
    keywords: ['pitbull', 'pitbulls', 'pittie', 'pitties', 'pibble', 'pibbles', 'staffy', 'amstaff'],
    length: 72, depth: 46, legs: 36, head: 23, muzzle: 12, jaw: 12, ears: 'fold', tail: 'whip', coat: 'bib', neck: 10,
  },
  {
    id: 'chihuahua', name: 'a Chihuahua', tagline: 'Tiny But Mighty',
    keywords: ['chihuahua', 'chihuahuas', 'teacupdog'],
    length: 52, depth: 30, legs: 30, head: 22, muzzle: 8, jaw: 7, ears: 'big', tail: 'whip', coat: 'plain', neck: 12,
  },
];

export const DOG_BREED_MOTIFS: readonly Motif[] = BREEDS.map(breedMotif);
