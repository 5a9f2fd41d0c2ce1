import { orderStore, type ArtworkShirtAdvice, type ShirtColor } from '@tshirt/shared';
import styles from './ShirtPreview.module.css';

/** "navy", "navy and black", "navy, black and teal" */
function listOf(words: readonly string[], joiner: 'and' | 'or'): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} ${joiner} ${words[words.length - 1]}`;
}

/** Where a picture printed as drawn shows best: every part of it, or the most of it. */
function pictureChoice(advice: ArtworkShirtAdvice, suggestions: readonly ShirtColor[]): string {
  if (suggestions.length === 0) return 'No shirt colour shows every part of it; this one shows the most.';
  const showsAll = suggestions.every((shirt) => (advice.faintColors[shirt] ?? []).length === 0);
  return showsAll
    ? `To see all of it, pick a ${listOf(suggestions, 'or')} shirt.`
    : `No shirt colour shows every part of it; a ${listOf(suggestions, 'or')} shirt shows the most.`;
}

interface InkAdviceProps {
  advice: ArtworkShirtAdvice;
  shirtColor: ShirtColor;
}

/**
 * Says when colours would barely show on the chosen shirt, and offers the shirt colours that show
 * them. The engine's artwork prints such colours in shades that do show; an image model's picture
 * prints as drawn, and one that fills its whole rectangle prints as a rectangle.
 */
export default function InkAdvice({ advice, shirtColor }: InkAdviceProps) {
  const faint = advice.faintColors[shirtColor] ?? [];
  const asDrawn = advice.ink === 'as-drawn';
  const filled = advice.filledBackground === true;
  if (faint.length === 0 && !filled) return null;
  const suggestions =
    faint.length === 0 ? [] : advice.suggestedShirts.filter((shirt) => shirt !== shirtColor).slice(0, 3);
  const capitalised = listOf(faint, 'and').replace(/^./, (first) => first.toUpperCase());
  return (
    <div className={styles.advice} role="status">
      {faint.length > 0 &&
        (asDrawn ? (
          <p>
            {capitalised} parts of this picture would barely show on a {shirtColor} shirt.{' '}
            {pictureChoice(advice, suggestions)}
          </p>
        ) : (
          <p>
            {capitalised} would barely show on a {shirtColor} shirt, so the artwork prints{' '}
            {faint.length === 1 ? 'it' : 'them'} in shades that do.
            {suggestions.length > 0 && ` To print ${faint.length === 1 ? 'it' : 'them'} as chosen, pick a ${listOf(suggestions, 'or')} shirt.`}
          </p>
        ))}
      {suggestions.length > 0 && (
        <div className={styles.adviceChoices}>
          {suggestions.map((shirt) => (
            <button key={shirt} type="button" onClick={() => orderStore.update({ shirtColor: shirt })}>
              Use a {shirt} shirt
            </button>
          ))}
        </div>
      )}
      {filled && <p>This picture fills its whole rectangle, so it prints as a rectangle on the shirt.</p>}
    </div>
  );
}
