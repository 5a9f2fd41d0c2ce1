import { circle, ellipse, path, rect, transformParts, transformPath } from './motif';

describe('moving, turning and scaling a motif’s parts', () => {
  it('turns shapes about the box’s centre, clockwise', () => {
    const [dot, oval, box] = transformParts([circle('base', 150, 100, 10), ellipse('base', 100, 50, 20, 10, 5), rect('base', 90, 140, 20, 10)], { rotate: 90 });
    expect(dot?.shape).toEqual({ kind: 'circle', cx: 100, cy: 150, r: 10 });
    expect(oval?.shape).toEqual({ kind: 'ellipse', cx: 150, cy: 100, rx: 20, ry: 10, rotate: 95 });
    expect(box?.shape).toMatchObject({ kind: 'rect', x: 45, y: 95, width: 20, height: 10, rotate: 90 });
  });

  it('scales about the centre and moves, strokes included', () => {
    const [part] = transformParts([path('base', 'M100 100L120 100', { stroke: 4 })], { scale: 2, dx: 5, dy: -5 });
    expect(part?.shape).toEqual({ kind: 'path', d: 'M105 95L145 95' });
    expect(part?.stroke).toBe(8);
  });

  it('maps absolute points, turns relative moves and arcs alike', () => {
    expect(transformPath('M150 100l10 0A10 5 0 0 1 100 150q0 10 10 10Z', { rotate: 90 })).toBe('M100 150l0 10A10 5 90 0 1 50 100q-10 0 -10 10Z');
    expect(() => transformPath('M0 0H10', { rotate: 10 })).toThrow();
    expect(transformPath('M0 0H10V20', { scale: 2 })).toBe('M-100 -100H-80V-60');
  });
});
