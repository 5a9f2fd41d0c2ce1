/** The prompt is always written by the server from the shopper's fields, never taken as-is. */
import type { ArtFields } from '@tshirt/shared/schemas';

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
export function buildPrompt(fields: ArtFields): string {
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

/** Words that say the shopper wants lettering on the shirt, or a quoted phrase to letter. */
const ASKS_FOR_TEXT =
  /["“”„«»]|(?:^|\s)'[^']+'|\b(?:text|words?|lettering|letters|slogan|saying|quote|caption|name|motto|typography|says|reads)\b/i;

/** Whether any of the shopper's fields asks for words in the artwork. */
export function asksForText(fields: ArtFields): boolean {
  return [fields.interests, fields.objects, fields.colors, fields.occasion].some((field) =>
    ASKS_FOR_TEXT.test(clean(field)),
  );
}

/**
 * What an image model is asked to draw: the shopper's description, framed as artwork for a print
 * (one subject, nothing around it, no shirt, no words unless the shopper asked for some).
 */
export function buildModelPrompt(fields: ArtFields): string {
  const style = clean(fields.style);
  const subject = [clean(fields.interests), clean(fields.objects)].filter(Boolean).join(', ');
  const colors = clean(fields.colors);
  const target = clean(fields.target);
  const occasion = clean(fields.occasion);
  const sentences = [
    'Artwork for printing on the front of a t-shirt.',
    `Style: ${style || 'bold graphic illustration'}.`,
    `Subject: ${subject || 'a cheerful, eye-catching emblem'}.`,
  ];
  if (colors) sentences.push(`Main colours: ${colors}.`);
  if (target || occasion) {
    const made = [target && `for ${target}`, occasion && `for ${withArticle(occasion)}`];
    sentences.push(`Made ${made.filter(Boolean).join(', ')}.`);
  }
  sentences.push(
    'One isolated subject, centred, filling most of the frame, on a fully transparent background.',
    'Show only the artwork itself: no t-shirt, no mock-up, no model wearing it, no frame or border, no shadow on the ground.',
    asksForText(fields)
      ? 'Letter only the words asked for above, spelled exactly, large and legible.'
      : 'No text, letters, numbers or logos.',
    'Clean, well-defined edges that stay clear when printed at 12 by 16 inches.',
  );
  return sentences.join(' ');
}
