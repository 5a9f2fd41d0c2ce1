import { circle, ellipse, line, path, polar, rect, starPath, type Motif } from '../motif';

function pentagon(cx: number, cy: number, radius: number, rotation: number): string {
  let d = '';
  for (let index = 0; index < 5; index += 1) {
    const [x, y] = polar(cx, cy, radius, rotation + index * 72);
    d += `${index === 0 ? 'M' : 'L'}${x.toFixed(1)} ${y.toFixed(1)}`;
  }
  return d + 'Z';
}

const soccerPatches = [0, 1, 2, 3, 4].map((index) => {
  const angle = -90 + index * 72;
  const [cx, cy] = polar(100, 100, 66, angle);
  return path('dark', pentagon(cx, cy, 17, angle));
});

const soccerSeams = [0, 1, 2, 3, 4]
  .map((index) => {
    const angle = -90 + index * 72;
    const [x1, y1] = polar(100, 100, 26, angle);
    const [x2, y2] = polar(100, 100, 50, angle);
    return `M${x1.toFixed(1)} ${y1.toFixed(1)}L${x2.toFixed(1)} ${y2.toFixed(1)}`;
  })
  .join('');

export const SPORTS_MOTIFS: readonly Motif[] = [
  {
    id: 'ball',
    category: 'sports',
    keywords: ['basketball', 'hoop', 'hoops', 'nba', 'dunk', 'baller'],
    tagline: 'Ball Is Life',
    parts: [
      circle('base', 100, 100, 86),
      path('dark', 'M100 14A86 86 0 0 1 186 100L100 100Z', { opacity: 0.12 }),
      line('M14 100L186 100M100 14L100 186M40 38C72 70 72 130 40 162M160 38C128 70 128 130 160 162', 5),
      ellipse('light', 66, 56, 18, 10, -35, { opacity: 0.4 }),
    ],
  },
  {
    id: 'soccer-ball',
    category: 'sports',
    keywords: ['soccer', 'futbol', 'striker', 'fifa', 'worldcup', 'messi', 'kick', 'football'],
    tagline: 'Eat Sleep Soccer Repeat',
    parts: [
      circle('light', 100, 100, 86),
      path('dark', pentagon(100, 100, 26, -90)),
      ...soccerPatches,
      line(soccerSeams, 4),
      circle('second', 100, 100, 86, { stroke: 6 }),
    ],
  },
  {
    id: 'tennis',
    category: 'sports',
    keywords: ['tennis', 'racket', 'racquet', 'badminton', 'pickleball', 'padel', 'squash', 'wimbledon'],
    tagline: 'Love All',
    parts: [
      rect('second', 124, 118, 18, 76, 8, -35),
      ellipse('base', 84, 78, 58, 68, -35),
      ellipse('light', 84, 78, 46, 56, -35),
      line('M52 64L108 124M62 48L124 112M76 38L132 98M40 84L94 140M60 120L122 54M46 104L106 42M78 136L136 72', 2.5),
      circle('accent', 158, 150, 24),
      line('M138 138C150 150 150 162 146 172M170 128C166 140 168 154 180 160', 3),
    ],
  },
  {
    id: 'bicycle',
    category: 'sports',
    keywords: ['bike', 'bicycle', 'cycling', 'cyclist', 'biking', 'mtb', 'velo', 'peloton', 'mountainbiking', 'mountainbike'],
    tagline: 'Life Is A Beautiful Ride',
    parts: [
      circle('dark', 48, 136, 38, { stroke: 9 }),
      circle('dark', 154, 136, 38, { stroke: 9 }),
      path('base', 'M48 136L96 136L80 74L142 80L96 136M80 74L48 136M142 80L154 136', { stroke: 9 }),
      path('dark', 'M66 68L94 68M142 80L136 60L156 56', { stroke: 8 }),
      circle('accent', 96, 136, 11),
      circle('second', 48, 136, 6),
      circle('second', 154, 136, 6),
    ],
  },
  {
    id: 'trophy',
    category: 'sports',
    keywords: ['trophy', 'champion', 'champ', 'winner', 'award', 'victory', 'mvp'],
    tagline: 'Certified Legend',
    parts: [
      path('base', 'M58 46C22 42 26 98 66 92M142 46C178 42 174 98 134 92', { stroke: 10 }),
      path('base', 'M54 26L146 26L140 84C136 114 116 126 100 126C84 126 64 114 60 84Z'),
      path('dark', 'M100 26L146 26L140 84C136 114 116 126 100 126Z', { opacity: 0.15 }),
      path('light', starPath(100, 70, 24, 10, 5)),
      rect('base', 91, 124, 18, 28),
      rect('second', 64, 150, 72, 16, 3),
      rect('dark', 54, 164, 92, 24, 4),
    ],
  },
  {
    id: 'dumbbell',
    category: 'sports',
    keywords: ['gym', 'fitness', 'workout', 'weights', 'weightlifting', 'lifting', 'lift', 'dumbbell', 'crossfit', 'strength', 'bodybuilding', 'training', 'exercise'],
    tagline: 'Stronger Every Day',
    parts: [
      rect('second', 38, 92, 124, 16, 6),
      rect('base', 20, 52, 24, 96, 8),
      rect('base', 46, 64, 18, 72, 6),
      rect('base', 156, 52, 24, 96, 8),
      rect('base', 136, 64, 18, 72, 6),
      rect('light', 25, 60, 6, 50, 3, 0, { opacity: 0.5 }),
      rect('light', 161, 60, 6, 50, 3, 0, { opacity: 0.5 }),
    ],
  },
  {
    id: 'golf',
    category: 'sports',
    keywords: ['golf', 'golfer', 'golfing', 'putt', 'putting', 'fairway', 'caddie', 'tee', 'birdie'],
    tagline: 'Tee Time',
    parts: [
      ellipse('second', 100, 172, 86, 20),
      ellipse('dark', 120, 170, 16, 5),
      rect('dark', 118, 22, 5, 148, 2),
      path('accent', 'M123 22L178 40L123 60Z'),
      circle('light', 64, 150, 18),
      circle('dark', 58, 146, 2, { opacity: 0.35 }),
      circle('dark', 66, 144, 2, { opacity: 0.35 }),
      circle('dark', 62, 154, 2, { opacity: 0.35 }),
      circle('dark', 71, 152, 2, { opacity: 0.35 }),
    ],
  },
  {
    id: 'skateboard',
    category: 'sports',
    keywords: ['skate', 'skateboard', 'skateboarding', 'skater', 'skatepark', 'longboard', 'ollie'],
    tagline: 'Skate Or Die',
    parts: [
      rect('base', 14, 80, 172, 40, 20, -18),
      rect('accent', 44, 92, 112, 10, 5, -18),
      circle('dark', 52, 142, 14),
      circle('dark', 150, 110, 14),
      circle('light', 52, 142, 5),
      circle('light', 150, 110, 5),
    ],
  },
];
