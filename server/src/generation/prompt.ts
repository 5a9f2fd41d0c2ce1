/** The prompt is always written by the server from the shopper's fields, never taken as-is. */
import type { ArtRequest } from '@tshirt/art';

/** Collapses whitespace and drops control characters so one field cannot reshape the sentence. */
function clean(text: string): string {
  return text
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const STARTS_WITH_DETERMINER = /^(a|an|the|my|our|his|her|their|your|this|that)\s/i;

function withArticle(phrase: string): string {
  if (STARTS_WITH_DETERMINER.test(phrase)) return phrase;
  return `${/^[aeiou]/i.test(phrase) ? 'an' : 'a'} ${phrase}`;
}

/**
 * e.g. "A Cartoon style t-shirt design about cats, pizza featuring a hat in purple and gold for
 * Grandpa for a birthday". Empty fields are left out.
 */
export function buildPrompt(fields: ArtRequest): string {
  const style = clean(fields.style);
  const interests = clean(fields.interests);
  const objects = clean(fields.objects);
  const colors = clean(fields.colors);
  const target = clean(fields.target);
  const occasion = clean(fields.occasion);
  const parts = [style ? `A ${style} style t-shirt design` : 'A t-shirt design'];
  if (interests) parts.push(`about ${interests}`);
  if (objects) parts.push(`featuring ${objects}`);
  if (colors) parts.push(`in ${colors}`);
  if (target) parts.push(`for ${target}`);
  if (occasion) parts.push(`for ${withArticle(occasion)}`);
  return parts.join(' ');
}
