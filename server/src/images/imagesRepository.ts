/**
 * Generated artwork. With a shared Postgres the image is a row, so every instance can serve it;
 * beside the embedded database it is a file (`contentFolder`) and the row keeps only what it is:
 * writing image bytes through the embedded database cost most of a generation's time.
 */
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { toBuffer, type Queryable } from '../storage/database';
import { createInsertBatcher } from '../storage/insertBatcher';
import { isStorageFull, readFileIfExists, StorageFullError } from '../storage/localFolder';
import type { ArtworkShirtAdvice } from '@tshirt/shared/types';

export type ImageFormat = 'svg' | 'png';

export const IMAGE_CONTENT_TYPES: Readonly<Record<ImageFormat, string>> = {
  svg: 'image/svg+xml',
  png: 'image/png',
};

export interface StoredImage {
  id: string;
  format: ImageFormat;
  content: Buffer;
  /** Measured when a model's picture arrived (the engine's SVG carries its own). */
  advice?: ArtworkShirtAdvice;
}

export interface NewImage {
  format: ImageFormat;
  content: Buffer;
  /** The content is already in the file `contentFile` names (the art engine's thread wrote it). */
  saved?: boolean;
  provider: string;
  prompt: string;
  advice?: ArtworkShirtAdvice;
}

export interface ImagesRepository {
  /**
   * Where the content of a new image `id` goes as a file, for a provider that writes it there
   * itself (created, never overwritten); undefined when the content is kept in its row.
   */
  contentFile(id: string, format: ImageFormat): string | undefined;
  /**
   * Keeps a new image under `id` (a fresh `newId()`): its content file unless `saved`, then its row.
   * On a full disk it keeps neither and throws StorageFullError.
   */
  insert(id: string, image: NewImage): Promise<void>;
  find(id: string): Promise<StoredImage | undefined>;
  exists(id: string, format: ImageFormat): Promise<boolean>;
}

export function createImagesRepository(db: Queryable, contentFolder?: string): ImagesRepository {
  const file = (id: string, format: ImageFormat) => join(contentFolder ?? '', `${id}.${format}`);
  const contentFile = (id: string, format: ImageFormat) =>
    contentFolder === undefined ? undefined : file(id, format);
  const rows = createInsertBatcher<{ id: string }>(db, {
    table: 'images',
    columns: ['id', 'format', 'content', 'provider', 'prompt', 'advice'],
    key: 'id',
    returning: 'id',
  });
  return {
    contentFile,
    async insert(id, image) {
      // The file first: its name is unguessable and nobody learns it before its row exists, so
      // it is written in place (a crash leaves at most a file without a row, never the reverse).
      const path = contentFile(id, image.format);
      try {
        if (path !== undefined && !image.saved) {
          await writeFile(path, image.content, { flag: 'wx' });
        }
        await rows.insert([
          id,
          image.format,
          path === undefined ? image.content : null,
          image.provider,
          image.prompt,
          image.advice === undefined ? null : JSON.stringify(image.advice),
        ]);
      } catch (error) {
        if (!isStorageFull(error)) throw error;
        // Neither the file nor the row was kept: the space of a half-written file goes back.
        if (path !== undefined) await rm(path, { force: true });
        throw new StorageFullError();
      }
    },
    async find(id) {
      const rows = await db.query<{
        id: string;
        format: ImageFormat;
        content: Uint8Array | null;
        advice: ArtworkShirtAdvice | null;
      }>('SELECT id, format, content, advice FROM images WHERE id = $1', [id]);
      const row = rows[0];
      if (!row) return undefined;
      const content = row.content
        ? toBuffer(row.content)
        : await readFileIfExists(file(row.id, row.format));
      return (
        content && { id: row.id, format: row.format, content, advice: row.advice ?? undefined }
      );
    },
    async exists(id, format) {
      const rows = await db.query('SELECT 1 FROM images WHERE id = $1 AND format = $2', [
        id,
        format,
      ]);
      return rows.length > 0;
    },
  };
}
