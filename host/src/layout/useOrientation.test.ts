import { act, renderHook } from '@testing-library/react';
import { orientationOf, useOrientation } from './useOrientation';

function resizeWindow(width: number, height: number): void {
  Object.assign(window, { innerWidth: width, innerHeight: height });
  window.dispatchEvent(new Event('resize'));
}

describe('useOrientation', () => {
  it('is portrait when the window is taller than wide', () => {
    resizeWindow(390, 844);
    const { result } = renderHook(() => useOrientation());
    expect(result.current).toBe('portrait');
  });

  it('is landscape when the window is wider than tall', () => {
    resizeWindow(1280, 800);
    const { result } = renderHook(() => useOrientation());
    expect(result.current).toBe('landscape');
  });

  it('switches between portrait and landscape as the window is resized', () => {
    resizeWindow(1280, 800);
    const { result } = renderHook(() => useOrientation());
    act(() => resizeWindow(600, 900));
    expect(result.current).toBe('portrait');
    act(() => resizeWindow(900, 600));
    expect(result.current).toBe('landscape');
  });

  it('treats a square window as landscape', () => {
    expect(orientationOf(800, 800)).toBe('landscape');
    expect(orientationOf(799, 800)).toBe('portrait');
  });
});
