/**
 * Generated artwork. With a shared Postgres the image is a row, so every instance can serve it;
 * beside the embedded database it is a file (`contentFolder`) and the row keeps only what it is:
 * writing image bytes through the embedded database cost most of a generation's time.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { toBuffer, type Queryable } from '../storage/database';
import { newId } from '../storage/ids';
import { createInsertBatcher } from '../storage/insertBatcher';
import { readFileIfExists } from '../storage/localFolder';

export type ImageFormat = 'svg' | 'png';

export const IMAGE_CONTENT_TYPES: Readonly<Record<ImageFormat, string>> = {
  svg: 'image/svg+xml',
  png: 'image/png',
};

export interface StoredImage {
  id: string;
  format: ImageFormat;
  content: Buffer;
}

export interface NewImage {
  format: ImageFormat;
  content: Buffer;
  provider: string;
  prompt: string;
}

export interface ImagesRepository {
  insert(image: NewImage): Promise<string>;
  find(id: string): Promise<StoredImage | undefined>;
  exists(id: string, format: ImageFormat): Promise<boolean>;
}

export function createImagesRepository(db: Queryable, contentFolder?: string): ImagesRepository {
  const file = (id: string, format: ImageFormat) => join(contentFolder ?? '', `${id}.${format}`);
  const rows = createInsertBatcher<{ id: string }>(db, {
    table: 'images',
    columns: ['id', 'format', 'content', 'provider', 'prompt'],
    key: 'id',
    returning: 'id',
  });
  return {
    async insert(image) {
      const id = newId();
      // The file first: its name is unguessable and nobody learns it before its row exists, so
      // it is written in place (a crash leaves at most a file without a row, never the reverse).
      if (contentFolder !== undefined) {
        await writeFile(file(id, image.format), image.content, { flag: 'wx' });
      }
      await rows.insert([
        id,
        image.format,
        contentFolder === undefined ? image.content : null,
        image.provider,
        image.prompt,
      ]);
      return id;
    },
    async find(id) {
      const rows = await db.query<{ id: string; format: ImageFormat; content: Uint8Array | null }>(
        'SELECT id, format, content FROM images WHERE id = $1',
        [id],
      );
      const row = rows[0];
      if (!row) return undefined;
      const content = row.content
        ? toBuffer(row.content)
        : await readFileIfExists(file(row.id, row.format));
      return content && { id: row.id, format: row.format, content };
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
