/**
 * Cats by kind: the sitting cat of the animal motifs, told apart by what people know them by —
 * the tabby's stripes and forehead "M", the Siamese's dark points, the Maine coon's ear tufts,
 * ruff and plume of a tail, the Persian's round fluff and flat face, the sphynx's bare wrinkled
 * skin and huge ears, the calico's patches.
 */
import { circle, ellipse, line, path, type Motif, type MotifPart } from '../motif';

const EYES: MotifPart[] = [ellipse('dark', 82, 78, 8, 11), ellipse('dark', 118, 78, 8, 11), circle('light', 85, 74, 3), circle('light', 121, 74, 3)];
const MOUTH = line('M100 100Q95 108 88 105M100 100Q105 108 112 105', 3);
const WHISKERS = line('M78 96L46 90M78 101L46 106M122 96L154 90M122 101L154 106', 2.5);
const NOSE = path('accent', 'M94 93L106 93L100 100Z');
const BODY = 'M58 190C48 150 60 112 100 106C140 112 152 150 142 190Z';
const TAIL = 'M136 186C176 190 188 150 170 126C165 120 157 124 160 131C172 152 164 172 132 170Z';
const EARS = 'M60 66L64 14L98 46ZM140 66L136 14L102 46Z';
const INNER_EARS = 'M68 54L70 30L88 46ZM132 54L130 30L112 46Z';

export const CAT_BREED_MOTIFS: readonly Motif[] = [
  {
    id: 'tabby-cat',
    name: 'a tabby cat',
    category: 'animals',
    keywords: ['tabby', 'tabbies', 'tabbycat', 'orangecat', 'gingercat', 'stripedcat'],
    tagline: 'Purr-fectly Striped',
    parts: [
      path('base', TAIL),
      path('base', BODY),
      path('second', 'M62 150L80 146L78 154L60 158ZM140 150L120 146L122 154L142 158ZM66 130L84 128L82 136L64 138ZM136 130L116 128L118 136L138 138Z'),
      ellipse('light', 100, 160, 24, 28),
      path('base', EARS),
      path('accent', INNER_EARS),
      ellipse('base', 100, 80, 48, 42),
      // The tabby "M" on the forehead and the cheek stripes.
      path('second', 'M84 44L90 62L96 50L100 62L104 50L110 62L116 44L118 48L110 70L104 58L100 70L96 58L90 70L82 48Z'),
      path('second', 'M54 80L70 84L54 88ZM146 80L130 84L146 88Z'),
      ...EYES,
      NOSE,
      MOUTH,
      WHISKERS,
    ],
  },
  {
    id: 'siamese-cat',
    name: 'a Siamese cat',
    category: 'animals',
    keywords: ['siamese', 'siamesecat', 'ragdoll', 'ragdolls', 'birman', 'himalayan'],
    tagline: 'Elegance Is An Attitude',
    parts: [
      path('dark', TAIL),
      path('light', BODY),
      ellipse('dark', 76, 186, 16, 8),
      ellipse('dark', 124, 186, 16, 8),
      path('dark', EARS),
      ellipse('light', 100, 80, 48, 42),
      // The dark mask around the nose and mouth, reaching up between the eyes.
      path('dark', 'M100 52C118 60 128 84 122 104C114 118 86 118 78 104C72 84 82 60 100 52Z'),
      ellipse('accent', 82, 78, 9, 11),
      ellipse('accent', 118, 78, 9, 11),
      ellipse('dark', 82, 78, 3, 9),
      ellipse('dark', 118, 78, 3, 9),
      circle('light', 85, 74, 2.5),
      circle('light', 121, 74, 2.5),
      path('accent', 'M94 93L106 93L100 100Z'),
      line('M100 100Q95 108 88 105M100 100Q105 108 112 105', 3),
      line('M78 96L46 90M78 101L46 106M122 96L154 90M122 101L154 106', 2.5),
    ],
  },
  {
    id: 'maine-coon',
    name: 'a Maine coon',
    category: 'animals',
    keywords: ['mainecoon', 'mainecoons', 'norwegianforestcat', 'forestcat', 'fluffycat'],
    tagline: 'Gentle Giant',
    parts: [
      // A plume of a tail.
      path('base', 'M130 184C180 192 198 150 182 118C176 108 164 110 164 122C170 134 176 150 164 164C156 172 140 170 130 168Z'),
      path('second', 'M182 118C176 108 164 110 164 122C170 120 176 120 182 118Z'),
      path('base', 'M52 192C40 146 56 108 100 102C144 108 160 146 148 192Z'),
      // Ears with lynx tips, behind the head.
      path('base', 'M54 66L58 12L98 44ZM146 66L142 12L102 44Z'),
      line('M58 12L56 2M142 12L144 2', 3),
      path('accent', 'M64 54L64 24L86 44ZM136 54L136 24L114 44Z'),
      ellipse('base', 100, 80, 50, 44),
      // The ruff: a mane of fur around the chin and chest.
      path('light', 'M58 104L66 116L72 106L80 120L88 108L96 122L100 110L104 122L112 108L120 120L128 106L134 116L142 104C140 138 124 150 100 152C76 150 60 138 58 104Z'),
      path('base', 'M50 96L40 100L52 106L44 112L58 112ZM150 96L160 100L148 106L156 112L142 112Z'),
      ...EYES,
      NOSE,
      MOUTH,
      WHISKERS,
    ],
  },
  {
    id: 'persian-cat',
    name: 'a Persian cat',
    category: 'animals',
    keywords: ['persian', 'persians', 'persiancat', 'exoticshorthair', 'fluffball'],
    tagline: 'Fabulous & Fluffy',
    parts: [
      path('base', 'M140 180C186 186 196 142 176 124C170 118 160 124 164 132C176 150 164 168 136 166Z'),
      // A round cloud of fur.
      path('base', 'M52 190C38 180 40 164 48 158C38 146 46 128 58 126C56 112 72 102 84 108C90 98 110 98 116 108C128 102 144 112 142 126C154 128 162 146 152 158C160 164 162 180 148 190Z'),
      ellipse('light', 100, 162, 28, 26),
      // Small ears set low, a wide round face with fluffy cheeks.
      path('base', 'M52 62L62 30L86 46ZM148 62L138 30L114 46Z'),
      path('accent', 'M60 54L65 38L78 48ZM140 54L135 38L122 48Z'),
      path('base', 'M100 36C136 36 156 56 156 80C164 86 160 96 152 98C156 106 146 116 138 112C130 124 112 124 100 122C88 124 70 124 62 112C54 116 44 106 48 98C40 96 36 86 44 80C44 56 64 36 100 36Z'),
      circle('dark', 80, 78, 10),
      circle('dark', 120, 78, 10),
      circle('light', 83, 74, 3.5),
      circle('light', 123, 74, 3.5),
      path('accent', 'M95 88L105 88L100 94Z'),
      line('M100 94Q96 101 90 99M100 94Q104 101 110 99', 2.5),
      line('M80 96L54 94M80 100L56 104M120 96L146 94M120 100L144 104', 2),
    ],
  },
  {
    id: 'sphynx-cat',
    name: 'a sphynx cat',
    category: 'animals',
    keywords: ['sphynx', 'sphynxcat', 'sphinxcat', 'hairlesscat'],
    tagline: 'Naked & Fabulous',
    parts: [
      path('base', 'M138 186C178 190 190 150 176 118C172 112 166 114 168 122C178 150 168 172 134 170Z'),
      path('base', 'M64 190C56 152 66 114 100 108C134 114 144 152 136 190Z'),
      line('M84 130Q100 138 116 130M80 146Q100 154 120 146', 2.5),
      ellipse('accent', 100, 164, 18, 22, 0, { opacity: 0.4 }),
      // Huge bat ears and a lean, wrinkled face.
      path('base', 'M66 70L40 4L98 44ZM134 70L160 4L102 44Z'),
      path('accent', 'M70 58L50 18L88 44ZM130 58L150 18L112 44Z'),
      path('base', 'M100 40C132 40 146 62 142 86C138 108 120 120 100 120C80 120 62 108 58 86C54 62 68 40 100 40Z'),
      line('M86 52Q100 46 114 52M84 60Q100 54 116 60M90 68Q100 64 110 68', 2.5),
      ellipse('accent', 82, 82, 11, 9, -12),
      ellipse('accent', 118, 82, 11, 9, 12),
      ellipse('dark', 82, 82, 4, 8),
      ellipse('dark', 118, 82, 4, 8),
      circle('light', 85, 78, 2.5),
      circle('light', 121, 78, 2.5),
      path('accent', 'M95 97L105 97L100 103Z'),
      line('M100 103Q95 110 89 107M100 103Q105 110 111 107', 2.5),
    ],
  },
  {
    id: 'calico-cat',
    name: 'a calico cat',
    category: 'animals',
    keywords: ['calico', 'calicos', 'calicocat', 'tortie', 'torties', 'tortoiseshell', 'tricolorcat'],
    tagline: 'Patchwork Princess',
    parts: [
      path('second', TAIL),
      path('light', BODY),
      path('second', 'M60 150C56 128 66 114 86 110C92 124 84 144 60 150Z'),
      path('dark', 'M140 160C146 138 136 118 116 112C108 130 118 150 140 160Z'),
      path('light', EARS),
      path('accent', INNER_EARS),
      ellipse('light', 100, 80, 48, 42),
      path('second', 'M52 82C50 58 66 42 90 40C92 56 84 72 66 84C62 86 56 86 52 82Z'),
      path('dark', 'M148 80C150 58 134 42 112 40C110 52 118 66 132 76C138 80 144 82 148 80Z'),
      ...EYES,
      NOSE,
      MOUTH,
      WHISKERS,
    ],
  },
];
