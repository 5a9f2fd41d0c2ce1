import { eventStreamReader } from './client';

function read(chunks: string[]): Array<{ event: string | undefined; data: string }> {
  const messages: Array<{ event: string | undefined; data: string }> = [];
  const feed = eventStreamReader((message) => messages.push(message));
  for (const chunk of chunks) feed(chunk);
  return messages;
}

describe('eventStreamReader', () => {
  const stream = 'event: partial\ndata: {"index":0}\n\n: a comment\nevent: done\ndata: {"a":1}\ndata: {"b":2}\n\n';

  it('reads each event with its name and data, however the stream is cut', () => {
    const expected = [
      { event: 'partial', data: '{"index":0}' },
      { event: 'done', data: '{"a":1}\n{"b":2}' },
    ];
    expect(read([stream])).toEqual(expected);
    // Cut at every position, and fed a character at a time.
    for (let cut = 1; cut < stream.length; cut += 1) {
      expect(read([stream.slice(0, cut), stream.slice(cut)])).toEqual(expected);
    }
    expect(read([...stream])).toEqual(expected);
  });

  it('takes \\r\\n and \\r line ends, a field without a space, and no event name', () => {
    expect(read(['event:done\r\ndata:{}\r\n\r\n', 'data: x\r\r'])).toEqual([
      { event: 'done', data: '{}' },
      { event: undefined, data: 'x' },
    ]);
  });

  it('dispatches nothing for an event the stream never finished, or one without data', () => {
    expect(read(['event: done\n\n', 'event: partial\ndata: {"index":1}'])).toEqual([]);
  });
});
