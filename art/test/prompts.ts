/** Prompts the art tests run through every style, hostile ones included. */
import type { ArtFields } from '@tshirt/shared/schemas';

export type Prompt = Omit<ArtFields, 'style'>;

const empty: Prompt = { interests: '', colors: '', target: '', occasion: '', objects: '' };

export const TEST_PROMPTS: readonly Prompt[] = [
  empty,
  { interests: 'golf and fishing', colors: 'forest green, gold', target: 'Grandpa', occasion: 'retirement', objects: '' },
  { interests: 'cats, coffee', colors: 'pastel', target: '', occasion: '', objects: 'cat' },
  { interests: '</text><script>alert(1)</script>', colors: '"onload="alert(1)', target: '<img src=x onerror=alert(1)>', occasion: '&amp; ]]> <!--', objects: "javascript:alert('x')" },
  { interests: 'party 🎉🐱 time ☕', colors: '🌈 neon', target: 'Zoë 👩‍🚀', occasion: 'birthday 🎂', objects: '🚀' },
  { interests: 'a'.repeat(500), colors: 'b'.repeat(500), target: 'c '.repeat(250), occasion: 'd'.repeat(500), objects: 'e'.repeat(500) },
  { interests: 'quantum knitting in http://evil.example/x.svg', colors: 'url(http://evil) data:image/png', target: 'href="http://x"', occasion: '', objects: '' },
];
