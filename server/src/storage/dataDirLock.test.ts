import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { withTemporaryFolder } from '../../test/fixtures';
import { acquireDataDirLock, dataDirLockAddress, dataDirTakenMessage } from './dataDirLock';

const folder = withTemporaryFolder('tshirt-lock-');

describe('the DATA_DIR lock', () => {
  it('refuses a second taker, naming the holder, until the first releases it', async () => {
    const dataDir = join(folder.path, 'shop');
    const first = await acquireDataDirLock(dataDir);
    if (!first.acquired) throw new Error('the first taker was refused');
    first.lock.announcePort(8123);

    expect(await acquireDataDirLock(dataDir)).toEqual({
      acquired: false,
      holder: { pid: process.pid, port: 8123 },
    });

    first.lock.release();
    const again = await acquireDataDirLock(dataDir);
    expect(again.acquired).toBe(true);
    if (again.acquired) again.lock.release();
  });

  it('names the holder without a port while it is not listening yet', async () => {
    const dataDir = join(folder.path, 'starting');
    const first = await acquireDataDirLock(dataDir);
    if (!first.acquired) throw new Error('the first taker was refused');
    try {
      expect(await acquireDataDirLock(dataDir)).toEqual({
        acquired: false,
        holder: { pid: process.pid },
      });
    } finally {
      first.lock.release();
    }
  });

  it('is one lock for a folder however its path is spelled', () => {
    const real = join(folder.path, 'real');
    mkdirSync(real);
    symlinkSync(real, join(folder.path, 'link'));
    const address = dataDirLockAddress(real);
    expect(dataDirLockAddress(join(folder.path, 'link'))).toBe(address);
    expect(dataDirLockAddress(`${real}/`)).toBe(address);
    expect(dataDirLockAddress(join(real, '..', 'real'))).toBe(address);
    expect(dataDirLockAddress(join(folder.path, 'other'))).not.toBe(address);
  });

  it('tells the refused server the folder, the holder and what to do', () => {
    expect(dataDirTakenMessage('/srv/shop', { pid: 1234, port: 8080 })).toBe(
      'Another server (pid 1234, port 8080) is already using DATA_DIR /srv/shop. ' +
        'Stop it first, or give this one its own DATA_DIR (or a shared DATABASE_URL).',
    );
    expect(dataDirTakenMessage('/srv/shop', undefined)).toMatch(
      /^Another process is already using DATA_DIR \/srv\/shop\. Stop it first/,
    );
  });
});
