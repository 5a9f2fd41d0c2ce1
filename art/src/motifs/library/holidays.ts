import { circle, ellipse, line, path, rect, starPath, type Motif } from '../motif';

const snowflakeArms = [0, 60, 120, 180, 240, 300]
  .map((angle) => {
    const radians = (angle * Math.PI) / 180;
    const point = (radius: number, offset = 0) => {
      const x = 100 + Math.cos(radians) * radius - Math.sin(radians) * offset;
      const y = 100 + Math.sin(radians) * radius + Math.cos(radians) * offset;
      return `${x.toFixed(1)} ${y.toFixed(1)}`;
    };
    return `M100 100L${point(86)}M${point(48)}L${point(66, 18)}M${point(48)}L${point(66, -18)}M${point(70)}L${point(84, 12)}M${point(70)}L${point(84, -12)}`;
  })
  .join('');

export const HOLIDAY_MOTIFS: readonly Motif[] = [
  {
    id: 'heart',
    category: 'holidays',
    keywords: ['heart', 'love', 'valentine', 'valentines', 'romance', 'romantic', 'kindness', 'xoxo'],
    tagline: 'Made With Love',
    parts: [
      path('base', 'M100 182C40 136 10 102 14 66C18 30 64 18 100 54C136 18 182 30 186 66C190 102 160 136 100 182Z'),
      path('dark', 'M100 182C160 136 190 102 186 66C182 30 136 18 100 54Z', { opacity: 0.12 }),
      path('light', 'M40 60C44 44 62 38 76 46', { stroke: 9, opacity: 0.7 }),
    ],
  },
  {
    id: 'gift',
    category: 'holidays',
    keywords: ['gift', 'present', 'presents', 'surprise', 'giving'],
    tagline: 'The Gift Of You',
    parts: [
      rect('base', 30, 82, 140, 106, 6),
      rect('dark', 100, 82, 70, 106, 0, 0, { opacity: 0.12 }),
      rect('base', 20, 60, 160, 32, 6),
      rect('accent', 90, 60, 20, 128),
      ellipse('accent', 74, 44, 27, 15, 25),
      ellipse('accent', 126, 44, 27, 15, -25),
      circle('second', 100, 55, 11),
    ],
  },
  {
    id: 'christmas-tree',
    category: 'holidays',
    keywords: ['christmas', 'xmas', 'noel', 'santa', 'festive', 'holiday', 'holidays', 'jolly', 'merry', 'yule', 'december', 'ornament', 'christmastree'],
    tagline: 'Merry & Bright',
    parts: [
      rect('second', 88, 164, 24, 28, 3),
      path('base', 'M100 22L146 76L126 76L162 120L138 120L178 166L22 166L62 120L38 120L74 76L54 76Z'),
      path('light', 'M70 96Q100 110 134 90M56 140Q100 156 152 132', { stroke: 4, opacity: 0.8 }),
      circle('accent', 82, 100, 7),
      circle('second', 122, 108, 7),
      circle('accent', 134, 146, 7),
      circle('light', 76, 148, 7),
      circle('second', 104, 136, 7),
      path('accent', starPath(100, 20, 20, 8, 5)),
    ],
  },
  {
    id: 'pumpkin',
    category: 'holidays',
    keywords: ['pumpkin', 'halloween', 'spooky', 'october', 'jackolantern', 'fall', 'autumn', 'trick', 'treat'],
    tagline: 'Stay Spooky',
    parts: [
      path('second', 'M94 60C94 42 100 32 114 24L120 32C110 38 108 46 108 60Z'),
      ellipse('base', 62, 118, 44, 60),
      ellipse('base', 138, 118, 44, 60),
      ellipse('base', 100, 118, 44, 66),
      line('M80 60C70 100 70 140 80 180M120 60C130 100 130 140 120 180', 3),
      path('dark', 'M64 96L84 96L74 78ZM116 96L136 96L126 78ZM92 116L108 116L100 104Z'),
      path('dark', 'M56 134L72 146L86 136L100 148L114 136L128 146L144 134C138 160 62 160 56 134Z'),
    ],
  },
  {
    id: 'snowflake',
    category: 'holidays',
    keywords: ['snow', 'snowflake', 'winter', 'frozen', 'ice', 'cold', 'frost', 'snowy', 'chill', 'snowman'],
    tagline: 'Let It Snow',
    parts: [path('base', snowflakeArms, { stroke: 11 }), circle('light', 100, 100, 12)],
  },
  {
    id: 'balloons',
    name: 'balloons',
    category: 'holidays',
    keywords: ['balloon', 'balloons', 'party', 'celebration', 'fiesta', 'hooray'],
    tagline: "Let's Celebrate",
    parts: [
      line('M64 110Q74 150 100 194M138 96Q124 150 100 194M100 138Q96 170 100 194', 2.5),
      ellipse('base', 62, 72, 36, 44),
      path('base', 'M56 114L68 114L62 122Z'),
      ellipse('second', 140, 58, 36, 44),
      path('second', 'M134 100L146 100L140 108Z'),
      ellipse('accent', 100, 100, 32, 40),
      path('accent', 'M94 138L106 138L100 146Z'),
      ellipse('light', 50, 56, 8, 13, 20, { opacity: 0.55 }),
      ellipse('light', 128, 42, 8, 13, 20, { opacity: 0.55 }),
      ellipse('light', 90, 86, 7, 11, 20, { opacity: 0.55 }),
    ],
  },
  {
    id: 'grad-cap',
    category: 'holidays',
    keywords: ['graduation', 'graduate', 'grad', 'graduating', 'diploma', 'degree', 'college', 'university', 'class', 'alumni', 'scholar', 'phd'],
    tagline: 'The Tassel Was Worth The Hassle',
    parts: [
      path('base', 'M52 92L52 138C52 162 148 162 148 138L148 92L100 110Z'),
      path('base', 'M100 38L192 74L100 110L8 74Z'),
      path('light', 'M100 38L192 74L100 110L8 74Z', { opacity: 0.14 }),
      path('accent', 'M100 74L164 96L164 140', { stroke: 5 }),
      path('accent', 'M156 136L172 136L176 172L152 172Z'),
      circle('accent', 100, 74, 8),
    ],
  },
  {
    id: 'crown',
    category: 'holidays',
    keywords: ['crown', 'king', 'queen', 'royal', 'royalty', 'princess', 'prince', 'majesty'],
    tagline: 'Living Legend',
    parts: [
      path('base', 'M26 150L16 56L62 96L100 34L138 96L184 56L174 150Z'),
      path('dark', 'M100 34L138 96L184 56L174 150L100 150Z', { opacity: 0.12 }),
      rect('second', 22, 140, 156, 30, 5),
      circle('accent', 100, 155, 9),
      circle('accent', 60, 155, 7),
      circle('accent', 140, 155, 7),
      circle('light', 16, 54, 9),
      circle('light', 100, 32, 10),
      circle('light', 184, 54, 9),
    ],
  },
  {
    id: 'skull',
    category: 'holidays',
    keywords: ['skull', 'skeleton', 'punk', 'metal', 'heavy', 'goth', 'gothic', 'pirate', 'dead', 'diadelosmuertos', 'bones', 'tattoo'],
    tagline: 'Stay Wild',
    parts: [
      path('light', 'M100 18C152 18 178 54 174 96C172 120 156 130 152 146L146 176L54 176L48 146C44 130 28 120 26 96C22 54 48 18 100 18Z'),
      ellipse('dark', 70, 100, 21, 23),
      ellipse('dark', 130, 100, 21, 23),
      path('dark', 'M100 120L111 142L89 142Z'),
      line('M70 158L70 176M85 158L85 176M100 158L100 176M115 158L115 176M130 158L130 176', 4),
      circle('accent', 70, 100, 6),
      circle('accent', 130, 100, 6),
    ],
  },
];
