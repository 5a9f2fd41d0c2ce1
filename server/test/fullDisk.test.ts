/**
 * A full disk: DATA_DIR on a small tmpfs (mounted here, so the tests run as root), filled up. Nothing
 * answers 500, nothing acknowledged is lost, and what anonymous print requests keep is bounded.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GENERATED_IMAGE_PATH_PREFIX, PREMADE_DESIGNS, SHIRT_COLORS } from '@tshirt/shared/catalog';
import { waitUntil } from '@tshirt/tooling/test/waitUntil';
import { utcDay } from '../src/generation/generationQuota';
import { imagePrintKey, printKeyForShirt } from '../src/images/printFiles';
import type { Database } from '../src/storage/database';
import { STORAGE_FULL_RETRY_AFTER_SECONDS } from '../src/storage/localFolder';
import { withFakeFrontEnd } from './fixtures';
import {
  fetchFrom,
  newVisitor,
  openTestDatabase,
  payOnTestPage,
  query,
  sendCheckout,
  startApp,
  testConfig,
  VALID_ORDER,
  type RunningApp,
} from './helpers';
import { prepareDataDir } from './testDatabase';

const frontEnd = withFakeFrontEnd();

/** A tmpfs of `megabytes` mounted on a fresh temporary folder for the file's tests. */
function withSmallDisk(megabytes: number): { readonly path: string } {
  let folder: string | undefined;
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'tshirt-small-disk-'));
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', folder]);
    } catch (error) {
      throw new Error(`These tests mount a small tmpfs and must run as root: ${String(error)}`);
    }
  });
  afterAll(() => {
    if (!folder) return;
    execFileSync('umount', ['--lazy', folder]);
    rmSync(folder, { recursive: true, force: true });
  });
  return {
    get path() {
      if (!folder) throw new Error('The small disk is mounted in beforeAll');
      return folder;
    },
  };
}

/** Fills the disk under `folder` to the last block; the returned function frees it again. */
function fillDisk(folder: string): () => void {
  const filler = join(folder, 'filler');
  mkdirSync(filler, { recursive: true });
  let index = 0;
  for (const size of [1024 * 1024, 4096]) {
    try {
      for (;;) writeFileSync(join(filler, String(index++)), Buffer.alloc(size));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
    }
  }
  return () => rmSync(filler, { recursive: true, force: true });
}

/** Bytes of the files in `folder`. */
const folderBytes = (folder: string) =>
  readdirSync(folder).reduce((sum, name) => sum + statSync(join(folder, name)).size, 0);

interface Answer {
  status: number;
  retryAfter: string | null;
  body: Buffer;
}

async function ask(url: string, init?: RequestInit): Promise<Answer> {
  return answerOf(await fetch(url, init));
}

async function answerOf(response: Response): Promise<Answer> {
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: Buffer.from(await response.arrayBuffer()),
  };
}

/** A 503 that says the disk is full and when to try again, in the JSON error shape. */
function expectStorageFull(answer: Answer): void {
  expect(answer.status).toBe(503);
  expect(answer.retryAfter).toBe(String(STORAGE_FULL_RETRY_AFTER_SECONDS));
  expect(JSON.parse(answer.body.toString())).toEqual({
    error: { code: 'storage_full', message: expect.any(String) },
  });
}

const isPng = (answer: Answer) => answer.body.subarray(1, 4).toString('ascii') === 'PNG';
const paymentTokenOf = (paymentLinkURL: string) => paymentLinkURL.slice('/pay/'.length);
const printUrlOf = (svgUrl: string, shirt: string) =>
  `${svgUrl.replace(/\.svg$/, '.png')}?${query({ shirt })}`;

async function checkout(url: string, imageURL: string = VALID_ORDER.imageURL): Promise<Answer> {
  return answerOf(await sendCheckout(fetchFrom(url), { order: { ...VALID_ORDER, imageURL } }));
}

/** Generates as a fresh visitor; the answer and how much of that visitor's quota is spent after. */
async function generate(running: RunningApp): Promise<{ answer: Answer; quotaUsed: number }> {
  const visitor = newVisitor();
  const answer = await ask(`${running.url}/creator/generate_image?interests=lighthouses`, {
    headers: visitor,
  });
  const quotaUsed = await running.app.repositories.generationQuota.usedOn(
    visitor['x-forwarded-for'],
    utcDay(new Date()),
  );
  return { answer, quotaUsed };
}

describe('DATA_DIR on a full disk, the database elsewhere', () => {
  const disk = withSmallDisk(8);
  let db: Database;
  let running: RunningApp;
  let imageUrl: string;
  let freeDisk: () => void;

  beforeAll(async () => {
    db = await openTestDatabase();
    running = await startApp(testConfig({ ...frontEnd.env, DATA_DIR: disk.path }), {
      database: db,
      printFilesAhead: true,
    });
    const generated = await generate(running);
    imageUrl = (JSON.parse(generated.answer.body.toString()) as { image_url: string }).image_url;
    freeDisk = fillDisk(disk.path);
  });
  afterAll(async () => {
    await running.close();
    await db.close();
  });

  it('serves print files it cannot keep instead of failing', async () => {
    for (const path of [
      printUrlOf(imageUrl, 'Navy'),
      printUrlOf(PREMADE_DESIGNS[0]!.imagePath, 'Light Grey'),
    ]) {
      const answer = await ask(`${running.url}${path}`);
      expect(answer.status).toBe(200);
      expect(isPng(answer)).toBe(true);
    }
    const key = printKeyForShirt(
      imagePrintKey(imageUrl.slice(GENERATED_IMAGE_PATH_PREFIX.length, -'.svg'.length)),
      'Navy',
    );
    expect(await running.app.printFiles.isKept(key)).toBe(false);
  }, 60_000);

  it('takes an order and its payment', async () => {
    const checkedOut = await checkout(running.url, imageUrl);
    expect(checkedOut.status).toBe(200);
    const { paymentLinkURL } = JSON.parse(checkedOut.body.toString()) as { paymentLinkURL: string };
    const { orders } = running.app.repositories;
    expect(await orders.findByPaymentToken(paymentTokenOf(paymentLinkURL))).toMatchObject({
      status: 'pending',
    });

    expect((await payOnTestPage(running.url, paymentLinkURL)).status).toBe(303);
    expect(await orders.findByPaymentToken(paymentTokenOf(paymentLinkURL))).toMatchObject({
      status: 'paid',
    });
    // Its print file could not be kept; the provider's link renders it when fetched.
    await running.app.printFiles.backgroundIdle();
  }, 60_000);

  it('refuses a generation it cannot store with a 503, without spending the visitor’s quota', async () => {
    const { answer, quotaUsed } = await generate(running);
    expectStorageFull(answer);
    expect(quotaUsed).toBe(0);

    freeDisk();
    const again = await generate(running);
    expect(again.answer.status).toBe(200);
    expect(again.quotaUsed).toBe(1);
  }, 60_000);
});

describe('the embedded database on the full disk too', () => {
  const disk = withSmallDisk(64);

  it('refuses what it cannot store with a 503 and loses nothing it acknowledged', async () => {
    await prepareDataDir(disk.path);
    const config = testConfig({ ...frontEnd.env, DATA_DIR: disk.path });
    const before = await startApp(config);
    const acknowledged: string[] = [];
    let paymentLinkURL: string;
    try {
      const earlier = await checkout(before.url);
      ({ paymentLinkURL } = JSON.parse(earlier.body.toString()) as { paymentLinkURL: string });
      const freeDisk = fillDisk(disk.path);

      // Orders fit in the database's last free pages, then a checkout finds no room.
      await waitUntil(
        async () => {
          const answers = await Promise.all(Array.from({ length: 20 }, () => checkout(before.url)));
          for (const answer of answers) {
            if (answer.status === 200) {
              const body = JSON.parse(answer.body.toString()) as { paymentLinkURL: string };
              acknowledged.push(paymentTokenOf(body.paymentLinkURL));
            } else expectStorageFull(answer);
          }
          return answers.some(({ status }) => status === 503);
        },
        'a checkout finds the disk full',
        { everyMs: 1 },
      );

      const refused = await payOnTestPage(before.url, paymentLinkURL);
      expectStorageFull(await answerOf(refused));
      const { orders } = before.app.repositories;
      expect(await orders.findByPaymentToken(paymentTokenOf(paymentLinkURL))).toMatchObject({
        status: 'pending',
      });
      const generation = await generate(before);
      expectStorageFull(generation.answer);
      expect(generation.quotaUsed).toBe(0);

      freeDisk();
      expect((await payOnTestPage(before.url, paymentLinkURL)).status).toBe(303);
    } finally {
      await before.close();
    }

    const after = await startApp(config);
    try {
      const { orders } = after.app.repositories;
      expect(await orders.findByPaymentToken(paymentTokenOf(paymentLinkURL))).toMatchObject({
        status: 'paid',
      });
      for (const token of acknowledged)
        expect(await orders.findByPaymentToken(token)).toBeDefined();
    } finally {
      await after.close();
    }
  }, 120_000);
});

describe('the print cache', () => {
  const dataDir = withSmallDisk(64);
  const CACHE_MB = 1;

  it('keeps what anonymous print requests store under PRINT_CACHE_MAX_MB, least recently used out first', async () => {
    const db = await openTestDatabase();
    const running = await startApp(
      testConfig({ ...frontEnd.env, DATA_DIR: dataDir.path, PRINT_CACHE_MAX_MB: String(CACHE_MB) }),
      { database: db },
    );
    const cache = join(dataDir.path, 'print-cache');
    let asked = 0;
    try {
      for (const design of PREMADE_DESIGNS.slice(1, 4)) {
        for (const shirt of SHIRT_COLORS.slice(0, 2)) {
          const answer = await ask(`${running.url}${printUrlOf(design.imagePath, shirt)}`);
          asked += 1;
          expect(answer.status).toBe(200);
          expect(isPng(answer)).toBe(true);
          expect(folderBytes(cache)).toBeLessThanOrEqual(CACHE_MB * 1024 * 1024);
        }
      }
      const cached = readdirSync(cache).length;
      expect(cached).toBeGreaterThan(0);
      expect(cached).toBeLessThan(asked);
      expect(readdirSync(join(dataDir.path, 'print-files'))).toEqual([]);
    } finally {
      await running.close();
      await db.close();
    }
  }, 120_000);
});
