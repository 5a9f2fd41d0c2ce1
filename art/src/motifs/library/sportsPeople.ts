/**
 * Sports told by the athlete rather than the gear: a swimmer mid-stroke in a lane, a gymnast in a
 * split leap with a ribbon, a cheerleader jumping with her pom-poms. Limbs are round-capped
 * strokes, so every style's outline follows them like a pictogram's.
 */
import { circle, ellipse, line, path, rect, starPath, type Motif, type MotifPart } from '../motif';

/** A limb: a round-capped stroke through its joints. */
const limb = (d: string, width: number): MotifPart => ({ role: 'base', shape: { kind: 'path', d }, stroke: width });

/** The floats of a lane rope, alternating two colours. */
const laneRope: MotifPart[] = Array.from({ length: 9 }, (_, index) =>
  ellipse(index % 2 === 0 ? 'accent' : 'light', 12 + index * 22, 174, 9, 6.5),
);

export const SPORTS_PEOPLE_MOTIFS: readonly Motif[] = [
  {
    id: 'swimmer',
    category: 'sports',
    keywords: ['swim', 'swimming', 'swimmer', 'swimmers', 'swimteam', 'swimlife', 'swimmom', 'freestyle', 'backstroke', 'breaststroke', 'swimmingpool', 'triathlon', 'triathlete'],
    tagline: 'Just Keep Swimming',
    parts: [
      // The back and shoulders just above the water, the recovering arm high over it.
      ellipse('base', 80, 116, 56, 14, -3),
      limb('M114 112L100 50L160 74', 18),
      ellipse('base', 166, 79, 12, 8, 30),
      circle('base', 144, 106, 22),
      // Swim cap and goggles.
      path('accent', 'M122 106C122 76 166 76 166 104C156 94 134 94 122 106Z'),
      line('M123 101L142 100', 3),
      rect('dark', 144, 95, 20, 11, 5),
      circle('light', 157, 99, 2.2),
      // The water as a pictogram's waves: the first runs across the swimmer, the second below.
      path('second', 'M4 126Q20 114 38 126T72 126T106 126T140 126T174 126T198 124', { stroke: 10 }),
      path('second', 'M14 150Q30 138 48 150T82 150T116 150T150 150T186 148', { stroke: 8 }),
      // The kick's splash and bubbles at the hand.
      circle('light', 14, 108, 5),
      circle('light', 26, 98, 6),
      circle('light', 40, 104, 4.5),
      circle('light', 180, 90, 4.5),
      circle('light', 188, 102, 3.5),
      ...laneRope,
    ],
  },
  {
    id: 'gymnast',
    airborne: true,
    category: 'sports',
    keywords: ['gymnast', 'gymnastics', 'gymnasts', 'tumbling', 'tumble', 'cartwheel', 'cartwheels', 'backflip', 'balancebeam', 'rhythmicgymnastics', 'acro', 'acrobat', 'acrobatics'],
    tagline: 'Flip Happens',
    parts: [
      // A ribbon streaming from the raised hand.
      path('second', 'M156 24C186 10 196 44 172 56C150 66 150 92 176 98C194 102 192 128 168 132', { stroke: 5 }),
      // Split leap: legs flat out front and back, arms up, back arched.
      limb('M102 104L48 108L14 118', 12),
      limb('M106 102L150 94L188 88', 12),
      ellipse('base', 12, 120, 8, 4, 20),
      ellipse('base', 191, 87, 8, 4, -10),
      limb('M110 66L96 40L82 20', 8),
      limb('M116 66L136 44L156 24', 8),
      path('accent', 'M104 66C112 58 126 60 128 70L118 108C110 112 98 110 94 104Z'),
      path('light', 'M112 64L124 66L116 84Z', { opacity: 0.6 }),
      circle('base', 128, 48, 13),
      path('dark', 'M116 46C114 30 136 28 142 42C134 38 124 40 116 46Z'),
      circle('dark', 114, 40, 7),
      path('accent', 'M108 36L114 40L108 44Z'),
      path('light', starPath(52, 62, 9, 3.5, 4)),
      path('light', starPath(170, 150, 7, 2.8, 4)),
    ],
  },
  {
    id: 'cheerleader',
    category: 'sports',
    keywords: ['cheer', 'cheerleader', 'cheerleaders', 'cheerleading', 'cheerlife', 'cheermom', 'cheersquad', 'pompom', 'pompoms', 'pepsquad', 'cheerteam'],
    tagline: 'Cheer Loud, Cheer Proud',
    parts: [
      // Arms up in a V to the pom-poms.
      limb('M90 80L66 58L46 38', 9),
      limb('M110 80L134 58L154 38', 9),
      path('accent', starPath(40, 34, 28, 17, 13)),
      path('second', starPath(40, 34, 16, 10, 9)),
      path('accent', starPath(160, 34, 28, 17, 13)),
      path('second', starPath(160, 34, 16, 10, 9)),
      // Legs apart in a jump, and the shoes.
      limb('M94 132L80 170', 11),
      limb('M106 132L120 170', 11),
      ellipse('light', 76, 176, 11, 6, -15),
      ellipse('light', 124, 176, 11, 6, 15),
      // Top with a chevron, pleated skirt.
      path('second', 'M84 78C90 72 110 72 116 78L114 112L86 112Z'),
      path('light', 'M88 84L100 98L112 84L112 92L100 106L88 92Z'),
      path('accent', 'M84 108L116 108L138 144L62 144Z'),
      line('M90 112L80 144M100 112L100 144M110 112L120 144', 2.5),
      // Head, ponytail with a bow, a smile.
      path('dark', 'M112 40C132 34 140 52 134 70C130 58 124 50 112 48Z'),
      circle('base', 100, 54, 17),
      path('dark', 'M83 52C82 34 118 32 117 52C110 42 92 42 83 52Z'),
      path('accent', 'M112 34L124 28L122 40ZM112 34L102 26L104 38Z'),
      circle('dark', 94, 56, 2.5),
      circle('dark', 106, 56, 2.5),
      line('M94 63Q100 68 106 63', 2.5),
    ],
  },
];
