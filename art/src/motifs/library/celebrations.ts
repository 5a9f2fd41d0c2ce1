import { circle, ellipse, line, path, rect, starPath, type Motif } from '../motif';

const fireworkRays = Array.from({ length: 12 }, (_, index) => {
  const angle = (index * Math.PI) / 6;
  const [x1, y1, x2, y2] = [100 + Math.cos(angle) * 24, 80 + Math.sin(angle) * 24, 100 + Math.cos(angle) * 70, 80 + Math.sin(angle) * 70];
  return path(index % 2 ? 'second' : 'base', `M${x1.toFixed(1)} ${y1.toFixed(1)}L${x2.toFixed(1)} ${y2.toFixed(1)}`, { stroke: 8 });
});

export const CELEBRATION_MOTIFS: readonly Motif[] = [
  {
    id: 'ghost',
    category: 'holidays',
    keywords: ['ghost', 'ghosts', 'boo', 'haunted', 'spirit', 'spirits', 'paranormal', 'ghosthunting', 'spooky'],
    tagline: 'Boo Crew',
    parts: [
      path('light', 'M40 180L40 90C40 46 66 20 100 20C134 20 160 46 160 90L160 180L140 166L120 182L100 166L80 182L60 166Z'),
      ellipse('dark', 80, 84, 10, 14),
      ellipse('dark', 120, 84, 10, 14),
      ellipse('dark', 100, 124, 12, 16),
      ellipse('accent', 64, 108, 10, 6, 0, { opacity: 0.5 }),
      ellipse('accent', 136, 108, 10, 6, 0, { opacity: 0.5 }),
    ],
  },
  {
    id: 'turkey',
    category: 'holidays',
    keywords: ['turkey', 'turkeys', 'thanksgiving', 'gobble', 'grateful', 'thankful', 'friendsgiving'],
    tagline: 'Gobble Gobble',
    parts: [
      ...[-60, -36, -12, 12, 36, 60].map((angle, index) =>
        ellipse(index % 3 === 0 ? 'accent' : index % 3 === 1 ? 'second' : 'base', 100 + Math.sin((angle * Math.PI) / 180) * 56, 96 - Math.cos((angle * Math.PI) / 180) * 56, 20, 44, angle),
      ),
      ellipse('base', 100, 124, 48, 52),
      circle('base', 100, 70, 26),
      circle('dark', 92, 66, 4),
      circle('dark', 108, 66, 4),
      path('second', 'M94 74L106 74L100 86Z'),
      path('accent', 'M100 82C92 90 94 104 102 102C108 98 106 88 100 82Z'),
      ellipse('light', 100, 134, 28, 32),
      line('M84 174L80 192M116 174L120 192', 5),
    ],
  },
  {
    id: 'easter-egg',
    category: 'holidays',
    name: 'an Easter egg',
    keywords: ['easter', 'easteregg', 'eastereggs', 'egghunt', 'springtime', 'resurrection'],
    tagline: 'Hoppy Easter',
    parts: [
      path('base', 'M100 14C140 14 170 80 170 120C170 160 140 188 100 188C60 188 30 160 30 120C30 80 60 14 100 14Z'),
      path('second', 'M40 84C60 74 80 94 100 84C120 74 140 94 160 84L164 102C140 112 120 92 100 102C80 112 60 92 36 102Z'),
      path('accent', 'M32 136C52 126 80 148 100 136C120 126 148 148 168 136L166 150C146 160 120 140 100 150C80 160 52 140 34 150Z'),
      circle('light', 70, 56, 6),
      circle('light', 100, 46, 6),
      circle('light', 130, 56, 6),
      circle('light', 70, 170, 6),
      circle('light', 130, 170, 6),
    ],
  },
  {
    id: 'shamrock',
    category: 'holidays',
    keywords: ['shamrock', 'shamrocks', 'clover', 'fourleafclover', 'irish', 'ireland', 'stpatricks', 'stpatrick', 'patricks', 'stpaddys', 'leprechaun'],
    tagline: 'Luck Of The Irish',
    parts: [
      path('base', 'M100 100C70 100 48 80 56 56C62 38 86 38 94 54C100 30 126 26 136 44C142 58 130 80 100 100Z'),
      path('base', 'M100 100C100 70 120 48 144 56C162 62 162 86 146 94C170 100 174 126 156 136C142 142 120 130 100 100Z'),
      path('base', 'M100 100C130 100 152 120 144 144C138 162 114 162 106 146C100 170 74 174 64 156C58 142 70 120 100 100Z'),
      path('base', 'M100 100C100 130 80 152 56 144C38 138 38 114 54 106C30 100 26 74 44 64C58 58 80 70 100 100Z'),
      path('second', 'M100 100C110 140 130 170 150 190', { stroke: 8 }),
      circle('light', 100, 100, 8),
    ],
  },
  {
    id: 'firework',
    category: 'holidays',
    name: 'fireworks',
    keywords: ['firework', 'fireworks', 'fourthofjuly', 'july4th', '4thofjuly', 'newyear', 'newyears', 'nye', 'sparkler', 'diwali', 'july'],
    tagline: 'Light It Up',
    parts: [
      ...fireworkRays,
      circle('accent', 100, 80, 14),
      path('accent', starPath(40, 150, 18, 7, 5)),
      path('second', starPath(160, 160, 14, 6, 5)),
      path('light', 'M100 110L96 196', { stroke: 3, opacity: 0.6 }),
    ],
  },
  {
    id: 'menorah',
    category: 'holidays',
    keywords: ['hanukkah', 'chanukah', 'menorah', 'jewish', 'dreidel', 'shalom', 'judaica'],
    tagline: 'Happy Hanukkah',
    parts: [
      path('base', 'M20 70C20 130 180 130 180 70M40 70C40 116 160 116 160 70M60 70C60 102 140 102 140 70M80 70C80 88 120 88 120 70', { stroke: 7 }),
      path('base', 'M100 56L100 170', { stroke: 9 }),
      path('base', 'M64 190L136 190L120 166L80 166Z'),
      ...[20, 40, 60, 80, 120, 140, 160, 180].map((x) => rect('light', x - 5, 44, 10, 26, 2)),
      rect('light', 95, 30, 10, 28, 2),
      ...[20, 40, 60, 80, 100, 120, 140, 160, 180].map((x) => ellipse('accent', x, x === 100 ? 20 : 34, 5, 9)),
    ],
  },
  {
    id: 'snowman',
    category: 'holidays',
    keywords: ['snowman', 'snowmen', 'frosty', 'snowday', 'winterwonderland'],
    tagline: 'Let It Snow',
    parts: [
      circle('light', 100, 150, 44),
      circle('light', 100, 86, 32),
      rect('dark', 74, 36, 52, 12, 3),
      rect('dark', 82, 6, 36, 36, 3),
      rect('accent', 82, 30, 36, 8),
      path('accent', 'M100 88L132 96L100 98Z'),
      circle('dark', 90, 78, 4),
      circle('dark', 110, 78, 4),
      path('second', 'M70 112C90 122 110 122 130 112L132 124L120 150L110 146L114 126C100 128 88 126 72 122Z'),
      circle('dark', 100, 140, 4),
      circle('dark', 100, 160, 4),
      path('dark', 'M60 130L24 110M24 110L16 96M24 110L10 114M140 130L176 110M176 110L184 96M176 110L190 114', { stroke: 4 }),
    ],
  },
  {
    id: 'santa-hat',
    category: 'holidays',
    name: 'a Santa hat',
    keywords: ['santa', 'santaclaus', 'stnick', 'northpole', 'elf', 'elves', 'sleigh', 'hohoho'],
    tagline: 'Ho Ho Ho',
    parts: [
      path('base', 'M40 140C40 80 80 36 130 40C160 44 176 70 170 110L150 90C150 110 150 124 156 140Z'),
      circle('light', 170, 116, 18),
      rect('light', 28, 130, 144, 36, 18),
    ],
  },
];
