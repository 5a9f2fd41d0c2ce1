/**
 * Calls `then` once `image` is decoded and painted: in the frame after its decoding. How the preview
 * and the early script know a drawing they laid is on the screen.
 */
export function whenPainted(image: HTMLImageElement, then: () => void): void {
  const nextFrame = () => requestAnimationFrame(() => then());
  if (typeof image.decode === 'function') image.decode().then(nextFrame, nextFrame);
  else nextFrame();
}
