/** Generated artwork, stored in the database so every server instance can serve it. */
import { toBuffer, type Queryable } from '../storage/database';
import { newId } from '../storage/ids';

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

export function createImagesRepository(db: Queryable): ImagesRepository {
  return {
    async insert(image) {
      const id = newId();
      await db.query(
        'INSERT INTO images (id, format, content, provider, prompt) VALUES ($1, $2, $3, $4, $5)',
        [id, image.format, image.content, image.provider, image.prompt],
      );
      return id;
    },
    async find(id) {
      const rows = await db.query<{ id: string; format: ImageFormat; content: Uint8Array }>(
        'SELECT id, format, content FROM images WHERE id = $1',
        [id],
      );
      const row = rows[0];
      return row && { id: row.id, format: row.format, content: toBuffer(row.content) };
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
