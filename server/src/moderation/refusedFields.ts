/**
 * The shopper's text refused before anything is drawn, counted or sold: the art fields of a
 * generation, the prompt of a checkout. The refusal names the field, so the form shows it there.
 */
import { FIELD_LABELS } from '@tshirt/shared/labels';
import type { ArtFields } from '@tshirt/shared/schemas';
import { HttpError } from '../http/httpError';
import { isRefusedText } from './refusedText';

/** The art fields a shopper types, in the order the form shows them. */
export const TYPED_ART_FIELDS = ['interests', 'colors', 'objects', 'target', 'occasion'] as const;
export type TypedArtField = (typeof TYPED_ART_FIELDS)[number];

export const CONTENT_REFUSED = 'content_refused';

/** 422: the words of one field are not something the store prints. */
export class ContentRefusedError extends HttpError {
  constructor(field: string, message: string) {
    super(422, CONTENT_REFUSED, message, {}, field);
    this.name = 'ContentRefusedError';
  }
}

/** The shopper-facing sentence for a field whose words the store will not print. */
export function refusalMessage(label: string): string {
  return `We can’t print the words in “${label}”: like any print shop, we refuse obscene, hateful or violent text. Please change them.`;
}

/** Between fields checked as one text: no word, list or allowed term runs across it. */
const FIELD_BREAK = '\n;\n';

/** Throws ContentRefusedError for the first art field whose words a print shop would refuse. */
export function refuseUnprintableArtFields(fields: Pick<ArtFields, TypedArtField>): void {
  // One pass over every field first (a few times quicker): almost every request passes it.
  const all = TYPED_ART_FIELDS.map((field) => fields[field]).join(FIELD_BREAK);
  if (!isRefusedText(all)) return;
  const refused = TYPED_ART_FIELDS.find((field) => isRefusedText(fields[field]));
  if (refused) throw new ContentRefusedError(refused, refusalMessage(FIELD_LABELS[refused]));
}

/** Throws ContentRefusedError when a checkout's prompt (the design's description) would be refused. */
export function refuseUnprintablePrompt(prompt: string): void {
  if (isRefusedText(prompt)) {
    throw new ContentRefusedError(
      'prompt',
      'We can’t sell a design described with obscene, hateful or violent words.',
    );
  }
}
