describe('the art engine module on the server’s thread', () => {
  afterEach(() => jest.dontMock('@tshirt/art'));

  it('is loaded once, and again at the next use after a failed load', async () => {
    await jest.isolateModulesAsync(async () => {
      let loads = 0;
      jest.doMock('@tshirt/art', () => {
        loads += 1;
        if (loads === 1) throw new Error('EMFILE: too many open files');
        return { drawn: true };
      });
      const { artModule } = await import('./artModule');

      await expect(artModule()).rejects.toThrow(/EMFILE/);
      const [first, second] = await Promise.all([artModule(), artModule()]);
      expect(first).toBe(second);
      expect(first).toMatchObject({ drawn: true });
      await artModule();
      expect(loads).toBe(2);
    });
  });
});
