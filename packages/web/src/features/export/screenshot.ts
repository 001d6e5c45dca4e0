const PAD_X = 24;
const PAD_Y = 16;

/**
 * A PNG of the rendered thread. html-to-image is loaded only here, when a screenshot is exported.
 * The message list is virtualized: `node` is the window of rendered rows, drawn without its
 * scroll offset so the image starts at the first rendered message.
 */
export async function captureThread(node: HTMLElement): Promise<Blob> {
  const { toBlob } = await import('html-to-image');
  const background = getComputedStyle(document.body).backgroundColor || '#ffffff';
  const width = node.offsetWidth + 2 * PAD_X;
  const height = node.offsetHeight + 2 * PAD_Y;
  const blob = await toBlob(node, {
    backgroundColor: background,
    pixelRatio: Math.min(window.devicePixelRatio || 1, 2),
    width,
    height,
    style: {
      transform: 'none',
      position: 'static',
      boxSizing: 'border-box',
      width: `${width}px`,
      height: `${height}px`,
      padding: `${PAD_Y}px ${PAD_X}px`,
    },
    // Buttons (copy, regenerate, branch arrows) are controls, not part of the conversation.
    filter: (el) => !(el instanceof HTMLButtonElement),
  });
  if (!blob) throw new Error('The screenshot could not be drawn.');
  return blob;
}
